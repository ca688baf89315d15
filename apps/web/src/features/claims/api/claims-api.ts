import { bookingEndpoints, claimEndpoints, type ClaimStatusFilter, type UnmatchedSort } from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { saveEndpointFile } from '../../../lib/save-file';

/** Everything the claims feature reads; a claim or a decision refreshes it all. */
export const claimsQueryKey = ['claims'] as const;

/**
 * What a claim changes beyond the claims lists: the bookings list (an approved or admin claim is a new
 * booking that matches its transaction) and the commission reports (its cards and charts count it).
 * The keys are those features' own ('bookings', 'reports'): invalidating by prefix needs no import.
 */
export const AFFECTED_QUERY_KEYS = [claimsQueryKey, ['bookings'], ['reports']] as const;

function useRefreshAfterClaim() {
  const queryClient = useQueryClient();
  return () => Promise.all(AFFECTED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/* ------------------------------------------------------------------ unmatched credit transactions (admins) */

export interface UnmatchedTransactionsParams {
  startDate: string;
  endDate: string;
  supplierIds: readonly number[];
  search: string;
  sort: UnmatchedSort;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** `GET /api/reports/unmatched-transactions`: a page of unmatched credits for the dashboard's range. */
export const unmatchedTransactionsQueryOptions = (p: UnmatchedTransactionsParams) =>
  queryOptions({
    queryKey: [...claimsQueryKey, 'unmatched', p],
    queryFn: ({ signal }) =>
      callEndpoint(claimEndpoints.unmatchedTransactions, {
        query: { ...unmatchedFilters(p), page: p.page, per_page: p.perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useUnmatchedTransactions(params: UnmatchedTransactionsParams) {
  return useQuery(unmatchedTransactionsQueryOptions(params));
}

/** The list's filters and sort as the API's query (no page: the export takes them all). */
const unmatchedFilters = (p: Omit<UnmatchedTransactionsParams, 'page' | 'perPage'>) => ({
  start_date: p.startDate,
  end_date: p.endDate,
  include_suppliers: p.supplierIds,
  search: p.search.trim(),
  sort: p.sort,
  direction: p.direction,
});

/**
 * `GET /api/reports/unmatched-transactions/export`: every unmatched credit of the same filters and sort as a
 * CSV for the agents, saved under the server's name. Resolves to that name.
 */
export function useUnmatchedTransactionsExport() {
  return useMutation({
    mutationFn: (p: Omit<UnmatchedTransactionsParams, 'page' | 'perPage'>) =>
      saveEndpointFile(claimEndpoints.unmatchedTransactionsExport, {
        query: unmatchedFilters(p),
        fallbackFilename: 'unclaimed-credits.csv',
      }),
  });
}

/* ------------------------------------------------------------------ unclaimed search (agents) */

/**
 * `GET /api/unclaimed-bookings/search?reference_number=`: the unmatched credit with that reference, or
 * none (transaction null) with the server's message.
 */
export function useUnclaimedSearch(reference: string) {
  return useQuery({
    queryKey: [...claimsQueryKey, 'search', reference],
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(claimEndpoints.search, { query: { reference_number: reference }, signal });
      return { transaction: answer.data.transaction, message: answer.message ?? null };
    },
    enabled: reference !== '',
    // A search is asked for: a second click asks again rather than showing what was found before.
    staleTime: 0,
  });
}

/* ------------------------------------------------------------------ claim requests */

export interface ClaimListParams {
  status: ClaimStatusFilter;
  page: number;
  perPage: number;
}

/** `GET /api/unclaimed-bookings` (admins: the review) or `GET /api/unclaimed-bookings/mine` (an agent's own). */
export function useClaimRequests(scope: 'review' | 'mine', { status, page, perPage }: ClaimListParams) {
  return useQuery({
    queryKey: [...claimsQueryKey, scope, status, page, perPage],
    queryFn: ({ signal }) =>
      callEndpoint(scope === 'review' ? claimEndpoints.list : claimEndpoints.mine, {
        query: { status, page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/* ------------------------------------------------------------------ writes */

/** An agent's claim: `POST /api/unclaimed-bookings` (multipart `reference_number`, `booking_data`, `booking_receipt`). */
export function useRequestClaim() {
  const refresh = useRefreshAfterClaim();
  return useMutation({
    mutationFn: (form: FormData) => callEndpoint(claimEndpoints.create, { form }),
    onSuccess: refresh,
  });
}

/** An admin's claim: the booking at once, `POST /bookings` with `is_claimed_booking=1` (spec §7, CONTRACT.md §3). */
export function useAdminClaim() {
  const refresh = useRefreshAfterClaim();
  return useMutation({
    mutationFn: (form: FormData) => callEndpoint(bookingEndpoints.create, { form }),
    onSuccess: refresh,
  });
}

export function useApproveClaim() {
  const refresh = useRefreshAfterClaim();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(claimEndpoints.approve, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useRejectClaim() {
  const refresh = useRefreshAfterClaim();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callEndpoint(claimEndpoints.reject, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}
