import { z } from 'zod';
import {
  BOOKING_REFERENCE_MESSAGE,
  BOOKING_REFERENCE_PATTERN,
  BOOKING_STATUSES,
  TRANSACTION_MATCH_STATUSES,
} from '../bookings/booking-rules';
import { moneySchema } from '../money/schemas';
import { COMMISSION_LINE_STATUSES } from './commissions';
import {
  dateFilter,
  filterText,
  flag,
  idFilter,
  isId,
  isoDate,
  optionalId,
  optionalText,
  required,
  requiredText,
  textProblem,
} from './fields';
import { dateOut, moneyOut, pageOf, percentOut, successData, successMessage, timestampOut } from './responses';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './transactions';

/** Booking references are stored as typed after trimming; the pattern makes them upper case already. */
export const bookingReferenceSchema = requiredText('booking reference', 64).regex(
  BOOKING_REFERENCE_PATTERN,
  BOOKING_REFERENCE_MESSAGE,
);

/**
 * `booking_group_id`: a number picks an existing group (an id, else 'The selected booking group is
 * invalid.'), text names a new one; blank is null. Out: the trimmed text, or null.
 */
const bookingGroupChoice = z
  .union([z.number(), z.string()], { error: 'The selected booking group is invalid.' })
  .nullish()
  .transform((v, ctx) => {
    const text = v === null || v === undefined ? '' : String(v).trim();
    if (text === '') return null;
    const problem = textProblem('booking group', text);
    const numeric = typeof v === 'number' || /^\d+$/.test(text);
    if (problem || (numeric && !isId(v))) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'The selected booking group is invalid.', input: v });
      return z.NEVER;
    }
    return text;
  });

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
    notes: optionalText('notes', 5000, { multiline: true }),
    is_personal: flag(),
    /** The admin claim (spec §7 `POST /bookings`): the booking turns an unmatched credit into a booking, created pending. */
    is_claimed_booking: flag(),
    is_group_booking: flag(),
    booking_group_id: bookingGroupChoice,
    new_group_name: optionalText('new group name', 150),
    primary_agent_id: optionalId('primary agent'),
  })
  .superRefine((v, ctx) => {
    if (v.supplier_id === null) ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: required('supplier') });
  });
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** The booking form as posted (multipart): the zod-validated fields and the receipt file beside them. */
export const bookingFormSchema = bookingInputSchema.and(z.object({ booking_receipt: z.unknown().optional() }));

export const cancelBookingSchema = z.object({
  cancellation_note: optionalText('cancellation note', 2000, { multiline: true }),
});

export const checkBookingReferenceSchema = z.object({
  booking_reference: requiredText('booking reference', 64),
  agent_id: optionalId('agent'),
  exclude_booking_id: optionalId('booking'),
});

export const checkReferenceSupplierSchema = z.object({
  reference_number: requiredText('reference number', 64),
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
  search: filterText('search', 100),
  status: z.enum(BOOKING_STATUSES).optional().catch(undefined),
  /** DOMAIN.md "Matching": the stored match status (an unknown value is ignored, like `status`). */
  transaction_status: z.enum(TRANSACTION_MATCH_STATUSES).optional().catch(undefined),
  supplier_id: idFilter('supplier'),
  agent_id: idFilter('agent'),
  booking_group_id: idFilter('booking group'),
  date_from: dateFilter('date from'),
  date_to: dateFilter('date to'),
  is_personal: z.enum(['0', '1']).optional().catch(undefined),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/* ----------------------------------------------------------------------------------- responses */

const agentRef = z.object({ id: z.number().int(), user: z.object({ name: z.string() }) });

/** Spec bookings §5 "Action availability on the bookings list" (the domain's `bookingActions`). */
export const bookingActionsSchema = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  cancel: z.boolean(),
  payout: z.boolean(),
  transactions_link: z.boolean(),
});

/** A row of the bookings list. */
export const bookingListItemSchema = z.object({
  id: z.number().int(),
  booking_reference: z.string(),
  booking_date: dateOut,
  customer_name: z.string(),
  booking_amount: moneyOut,
  /** The agent side's expected commission (all its lines). */
  expected_commission: moneyOut,
  /**
   * The viewer's share: for an agent the sum of their own commission lines (a sub-agent's split, the
   * parent's rest), for an admin the whole agent side (= expected_commission).
   */
  my_commission: moneyOut,
  paid_amount: moneyOut,
  remaining_amount: moneyOut,
  status: z.enum(BOOKING_STATUSES),
  is_personal: z.boolean(),
  is_reconciled: z.boolean(),
  is_sub_agent: z.boolean(),
  is_claimed_booking: z.boolean(),
  booking_group_id: z.number().int().nullable(),
  primary_agent_id: z.number().int(),
  primary_agent: agentRef,
  sub_agent_id: z.number().int().nullable(),
  sub_agent: agentRef.nullable(),
  supplier_id: z.number().int(),
  supplier: z.object({
    id: z.number().int(),
    name: z.string(),
    currency_symbol: z.string(),
    currency: z.object({ code: z.string(), symbol: z.string() }),
  }),
  actions: bookingActionsSchema,
});

/** `GET /bookings` (JSON). */
export const bookingListResponse = pageOf(bookingListItemSchema);

