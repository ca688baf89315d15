import {
  reportEndpoints,
  type AcceptAllInput,
  type AcceptAllPreviewInput,
  type MatchSuggestion,
  type MatchSuggestionsResponse,
} from '@app/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { AFFECTED_QUERY_KEYS, claimsQueryKey } from './claims-api';

/* Shapes (the contract's: `packages/domain/src/schemas/suggestions.ts`). */
export type { AcceptAllPreview, AcceptAllResult, MatchSuggestion } from '@app/domain';

/**
 * The match suggestions of unmatched credits, under the claims' key: whatever refreshes the unmatched list (a
 * claim, an accepted suggestion) refreshes the suggestions of its credits too, by prefix.
 */
export const suggestionsQueryKey = [...claimsQueryKey, 'suggestions'] as const;

/**
 * What an accepted suggestion changes beyond what a claim does: the credit's reference (the transactions
 * list) and, for a split, one transaction per booking (the accounts' counts).
 */
const AFFECTED_BY_ACCEPT = [...AFFECTED_QUERY_KEYS, ['transactions'], ['accounts']] as const;

const refreshAfterAccept = (queryClient: QueryClient) =>
  Promise.all(AFFECTED_BY_ACCEPT.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** Each credit's suggestions, best first, by the credit's id (a credit no longer unmatched has none). */
export type SuggestionsByCredit = ReadonlyMap<number, readonly MatchSuggestion[]>;

/**
 * `GET /api/reports/match-suggestions?transaction_ids=1,2`: the suggestions of the credits of one page of the
 * unmatched list, in one request (at most 100 a page, the endpoint takes 1,000).
 */
export function useMatchSuggestions(transactionIds: readonly number[]) {
  return useQuery({
    queryKey: [...suggestionsQueryKey, transactionIds],
    queryFn: ({ signal }) =>
      callEndpoint(reportEndpoints.matchSuggestions, { query: { transaction_ids: transactionIds.join(',') }, signal }),
    enabled: transactionIds.length > 0,
    select: (answer): SuggestionsByCredit => new Map(answer.data.map((c) => [c.transaction_id, c.suggestions])),
  });
}

/** Accepting or rejecting a suggestion: the review modal waits for it before it may close. */
export const decideSuggestionKey = [...suggestionsQueryKey, 'decide'] as const;

/** The same bookings, in the same order: one suggestion. */
const sameBookings = (a: readonly { id: number }[], b: readonly number[]) =>
  a.length === b.length && a.every((booking, i) => booking.id === b[i]);

/** `POST /api/transactions/{id}/accept-suggestion`: the credit matches the booking (or, split, the bookings). */
export function useAcceptSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: decideSuggestionKey,
    mutationFn: ({ transactionId, ...body }: { transactionId: number; booking_ids: number[]; amounts?: string[] }) =>
      callEndpoint(reportEndpoints.acceptSuggestion, { params: { id: transactionId }, body }),
    onSuccess: () => refreshAfterAccept(queryClient),
  });
}

/**
 * `POST /api/transactions/{id}/reject-suggestion`: never suggested again. The suggestion leaves the cached
 * lists at once; they are then read again (another booking may now be among the best three).
 */
export function useRejectSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: decideSuggestionKey,
    mutationFn: ({ transactionId, booking_ids }: { transactionId: number; booking_ids: number[] }) =>
      callEndpoint(reportEndpoints.rejectSuggestion, { params: { id: transactionId }, body: { booking_ids } }),
    onSuccess: (_answer, { transactionId, booking_ids }) => {
      queryClient.setQueriesData<MatchSuggestionsResponse>(
        { queryKey: suggestionsQueryKey },
        (answer) =>
          answer && {
            ...answer,
            data: answer.data.map((c) =>
              c.transaction_id === transactionId
                ? { ...c, suggestions: c.suggestions.filter((s) => !sameBookings(s.bookings, booking_ids)) }
                : c,
            ),
          },
      );
      return queryClient.invalidateQueries({ queryKey: suggestionsQueryKey });
    },
  });
}

/**
 * `POST /api/reports/match-suggestions/accept-all/preview`: what 'Accept all' would accept for the unmatched
 * list's filters at a minimum score, and the credits it would leave. Writes nothing.
 */
export function usePreviewAcceptAll() {
  return useMutation({
    mutationFn: async (input: AcceptAllPreviewInput) =>
      (await callEndpoint(reportEndpoints.previewAcceptAll, { body: input })).data,
  });
}

/** Applying an 'Accept all': its modal waits for it before it may close. */
export const acceptAllKey = [...suggestionsQueryKey, 'accept-all'] as const;

/** `POST /api/reports/match-suggestions/accept-all`: the previewed items, each checked again as it is applied. */
export function useAcceptAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: acceptAllKey,
    mutationFn: (input: AcceptAllInput) => callEndpoint(reportEndpoints.acceptAll, { body: input }),
    onSuccess: () => refreshAfterAccept(queryClient),
  });
}
