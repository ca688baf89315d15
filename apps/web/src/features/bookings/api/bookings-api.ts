import {
  agentOptionsResponse,
  bookingGroupOptionsResponse,
  bookingListResponse,
  bookingReferenceCheckResponse,
  bookingResponse,
  bookingSavedResponse,
  bookingSuppliersResponse,
  bookingTransactionStatusesResponse,
  commissionEndpoints,
  duplicateBookingSupplierResponse,
  messageResponse,
  unclaimedTransactionResponse,
  type bookingCommissionLineSchema,
  type bookingHistoryEntrySchema,
  type bookingListItemSchema,
  type bookingSchema,
  type bookingSupplierOptionSchema,
  type bookingTransactionStatusSchema,
  type EndpointResponse,
  type matchedTransactionSchema,
} from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { deleteJson, getJson, postForm, postJson, putForm } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';

/* ------------------------------------------------------------------ shapes (the server's answers) */

export type BookingListItem = z.output<typeof bookingListItemSchema>;
export type MatchedTransaction = z.output<typeof matchedTransactionSchema>;
export type TransactionStatus = z.output<typeof bookingTransactionStatusSchema>;
export type CommissionLine = z.output<typeof bookingCommissionLineSchema>;
export type HistoryEntry = z.output<typeof bookingHistoryEntrySchema>;
export type Booking = z.output<typeof bookingSchema>;
export type CommissionRate = EndpointResponse<typeof commissionEndpoints.rate>;
export type AgentOption = z.output<typeof agentOptionsResponse>['data'][number];
export type GroupOption = z.output<typeof bookingGroupOptionsResponse>['data'][number];
/** A supplier as the booking form gets it (`GET /api/booking-suppliers`). */
export type BookingSupplier = z.output<typeof bookingSupplierOptionSchema>;
export type ReferenceCheck = z.output<typeof bookingReferenceCheckResponse>;
export type UnclaimedCheck = z.output<typeof unclaimedTransactionResponse>;
export type DuplicateCheck = z.output<typeof duplicateBookingSupplierResponse>;
export type SavedBooking = z.output<typeof bookingSavedResponse>;
export type { CommissionExplanationResponse } from '@app/domain';

/* ------------------------------------------------------------------------------------ list */

/** The list's query, as the URL carries it (strings; empty = not set). */
export type BookingListParams = Record<string, string>;

export const bookingsQueryKey = ['bookings'] as const;

export const bookingsQueryOptions = (params: BookingListParams) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'list', params],
    queryFn: ({ signal }) => getJson('/bookings', { query: params, signal, schema: bookingListResponse }),
    placeholderData: keepPreviousData,
  });

export function useBookings(params: BookingListParams) {
  return useQuery(bookingsQueryOptions(params));
}

/** `POST /bookings/transaction-status` for the ids on the page → map by id. */
export function useTransactionStatuses(ids: number[]) {
  return useQuery({
    queryKey: [...bookingsQueryKey, 'transaction-status', ids],
    queryFn: () =>
      postJson('/bookings/transaction-status', { booking_ids: ids }, { schema: bookingTransactionStatusesResponse }),
    enabled: ids.length > 0,
  });
}

/* ------------------------------------------------------------------------------------ one */

export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'one', id],
    queryFn: async () => (await getJson(`/bookings/${id}`, { schema: bookingResponse })).data,
  });

export function useBooking(id: number) {
  return useQuery(bookingQueryOptions(id));
}

/** `GET /bookings/{id}/commission-explanation`: nothing shown when it fails (feature missing or 404). */
export function useCommissionExplanation(id: number) {
  return useQuery({
    queryKey: [...bookingsQueryKey, 'explanation', id],
    queryFn: () => callEndpoint(commissionEndpoints.explanation, { params: { id } }),
    retry: false,
  });
}

/* ------------------------------------------------------------------------------ form data */

export function useAgentsList(enabled: boolean) {
  return useQuery({
    queryKey: ['agents-list'],
    queryFn: async () => (await getJson('/agents-list', { schema: agentOptionsResponse })).data,
    enabled,
  });
}

export const bookingGroupOptionsQueryKey = ['booking-groups', 'options'] as const;

/** `GET /api/booking-groups`; a failure gives an empty list. */
export function useBookingGroupOptions() {
  return useQuery({
    queryKey: bookingGroupOptionsQueryKey,
    queryFn: async () => {
      try {
        return (await getJson('/api/booking-groups', { schema: bookingGroupOptionsResponse })).data;
      } catch {
        return [];
      }
    },
  });
}

export const commissionRateQueryOptions = (agentId: number, supplierId: number, date: string | null) =>
  queryOptions({
    queryKey: ['commission-rate', agentId, supplierId, date ?? ''],
    queryFn: ({ signal }) =>
      callEndpoint(commissionEndpoints.rate, {
        query: { agent_id: agentId, supplier_id: supplierId, date: date ?? undefined },
        signal,
      }),
    retry: false,
  });

/** `GET /api/booking-suppliers`: an agent's bookable suppliers, or every supplier annotated for an admin's chosen agent. */
export const bookingSuppliersQueryOptions = (agentId: number | null) =>
  queryOptions({
    queryKey: ['booking-suppliers', agentId ?? 'self'],
    queryFn: async ({ signal }) =>
      (
        await getJson('/api/booking-suppliers', {
          query: { agent_id: agentId ?? undefined },
          signal,
          schema: bookingSuppliersResponse,
        })
      ).data,
  });

/* --------------------------------------------------------------------------------- checks */

/** A failed check means "no warning" (spec §4, §8). */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch {
    return null;
  }
}

export const checkBookingReference = (body: {
  booking_reference: string;
  agent_id: number | null;
  exclude_booking_id?: number;
}) => orNull(postJson('/api/check-booking-reference', body, { schema: bookingReferenceCheckResponse }));

export const checkUnclaimedTransaction = (body: { reference_number: string; supplier_id: number | null }) =>
  orNull(postJson('/api/check-unclaimed-transaction', body, { schema: unclaimedTransactionResponse }));

export const checkDuplicateBookingSupplier = (body: {
  reference_number: string;
  supplier_id: number | null;
  exclude_booking_id?: number;
}) => orNull(postJson('/api/check-duplicate-booking-supplier', body, { schema: duplicateBookingSupplierResponse }));

/* ------------------------------------------------------------------------------- mutations */

export function useSaveBooking(bookingId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      bookingId === null
        ? postForm('/bookings', form, { schema: bookingSavedResponse })
        : putForm(`/bookings/${bookingId}`, form, { schema: bookingSavedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson(`/bookings/${id}`, {}, { schema: messageResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      postJson(`/bookings/${id}/cancel`, { cancellation_note: note }, { schema: messageResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
