import { AGING_BUCKETS, OVERDUE_PER_PAGE, OVERDUE_SORTS, type AgingBucket, type OverdueSort } from '@app/domain';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { nextSort, type SortState } from '../../../components/sort-header';
import { useOverdueBookings, type OverdueListParams } from '../api/overdue-api';

/** Most overdue first (the server's default too); a click on a date or an amount starts from the largest. */
const DEFAULT_SORT: SortState<OverdueSort> = { sort: 'days_past_due', direction: 'desc' };
const DESCENDING_FIRST: readonly OverdueSort[] = ['days_past_due', 'outstanding', 'booking_date'];
const DEFAULT_PER_PAGE = 25;

type Changes = Record<string, string | number | null>;

/** The URL's keys in one order, whatever order they were set in: one list has one link. */
const URL_ORDER = ['supplier_id', 'bucket', 'search', 'sort', 'direction', 'page', 'per_page'];

function inUrlOrder(params: URLSearchParams): URLSearchParams {
  const rank = (key: string) => {
    const at = URL_ORDER.indexOf(key);
    return at === -1 ? URL_ORDER.length : at;
  };
  return new URLSearchParams([...params.entries()].sort(([a], [b]) => rank(a) - rank(b)));
}

/** The list's state as the URL holds it: `?supplier_id=3&bucket=61_90&search=dub&sort=…&page=2` (defaults left out). */
export function readOverdueParams(params: URLSearchParams): OverdueListParams {
  const supplierId = params.get('supplier_id') ?? '';
  const bucket = params.get('bucket');
  const sort = params.get('sort');
  const size = Number(params.get('per_page'));
  return {
    supplierId: /^\d+$/.test(supplierId) ? supplierId : '',
    bucket: AGING_BUCKETS.find((b) => b === bucket) ?? '',
    search: params.get('search')?.trim() ?? '',
    sort: OVERDUE_SORTS.find((s) => s === sort) ?? DEFAULT_SORT.sort,
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1),
    perPage: OVERDUE_PER_PAGE.find((n) => n === size) ?? DEFAULT_PER_PAGE,
  };
}

/**
 * The overdue bookings list: its filters, order, page size and page in the URL (a link or Back shows the same
 * list), and its query. A new filter, order or page size starts again at page 1. The search box writes to the
 * URL once the typing pauses, in place (no history entry per letter); Back puts the box's text back.
 */
export function useOverdueList() {
  const [params, setParams] = useSearchParams();
  const current = readOverdueParams(params);
  const set = (changes: Changes, replace = false) =>
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return inUrlOrder(next);
      },
      { replace },
    );

  const [searchText, setSearchText] = useState(current.search);
  const [seenSearch, setSeenSearch] = useState(current.search);
  if (seenSearch !== current.search) {
    setSeenSearch(current.search);
    if (searchText.trim() !== current.search) setSearchText(current.search);
  }
  const writeSearch = useDebouncedCallback((text: string) => set({ search: text.trim(), page: null }, true), 300);

  const sort = { sort: current.sort, direction: current.direction };
  const setSort = (next: SortState<OverdueSort>) =>
    set({
      sort: next.sort === DEFAULT_SORT.sort ? null : next.sort,
      direction: next.direction === DEFAULT_SORT.direction ? null : next.direction,
      page: null,
    });

  return {
    params: current,
    query: useOverdueBookings(current),
    searchText,
    setSearchText: (text: string) => {
      setSearchText(text);
      writeSearch(text);
    },
    setSupplier: (supplierId: string) => set({ supplier_id: supplierId, page: null }),
    setBucket: (bucket: AgingBucket | '') => set({ bucket, page: null }),
    /** A supplier's bucket from the aging table: that supplier and bucket, whatever the search was. */
    showBucket: (supplierId: number, bucket: AgingBucket | '') => {
      writeSearch.cancel();
      setSearchText('');
      set({ supplier_id: supplierId, bucket, search: null, page: null });
    },
    sort,
    sortBy: (column: OverdueSort) => setSort(nextSort(sort, column, DESCENDING_FIRST)),
    setPerPage: (perPage: number) => set({ per_page: perPage === DEFAULT_PER_PAGE ? null : perPage, page: null }),
    goToPage: (page: number) => set({ page: page <= 1 ? null : page }),
  };
}

export type OverdueList = ReturnType<typeof useOverdueList>;
