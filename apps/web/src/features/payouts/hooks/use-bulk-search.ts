import { useMutation } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useReducer, useRef, useState } from 'react';
import { searchBulkPayouts, type BulkSearchBody } from '../api/payouts-api';
import { groupByAgent, matchesText, pageOfGroups, ROWS_PER_PAGE } from '../utils/bulk-groups';
import { bulkReducer, EMPTY_STATE, type BulkState } from '../utils/bulk-state';

/**
 * The searched bookings and what is typed in their rows. onStart runs as each search starts: searching
 * clears the selections (and what was typed in the rows), and so the errors about them.
 */
export function useBulkSearch(onStart: () => void) {
  const [state, dispatch] = useReducer(bulkReducer, EMPTY_STATE);
  const [limit, setLimit] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const search = useMutation({
    mutationFn: searchBulkPayouts,
    onMutate: () => {
      dispatch({ type: 'reset', bookings: [] });
      onStart();
    },
    onSuccess: (answer) => {
      dispatch({ type: 'reset', bookings: answer.bookings });
      setLimit(answer.bookings.length >= answer.limit ? answer.limit : null);
      setPage(1);
    },
  });
  const lastSearch = useRef<BulkSearchBody | null>(null);
  const runSearch = (body: BulkSearchBody) => {
    lastSearch.current = body;
    search.mutate(body);
  };
  /** The last search again, after a process changed what it finds. */
  const rerun = () => {
    if (lastSearch.current) runSearch(lastSearch.current);
  };
  return { state, dispatch, search, limit, page, setPage, runSearch, rerun };
}

/** The found bookings narrowed by the text typed above them, grouped by agent, one page at a time. */
export function useTextFilteredGroups(state: BulkState, page: number, setPage: (page: number) => void) {
  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  const bookings = useMemo(() => [...state.bookings.values()], [state.bookings]);
  const filtered = useMemo(() => bookings.filter((b) => matchesText(b, deferredText)), [bookings, deferredText]);
  const groups = useMemo(() => groupByAgent(filtered), [filtered]);
  const lastPage = Math.max(1, Math.ceil(filtered.length / ROWS_PER_PAGE));
  const currentPage = Math.min(page, lastPage);
  const pageGroups = useMemo(() => pageOfGroups(groups, currentPage), [groups, currentPage]);
  const changeText = (value: string) => {
    setText(value);
    setPage(1);
  };
  return { text, deferredText, changeText, filtered, lastPage, currentPage, pageGroups };
}
