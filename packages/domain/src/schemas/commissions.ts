import { z } from 'zod';
import type { CommissionLineStatus } from '../commission/commission-lines';
import type { RateSource } from '../commission/resolve-rate';
import { isPositiveMoney, moneyFromDb } from '../money/money';
import { percentSchema } from '../money/schemas';
import { dateFilter, id, listQuery, required } from './fields';
import { dateOut, decimalOut, pageOf, percentOut, success, successData, successMessage } from './responses';

/**
 * Commission rules (spec §2–§5 "Commission form", §7 `/commissions…` calls). One schema per contract:
 * the server validates with these and the commission form uses them.
 */

export const COMMISSION_RULE_TYPES = ['tier', 'agent'] as const;
export type CommissionRuleType = (typeof COMMISSION_RULE_TYPES)[number];

export const COMMISSION_RULE_TYPE_LABELS: Record<CommissionRuleType, string> = { tier: 'Tier', agent: 'Agent' };

export const COMMISSION_CREATED = 'Commission created successfully';
export const COMMISSION_UPDATED = 'Commission updated successfully';
export const COMMISSION_DELETED = 'Commission deleted successfully';
export const INVALID_OPTION = 'The selected option is invalid.';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const commissionType = (label: string) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(COMMISSION_RULE_TYPES, {
      error: (iss) => (iss.input === undefined ? required(label) : `The selected ${label} is invalid.`),
    }),
  );

/**
 * `suppliers[]`: optional; a JSON array, a form's repeated `suppliers[]`, one value, or an empty value
 * (the spec's "create without any suppliers"). Duplicates in the request collapse to one.
 */
const supplierIds = z.preprocess(
  (v) => {
    if (isBlank(v)) return [];
    const list = Array.isArray(v) ? v : [v];
    return list.filter((item) => !isBlank(item));
  },
  z
    .array(id('supplier'), { error: 'The suppliers field must be a list of supplier ids.' })
    .max(10_000)
    .transform((ids) => [...new Set(ids)]),
);

/** `POST /commissions`, `POST /commissions/{id}` + `_method=PUT`: commission_type, general_id, percentage, suppliers[]. */
export const commissionInputSchema = z.object({
  commission_type: commissionType('commission type'),
  general_id: id('option'),
  percentage: percentSchema('percentage'),
  suppliers: supplierIds,
});
export type CommissionInput = z.infer<typeof commissionInputSchema>;

/** `GET /commissions/options?type=tier|agent`. */
export const commissionOptionsQuerySchema = z.object({ type: commissionType('type') });

export const commissionOptionSchema = z.object({ id: z.number(), name: z.string() });
export type CommissionOption = z.infer<typeof commissionOptionSchema>;

/** `GET /commissions/rates?agent_id=&supplier_id=&date=` (date optional: today, UTC). */
export const commissionRateQuerySchema = z.object({
  agent_id: id('agent id'),
  supplier_id: id('supplier id'),
  date: dateFilter('date'),
});
export type CommissionRateQuery = z.infer<typeof commissionRateQuerySchema>;

/** The spec's commission rate response (§3). */
export const commissionRateResponseSchema = z.object({
  is_sub_agent: z.boolean(),
  commission_percentage: percentOut,
  parent_commission_percentage: percentOut.nullable(),
  sub_agent_commission_percentage: percentOut.nullable(),
  split_percentage: percentOut.nullable(),
  parent_agent_id: z.number().int().nullable(),
});

export const COMMISSION_SORTS = ['owner', 'commission_type', 'percentage', 'id'] as const;

/** `GET /commissions` (JSON): paging per CONTRACT §2, `search` by owner or supplier name, `type` filter. */
export const commissionListQuerySchema = listQuery(COMMISSION_SORTS, 'owner', 25).extend({
  type: z.enum(COMMISSION_RULE_TYPES).optional().catch(undefined),
});
export type CommissionListQuery = z.infer<typeof commissionListQuerySchema>;

