import { z } from 'zod';
import {
  BOOKING_REFERENCE_MESSAGE,
  BOOKING_REFERENCE_PATTERN,
  BOOKING_STATUSES,
  TRANSACTION_MATCH_STATUSES,
} from '../bookings/booking-rules';
import { moneySchema } from '../money/schemas';
import { flag, isoDate, optionalId, optionalText, required, requiredText } from './fields';

/** Booking references are stored as typed after trimming; the pattern makes them upper case already. */
export const bookingReferenceSchema = z
  .string({ error: required('booking reference') })
  .trim()
  .min(1, required('booking reference'))
  .max(64, 'The booking reference field must not be greater than 64 characters.')
  .regex(BOOKING_REFERENCE_PATTERN, BOOKING_REFERENCE_MESSAGE);

/**
 * The booking form (create and update). Role rules (status, negative amounts, primary agent) and
 * the supplier's reference format are enforced by the server on top of this shape.
 * `booking_group_id`: a number picks an existing group, text names a new one (spec §4); `new_group_name`
 * is accepted too.
 */
export const bookingInputSchema = z
  .object({
    booking_reference: bookingReferenceSchema,
    trip_number: optionalText('trip number', 64),
    supplier_id: optionalId('supplier'),
    booking_date: isoDate('booking date'),
    customer_name: requiredText('customer name', 255),
    booking_amount: moneySchema('booking amount', { allowNegative: true }),
    /** Computed by the server; accepted and ignored so the form can post what it shows. */
    expected_commission: z.unknown().optional(),
    status: z
      .enum(BOOKING_STATUSES, { error: 'The selected status is invalid.' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    notes: optionalText('notes', 5000),
    is_personal: flag(),
    is_group_booking: flag(),
    booking_group_id: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim())),
    new_group_name: optionalText('new group name', 150),
    primary_agent_id: optionalId('primary agent'),
  })
  .superRefine((v, ctx) => {
    if (v.supplier_id === null) ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: required('supplier') });
  });
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const cancelBookingSchema = z.object({
  cancellation_note: optionalText('cancellation note', 2000),
});

export const checkBookingReferenceSchema = z.object({
  booking_reference: z.string().trim().min(1, required('booking reference')).max(64),
  agent_id: optionalId('agent'),
  exclude_booking_id: optionalId('booking'),
});

export const checkReferenceSupplierSchema = z.object({
  reference_number: z.string().trim().min(1, required('reference number')).max(64),
  supplier_id: optionalId('supplier'),
  exclude_booking_id: optionalId('booking'),
});

export const BOOKING_SORTS = [
  'booking_date',
  'booking_reference',
  'customer_name',
  'booking_amount',
  'expected_commission',
] as const;
export const BOOKING_PER_PAGE = [10, 25, 50, 100] as const;

const optionalIdFilter = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);
const optionalDateFilter = (label: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), isoDate(label).optional());

/** `GET /bookings?…`: the filters live in the URL so a view can be bookmarked (bookings spec §2, §9). */
export const bookingListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (BOOKING_PER_PAGE as readonly number[]).includes(n))
    .catch(10),
  sort: z.enum(BOOKING_SORTS).catch('booking_date'),
  direction: z.enum(['asc', 'desc']).catch('desc'),
  search: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(BOOKING_STATUSES).optional().catch(undefined),
  /** DOMAIN.md "Matching": the stored match status (an unknown value is ignored, like `status`). */
  transaction_status: z.enum(TRANSACTION_MATCH_STATUSES).optional().catch(undefined),
  supplier_id: optionalIdFilter,
  agent_id: optionalIdFilter,
  booking_group_id: optionalIdFilter,
  date_from: optionalDateFilter('date from'),
  date_to: optionalDateFilter('date to'),
  is_personal: z.enum(['0', '1']).optional().catch(undefined),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
