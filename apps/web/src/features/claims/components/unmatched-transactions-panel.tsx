import { UNMATCHED_PER_PAGE, type UnmatchedSort, type UnmatchedTransaction } from '@app/domain';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconEye, IconHandGrab } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportCsvButton, exportNotices } from '../../../components/export-csv-button';
import { SearchField } from '../../../components/filter-fields';
import { ListPagination } from '../../../components/list-pagination';
import { actionsColumn, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { sortableColumns, type SortState } from '../../../components/sort-header';
import { formatDate } from '../../../lib/format';
import { useUnmatchedTransactionsExport } from '../api/claims-api';
import { useUnmatchedTransactionsList } from '../hooks/use-unmatched-transactions-list';
import { ClaimModal } from './claim-modal';
import { transactionAmount } from './transaction-facts';
import { TransactionViewModal } from './transaction-view-modal';

export interface DashboardRange {
  /** The dashboard's range (YYYY-MM-DD, inclusive) and included suppliers (none: every supplier). */
  startDate: string;
  endDate: string;
  supplierIds: readonly number[];
}

/**
 * The admins' 'Unmatched Credit Transactions' table (spec §2 dashboard, §9): supplier credits that match no
 * booking, for the dashboard's range and suppliers; search, sortable columns, 10 a page (10/25/50/100) with
 * page links condensed beyond 7 pages, View and Claim; and the whole list (same filters and sort) as a CSV
 * to share with the agents, who claim theirs through the unclaimed search.
 */
export function UnmatchedTransactionsPanel(range: DashboardRange) {
  const list = useUnmatchedTransactionsList(range);
  const { search, query } = list;
  const [viewing, setViewing] = useState<UnmatchedTransaction | null>(null);
  const [claiming, setClaiming] = useState<UnmatchedTransaction | null>(null);
  const exporting = useUnmatchedTransactionsExport();

  return (
    <Stack gap="sm" data-testid="unmatched-transactions">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchField
          aria-label="Search unmatched transactions"
          placeholder="Search by reference, supplier or account"
          maw={380}
          style={{ flex: 1 }}
          value={list.searchText}
          onChange={list.setSearchText}
        />
        <ExportCsvButton
          exporting={exporting.isPending}
          disabled={query.data?.total === 0}
          onClick={() => exporting.mutate({ ...range, search, ...list.sort }, exportNotices)}
        >
          Export CSV for agents
        </ExportCsvButton>
      </Group>
      <Paper withBorder radius="md">
        <ListTable
          query={query}
          noun="unmatched transactions"
          columns={unmatchedColumns(list.sort, list.sortBy, setViewing, setClaiming)}
          minWidth={760}
          empty={
            search
              ? 'No unmatched credit transactions match your search.'
              : 'No unmatched credit transactions in this range: every supplier credit matches a booking or has a pending claim.'
          }
        />
        <ListPagination
          page={query.data}
          onPage={list.goToPage}
          links="condensed"
          pageSize={{ options: UNMATCHED_PER_PAGE, value: list.perPage, onChange: list.setPerPage }}
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

/** The table's columns: each but the actions sorts on its header; View and Claim name the reference. */
function unmatchedColumns(
  sort: SortState<UnmatchedSort>,
  onSort: (column: UnmatchedSort) => void,
  onView: (t: UnmatchedTransaction) => void,
  onClaim: (t: UnmatchedTransaction) => void,
): ListColumn<UnmatchedTransaction>[] {
  const sortable = sortableColumns(sort, onSort);
  return [
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
          onClick={() => onView(t)}
        >
          View
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconHandGrab size={14} />}
          aria-label={`Claim ${t.reference_number}`}
          onClick={() => onClaim(t)}
        >
          Claim
        </Button>
      </>
    )),
  ];
}
