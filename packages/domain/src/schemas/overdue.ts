/**
 * Overdue commissions (issue 24 §4; reports/overdue.ts has the rules): the report's requests and answers,
 * and the follow-up notes an admin keeps per booking. Admins only.
 */
import { z } from 'zod';
import { AGING_BUCKETS, MAX_COMMISSION_DUE_DAYS, MIN_COMMISSION_DUE_DAYS } from '../reports/overdue';
import { filterText, idFilter, optionalIsoDate, requiredText } from './fields';
import { dateOut, moneyOut, pageOf, success, successData, successMessage, timestampOut } from './responses';

/* ------------------------------------------------------------------ requests */

const isBlank = (v: unknown) => v === '' || v === null || v === undefined;

export const COMMISSION_DUE_DAYS_MESSAGE = `The commission due days must be a whole number of days from ${MIN_COMMISSION_DUE_DAYS} to ${MAX_COMMISSION_DUE_DAYS}.`;

/**
 * A supplier's `commission_due_days` as a form or JSON sends it: blank or missing gives undefined (a
 * create takes DEFAULT_COMMISSION_DUE_DAYS, an update keeps what the supplier has).
 */
export const commissionDueDaysField = () =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: COMMISSION_DUE_DAYS_MESSAGE })
      .int(COMMISSION_DUE_DAYS_MESSAGE)
      .min(MIN_COMMISSION_DUE_DAYS, COMMISSION_DUE_DAYS_MESSAGE)
      .max(MAX_COMMISSION_DUE_DAYS, COMMISSION_DUE_DAYS_MESSAGE)
      .optional(),
  );

export const OVERDUE_BUCKET_INVALID = 'The selected aging bucket is invalid.';

/** `bucket=0_30|31_60|61_90|90_plus`; blank or missing: every bucket. */
const bucketFilter = z.preprocess(
  (v) => (isBlank(v) ? undefined : v),
  z.enum(AGING_BUCKETS, { error: OVERDUE_BUCKET_INVALID }).optional(),
);

/** `GET /api/reports/overdue-commissions`: every supplier, or one. */
export const overdueSummaryQuerySchema = z.object({ supplier_id: idFilter('supplier') });
export type OverdueSummaryQuery = z.output<typeof overdueSummaryQuerySchema>;

export const OVERDUE_SORTS = [
  'days_past_due',
  'outstanding',
  'booking_date',
  'booking_reference',
  'customer_name',
  'supplier',
  'next_follow_up_date',
] as const;
export type OverdueSort = (typeof OVERDUE_SORTS)[number];
export const OVERDUE_PER_PAGE = [10, 25, 50, 100] as const;

const overdueFilterShape = {
  supplier_id: idFilter('supplier'),
  bucket: bucketFilter,
  /** Booking reference or customer name, in part. */
  search: filterText('search', 100),
};

/** `GET /api/reports/overdue-commissions/bookings`: one page of overdue bookings, most overdue first. */
export const overdueBookingsQuerySchema = z.object({
  ...overdueFilterShape,
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (OVERDUE_PER_PAGE as readonly number[]).includes(n))
    .catch(25),
  sort: z.enum(OVERDUE_SORTS).catch('days_past_due'),
  direction: z.enum(['asc', 'desc']).catch('desc'),
});
export type OverdueBookingsQuery = z.output<typeof overdueBookingsQuerySchema>;

/** `GET /api/reports/overdue-commissions/export`: the same filters, every row (most overdue first). */
export const overdueExportQuerySchema = z.object(overdueFilterShape);
export type OverdueExportQuery = z.output<typeof overdueExportQuerySchema>;

export const FOLLOW_UP_NOTE_MAX = 2000;
export const FOLLOW_UP_DATE_PAST = 'The next follow-up date must be today or later.';
export const FOLLOW_UP_ADDED = 'Follow-up note added.';

/** `POST /api/bookings/{id}/follow-ups`: what was said, and when to chase again (optional). */
export const followUpInputSchema = z.object({
  note: requiredText('note', FOLLOW_UP_NOTE_MAX, { multiline: true }),
  next_follow_up_date: optionalIsoDate('next follow-up date').transform((v) => (v === '' ? null : v)),
});
export type FollowUpInput = z.output<typeof followUpInputSchema>;

/* ----------------------------------------------------------------- responses */

const bucketAmounts = z.object({ count: z.number().int().min(0), outstanding: moneyOut });
const perBucket = z.object({
  '0_30': bucketAmounts,
  '31_60': bucketAmounts,
  '61_90': bucketAmounts,
  '90_plus': bucketAmounts,
});
export type OverdueBucketAmounts = z.output<typeof perBucket>;

export const overdueSupplierRowSchema = z.object({
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  /** Days after the booking date the supplier's commission is due. */
  due_days: z.number().int(),
  count: z.number().int().min(0),
  outstanding: moneyOut,
  buckets: perBucket,
});
export type OverdueSupplierRow = z.output<typeof overdueSupplierRowSchema>;

export const overdueCurrencyTotalSchema = z.object({
  currency_code: z.string(),
  currency_symbol: z.string(),
  count: z.number().int().min(0),
  outstanding: moneyOut,
  buckets: perBucket,
});
export type OverdueCurrencyTotal = z.output<typeof overdueCurrencyTotalSchema>;

/** The report: one row per supplier with something overdue (largest first), and per-currency totals. */
export const overdueSummaryResponseSchema = successData(
  z.object({
    /** The day the days past due are counted to (UTC). */
    as_of: dateOut,
    suppliers: z.array(overdueSupplierRowSchema),
    totals: z.array(overdueCurrencyTotalSchema),
  }),
);
export type OverdueSummaryResponse = z.output<typeof overdueSummaryResponseSchema>;

export const followUpSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  note: z.string(),
  next_follow_up_date: dateOut.nullable(),
  created_at: timestampOut,
  user_name: z.string().nullable(),
});
export type FollowUp = z.output<typeof followUpSchema>;

export const overdueBookingSchema = z.object({
  booking_id: z.number().int(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_date: dateOut,
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  agent_name: z.string(),
  due_date: dateOut,
  days_past_due: z.number().int().min(0),
  bucket: z.enum(AGING_BUCKETS),
  gross: moneyOut,
  received: moneyOut,
  outstanding: moneyOut,
  currency_code: z.string(),
  currency_symbol: z.string(),
  follow_up_count: z.number().int().min(0),
  last_follow_up: followUpSchema.nullable(),
  /** The latest follow-up's next date (null: none set). */
  next_follow_up_date: dateOut.nullable(),
});
export type OverdueBooking = z.output<typeof overdueBookingSchema>;

export const overdueBookingsResponseSchema = success({ as_of: dateOut, bookings: pageOf(overdueBookingSchema) });
export type OverdueBookingsResponse = z.output<typeof overdueBookingsResponseSchema>;

export const followUpListResponseSchema = successData(z.array(followUpSchema));
export const followUpSavedResponseSchema = successMessage({ data: followUpSchema });
