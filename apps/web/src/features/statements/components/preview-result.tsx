import type { Cents } from '@app/domain';
import { Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { SkippedRowsAlert } from '../../../components/skipped-rows-alert';
import { Stat } from '../../../components/stat';
import { EMPTY_VALUE, formatDate, formatMoney, type CurrencyLike } from '../../../lib/format';
import type { StatementPreview } from '../api/statements-api';
import { currencyOf, inAndOut, money, netOf } from '../utils/statement-money';

type PreviewLine = StatementPreview['lines'][number];

interface PreviewResultProps {
  preview: StatementPreview;
  /** A newer mapping is being read: what shows is the last one's. */
  reading: boolean;
}

/** The statement read through the mapping: its totals, its first lines, and every line that will be skipped. */
export function PreviewResult({ preview, reading }: PreviewResultProps) {
  const currency = currencyOf(preview);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="statement-preview">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>The lines to import</Title>
            <Text size="sm" c="dimmed">
              Each line becomes a completed transaction of the account: money in a credit, money out a debit.
            </Text>
          </div>
          {reading && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Reading the file...
              </Text>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="statement-preview-totals">
          <Stat label="Lines" value={preview.line_count} />
          <Stat label="Money in" value={formatMoney(preview.credit_total, currency)} />
          <Stat label="Money out" value={formatMoney(preview.debit_total, currency)} />
          <Stat label="Net" value={money(netOf(preview.credit_total, preview.debit_total), currency)} />
        </SimpleGrid>
        {preview.skipped_count > 0 && <SkippedLines preview={preview} />}
        {preview.lines.length > 0 ? (
          <>
            <DataTable
              columns={lineColumns(currency)}
              rows={preview.lines}
              rowKey={(l) => l.row}
              testId="statement-preview-lines"
              minWidth={820}
              maxHeight={480}
              tableProps={{ verticalSpacing: 4, highlightOnHover: true, stickyHeader: true }}
            />
            {preview.line_count > preview.lines.length && (
              <Text size="sm" c="dimmed" data-testid="statement-preview-shown">
                {`Showing the first ${preview.lines.length} of ${preview.line_count} lines.`}
              </Text>
            )}
          </>
        ) : (
          <Text c="dimmed" ta="center" py="md" data-testid="statement-preview-empty">
            No line can be read through this mapping yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const moneyCell = (c: Cents | null, currency: CurrencyLike) => (c === null ? '' : money(c, currency));

function lineColumns(currency: CurrencyLike): ListColumn<PreviewLine>[] {
  const right = { th: { ta: 'right' as const }, td: { ta: 'right' as const, ff: 'monospace', ...NO_WRAP } };
  return [
    { header: 'Row', th: { w: 60 }, td: { c: 'dimmed' }, cell: (l) => l.row },
    { header: 'Reference', td: NO_WRAP, cell: (l) => l.reference },
    { header: 'Money in', ...right, cell: (l) => moneyCell(inAndOut(l.amount).moneyIn, currency) },
    { header: 'Money out', ...right, cell: (l) => moneyCell(inAndOut(l.amount).moneyOut, currency) },
    { header: 'Date', td: NO_WRAP, cell: (l) => (l.date ? formatDate(l.date) : "Import's date") },
    { header: 'Customer', cell: (l) => l.customer_name ?? EMPTY_VALUE },
    { header: 'Booking date', td: NO_WRAP, cell: (l) => formatDate(l.booking_date) },
  ];
}

/** Lines that will not be imported, each with its row and reason: nobody loses a payment without a word. */
function SkippedLines({ preview }: { preview: StatementPreview }) {
  return (
    <SkippedRowsAlert
      rows={preview.skipped}
      total={preview.skipped_count}
      noun="line"
      testId="statement-preview-skipped"
    />
  );
}
