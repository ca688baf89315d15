import { UNMATCHED_PER_PAGE, type UnmatchedSort, type UnmatchedTransaction } from '@app/domain';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconChecks, IconEye, IconHandGrab } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportCsvButton, exportNotices } from '../../../components/export-csv-button';
import { SearchField } from '../../../components/filter-fields';
import { ListPagination } from '../../../components/list-pagination';
import { actionsColumn, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { sortableColumns, type SortState } from '../../../components/sort-header';
import { formatDate } from '../../../lib/format';
import { useUnmatchedTransactionsExport } from '../api/claims-api';
import { useMatchSuggestions } from '../api/match-suggestions-api';
import { useUnmatchedTransactionsList } from '../hooks/use-unmatched-transactions-list';
import { AcceptAllModal } from './accept-all-modal';
import { ClaimModal } from './claim-modal';
import { SuggestionCell, type SuggestionsOfCredit } from './suggestion-summary';
import { SuggestionsModal } from './suggestions-modal';
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
 * to share with the agents, who claim theirs through the unclaimed search. Each credit of the page shows the
 * booking it most likely is (issue 24 §1), to review, accept or reject; 'Accept all above…' accepts the clear
 * ones of the whole list at once, after a preview.
 */
export function UnmatchedTransactionsPanel(range: DashboardRange) {
  const list = useUnmatchedTransactionsList(range);
  const { search, query } = list;
  const [viewing, setViewing] = useState<UnmatchedTransaction | null>(null);
  const [claiming, setClaiming] = useState<UnmatchedTransaction | null>(null);
  const [reviewing, setReviewing] = useState<UnmatchedTransaction | null>(null);
  const [acceptingAll, setAcceptingAll] = useState(false);
  const exporting = useUnmatchedTransactionsExport();
  // One request for the suggestions of the whole page.
  const suggestions = useMatchSuggestions(query.data?.data.map((t) => t.id) ?? []);
  const suggestionsOf = (t: UnmatchedTransaction): SuggestionsOfCredit =>
    suggestions.isError
      ? { state: 'error' }
      : suggestions.data
        ? { state: 'loaded', suggestions: suggestions.data.get(t.id) ?? [] }
        : { state: 'loading' };

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
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconChecks size={16} />}
            disabled={query.data?.total === 0}
            onClick={() => setAcceptingAll(true)}
          >
            Accept all above…
          </Button>
          <ExportCsvButton
            exporting={exporting.isPending}
            disabled={query.data?.total === 0}
            onClick={() => exporting.mutate({ ...range, search, ...list.sort }, exportNotices)}
          >
            Export CSV for agents
          </ExportCsvButton>
        </Group>
      </Group>
      <Paper withBorder radius="md">
        <ListTable
          query={query}
          noun="unmatched transactions"
          columns={unmatchedColumns({
            sort: list.sort,
            onSort: list.sortBy,
            suggestionsOf,
            onView: setViewing,
            onClaim: setClaiming,
            onReview: setReviewing,
          })}
          minWidth={960}
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
      <SuggestionsModal
        transaction={reviewing}
        suggestions={reviewing ? (suggestions.data?.get(reviewing.id) ?? []) : []}
        onClose={() => setReviewing(null)}
      />
      <AcceptAllModal opened={acceptingAll} filters={{ ...range, search }} onClose={() => setAcceptingAll(false)} />
    </Stack>
  );
}

interface UnmatchedColumnsOptions {
  sort: SortState<UnmatchedSort>;
  onSort: (column: UnmatchedSort) => void;
  suggestionsOf: (t: UnmatchedTransaction) => SuggestionsOfCredit;
  onView: (t: UnmatchedTransaction) => void;
  onClaim: (t: UnmatchedTransaction) => void;
  onReview: (t: UnmatchedTransaction) => void;
}

/**
 * The table's columns: each but the suggestion and the actions sorts on its header; View, Claim and the best
 * suggestion (it opens the review) name the reference.
 */
function unmatchedColumns(options: UnmatchedColumnsOptions): ListColumn<UnmatchedTransaction>[] {
  const { suggestionsOf, onView, onClaim, onReview } = options;
  const sortable = sortableColumns(options.sort, options.onSort);
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
    {
      header: 'Suggestion',
      th: { miw: 180 },
      cell: (t) => <SuggestionCell of={suggestionsOf(t)} reference={t.reference_number} onReview={() => onReview(t)} />,
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
