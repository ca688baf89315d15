import { payoutEndpoints, type EndpointBodyInput, type EndpointResponse } from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/* ------------------------------------------------------------------ shapes (the contract's) */

export type { PayoutInfo } from '@app/domain';
export type ProcessPayoutResult = EndpointResponse<typeof payoutEndpoints.process>;
export type ProcessPayoutBody = EndpointBodyInput<typeof payoutEndpoints.process>;
export type BulkSearchBody = EndpointBodyInput<typeof payoutEndpoints.bulkSearch>;
export type BulkSearchResult = EndpointResponse<typeof payoutEndpoints.bulkSearch>;
export type SearchBooking = BulkSearchResult['bookings'][number];
export type BulkProcessBody = EndpointBodyInput<typeof payoutEndpoints.bulkProcess>;
export type BulkReconcileBody = EndpointBodyInput<typeof payoutEndpoints.bulkReconcile>;
export type BulkResponse = EndpointResponse<typeof payoutEndpoints.bulkProcess>;
export type PayoutRecord = EndpointResponse<typeof payoutEndpoints.list>['payouts'][number];
export type PayoutDetail = EndpointResponse<typeof payoutEndpoints.get>;

export const payoutsQueryKey = ['payouts'] as const;

/* ------------------------------------------------------------------ single payout (bookings list) */

/** `GET /bookings/{id}/payout-info`. */
export const payoutInfoQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: [...payoutsQueryKey, 'info', bookingId],
    queryFn: ({ signal }) => callEndpoint(payoutEndpoints.info, { params: { id: bookingId }, signal }),
    // What is available changes with every payout and transaction: each opening asks again, and a
    // refetch never replaces what the person is typing against.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function usePayoutInfo(bookingId: number) {
  return useQuery(payoutInfoQueryOptions(bookingId));
}

/** `POST /bookings/{id}/process-payout`. */
export function useProcessPayout(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessPayoutBody) => callEndpoint(payoutEndpoints.process, { params: { id: bookingId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}

/* ------------------------------------------------------------------ bulk payout / reconcile */

/** `POST /bulk-payouts/search`. */
export function searchBulkPayouts(body: BulkSearchBody) {
  return callEndpoint(payoutEndpoints.bulkSearch, { body });
}

/** `POST /bulk-payouts/process` (payout mode) or `POST /bulk-payouts/reconcile` (reconcile mode). */
export function useProcessBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      request: { mode: 'payout'; body: BulkProcessBody } | { mode: 'reconcile'; body: BulkReconcileBody },
    ) =>
      request.mode === 'payout'
        ? callEndpoint(payoutEndpoints.bulkProcess, { body: request.body })
        : callEndpoint(payoutEndpoints.bulkReconcile, { body: request.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}

/* ------------------------------------------------------------------ payout records */

/** `GET /api/payouts` (newest first), one page. */
export const payoutListQueryOptions = (page: number, perPage = 25) =>
  queryOptions({
    queryKey: [...payoutsQueryKey, 'list', page, perPage],
    queryFn: ({ signal }) => callEndpoint(payoutEndpoints.list, { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });

export function usePayoutList(page: number, perPage?: number) {
  return useQuery(payoutListQueryOptions(page, perPage));
}

/** `GET /api/payouts/{id}`: a payout record with its items. */
export function usePayoutDetail(id: number | null) {
  return useQuery({
    queryKey: [...payoutsQueryKey, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(payoutEndpoints.get, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
