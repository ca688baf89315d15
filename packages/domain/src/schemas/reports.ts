/**
 * The commission reports dashboard contract (bookings-and-commissions §2 "Commission reports dashboard",
 * §3 "Commission summary", §6 report filters row, §7 `/api/reports/*`, §9 default range; DOMAIN.md
 * "Report cards"; issue 14). Requests are validated by the server with these schemas; responses are what
 * the server answers (checked in the API tests) and what the web client's types come from.
 *
 * The spec's four states are DOMAIN.md's four cards:
 * - `pending`   = Future Commissions: the lines of bookings not yet completed or cancelled, each what the
 *                 part of the gross neither paid nor available now will still pay it (after Next Payout):
 *                 a booking received in part is in Future and in Next Payout.
 * - `confirmed` = Next Payout: the agent share of `available_amount` of the bookings that can be paid out
 *                 now (what a payout of the whole available amount would pay each line).
 * - `paid`      = Past Commissions: the payout items whose payout date is in the range.
 * - `cancelled` = Cancelled Commissions (admins only): the lines of cancelled bookings.
 * The date range is on the booking date, except Past Commissions: on the payout date.
 */
import { z } from 'zod';
import { dateFilter, idFilter, idList, MAX_ID } from './fields';
import { REPORT_DATES_ORDER } from './report-files';
import { dateOut, moneyOut, pageOf, percentOut, success, successData } from './responses';

/* ------------------------------------------------------------------ requests */

/** The most suppliers one filter may name. */
export const REPORT_MAX_SUPPLIERS = 500;

const isBlank = (v: unknown) => v === '' || v === null || v === undefined;

/** Every value sent, whatever the spelling: a list, repeated keys, or a comma list ('1,2'). */
function supplierValues(...sent: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of sent) {
    if (isBlank(v)) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === 'string') out.push(...item.split(',').map((s) => s.trim()));
      else out.push(item);
    }
  }
  return out.filter((x) => x !== '');
}

const supplierList = idList('The selected suppliers are invalid.', {
  max: REPORT_MAX_SUPPLIERS,
  maxMessage: `At most ${REPORT_MAX_SUPPLIERS} suppliers can be selected.`,
});

/** The filters every dashboard call takes (§7). Dates are optional: the server fills 30 days ago → tomorrow. */
const reportFilterShape = {
  start_date: dateFilter('start date'),
  end_date: dateFilter('end date'),
  booking_group_id: idFilter('booking group'),
  /** Admins: the lines of this agent. A non-admin is always limited to their own agent whatever is sent. */
  agent_id: idFilter('agent'),
  /** `include_suppliers[]=1&include_suppliers[]=2`, `include_suppliers=1&include_suppliers=2` or `include_suppliers=1,2`. */
  include_suppliers: z.unknown().optional(),
  'include_suppliers[]': z.unknown().optional(),
  /** Admins only (§6): the line's agent's country, state, current tier. Ignored for non-admins. */
  country_id: idFilter('country'),
  state_id: idFilter('state'),
  tier_id: idFilter('tier'),
  /** Past Commissions: that payout's items only; the other cards: the bookings that payout paid. */
  payout_id: idFilter('payout'),
};

/** Checks start ≤ end when both are sent, and reads the suppliers list (into `include_suppliers`). */
function refineFilters<T extends { start_date?: string | undefined; end_date?: string | undefined }>(
  v: T & { include_suppliers?: unknown; 'include_suppliers[]'?: unknown },
  ctx: z.RefinementCtx,
) {
  if (v.start_date !== undefined && v.end_date !== undefined && v.start_date > v.end_date)
    ctx.addIssue({ code: 'custom', path: ['start_date'], message: REPORT_DATES_ORDER, input: v.start_date });
  const suppliers = supplierList.safeParse(supplierValues(v.include_suppliers, v['include_suppliers[]']));
  if (!suppliers.success)
    for (const issue of suppliers.error.issues)
      ctx.addIssue({ code: 'custom', path: ['include_suppliers'], message: issue.message, input: v.include_suppliers });
}

function toFilters<T extends { include_suppliers?: unknown; 'include_suppliers[]'?: unknown }>(v: T) {
  const { 'include_suppliers[]': bracketed, include_suppliers, ...rest } = v;
  const parsed = supplierList.safeParse(supplierValues(include_suppliers, bracketed));
  return { ...rest, include_suppliers: parsed.success ? parsed.data : [] };
}

/** `GET /api/reports/commission-summary` (and the charts, the next-payout PDF): the dashboard filters. */
export const reportFiltersSchema = z.object(reportFilterShape).superRefine(refineFilters).transform(toFilters);
export type ReportFilters = z.output<typeof reportFiltersSchema>;
/** What the web sends (every field optional). */
export type ReportFiltersInput = Partial<
  Record<Exclude<keyof typeof reportFilterShape, 'include_suppliers[]' | 'include_suppliers'>, string | number>
> & { include_suppliers?: readonly (string | number)[] };

/** The cards (the spec's states) in the order the dashboard shows them. */
export const REPORT_CARDS = ['pending', 'confirmed', 'paid', 'cancelled'] as const;
export type ReportCard = (typeof REPORT_CARDS)[number];

/** The dashboard's names for the cards (DOMAIN.md "Report cards"). */
export const REPORT_CARD_TITLES: Record<ReportCard, string> = {
  pending: 'Future Commissions',
  confirmed: 'Next Payout',
  paid: 'Past Commissions',
  cancelled: 'Cancelled Commissions',
};

