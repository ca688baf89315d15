import { FOLLOW_UP_ADDED, overdueCsv, reportEndpoints as api } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import { addFollowUp, listFollowUps, overdueBookings, overdueExport, overdueSummary } from './overdue.service';

const MEANING =
  "A booking is overdue when its supplier's commission_due_days (default 60) have passed since the booking date and the supplier has sent less than its gross: live (not cancelled, not reconciled), gross above 0, what its matched transactions add up to (credits − debits) below the gross. outstanding = gross − received (received counted as 0 when below 0); days past due are counted to today (UTC, as_of) in the buckets 0_30, 31_60, 61_90, 90_plus. Amounts are in the supplier's currency, never added across currencies.";

/** Overdue commissions (issue 24 §4): admins only. */
export const overdueRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: api.overdueSummary,
    access: 'admin',
    summary: `Overdue commissions per supplier (only suppliers with something overdue; per currency, largest outstanding first) and per currency: count and outstanding, in all and per aging bucket. supplier_id: that supplier only. ${MEANING}`,
    tags: ['reports'],
    handler: async ({ query }) => overdueSummary(db, query),
  }),
  route({
    endpoint: api.overdueBookings,
    access: 'admin',
    summary: `The overdue bookings, one page (per_page 10/25/50/100, default 25), filtered by supplier_id, bucket and search (reference or customer name, in part), sorted by days_past_due (default, desc = most overdue first), outstanding, booking_date, booking_reference, customer_name, supplier or next_follow_up_date; each with its latest follow-up and how many it has. ${MEANING}`,
    tags: ['reports'],
    handler: async ({ query }) => overdueBookings(db, query),
  }),
  route({
    endpoint: api.overdueExport,
    access: 'admin',
    summary: `The overdue bookings of the filters (supplier_id, bucket, search), most overdue first, at most 100,000, as the CSV to send to the supplier (UTF-8 with a byte order mark, CRLF): Supplier, Booking reference, Customer name, Booking date, Due date, Days past due, Gross commission, Received, Outstanding (exact), Currency, Last follow-up, Next follow-up. ${MEANING}`,
    tags: ['reports'],
    produces: 'text/csv',
    handler: async ({ query, reply }) => {
      const { rows, filename } = await overdueExport(db, query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(overdueCsv(rows));
    },
  }),
  route({
    endpoint: api.bookingFollowUps,
    access: 'admin',
    summary: "A booking's follow-up notes (chasing its commission), newest first: who, when, what was said, next date.",
    tags: ['bookings', 'reports'],
    handler: async ({ params }) => ({ status: 'success' as const, data: await listFollowUps(db, params.id) }),
  }),
  route({
    endpoint: api.addBookingFollowUp,
    access: 'admin',
    summary: `Adds a follow-up note to a booking: note (required, at most 2,000 characters), next_follow_up_date (optional, today or later). Audited. Message: '${FOLLOW_UP_ADDED}'`,
    tags: ['bookings', 'reports'],
    handler: async ({ params, body, user }) => ({
      status: 'success' as const,
      message: FOLLOW_UP_ADDED,
      data: await addFollowUp(db, user, params.id, body),
    }),
  }),
];
