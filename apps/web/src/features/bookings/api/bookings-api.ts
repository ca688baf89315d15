import type { BookingActions, BookingStatus, Paginated, TransactionMatchStatus } from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteJson, getJson, postForm, postJson, putForm } from '../../../lib/api-client';

/* ------------------------------------------------------------------ shapes (server read shapes) */

export interface BookingSupplier {
  id: number;
  name: string;
  currency_symbol: string;
  currency: { code: string; symbol: string };
}

export interface BookingListItem {
  id: number;
  booking_reference: string;
  booking_date: string;
  customer_name: string;
  booking_amount: number;
  expected_commission: number;
  paid_amount: number;
  remaining_amount: number;
  status: BookingStatus;
  is_personal: boolean;
  is_reconciled: boolean;
  is_sub_agent: boolean;
  is_claimed_booking: boolean;
  booking_group_id: number | null;
  primary_agent_id: number;
  primary_agent: { id: number; user: { name: string } };
  sub_agent_id: number | null;
  sub_agent: { id: number; user: { name: string } } | null;
  supplier_id: number;
  supplier: BookingSupplier;
  actions: BookingActions;
}

export interface MatchedTransaction {
  id: number;
  reference_number?: string;
  amount?: number | string;
  transaction_date?: string;
  status: string;
  transaction_type: string;
  account_name?: string;
}

export interface TransactionStatus {
  status: TransactionMatchStatus;
  transaction_count: number;
  can_payout: boolean;
  transactions: MatchedTransaction[];
}

export interface CommissionLine {
  id: number;
  agent_id: number;
  agent: { id: number; user: { name: string } };
  role: string;
  status: string;
  percentage: number | null;
  amount: number | null;
  gst_amount: number | null;
  total_with_gst: number | null;
  paid_amount: number | null;
  payment_date: string | null;
}

export interface HistoryEntry {
  id: number;
  occurred_at: string;
  action: string;
  user_name: string | null;
  before: unknown;
  after: unknown;
  meta: unknown;
}

export interface Booking extends BookingListItem {
  trip_number: string | null;
  notes: string | null;
  commission_percentage: number | null;
  rate_source: string;
  parent_agent_id: number | null;
  split_percentage: number | null;
  booking_group: { id: number; name: string } | null;
  booking_receipt: { id: number; filename: string; url: string } | null;
  cancellation_note: string | null;
  created_at: string;
  actual_commissions: CommissionLine[];
  transaction_status: TransactionStatus;
  history: HistoryEntry[];
}

export interface CommissionRate {
  is_sub_agent: boolean;
  commission_percentage: number;
  parent_commission_percentage: number | null;
  sub_agent_commission_percentage: number | null;
  split_percentage: number | null;
  parent_agent_id: number | null;
}

export interface AgentOption {
  id: number;
  name: string;
  email: string | null;
}

export interface GroupOption {
  id: number;
  name: string;
}

/* ------------------------------------------------------------------------------------ list */

/** The list's query, as the URL carries it (strings; empty = not set). */
export type BookingListParams = Record<string, string>;

export const bookingsQueryKey = ['bookings'] as const;

export const bookingsQueryOptions = (params: BookingListParams) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'list', params],
    queryFn: ({ signal }) => getJson<Paginated<BookingListItem>>('/bookings', { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export function useBookings(params: BookingListParams) {
  return useQuery(bookingsQueryOptions(params));
}

/** `POST /bookings/transaction-status` for the ids on the page → map by id. */
export function useTransactionStatuses(ids: number[]) {
  return useQuery({
    queryKey: [...bookingsQueryKey, 'transaction-status', ids],
    queryFn: () => postJson<Record<string, TransactionStatus>>('/bookings/transaction-status', { booking_ids: ids }),
    enabled: ids.length > 0,
  });
}

/* ------------------------------------------------------------------------------------ one */

export const bookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...bookingsQueryKey, 'one', id],
    queryFn: async () => (await getJson<{ status: 'success'; data: Booking }>(`/bookings/${id}`)).data,
  });

export function useBooking(id: number) {
  return useQuery(bookingQueryOptions(id));
}

export interface CommissionExplanationResponse {
  data: { lines: string[]; source_text?: string };
}

/** `GET /bookings/{id}/commission-explanation`: nothing shown when it fails (feature missing or 404). */
export function useCommissionExplanation(id: number) {
  return useQuery({
    queryKey: [...bookingsQueryKey, 'explanation', id],
    queryFn: () => getJson<CommissionExplanationResponse>(`/bookings/${id}/commission-explanation`),
    retry: false,
  });
}

/* ------------------------------------------------------------------------------ form data */

export function useAgentsList(enabled: boolean) {
  return useQuery({
    queryKey: ['agents-list'],
    queryFn: async () => {
      const body = await getJson<{ data: AgentOption[] | { data: AgentOption[] } }>('/agents-list');
      return Array.isArray(body.data) ? body.data : body.data.data;
    },
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
        return (await getJson<{ data: GroupOption[] }>('/api/booking-groups')).data;
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
      getJson<CommissionRate>('/commissions/rates', {
        query: { agent_id: agentId, supplier_id: supplierId, date: date ?? undefined },
        signal,
      }),
    retry: false,
  });

export interface BookingSupplier {
  id: number;
  name: string;
  currency_symbol: string;
  booking_number_format: string | null;
  parentAgentName: string | null;
  parentAgentId: number | null;
  splitPercentage: number | null;
  commission_percentage: number | null;
  bookable: boolean;
}

/** `GET /api/booking-suppliers`: an agent's bookable suppliers, or every supplier annotated for an admin's chosen agent. */
export const bookingSuppliersQueryOptions = (agentId: number | null) =>
  queryOptions({
    queryKey: ['booking-suppliers', agentId ?? 'self'],
    queryFn: async ({ signal }) =>
      (
        await getJson<{ data: BookingSupplier[] }>('/api/booking-suppliers', {
          query: { agent_id: agentId ?? undefined },
          signal,
        })
      ).data,
  });

/* --------------------------------------------------------------------------------- checks */

export interface ReferenceCheck {
  exists: boolean;
  message: string;
}
export interface UnclaimedCheck {
  has_unclaimed: boolean;
  message: string;
  transaction?: { supplier_name: string; amount: number | string; currency: string } | null;
}
export interface DuplicateCheck {
  has_duplicate: boolean;
  message: string;
  bookings: { id: number; agent_name: string; booking_amount: number; booking_date: string }[];
}

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
}) => orNull(postJson<ReferenceCheck>('/api/check-booking-reference', body));

export const checkUnclaimedTransaction = (body: { reference_number: string; supplier_id: number | null }) =>
  orNull(postJson<UnclaimedCheck>('/api/check-unclaimed-transaction', body));

export const checkDuplicateBookingSupplier = (body: {
  reference_number: string;
  supplier_id: number | null;
  exclude_booking_id?: number;
}) => orNull(postJson<DuplicateCheck>('/api/check-duplicate-booking-supplier', body));

/* ------------------------------------------------------------------------------- mutations */

export interface SavedBooking {
  status: 'success';
  message: string;
  data: Booking;
  redirect: string;
}

export function useSaveBooking(bookingId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      bookingId === null
        ? postForm<SavedBooking>('/bookings', form)
        : putForm<SavedBooking>(`/bookings/${bookingId}`, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson<{ status: 'success'; message: string }>(`/bookings/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      postJson<{ status: 'success'; message: string }>(`/bookings/${id}/cancel`, { cancellation_note: note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
