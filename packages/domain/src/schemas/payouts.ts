/**
 * The payouts contract (spec: bookings §3 "Payout info", §5 "Payout", §7 payout-info / process-payout /
 * `/api/payouts`; agents-transactions-payouts §2.8, §3, §4 "Payout screen", §5 "Payout", §7;
 * CONTRACT.md §3 bulk paths). Requests are validated by the server with these schemas; responses are
 * what the server answers (checked in the API tests) and what the web client's types come from.
 */
import { z } from 'zod';
import { moneySchema, optionalMoneySchema, percentSchema } from '../money/schemas';
import { dateFilter, flag, id, idFilter, optionalIsoDate, optionalText } from './fields';
import { dateOut, moneyOut, percentOut, success, successMessage, timestampOut } from './responses';

/* ------------------------------------------------------------------ requests */

/** `POST /bookings/{id}/process-payout`. The amount is in gross terms; negative only for a refund booking. */
export const processPayoutSchema = z.object({
  payout_amount: moneySchema('payout amount', { allowNegative: true }),
  description: optionalText('description', 255),
  is_partial: flag(),
});
export type ProcessPayoutInput = z.output<typeof processPayoutSchema>;

/** `true` or absent/null (the spec posts `true` or `null`). */
const trueOrNull = z.preprocess(
  (v) => (v === null || v === undefined || v === '' || v === false || v === 'false' || v === '0' || v === 0 ? null : v),
  z
    .union(
      [
        z.literal(true),
        z.literal('true').transform(() => true as const),
        z.literal('1').transform(() => true as const),
        z.literal(1).transform(() => true as const),
      ],
      {
        error: 'The value must be true or null.',
      },
    )
    .nullable(),
);

/** `POST /bulk-payouts/search`. */
export const bulkPayoutSearchSchema = z.object({
  supplier_id: idFilter('supplier'),
  date_from: dateFilter('date from'),
  date_to: dateFilter('date to'),
  personal: flag(),
  is_reconciled: trueOrNull,
  exclude_reconciled: trueOrNull,
  payout_id: idFilter('payout'),
  /** `payout` (default) lists bookings that can be paid out now; `reconcile` lists those whose received amount differs from the gross. */
  mode: z.enum(['payout', 'reconcile']).default('payout'),
});
export type BulkPayoutSearchInput = z.output<typeof bulkPayoutSearchSchema>;

const customCommission = z.object({
  commission_id: id('commission line'),
  // 4 decimals: a sub-agent split line can be 4.1667% of gross, and the screen sends the line's own percentage.
  percentage: percentSchema('percentage', { maxDecimals: 4 }),
});

const customFields = {
  use_custom_commission: flag(),
  custom_commissions: z.array(customCommission).max(20).default([]),
  company_percentage: percentSchema('company percentage', { maxDecimals: 4 }).nullish(),
};

/** `POST /bulk-payouts/process` (payout mode). */
export const bulkPayoutProcessSchema = z.object({
  payouts: z
    .array(
      z.object({
        booking_id: id('booking'),
        payout_amount: moneySchema('payout amount', { allowNegative: true }),
        reconcile: flag(),
        ...customFields,
      }),
    )
    .min(1, 'Please select at least one booking to process.')
    .max(5000, 'At most 5,000 bookings can be processed at once.'),
  description: optionalText('description', 255),
  payout_date: optionalIsoDate('payout date'),
});
export type BulkPayoutProcessInput = z.output<typeof bulkPayoutProcessSchema>;

/** `POST /bulk-payouts/reconcile` (reconcile mode). */
export const bulkReconcileSchema = z.object({
  bookings: z
    .array(
      z.object({
        booking_id: id('booking'),
        /** The net received the screen showed: refused if it changed since the search. */
        transaction_amount: optionalMoneySchema('transaction amount', { allowNegative: true }).optional(),
        ...customFields,
      }),
    )
    .min(1, 'Please select at least one booking to process.')
    .max(5000, 'At most 5,000 bookings can be processed at once.'),
  description: optionalText('description', 255),
});
export type BulkReconcileInput = z.output<typeof bulkReconcileSchema>;

/** `GET /api/payouts`. */
export const payoutListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});

/* ----------------------------------------------------------------- responses */

const currencyOut = z.object({ code: z.string(), symbol: z.string() });

