import { reportEndpoints, type BookingSuggestions } from '@app/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { bookingsQueryKey } from './bookings-api';

/* Shapes (the contract's: `packages/domain/src/schemas/suggestions.ts`). */
export type { BookingSuggestions } from '@app/domain';
export type CreditSuggestion = BookingSuggestions['suggestions'][number];
export type SuggestedCredit = CreditSuggestion['credit'];

/**
 * A booking's possible supplier credits, under the bookings' key: whatever refreshes the booking (a save, a
 * claim, an accepted credit) asks again whether it can still take one, by prefix.
 */
const creditSuggestionsQueryKey = (bookingId: number) =>
  [...bookingsQueryKey, 'credit-suggestions', bookingId] as const;

/**
 * What an accepted credit changes besides the booking (its detail, match status and the bookings list): the
 * unmatched credits and their suggestions ('claims'), the dashboard's cards and the overdue report
 * ('reports'), the credit's reference (the transactions list) and the accounts' counts. Those features' own
 * keys: invalidating by prefix needs no import.
 */
const AFFECTED_BY_ACCEPT = [bookingsQueryKey, ['claims'], ['reports'], ['transactions'], ['accounts']] as const;

const refreshAfterAccept = (queryClient: QueryClient) =>
  Promise.all(AFFECTED_BY_ACCEPT.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** `GET /api/bookings/{id}/match-suggestions` (admins only): up to three unmatched credits, best first. */
export const creditSuggestionsQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: creditSuggestionsQueryKey(bookingId),
    queryFn: async ({ signal }) =>
      (await callEndpoint(reportEndpoints.bookingSuggestions, { params: { id: bookingId }, signal })).data,
  });

/** The booking's possible credits; asked only when `enabled` (an admin looks at it). */
export function useCreditSuggestions(bookingId: number, enabled: boolean) {
  return useQuery({ ...creditSuggestionsQueryOptions(bookingId), enabled });
}

/** `POST /api/transactions/{id}/accept-suggestion`: the credit matches this booking, its reference becomes the booking's. */
export function useAcceptCredit(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (creditId: number) =>
      callEndpoint(reportEndpoints.acceptSuggestion, { params: { id: creditId }, body: { booking_ids: [bookingId] } }),
    onSuccess: () => refreshAfterAccept(queryClient),
  });
}

/**
 * `POST /api/transactions/{id}/reject-suggestion`: the credit is never suggested for this booking again. It
 * leaves the list at once; the list is then read again (another credit may now be among the best three).
 */
export function useRejectCredit(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (creditId: number) =>
      callEndpoint(reportEndpoints.rejectSuggestion, { params: { id: creditId }, body: { booking_ids: [bookingId] } }),
    onSuccess: (_answer, creditId) => {
      const queryKey = creditSuggestionsQueryKey(bookingId);
      queryClient.setQueryData<BookingSuggestions>(
        queryKey,
        (data) => data && { ...data, suggestions: data.suggestions.filter((s) => s.credit.id !== creditId) },
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
