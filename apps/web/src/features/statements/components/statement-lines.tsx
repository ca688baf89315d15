import { STATEMENT_LINE_STATES } from '@app/domain';
import { Alert, Anchor, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { EMPTY_VALUE, formatDate, formatMoney, type CurrencyLike } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { StatementDetail, StatementLine, StatementLineState } from '../api/statements-api';
import { currencyOf } from '../utils/statement-money';
import { LINE_STATE_LABELS, LineStateBadge } from './statement-badges';

/** The most lines the server lists for one statement. */
const LINES_LISTED = 5000;

export type LineFilter = StatementLineState | 'all';

export const isLineFilter = (value: string | null): value is LineFilter =>
  value === 'all' || (STATEMENT_LINE_STATES as readonly (string | null)[]).includes(value);

interface StatementLinesProps {
  detail: StatementDetail;
  filter: LineFilter;
  onFilter: (filter: LineFilter) => void;
}

/** The statement's lines as they stand now, each with its state, filtered by state. */
export function StatementLines({ detail, filter, onFilter }: StatementLinesProps) {
  const { statement, lines } = detail;
  const currency = currencyOf(statement);
  const count = (state: StatementLineState) => lines.filter((l) => l.state === state).length;
  const shown = filter === 'all' ? lines : lines.filter((l) => l.state === filter);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={4}>Lines</Title>
          <SegmentedControl
            aria-label="Show lines"
            value={filter}
            onChange={(v) => onFilter(isLineFilter(v) ? v : 'all')}
            data={[
              { value: 'all', label: `All (${lines.length})` },
              ...STATEMENT_LINE_STATES.map((state) => ({
                value: state,
                label: `${LINE_STATE_LABELS[state]} (${count(state)})`,
              })),
            ]}
          />
        </Group>
        {statement.counts.unclaimed > 0 && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs" data-testid="unclaimed-hint">
            Unclaimed credits can be matched to their bookings, one by one or by suggestion, from the{' '}
            <Anchor component={Link} to={paths.reports.commissions} inherit underline="always">
              Unmatched Credit Transactions table on the dashboard
            </Anchor>
            .
          </Alert>
        )}
        {lines.length >= LINES_LISTED && (
          <Text size="sm" c="dimmed">
            {`The first ${LINES_LISTED.toLocaleString('en-GB')} lines are listed.`}
          </Text>
        )}
        {shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" data-testid="statement-lines-empty">
            {emptyText(statement.job_status, lines.length, filter)}
          </Text>
        ) : (
          <DataTable
            columns={lineColumns(currency)}
            rows={shown}
            rowKey={(l) => l.transaction_id}
            testId="statement-lines"
            minWidth={900}
            tableProps={{ verticalSpacing: 'xs', highlightOnHover: true }}
          />
        )}
      </Stack>
    </Paper>
  );
}

function emptyText(jobStatus: string, total: number, filter: LineFilter): string {
  if (total > 0) return `No ${LINE_STATE_LABELS[filter as StatementLineState].toLowerCase()} lines.`;
  if (jobStatus === 'failed') return 'The import failed: no line was written.';
  if (jobStatus !== 'completed') return 'The import is still running: its lines show here once it completes.';
  return 'No lines.';
}

function lineColumns(currency: CurrencyLike): ListColumn<StatementLine>[] {
  const amount = (type: StatementLine['transaction_type']) => (l: StatementLine) =>
    l.transaction_type === type ? formatMoney(l.amount, currency) : '';
  const right = { th: { ta: 'right' as const }, td: { ta: 'right' as const, ff: 'monospace', ...NO_WRAP } };
  return [
    {
      header: 'Reference',
      cell: (l) => (
        <div>
          <Text size="sm" style={NO_WRAP.style}>
            {l.reference_number}
          </Text>
          {l.original_reference_number !== null && (
            <Text size="xs" c="dimmed">
              {`Sent as ${l.original_reference_number}`}
            </Text>
          )}
        </div>
      ),
    },
    { header: 'Date', td: NO_WRAP, cell: (l) => formatDate(l.transaction_date) },
    { header: 'Customer', cell: (l) => l.customer_name ?? EMPTY_VALUE },
    { header: 'Booking date', td: NO_WRAP, cell: (l) => formatDate(l.booking_date) },
    { header: 'Money in', ...right, cell: amount('credit') },
    { header: 'Money out', ...right, cell: amount('debit') },
    {
      header: 'State',
      cell: (l) => (
        <Group gap={6} wrap="nowrap">
          <LineStateBadge state={l.state} />
          {l.status !== 'completed' && (
            <Text size="xs" c="dimmed">
              {l.status}
            </Text>
          )}
        </Group>
      ),
    },
  ];
}
