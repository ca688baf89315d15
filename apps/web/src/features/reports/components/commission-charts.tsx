import type { ReportFiltersInput } from '@app/domain';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatMoney } from '../../../lib/format';
import { useCommissionCharts, type CurrencyCharts } from '../api/reports-api';
import { compactMoney, monthLabel } from '../utils/chart-format';

/** The month chart's stacks: the cards' states, in the cards' order and colours. */
const STATE_SERIES = [
  { name: 'pending', label: 'Future', color: 'yellow.6' },
  { name: 'confirmed', label: 'Next payout', color: 'teal.6' },
  { name: 'paid', label: 'Paid', color: 'indigo.7' },
  { name: 'cancelled', label: 'Cancelled', color: 'red.7' },
] as const;

/**
 * Commission (GST excluded) per month by state, by agent (top 10 and Others) and by supplier: one set of
 * charts per currency, chosen with a switch — amounts in different currencies are never drawn together.
 */
export function CommissionCharts({ query, isAdmin }: { query: ReportFiltersInput; isAdmin: boolean }) {
  const charts = useCommissionCharts(query);
  const [chosen, setChosen] = useState<string | null>(null);
  const sets = charts.data ?? [];
  const current = sets.find((s) => s.currency_code === chosen) ?? sets[0];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="charts-title" data-testid="charts">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <div>
          <Title order={3} size="h4" id="charts-title">
            Commission charts
          </Title>
          <Text size="xs" c="dimmed">
            Commission before GST, one currency at a time
          </Text>
        </div>
        {sets.length > 1 && current && (
          <SegmentedControl
            aria-label="Currency"
            data={sets.map((s) => s.currency_code)}
            value={current.currency_code}
            onChange={setChosen}
            data-testid="chart-currency"
          />
        )}
        {sets.length === 1 && current && (
          <Text fw={600} size="sm" data-testid="chart-currency-single">
            {current.currency_code}
          </Text>
        )}
      </Group>
      {charts.isPending ? (
        <Stack role="status" aria-label="Loading charts">
          <Skeleton h={260} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Skeleton h={200} />
            <Skeleton h={200} />
          </SimpleGrid>
        </Stack>
      ) : charts.isError ? (
        <QueryError
          error={charts.error}
          fallback="The charts could not be loaded."
          onRetry={() => void charts.refetch()}
        />
      ) : !current ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="charts-empty">
          No commissions in this range to chart.
        </Text>
      ) : (
        <CurrencyChartSet set={current} isAdmin={isAdmin} />
      )}
    </Paper>
  );
}

function CurrencyChartSet({ set, isAdmin }: { set: CurrencyCharts; isAdmin: boolean }) {
  const currency = { code: set.currency_code, symbol: set.currency_symbol };
  const full = (value: number) => formatMoney(value, currency);
  const compact = (value: number) => compactMoney(value, currency);
  const series = STATE_SERIES.filter((s) => isAdmin || s.name !== 'cancelled').map((s) => ({ ...s }));
  const months = set.by_month.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const ranks = [
    { title: 'By agent', column: 'Agent', rows: set.by_agent, color: 'grape.6' },
    { title: 'By supplier', column: 'Supplier', rows: set.by_supplier, color: 'cyan.7' },
  ];
  return (
    <Stack gap="lg" data-testid={`charts-${set.currency_code}`}>
      <ChartFrame
        title="Commission per month"
        empty={months.length === 0}
        table={{
          columns: ['Month', ...series.map((s) => s.label)],
          rows: months.map((m) => [m.label, ...series.map((s) => full(m[s.name]))]),
        }}
      >
        <BarChart
          role="img"
          h={280}
          data={months}
          dataKey="label"
          type="stacked"
          series={series}
          valueFormatter={full}
          yAxisProps={{ tickFormatter: compact, width: 72 }}
          withLegend
          // In the series' order (recharts sorts by key otherwise).
          legendProps={{ verticalAlign: 'bottom', height: 40, itemSorter: null }}
          maxBarWidth={56}
          tooltipAnimationDuration={150}
          aria-label={`Commission per month in ${set.currency_code}`}
        />
      </ChartFrame>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {ranks.map((rank) => (
          <RankChart key={rank.title} {...rank} full={full} compact={compact} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface RankChartProps {
  title: string;
  /** The table's first column: what is ranked. */
  column: string;
  rows: { name: string; total: number }[];
  full: (value: number) => string;
  compact: (value: number) => string;
  color: string;
}

/** Horizontal bars, largest first (the server's order: the top 10, then Others). */
function RankChart({ title, column, rows, full, compact, color }: RankChartProps) {
  return (
    <ChartFrame
      title={title}
      empty={rows.length === 0}
      table={{
        columns: [column, 'Commission'],
        rows: rows.map((r) => [r.name, full(r.total)]),
      }}
    >
      <BarChart
        role="img"
        h={Math.max(120, 44 + rows.length * 30)}
        data={rows}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'total', label: 'Commission', color }]}
        valueFormatter={full}
        xAxisProps={{ tickFormatter: compact }}
        yAxisProps={{ width: 130 }}
        maxBarWidth={22}
        gridAxis="x"
        tooltipAnimationDuration={150}
        aria-label={`Commission ${title.toLowerCase()}`}
      />
    </ChartFrame>
  );
}

interface ChartTable {
  columns: string[];
  rows: string[][];
}

/**
 * A chart with its title and the same numbers as a table (WCAG 2.1 1.1.1): the drawing is one image
 * with a name; the table is always there for a screen reader and shown on 'Show as table'.
 */
function ChartFrame({
  title,
  empty,
  table,
  children,
}: {
  title: string;
  empty: boolean;
  table: ChartTable;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const data = (
    <Table id={tableId} striped withTableBorder fz="sm" data-testid="chart-table">
      <Table.Caption>{title}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((c) => (
            <Table.Th key={c} scope="col">
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {/* By position: two agents (or suppliers) may share a name. */}
        {table.rows.map((row, r) => (
          <Table.Tr key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={i} scope="row" fw={400}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={i}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <div data-testid={`chart-${title.toLowerCase().replaceAll(' ', '-')}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {!empty && (
          <Button
            variant="subtle"
            size="compact-xs"
            aria-expanded={asTable}
            aria-controls={tableId}
            onClick={() => setAsTable((shown) => !shown)}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        )}
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm" py="md">
          Nothing to show.
        </Text>
      ) : asTable ? (
        data
      ) : (
        <>
          {children}
          <VisuallyHidden>{data}</VisuallyHidden>
        </>
      )}
    </div>
  );
}