export const payoutInfoResponseSchema = success({
  message: z.string(),
  booking: z.object({
    id: z.number(),
    reference: z.string(),
    supplier: z.string(),
    currency: currencyOut,
    status: z.string(),
    booking_amount: moneyOut,
    expected_commission: moneyOut,
    paid_amount: moneyOut,
    remaining_amount: moneyOut,
    is_reconciled: z.boolean(),
  }),
  payout: z.object({
    available_amount: moneyOut,
    max_available_amount: moneyOut.optional(),
    /** What a payout of the whole available amount pays each agent. */
    commission_breakdown: z.array(
      z.object({
        agent_id: z.number(),
        agent_name: z.string(),
        percentage: percentOut,
        amount: moneyOut,
        gst_amount: moneyOut,
        total: moneyOut,
      }),
    ),
    agents_without_accounts: z.array(z.object({ agent_id: z.number(), agent_name: z.string() })),
    /**
     * The booking's commission lines as a payout sees them (the domain's `PayoutLine`): the payout modal
     * previews any typed amount with `planPayout`, the function the server pays with (GST rate from
     * `GET /api/settings`).
     */
    lines: z.array(
      z.object({
        id: z.number(),
        agent_id: z.number(),
        agent_name: z.string(),
        percentage: percentOut,
        amount: moneyOut,
        paid_amount: moneyOut,
        has_gst: z.boolean(),
      }),
    ),
    can_payout: z.boolean(),
    /** Why the booking cannot be paid out now, when it cannot. */
    reason: z.string().nullable(),
    /** The payout record's name when no description is given (`singlePayoutName`, dated today). */
    default_description: z.string(),
  }),
});
export type PayoutInfo = z.output<typeof payoutInfoResponseSchema>;

export const processPayoutResponseSchema = successMessage({
  is_partial: z.boolean(),
  paid_amount: moneyOut,
  remaining_amount: moneyOut,
  payout_id: z.number(),
});

export const payoutSearchBookingSchema = z.object({
  id: z.number(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_date: dateOut,
  status: z.string(),
  booking_amount: moneyOut,
  paid_amount: moneyOut,
  available_amount: moneyOut,
  transaction_amount: moneyOut,
  is_reconciled: z.boolean(),
  needs_reconciliation: z.boolean(),
  is_personal: z.boolean(),
  primary_agent_id: z.number(),
  primary_agent: z.object({ user: z.object({ name: z.string() }) }),
  supplier: z.object({ id: z.number(), name: z.string(), currency_symbol: z.string(), currency_code: z.string() }),
  actual_commissions: z.array(
    z.object({
      id: z.number(),
      agent_id: z.number(),
      agent: z.object({ user: z.object({ name: z.string() }) }),
      percentage: percentOut,
      amount: moneyOut,
      paid_amount: moneyOut,
      has_gst: z.boolean(),
      has_account: z.boolean(),
    }),
  ),
  /** Why the booking cannot be paid as it is (a duplicate reference, a mismatch, …), or null. */
  payout_block_reason: z.string().nullable().optional(),
  /**
   * Payout mode: why it could not be paid even if reconciled in the same step (the Reconcile box), or
   * null. A row both give a reason for cannot be selected; a `mismatch` booking has a reason only
   * without the reconcile.
   */
  payout_block_reason_after_reconcile: z.string().nullable().optional(),
  /**
   * The lines the booking would have once reconciled (gross := transaction_amount), as the commission
   * engine would store them (rates resolved again, what was paid kept), in the order a payout allocates
   * them: the screen previews a reconcile-then-pay with `planPayout` on these, as the server pays it.
   * `id` is null for a line the reconcile would create. Null when a reconcile would not recompute them.
   */
  lines_after_reconcile: z
    .array(
      z.object({
        id: z.number().nullable(),
        agent_id: z.number(),
        percentage: percentOut,
        amount: moneyOut,
        paid_amount: moneyOut,
        has_gst: z.boolean(),
      }),
    )
    .nullable(),
});
export type PayoutSearchBooking = z.output<typeof payoutSearchBookingSchema>;

export const bulkPayoutSearchResponseSchema = success({
  bookings: z.array(payoutSearchBookingSchema),
  /** The search stops at this many bookings (the screen says so when it is reached). */
  limit: z.number(),
});

export const bulkResultItemSchema = z.object({
  booking_id: z.number(),
  booking_reference: z.string(),
  status: z.enum(['success', 'error']),
  message: z.string(),
});

export const bulkPayoutResponseSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  results: z.array(bulkResultItemSchema),
  /** The payout records written (one per currency of the run; none when nothing was paid). */
  payout_ids: z.array(z.number()),
});
export type BulkPayoutResponse = z.output<typeof bulkPayoutResponseSchema>;

export const payoutRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  total_amount: moneyOut,
  payout_date: dateOut,
  currency_code: z.string(),
  currency_symbol: z.string(),
  kind: z.enum(['single', 'bulk']),
  booking_count: z.number(),
  item_count: z.number(),
  created_by: z.string().nullable(),
  created_at: timestampOut,
});

/** `GET /api/payouts` (spec: payouts under the key `payouts`, newest first), paged for the history page. */
export const payoutListResponseSchema = z.object({
  status: z.literal('success'),
  payouts: z.array(payoutRecordSchema),
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
});

/** `GET /api/payouts/{id}`: a payout record with its items. */
export const payoutDetailResponseSchema = success({
  payout: payoutRecordSchema,
  items: z.array(
    z.object({
      id: z.number(),
      booking_id: z.number(),
      booking_reference: z.string(),
      booking_date: dateOut,
      supplier_name: z.string(),
      agent_id: z.number(),
      agent_name: z.string(),
      gross_portion: moneyOut,
      percentage: percentOut,
      commission: moneyOut,
      gst: moneyOut,
      total: moneyOut,
    }),
  ),
});
