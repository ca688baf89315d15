import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { EMPTY_VALUE, formatDate, formatMoney } from '../../../lib/format';
import type { Booking, HistoryEntry, MatchedTransaction } from '../api/bookings-api';
import { describeHistoryChanges, historyActionLabel } from '../utils/history-text';
import { TRANSACTION_STATUS_LABELS } from './booking-status';

const transactionColumns = (currency: Booking['supplier']['currency']): ListColumn<MatchedTransaction>[] => [
  { header: 'Reference', td: NO_WRAP, cell: (t) => t.reference_number ?? EMPTY_VALUE },
  { header: 'Account', cell: (t) => t.account_name ?? EMPTY_VALUE },
  { header: 'Date', cell: (t) => formatDate(t.transaction_date) },
  { header: 'Type', cell: (t) => t.transaction_type },
  { header: 'Amount', th: { ta: 'right' }, td: { ta: 'right' }, cell: (t) => formatMoney(t.amount ?? null, currency) },
  { header: 'Status', cell: (t) => t.status },
];

const historyColumns = (currency: Booking['supplier']['currency']): ListColumn<HistoryEntry>[] => [
  {
    header: 'When',
    td: NO_WRAP,
    cell: (h) => h.occurred_at.slice(0, 19).replace('T', ' '),
  },
  { header: 'Who', cell: (h) => h.user_name ?? 'System' },
  { header: 'Action', cell: (h) => historyActionLabel(h.action) },
  {
    header: 'Changes',
    cell: (h) => (
      <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }} data-prose>
        {describeHistoryChanges(h.changes, currency)}
      </Text>
    ),
  },
];

interface ActivityPanelProps<T> {
  title: string;
  /** Shown at the right of the title. */
  aside?: ReactNode;
  emptyText: string;
  testId: string;
  columns: ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  minWidth: number;
}

/** A titled panel with a table of the booking's records, or a line saying there are none. */
function ActivityPanel<T>({ title, aside, emptyText, testId, columns, rows, rowKey, minWidth }: ActivityPanelProps<T>) {
  return (
    <Paper withBorder radius="md" p="md">
      {aside ? (
        <Group justify="space-between" mb="sm">
          <Title order={4}>{title}</Title>
          {aside}
        </Group>
      ) : (
        <Title order={4} mb="sm">
          {title}
        </Title>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <DataTable testId={testId} columns={columns} rows={rows} rowKey={rowKey} minWidth={minWidth} />
      )}
    </Paper>
  );
}

/** The transactions matched to the booking and their overall status. */
export function MatchedTransactionsPanel({ booking: b }: { booking: Booking }) {
  const ts = b.transaction_status;
  return (
    <ActivityPanel
      title="Matched transactions"
      aside={<Badge variant="light">{TRANSACTION_STATUS_LABELS[ts.status]}</Badge>}
      emptyText="No transaction matches this booking yet."
      testId="matched-transactions"
      columns={transactionColumns(b.supplier.currency)}
      rows={ts.transactions}
      rowKey={(t) => t.id}
      minWidth={640}
    />
  );
}

/** Who changed what on the booking, and when. */
export function BookingHistoryPanel({ booking: b }: { booking: Booking }) {
  return (
    <ActivityPanel
      title="History"
      emptyText="No history."
      testId="history"
      columns={historyColumns(b.supplier.currency)}
      rows={b.history}
      rowKey={(h) => h.id}
      minWidth={600}
    />
  );
}
