import { UNMATCHED_DEFAULT_PER_PAGE, type UnmatchedSort } from '@app/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { nextSort, type SortState } from '../../../components/sort-header';
import { useUnmatchedTransactions } from '../api/claims-api';
import type { DashboardRange } from '../components/unmatched-transactions-panel';

const DESCENDING_FIRST: readonly UnmatchedSort[] = ['transaction_date', 'amount'];
const DEFAULT_SORT: SortState<UnmatchedSort> = { sort: 'transaction_date', direction: 'desc' };

/** The unmatched transactions of the dashboard's range: search, order, page size and page, and their query. */
export function useUnmatchedTransactionsList({ startDate, endDate, supplierIds }: DashboardRange) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [perPage, setPerPage] = useState<number>(UNMATCHED_DEFAULT_PER_PAGE);
  // Another range, search, order or page size starts again at page 1.
  const pageKey = JSON.stringify([startDate, endDate, supplierIds, search, sort, perPage]);
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;

  const query = useUnmatchedTransactions({ startDate, endDate, supplierIds, search, ...sort, page, perPage });

  return {
    searchText,
    setSearchText,
    search,
    sort,
    sortBy: (column: UnmatchedSort) => setSort(nextSort(sort, column, DESCENDING_FIRST)),
    perPage,
    setPerPage,
    goToPage: (next: number) => setPaging({ key: pageKey, page: next }),
    query,
  };
}
