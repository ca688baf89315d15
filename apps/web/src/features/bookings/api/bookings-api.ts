import {
  bookingEndpoints,
  bookingGroupEndpoints,
  commissionEndpoints,
  transactionEndpoints,
  type EndpointResponse,
} from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentOptionsQueryOptions } from '../../../api/agent-options';
import { callEndpoint } from '../../../lib/call-endpoint';

/* ------------------------------------------------------------------ shapes (the server's answers) */

export type BookingListItem = EndpointResponse<typeof bookingEndpoints.list>['data'][number];
export type Booking = EndpointResponse<typeof bookingEndpoints.get>['data'];
export type TransactionStatus = Booking['transaction_status'];
export type MatchedTransaction = TransactionStatus['transactions'][number];
export type CommissionLine = Booking['actual_commissions'][number];
export type HistoryEntry = Booking['history'][number];
/** A supplier as the booking form gets it (`GET /api/booking-suppliers`). */
export type BookingSupplier = EndpointResponse<typeof bookingEndpoints.suppliers>['data'][number];
export type ReferenceCheck = EndpointResponse<typeof bookingEndpoints.checkReference>;
export type DuplicateCheck = EndpointResponse<typeof bookingEndpoints.checkDuplicateSupplier>;
export type SavedBooking = EndpointResponse<typeof bookingEndpoints.create>;
export type {
  AgentOption,
  BookingGroupOption as GroupOption,
  CommissionExplanationResponse,
  CommissionRateBody as CommissionRate,
} from '@app/domain';

/* ------------------------------------------------------------------------------------ list */

/** The list's query, as the URL carries it (strings; empty = not set). */
export type BookingListParams = Record<string, string>;

export const bookingsQueryKey = ['bookings'] as const;

export const bookingsQueryOptions = (params: BookingListParams) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'list', params],
    queryFn: ({ signal }) => callEndpoint(bookingEndpoints.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export function useBookings(params: BookingListParams) {
  return useQuery(bookingsQueryOptions(params));
}

/** `POST /bookings/transaction-status` for the ids on the page → map by id. */
export function useTransactionStatuses(ids: number[]) {
  return useQuery({
    queryKey: [...bookingsQueryKey, 'transaction-status', ids],
    queryFn: () => callEndpoint(bookingEndpoints.transactionStatuses, { body: { booking_ids: ids } }),
    enabled: ids.length > 0,
  });
}

/* ------------------------------------------------------------------------------------ one */

export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'one', id],
    queryFn: async () => (await callEndpoint(bookingEndpoints.get, { params: { id } })).data,
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
  return useQuery({ ...agentOptionsQueryOptions(), enabled });
}

export const bookingGroupOptionsQueryKey = ['booking-groups', 'options'] as const;

/** `GET /api/booking-groups`; a failure gives an empty list. */
export function useBookingGroupOptions() {
  return useQuery({
    queryKey: bookingGroupOptionsQueryKey,
    queryFn: async () => {
      try {
        return (await callEndpoint(bookingGroupEndpoints.options)).data;
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
      (await callEndpoint(bookingEndpoints.suppliers, { query: { agent_id: agentId ?? undefined }, signal })).data,
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
  /** When editing: the booking itself (null when there is none). */
  exclude_booking_id: number | null;
}) => orNull(callEndpoint(bookingEndpoints.checkReference, { body }));

export const checkUnclaimedTransaction = (body: { reference_number: string; supplier_id: number | null }) =>
  orNull(callEndpoint(transactionEndpoints.checkUnclaimed, { body }));

export const checkDuplicateBookingSupplier = (body: {
  reference_number: string;
  supplier_id: number | null;
  exclude_booking_id: number | null;
}) => orNull(callEndpoint(bookingEndpoints.checkDuplicateSupplier, { body }));

/* ------------------------------------------------------------------------------- mutations */

export function useSaveBooking(bookingId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      bookingId === null
        ? callEndpoint(bookingEndpoints.create, { form })
        : callEndpoint(bookingEndpoints.update, { params: { id: bookingId }, form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(bookingEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      callEndpoint(bookingEndpoints.cancel, { params: { id }, body: { cancellation_note: note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