export const REPORT_LINE_SORTS = [
  'booking_date',
  'booking_reference',
  'customer_name',
  'supplier',
  'agent',
  'percentage',
  'amount',
  'total',
  'payout_date',
] as const;
export type ReportLineSort = (typeof REPORT_LINE_SORTS)[number];
export const REPORT_PER_PAGE = [10, 25, 50, 100] as const;

/** `GET /api/reports/{pending,confirmed,paid,cancelled}-bookings`: the filters plus paging and sorting. */
export const reportLinesQuerySchema = z
  .object({
    ...reportFilterShape,
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    per_page: z.coerce
      .number()
      .int()
      .refine((n) => (REPORT_PER_PAGE as readonly number[]).includes(n))
      .catch(10),
    /** `payout_date` sorts Past Commissions by payout date; the other cards by booking date. */
    sort: z.enum(REPORT_LINE_SORTS).catch('booking_date'),
    direction: z.enum(['asc', 'desc']).catch('desc'),
  })
  .superRefine(refineFilters)
  .transform(toFilters);
export type ReportLinesQuery = z.output<typeof reportLinesQuerySchema>;

/** `GET /api/reports/available-payouts`: the payout filter's options. */
export const availablePayoutsQuerySchema = z
  .object({ start_date: dateFilter('start date'), end_date: dateFilter('end date') })
  .superRefine((v, ctx) => {
    if (v.start_date !== undefined && v.end_date !== undefined && v.start_date > v.end_date)
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: REPORT_DATES_ORDER, input: v.start_date });
  });
export type AvailablePayoutsQuery = z.output<typeof availablePayoutsQuerySchema>;

/* ----------------------------------------------------------------- responses */

/** One currency's total of a card (§3): never added across currencies. */
export const reportCurrencyTotalSchema = z.object({
  currency_symbol: z.string(),
  currency_code: z.string(),
  /** Commission, GST excluded. */
  total: moneyOut,
  gst_total: moneyOut,
  total_with_gst: moneyOut,
});
export type ReportCurrencyTotal = z.output<typeof reportCurrencyTotalSchema>;

const perCard = <T extends z.ZodType>(item: T) =>
  z.object({ pending: item, confirmed: item, paid: item, cancelled: item });

/** `GET /api/reports/commission-summary`: counts (bookings in each card) and per-currency totals. */
export const commissionSummaryResponseSchema = success({
  counts: perCard(z.number().int().min(0)),
  totals: perCard(z.array(reportCurrencyTotalSchema)),
});
export type CommissionSummaryResponse = z.output<typeof commissionSummaryResponseSchema>;

/** One line of a card's detail: a commission line (future, next, cancelled) or a payout item (past). */
export const reportLineSchema = z.object({
  /** The commission line (pending, confirmed, cancelled) or the payout item (paid). */
  id: z.number().int().min(1).max(MAX_ID),
  booking_id: z.number().int(),
  booking_reference: z.string(),
  booking_date: dateOut,
  customer_name: z.string(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  /** The gross the percentage applies to: the gross neither paid nor available (future), available (next), the item's portion (paid), the gross (cancelled). */
  gross_amount: moneyOut,
  percentage: percentOut,
  /** Commission, GST excluded. */
  amount: moneyOut,
  gst_amount: moneyOut,
  total: moneyOut,
  currency_code: z.string(),
  currency_symbol: z.string(),
  /** Past Commissions only (null elsewhere). */
  payout_id: z.number().int().nullable(),
  payout_name: z.string().nullable(),
  payout_date: dateOut.nullable(),
});
export type ReportLine = z.output<typeof reportLineSchema>;

/** A card's detail: its lines (one page, sorted) and `commission_totals` of the whole card, per currency. */
export const reportLinesResponseSchema = success({
  bookings: pageOf(reportLineSchema),
  /** Bookings in the card (as in the summary's counts). */
  count: z.number().int().min(0),
  commission_totals: z.array(reportCurrencyTotalSchema),
});
export type ReportLinesResponse = z.output<typeof reportLinesResponseSchema>;

/** `GET /api/reports/commission-charts` (beyond the contract): per currency, commission GST excluded. */
export const commissionChartsResponseSchema = successData(
  z.array(
    z.object({
      currency_code: z.string(),
      currency_symbol: z.string(),
      /** Every month from the first to the last with money, per card (`cancelled` is 0 for non-admins). */
      by_month: z.array(
        z.object({ month: z.string(), pending: moneyOut, confirmed: moneyOut, paid: moneyOut, cancelled: moneyOut }),
      ),
      /** Future + Next Payout + Past (not cancelled) per agent: the top 10, then 'Others' (agent_id null). */
      by_agent: z.array(z.object({ agent_id: z.number().int().nullable(), name: z.string(), total: moneyOut })),
      /** The same per supplier: the top 10, then 'Others' (supplier_id null). */
      by_supplier: z.array(z.object({ supplier_id: z.number().int().nullable(), name: z.string(), total: moneyOut })),
    }),
  ),
);
export type CommissionChartsResponse = z.output<typeof commissionChartsResponseSchema>;

/** `GET /api/reports/available-payouts`: newest first; an agent's total is what the payout paid them. */
export const availablePayoutsResponseSchema = successData(
  z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      payout_date: dateOut,
      currency_code: z.string(),
      total_amount: moneyOut,
    }),
  ),
);
export type AvailablePayoutsResponse = z.output<typeof availablePayoutsResponseSchema>;
