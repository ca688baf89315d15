import { Anchor, Badge, Checkbox, Text } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { Link } from 'react-router';
import { actionsColumn, type ListColumn, NO_WRAP } from '../../../components/list-table';
import { TruncatedText } from '../../../components/truncated-text';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { useTransactions } from '../api/transactions-api';

export type TransactionRow = NonNullable<ReturnType<typeof useTransactions>['data']>['data'][number];

const STATUS_COLORS: Record<string, string> = {
  completed: 'green',
  pending: 'yellow',
  failed: 'red',
  reversed: 'gray',
};

/** The box of each row and the 'Select all' box of the page's rows. */
function selectionColumn(
  rows: readonly TransactionRow[],
  selected: readonly number[],
  setSelected: Dispatch<SetStateAction<number[]>>,
): ListColumn<TransactionRow> {
  const allChecked = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const someChecked = rows.some((r) => selected.includes(r.id));
  return {
    header: (
      <Checkbox
        aria-label="Select all"
        checked={allChecked}
        indeterminate={someChecked && !allChecked}
        onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
      />
    ),
    th: { w: 36 },
    cell: (t) => (
      <Checkbox
        aria-label={`Select ${t.reference_number}`}
        checked={selected.includes(t.id)}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setSelected((s) => (on ? [...s, t.id] : s.filter((x) => x !== t.id)));
        }}
      />
    ),
  };
}

/** The transaction's own columns, from its date to its Edit link. */
const TRANSACTION_COLUMNS: ListColumn<TransactionRow>[] = [
  { header: 'Date', td: NO_WRAP, cell: (t) => formatDate(t.transaction_date) },
  {
    header: 'Reference',
    // One word: 'E2E-DONE-…' broke at its hyphens.
    td: { ff: 'monospace', ...NO_WRAP },
    cell: (t) => (
      <>
        {t.reference_number}
        {t.is_partial && (
          <Badge ml={6} size="xs" variant="light">
            partial
          </Badge>
        )}
      </>
    ),
  },
  { header: 'Account', cell: (t) => <TruncatedText maw={180}>{t.account_name}</TruncatedText> },
  { header: 'Supplier', cell: (t) => t.supplier_name ?? '—' },
  {
    header: 'Type',
    cell: ({ transaction_type: type }) => (
      <Text size="sm" c={type === 'credit' ? 'teal' : 'red'}>
        {type === 'credit' ? 'Credit' : 'Debit'}
      </Text>
    ),
  },
  {
    header: 'Amount',
    th: { ta: 'right' },
    td: { ta: 'right', ff: 'monospace' },
    cell: (t) => formatMoney(t.amount, { code: t.currency_code, symbol: t.currency_symbol }),
  },
  {
    header: 'Status',
    cell: (t) => (
      <Text size="sm" fw={500} c={STATUS_COLORS[t.status] ?? 'gray'} tt="capitalize" data-testid="status">
        {t.status}
      </Text>
    ),
  },
  { header: 'Cheque ref.', td: NO_WRAP, cell: (t) => t.cheque_reference_number ?? '—' },
  {
    header: 'Description',
    // Two lines at most, never cut sideways ('Supplier commission st…' hid the statement's date).
    th: { w: '20%', miw: 200 },
    cell: (t) => (
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={t.description ?? undefined} data-prose>
        {t.description ?? ''}
      </Text>
    ),
  },
  {
    ...actionsColumn((t: TransactionRow) => (
      <Anchor component={Link} to={paths.transactions.edit(t.id)} size="sm">
        Edit
      </Anchor>
    )),
    td: NO_WRAP,
  },
];

/** The list's columns: the selection box, then the transaction's own. */
export const transactionColumns = (
  rows: readonly TransactionRow[],
  selected: readonly number[],
  setSelected: Dispatch<SetStateAction<number[]>>,
): ListColumn<TransactionRow>[] => [selectionColumn(rows, selected, setSelected), ...TRANSACTION_COLUMNS];