/** A rule as the edit form reads it (`GET /commissions/{id}`): suppliers are ids, as the form posts them. */
export const commissionRuleSchema = z.object({
  id: z.number(),
  commission_type: z.enum(COMMISSION_RULE_TYPES),
  general_id: z.number(),
  owner_name: z.string(),
  /** Decimal string, e.g. '12.50'. */
  percentage: decimalOut,
  suppliers: z.array(z.number()),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

/** A row of the list: suppliers with their names, for display. */
export const commissionListItemSchema = commissionRuleSchema.extend({
  suppliers: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CommissionListItem = z.infer<typeof commissionListItemSchema>;

/** Bookings recalculated by a change of rates: how many, and the change of expected commission per currency. */
export const recalculationSchema = z.object({
  changed: z.number().int(),
  difference: z.array(z.object({ currency_code: z.string(), amount: decimalOut })),
});
export type Recalculation = z.infer<typeof recalculationSchema>;

/**
 * What a save or delete of a rule would recalculate, worked out without writing: how many bookings,
 * how many of each status, and per currency the expected commission of those bookings before and
 * after. `changed` and each `delta` are what the save then reports as `recalculation`.
 */
export const recalculationPreviewSchema = z.object({
  changed: z.number().int(),
  by_status: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    partial: z.number().int(),
  }),
  difference: z.array(
    z.object({ currency_code: z.string(), before: decimalOut, after: decimalOut, delta: decimalOut }),
  ),
});
export type RecalculationPreview = z.infer<typeof recalculationPreviewSchema>;

/** The sentence after a save or delete: how many bookings it recalculated (as a tier change says it). */
export function bookingsRecalculatedText(changed: number): string {
  return changed === 0
    ? 'No bookings needed recalculating.'
    : `${changed} ${changed === 1 ? 'booking' : 'bookings'} recalculated.`;
}

/**
 * How a message writes an amount of money in a currency: '300.00 CAD' on the server (plain text, the
 * code); the browser passes its own ('CA$300.00').
 */
export type MoneyWriter = (amount: string, currencyCode: string) => string;
const amountAndCode: MoneyWriter = (amount, currencyCode) => `${amount} ${currencyCode}`;

/**
 * The sentence after a recalculation (DOMAIN.md "Tier changes": how many bookings changed and by how
 * much): '2 bookings recalculated: agent commission +300.00 CAD, -12.50 GBP.' Per currency, the change of
 * the agents' expected commission, exact and signed (never added across currencies).
 */
export function recalculationResultText(recalculation: Recalculation, money: MoneyWriter = amountAndCode): string {
  const { changed, difference } = recalculation;
  if (changed === 0 || difference.length === 0) return bookingsRecalculatedText(changed);
  const changes = difference.map(
    (d) => `${isPositiveMoney(moneyFromDb(d.amount)) ? '+' : ''}${money(d.amount, d.currency_code)}`,
  );
  return `${changed} ${changed === 1 ? 'booking' : 'bookings'} recalculated: agent commission ${changes.join(', ')}.`;
}

/* ----------------------------------------------------------------------------------- responses */

/** `GET /commissions` (JSON). */
export const commissionListResponse = pageOf(commissionListItemSchema);

/** `GET /commissions/options?type=`. */
export const commissionOptionsResponse = successData(z.array(commissionOptionSchema));

/** `GET /commissions/{id}`. */
export const commissionResponse = successData(commissionRuleSchema);

/** `POST /commissions`, `POST /commissions/{id}` + `_method=PUT`: the rule and the bookings it recalculated. */
export const commissionSavedResponse = successMessage({
  data: commissionRuleSchema,
  recalculation: recalculationSchema,
});

/** `POST /commissions/{id}` + `_method=DELETE`. */
export const commissionDeletedResponse = successMessage({ recalculation: recalculationSchema });

/**
 * `POST /commissions/preview` (a new rule), `POST /commissions/{id}/preview` (an edit; both take the
 * save's JSON) and `GET /commissions/{id}/delete-preview`: what the save would recalculate. Nothing is written.
 */
export const commissionPreviewResponse = successData(recalculationPreviewSchema);

export const RATE_SOURCES = [
  'agent_rule',
  'tier_rule',
  'agent_default',
  'none',
] as const satisfies readonly RateSource[];
export const COMMISSION_LINE_STATUSES = [
  'pending',
  'confirmed',
  'paid',
  'cancelled',
] as const satisfies readonly CommissionLineStatus[];

/** One line of arithmetic of an explanation: `exact` unrounded, `rounded` the amount kept. */
const explanationStepSchema = z.object({
  label: z.string(),
  exact: decimalOut,
  rounded: decimalOut,
  was_rounded: z.boolean(),
  text: z.string(),
});

const agentRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * `GET /bookings/{id}/commission-explanation`: the booking's stored rate and where it came from, the
 * split and the one rounding (the domain's `explainExpectedCommission`), with its stored commission lines.
 * Amounts and percentages are the exact stored decimals as text.
 */
export const commissionExplanationResponse = success({
  data: z.object({
    booking_id: z.number().int(),
    booking_reference: z.string(),
    booking_date: dateOut,
    supplier_name: z.string(),
    currency_code: z.string(),
    booking_amount: decimalOut,
    stored_expected_commission: decimalOut,
    /** False when the stored number no longer follows from the stored rate. */
    is_consistent: z.boolean(),
    agents: z.object({ primary: agentRef, parent: agentRef.nullable(), sub_agent: agentRef.nullable() }),
    source: z.enum(RATE_SOURCES),
    source_text: z.string(),
    percentage: decimalOut,
    is_sub_agent: z.boolean(),
    split_percentage: decimalOut.nullable(),
    sub_agent_percentage: decimalOut.nullable(),
    parent_percentage: decimalOut.nullable(),
    expected_commission: explanationStepSchema,
    sub_agent: explanationStepSchema.nullable(),
    parent: explanationStepSchema.nullable(),
    company: explanationStepSchema,
    lines: z.array(z.string()),
  }),
  lines: z.array(
    z.object({
      agent_id: z.number().int(),
      agent_name: z.string(),
      role: z.string(),
      percentage: decimalOut,
      amount: decimalOut,
      gst_amount: decimalOut,
      total_with_gst: decimalOut,
      paid_amount: decimalOut,
      status: z.enum(COMMISSION_LINE_STATUSES),
      payment_date: dateOut.nullable(),
    }),
  ),
});
export type CommissionExplanationResponse = z.output<typeof commissionExplanationResponse>;