/** A completed supplier transaction whose reference matches the booking (DOMAIN.md "Matching"). */
export const matchedTransactionSchema = z.object({
  id: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  transaction_type: z.enum(TRANSACTION_TYPES),
  amount: moneyOut,
  is_partial: z.boolean(),
  reference_number: z.string(),
  transaction_date: dateOut,
  account_id: z.number().int(),
  account_name: z.string(),
});

/** A booking's transaction match status (the domain's `matchStatus`) and the transactions it matched. */
export const bookingTransactionStatusSchema = z.object({
  status: z.enum(TRANSACTION_MATCH_STATUSES),
  transaction_count: z.number().int(),
  can_payout: z.boolean(),
  /** Why not `can_payout`, in words (a duplicate reference, the match status, …); null when it can. */
  payout_block_reason: z.string().nullable(),
  needs_reconciliation: z.boolean(),
  has_completed_credit: z.boolean(),
  net_amount: moneyOut,
  transactions: z.array(matchedTransactionSchema),
});

/** `POST /bookings/transaction-status`: keyed by booking id (only the bookings the user may see). */
export const bookingTransactionStatusesResponse = z.record(z.string(), bookingTransactionStatusSchema);

/** A stored commission line of a booking. */
export const bookingCommissionLineSchema = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent: agentRef,
  role: z.string(),
  status: z.enum(COMMISSION_LINE_STATUSES),
  percentage: percentOut,
  amount: moneyOut,
  gst_amount: moneyOut,
  total_with_gst: moneyOut,
  /** The commission paid on the line so far (GST excluded): the sum of its payout items (DOMAIN.md invariant 3). */
  paid_amount: moneyOut,
  payment_date: dateOut.nullable(),
  /** The distinct percentages its payout items were paid at, smallest first (empty when nothing was paid). */
  paid_percentages: z.array(percentOut),
  /** Some payout paid it at a percentage other than its own (a bulk payout's custom split). */
  custom_split: z.boolean(),
});

const historyValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * An audit entry of the booking, newest first: `before`/`after`/`meta` as the audit log stored them
 * (for an agent without other agents' commission lines and payout items), and `changes`, the fields
 * whose values the entry changed (the domain's `historyChanges`).
 */
export const bookingHistoryEntrySchema = z.object({
  /** The audit log's bigint id, as text. */
  id: z.string().regex(/^\d+$/),
  occurred_at: timestampOut,
  action: z.string(),
  user_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  meta: z.unknown(),
  changes: z.array(
    z.object({
      field: z.string(),
      before: historyValue,
      after: historyValue,
      /** For a field that holds another record's id (an agent, the supplier, …): that record's name, if known. */
      before_name: z.string().nullable().optional(),
      after_name: z.string().nullable().optional(),
    }),
  ),
});

/** One booking (`GET /bookings/{id}`): the list row plus its rate, lines, group, receipt, match and history. */
export const bookingSchema = bookingListItemSchema.extend({
  trip_number: z.string().nullable(),
  notes: z.string().nullable(),
  commission_percentage: percentOut,
  rate_source: z.string(),
  parent_agent_id: z.number().int().nullable(),
  split_percentage: percentOut.nullable(),
  booking_group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  booking_receipt: z.object({ id: z.number().int(), filename: z.string(), url: z.string() }).nullable(),
  cancellation_note: z.string().nullable(),
  created_at: timestampOut,
  /** The commission lines: all of them for an admin, an agent's own line for an agent. */
  actual_commissions: z.array(bookingCommissionLineSchema),
  transaction_status: bookingTransactionStatusSchema,
  history: z.array(bookingHistoryEntrySchema),
});

/** `GET /bookings/{id}` (JSON). */
export const bookingResponse = successData(bookingSchema);

/** `POST /bookings`, `POST /bookings/{id}` + `_method=PUT`. */
export const bookingSavedResponse = successMessage({ data: bookingSchema, redirect: z.string() });

/** `POST /api/check-booking-reference` (the amber warning; `message` is '' when the reference is free). */
export const bookingReferenceCheckResponse = z.object({ exists: z.boolean(), message: z.string() });

/** `POST /api/check-duplicate-booking-supplier` (admin warning "Duplicate Booking with Supplier"). */
export const duplicateBookingSupplierResponse = z.object({
  has_duplicate: z.boolean(),
  message: z.string(),
  bookings: z.array(
    z.object({ id: z.number().int(), agent_name: z.string(), booking_amount: moneyOut, booking_date: dateOut }),
  ),
});

/**
 * A supplier as given to the booking form (`GET /api/booking-suppliers`, spec §3): for an agent, the
 * parent agent and split when the supplier is reached through a parent agent.
 */
export const bookingSupplierOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency_symbol: z.string(),
  booking_number_format: z.string().nullable(),
  parentAgentName: z.string().nullable(),
  parentAgentId: z.number().int().nullable(),
  splitPercentage: percentOut.nullable(),
  commission_percentage: percentOut.nullable(),
  bookable: z.boolean(),
});

/** `GET /api/booking-suppliers?agent_id=&date=` */
export const bookingSuppliersQuerySchema = z.object({ agent_id: idFilter('agent'), date: dateFilter('date') });

/** `GET /api/booking-suppliers`. */
export const bookingSuppliersResponse = successData(z.array(bookingSupplierOptionSchema));
