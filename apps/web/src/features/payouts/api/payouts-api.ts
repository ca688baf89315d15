import {
  bulkPayoutResponseSchema,
  bulkPayoutSearchResponseSchema,
  payoutDetailResponseSchema,
  payoutInfoResponseSchema,
  payoutListResponseSchema,
  processPayoutResponseSchema,
  referenceEndpoints,
  type bulkPayoutProcessSchema,
  type bulkPayoutSearchSchema,
  type bulkReconcileSchema,
  type payoutRecordSchema,
  type processPayoutSchema,
} from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, postJson } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';

/* ------------------------------------------------------------------ shapes (the contract's) */

export type PayoutInfo = z.output<typeof payoutInfoResponseSchema>;
export type ProcessPayoutResult = z.output<typeof processPayoutResponseSchema>;
export type ProcessPayoutBody = z.input<typeof processPayoutSchema>;
export type BulkSearchBody = z.input<typeof bulkPayoutSearchSchema>;
export type BulkSearchResult = z.output<typeof bulkPayoutSearchResponseSchema>;
export type SearchBooking = BulkSearchResult['bookings'][number];
export type BulkProcessBody = z.input<typeof bulkPayoutProcessSchema>;
export type BulkReconcileBody = z.input<typeof bulkReconcileSchema>;
export type BulkResponse = z.output<typeof bulkPayoutResponseSchema>;
export type PayoutRecord = z.output<typeof payoutRecordSchema>;
export type PayoutDetail = z.output<typeof payoutDetailResponseSchema>;

export const payoutsQueryKey = ['payouts'] as const;

/* ------------------------------------------------------------------ single payout (bookings list) */

/** `GET /bookings/{id}/payout-info`. */
export const payoutInfoQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: [...payoutsQueryKey, 'info', bookingId],
    queryFn: ({ signal }) =>
      getJson(`/bookings/${bookingId}/payout-info`, { signal, schema: payoutInfoResponseSchema }),
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
    mutationFn: (body: ProcessPayoutBody) =>
      postJson(`/bookings/${bookingId}/process-payout`, body, { schema: processPayoutResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}

/* ------------------------------------------------------------------ GST rate */

/** `GET /api/settings`: the GST rate the previews use (the same answer the settings screen reads). */
export const gstRateQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: async ({ signal }) => (await callEndpoint(referenceEndpoints.settings, { signal })).data,
  });

/* ------------------------------------------------------------------ bulk payout / reconcile */

/** `POST /bulk-payouts/search`. */
export function searchBulkPayouts(body: BulkSearchBody) {
  return postJson('/bulk-payouts/search', body, { schema: bulkPayoutSearchResponseSchema });
}

/** `POST /bulk-payouts/process` (payout mode) or `POST /bulk-payouts/reconcile` (reconcile mode). */
export function useProcessBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { mode: 'payout'; body: BulkProcessBody } | { mode: 'reconcile'; body: BulkReconcileBody }) =>
      postJson(request.mode === 'payout' ? '/bulk-payouts/process' : '/bulk-payouts/reconcile', request.body, {
        schema: bulkPayoutResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}

/* ------------------------------------------------------------------ payout records */

/** `GET /api/payouts` (newest first), one page. */
export const payoutListQueryOptions = (page: number, perPage = 25) =>
  queryOptions({
    queryKey: [...payoutsQueryKey, 'list', page, perPage],
    queryFn: ({ signal }) =>
      getJson('/api/payouts', { query: { page, per_page: perPage }, signal, schema: payoutListResponseSchema }),
    placeholderData: keepPreviousData,
  });

export function usePayoutList(page: number, perPage?: number) {
  return useQuery(payoutListQueryOptions(page, perPage));
}

/** The payout filter of the bulk screen: the newest 500 payout records. */
export function usePayoutOptions() {
  return useQuery({ ...payoutListQueryOptions(1, 500), select: (answer) => answer.payouts });
}

/** `GET /api/payouts/{id}`: a payout record with its items. */
export function usePayoutDetail(id: number | null) {
  return useQuery({
    queryKey: [...payoutsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getJson(`/api/payouts/${id}`, { signal, schema: payoutDetailResponseSchema }),
    enabled: id !== null,
  });
}
