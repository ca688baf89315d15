import {
  reportEndpoints,
  type AgingBucket,
  type FollowUpInput,
  type OverdueBooking,
  type OverdueSort,
} from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { saveEndpointFile } from '../../../lib/save-file';

/* Shapes (the contract's: `packages/domain/src/schemas/overdue.ts`). */
export type {
  FollowUp,
  OverdueBucketAmounts,
  OverdueCurrencyTotal,
  OverdueSummaryResponse,
  OverdueSupplierRow,
} from '@app/domain';

/**
 * Everything the overdue report reads. Under the reports' key: what refreshes the commission reports (a
 * claim approved, a booking created) refreshes the overdue report too, by prefix.
 */
export const overdueQueryKey = ['reports', 'overdue'] as const;

/** `GET /api/reports/overdue-commissions`: per supplier and per currency, in the four aging buckets. */
export function useOverdueSummary() {
  return useQuery({
    queryKey: [...overdueQueryKey, 'summary'],
    queryFn: async ({ signal }) => (await callEndpoint(reportEndpoints.overdueSummary, { signal })).data,
  });
}

/** The bookings list's filters (the export takes these alone). */
export interface OverdueFilters {
  /** A supplier's id as a string; '' for every supplier. */
  supplierId: string;
  /** '' for every bucket. */
  bucket: AgingBucket | '';
  search: string;
}

export interface OverdueListParams extends OverdueFilters {
  sort: OverdueSort;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** An overdue booking as a list row: `id` is the booking's (the list table keys its rows by it). */
export type OverdueRow = OverdueBooking & { id: number };

const filterQuery = ({ supplierId, bucket, search }: OverdueFilters) => ({
  supplier_id: supplierId,
  bucket,
  search: search.trim(),
});

/** `GET /api/reports/overdue-commissions/bookings`: one page of overdue bookings. */
export const overdueBookingsQueryOptions = (p: OverdueListParams) =>
  queryOptions({
    queryKey: [...overdueQueryKey, 'bookings', p],
    queryFn: async ({ signal }) => {
      const query = { ...filterQuery(p), sort: p.sort, direction: p.direction, page: p.page, per_page: p.perPage };
      const { bookings } = await callEndpoint(reportEndpoints.overdueBookings, { query, signal });
      return { ...bookings, data: bookings.data.map((b): OverdueRow => ({ ...b, id: b.booking_id })) };
    },
    placeholderData: keepPreviousData,
  });

export function useOverdueBookings(params: OverdueListParams) {
  return useQuery(overdueBookingsQueryOptions(params));
}

/**
 * `GET /api/reports/overdue-commissions/export`: every overdue booking of the filters as the CSV to send to
 * the supplier, saved under the server's name (the supplier's in it when the file is for one). Resolves to
 * that name.
 */
export function useOverdueExport() {
  return useMutation({
    mutationFn: (filters: OverdueFilters) =>
      saveEndpointFile(reportEndpoints.overdueExport, {
        query: filterQuery(filters),
        fallbackFilename: 'overdue-commissions.csv',
      }),
  });
}

const followUpsKey = (bookingId: number) => [...overdueQueryKey, 'follow-ups', bookingId] as const;

/** `GET /api/bookings/{id}/follow-ups`: the booking's follow-up notes, newest first. */
export function useFollowUps(bookingId: number) {
  return useQuery({
    queryKey: followUpsKey(bookingId),
    queryFn: async ({ signal }) =>
      (await callEndpoint(reportEndpoints.bookingFollowUps, { params: { id: bookingId }, signal })).data,
  });
}

/**
 * `POST /api/bookings/{id}/follow-ups`. A note changes the booking's history and the list's Last note and
 * Next follow-up: the whole report is read again.
 */
export function useAddFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, input }: { bookingId: number; input: FollowUpInput }) =>
      callEndpoint(reportEndpoints.addBookingFollowUp, { params: { id: bookingId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overdueQueryKey }),
  });
}
