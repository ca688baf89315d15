import {
  UNMATCHED_DEFAULT_PER_PAGE,
  UNMATCHED_PER_PAGE,
  type UnmatchedSort,
  type UnmatchedTransaction,
} from '@app/domain';
import { Button, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconHandGrab } from '@tabler/icons-react';
import { useState } from 'react';
import { SearchField } from '../../../components/filter-fields';
import { ListPagination } from '../../../components/list-pagination';
import { actionsColumn, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { formatDate } from '../../../lib/format';
import { useUnmatchedTransactions } from '../api/claims-api';
import { ClaimModal } from './claim-modal';
import { ariaSort, nextSort, SortHeader, type SortState } from './sort-header';
import { transactionAmount } from './transaction-facts';
import { TransactionViewModal } from './transaction-view-modal';

export interface DashboardRange {
  /** The dashboard's range (YYYY-MM-DD, inclusive) and included suppliers (none: every supplier). */
  startDate: string;
  endDate: string;
  supplierIds: readonly number[];
}

const DESCENDING_FIRST: readonly UnmatchedSort[] = ['transaction_date', 'amount'];
const DEFAULT_SORT: SortState<UnmatchedSort> = { sort: 'transaction_date', direction: 'desc' };

/**
 * The admins' 'Unmatched Credit Transactions' table (spec §2 dashboard, §9): supplier credits that match no
 * booking, for the dashboard's range and suppliers; search, sortable columns, 10 a page (10/25/50/100) with
 * page links condensed beyond 7 pages, View and Claim.
 */
export function UnmatchedTransactionsPanel({ startDate, endDate, supplierIds }: DashboardRange) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [perPage, setPerPage] = useState<number>(UNMATCHED_DEFAULT_PER_PAGE);
  // Another range, search, order or page size starts again at page 1.
  const pageKey = JSON.stringify([startDate, endDate, supplierIds, search, sort, perPage]);
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const [viewing, setViewing] = useState<UnmatchedTransaction | null>(null);
  const [claiming, setClaiming] = useState<UnmatchedTransaction | null>(null);

  const query = useUnmatchedTransactions({ startDate, endDate, supplierIds, search, ...sort, page, perPage });

  const sortable = (label: string, column: UnmatchedSort, align: 'left' | 'right' = 'left') => ({
    header: (
      <SortHeader
        label={label}
        column={column}
        state={sort}
        onSort={(c) => setSort(nextSort(sort, c, DESCENDING_FIRST))}
      />
    ),
    th: { 'aria-sort': ariaSort(sort, column), ta: align } as const,
  });
  const columns: ListColumn<UnmatchedTransaction>[] = [
    { ...sortable('Date', 'transaction_date'), td: NO_WRAP, cell: (t) => formatDate(t.transaction_date) },
    { ...sortable('Reference', 'reference_number'), td: { fw: 500, ...NO_WRAP }, cell: (t) => t.reference_number },
    { ...sortable('Supplier', 'supplier_name'), cell: (t) => t.supplier_name },
    { ...sortable('Account', 'account_name'), cell: (t) => t.account_name },
    {
      ...sortable('Amount', 'amount', 'right'),
      td: { ...NO_WRAP, ta: 'right' },
      cell: (t) => transactionAmount(t),
    },
    actionsColumn((t) => (
      <>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconEye size={14} />}
          aria-label={`View ${t.reference_number}`}
          onClick={() => setViewing(t)}
        >
          View
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconHandGrab size={14} />}
          aria-label={`Claim ${t.reference_number}`}
          onClick={() => setClaiming(t)}
        >
          Claim
        </Button>
      </>
    )),
  ];

  return (
    <Stack gap="sm" data-testid="unmatched-transactions">
      <SearchField
        aria-label="Search unmatched transactions"
        placeholder="Search by reference, supplier or account"
        maw={380}
        value={searchText}
        onChange={setSearchText}
      />
      <Paper withBorder radius="md">
        <ListTable
          query={query}
          noun="unmatched transactions"
          columns={columns}
          minWidth={760}
          empty={
            search
              ? 'No unmatched credit transactions match your search.'
              : 'No unmatched credit transactions in this range: every supplier credit matches a booking or has a pending claim.'
          }
        />
        <ListPagination
          page={query.data}
          onPage={(next) => setPaging({ key: pageKey, page: next })}
          links="condensed"
          pageSize={{ options: UNMATCHED_PER_PAGE, value: perPage, onChange: setPerPage }}
        />
      </Paper>
      <TransactionViewModal
        transaction={viewing}
        onClose={() => setViewing(null)}
        onClaim={(t) => {
          setViewing(null);
          setClaiming(t);
        }}
      />
      <ClaimModal transaction={claiming} isAdmin onClose={() => setClaiming(null)} />
    </Stack>
  );
}
