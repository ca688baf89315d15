import {
  overdueBookingsResponseSchema,
  overdueSummaryResponseSchema,
  type followUpListResponseSchema,
  type OverdueBucketAmounts,
} from '@app/domain';
import type { z } from 'zod';

/**
 * The overdue commissions report as the server answers it on 2026-11-27, checked against the contract's
 * response schemas when built (a fixture that drifts from the contract fails at once):
 * - Air Canada Vacations (CAD, due after 60 days): AC-377120, CA$1,625.00 booked Jul 8, nothing received,
 *   82 days past due (61–90);
 * - Sunwing Vacations (CAD, 45 days): SW4460318, CA$890.00 booked Jun 19, CA$400.00 received, CA$490.00
 *   outstanding, 116 days (90+);
 * - British Airways Holidays (GBP, 60 days): BAKT-2290, £1,180.00 booked Aug 24, 35 days (31–60).
 */
export const AS_OF = '2026-11-27';

const none = { count: 0, outstanding: 0 };
const buckets = (over: Partial<OverdueBucketAmounts>): OverdueBucketAmounts => ({
  '0_30': none,
  '31_60': none,
  '61_90': none,
  '90_plus': none,
  ...over,
});
const CAD = { currency_code: 'CAD', currency_symbol: '$' };
const GBP = { currency_code: 'GBP', currency_symbol: '£' };

export const overdueSummary = overdueSummaryResponseSchema.parse({
  status: 'success',
  data: {
    as_of: AS_OF,
    suppliers: [
      {
        supplier_id: 1,
        supplier_name: 'Air Canada Vacations',
        ...CAD,
        due_days: 60,
        count: 1,
        outstanding: 1625,
        buckets: buckets({ '61_90': { count: 1, outstanding: 1625 } }),
      },
      {
        supplier_id: 2,
        supplier_name: 'Sunwing Vacations',
        ...CAD,
        due_days: 45,
        count: 1,
        outstanding: 490,
        buckets: buckets({ '90_plus': { count: 1, outstanding: 490 } }),
      },
      {
        supplier_id: 3,
        supplier_name: 'British Airways Holidays',
        ...GBP,
        due_days: 60,
        count: 1,
        outstanding: 1180,
        buckets: buckets({ '31_60': { count: 1, outstanding: 1180 } }),
      },
    ],
    totals: [
      {
        ...CAD,
        count: 2,
        outstanding: 2115,
        buckets: buckets({ '61_90': { count: 1, outstanding: 1625 }, '90_plus': { count: 1, outstanding: 490 } }),
      },
      { ...GBP, count: 1, outstanding: 1180, buckets: buckets({ '31_60': { count: 1, outstanding: 1180 } }) },
    ],
  },
});

/** Nothing overdue anywhere. */
export const nothingOverdue = overdueSummaryResponseSchema.parse({
  status: 'success',
  data: { as_of: AS_OF, suppliers: [], totals: [] },
});

type FollowUpIn = z.input<typeof followUpListResponseSchema>['data'][number];

/** A follow-up note of booking 101 (AC-377120) written at noon UTC on `day` (the same day in any time zone). */
export const followUp = (id: number, note: string, day: string, next: string | null = null): FollowUpIn => ({
  id,
  booking_id: 101,
  note,
  next_follow_up_date: next,
  created_at: `${day}T12:00:00.000Z`,
  user_name: 'Ada Admin',
});

type OverdueBookingIn = z.input<typeof overdueBookingsResponseSchema>['bookings']['data'][number];

export const acBooking: OverdueBookingIn = {
  booking_id: 101,
  booking_reference: 'AC-377120',
  customer_name: 'Dubois, Anne',
  booking_date: '2026-07-08',
  supplier_id: 1,
  supplier_name: 'Air Canada Vacations',
  agent_name: 'Liam Roy',
  due_date: '2026-09-06',
  days_past_due: 82,
  bucket: '61_90',
  gross: 1625,
  received: 0,
  outstanding: 1625,
  ...CAD,
  follow_up_count: 1,
  last_follow_up: followUp(7, 'Emailed accounts payable', '2026-11-20', '2026-11-27'),
  next_follow_up_date: '2026-11-27',
};

export const swBooking: OverdueBookingIn = {
  ...acBooking,
  booking_id: 102,
  booking_reference: 'SW4460318',
  customer_name: 'Bergeron, Luc',
  booking_date: '2026-06-19',
  supplier_id: 2,
  supplier_name: 'Sunwing Vacations',
  agent_name: 'Olivia Tremblay',
  due_date: '2026-08-03',
  days_past_due: 116,
  bucket: '90_plus',
  gross: 890,
  received: 400,
  outstanding: 490,
  follow_up_count: 0,
  last_follow_up: null,
  next_follow_up_date: null,
};

export const baBooking: OverdueBookingIn = {
  ...swBooking,
  booking_id: 103,
  booking_reference: 'BAKT-2290',
  customer_name: 'Evans, Chloe',
  booking_date: '2026-08-24',
  supplier_id: 3,
  supplier_name: 'British Airways Holidays',
  agent_name: 'Noah Gagnon',
  due_date: '2026-10-23',
  days_past_due: 35,
  bucket: '31_60',
  gross: 1180,
  received: 0,
  outstanding: 1180,
  ...GBP,
  next_follow_up_date: '2026-12-15',
};

/** A page of overdue bookings (25 a page unless told), as `GET /api/reports/overdue-commissions/bookings` answers. */
export function overdueBookingsPage(rows: OverdueBookingIn[], over: { total?: number; per_page?: number } = {}) {
  const perPage = over.per_page ?? 25;
  const total = over.total ?? rows.length;
  return overdueBookingsResponseSchema.parse({
    status: 'success',
    as_of: AS_OF,
    bookings: {
      data: rows,
      current_page: 1,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      from: rows.length ? 1 : null,
      to: rows.length ? rows.length : null,
      total,
    },
  });
}
