/**
 * What the bulk payout / reconcile screen's selection gives the agents (agents-transactions-payouts §4, §5):
 * each row's payout as the server will plan it (the domain's `planPayout`), the grosses a reconcile lowers,
 * and the per-currency Commission Summary.
 */
import {
  absMoney,
  customCommissionProblem,
  HUNDRED_PERCENT,
  parseMoney,
  planPayout,
  sumMoney,
  type Cents,
  type MoneyItem,
  type PayoutItem,
  type PayoutLine,
  type Percent,
} from '@app/domain';
import type { SearchBooking } from '../api/payouts-api';
import type { BulkMode } from './bulk-filters';
import { checkCustom, rowAmountProblem, rowBlockReason, type RowState } from './bulk-row';
import type { Selection } from './bulk-state';
import { centsOf, percentOf, toPayoutLine } from './money';

/**
 * What a payout of this row pays from: the booking's gross and lines, or after a reconcile the received
 * amount as the gross and the lines the commission engine gives it there (`lines_after_reconcile`, from
 * the search); null when the server did not say what they would be. A line the reconcile would create
 * has no id yet: it gets a negative one here (no custom percentage can name it, as on the server).
 */
export function payoutBasis(b: SearchBooking, reconcile: boolean): { gross: Cents; lines: PayoutLine[] } | null {
  if (!reconcile) return { gross: centsOf(b.booking_amount), lines: b.actual_commissions.map(toPayoutLine) };
  if (!b.lines_after_reconcile) return null;
  return {
    gross: centsOf(b.transaction_amount),
    lines: b.lines_after_reconcile.map((l, i) => toPayoutLine({ ...l, id: l.id ?? -(i + 1) })),
  };
}

/**
 * The items this row's payout pays, exactly as the server will pay them (its `planPayout` on the same
 * lines: after a reconcile, the engine's lines at the received amount), or null when it cannot be told
 * here: an amount or custom commission with a problem, or a reconcile whose lines the search did not give.
 */
export function plannedItems(b: SearchBooking, row: RowState, gstRate: Percent): PayoutItem[] | null {
  if (rowBlockReason(b, row) !== null || rowAmountProblem(b, row) !== null) return null;
  const amount = parseMoney(row.amount);
  if (!amount.ok) return null;
  const basis = payoutBasis(b, row.reconcile);
  if (!basis) return null;
  let custom: Map<number, Percent> | undefined;
  if (row.custom) {
    const check = checkCustom(b, row);
    if (check.problem || !check.percents) return null;
    // The server checks the custom percentages against the lines it pays (after a reconcile, the new ones).
    const lineIds = basis.lines.map((l) => l.id);
    if (customCommissionProblem(b.booking_reference, lineIds, check.percents, check.company)) return null;
    custom = check.percents;
  }
  return planPayout({
    gross: basis.gross,
    paidBefore: centsOf(b.paid_amount),
    amount: amount.value,
    lines: basis.lines,
    gstRate,
    custom,
  });
}

/** The agents' commission of a booking (its lines, GST excluded). */
export const agentCommission = (b: SearchBooking): Cents =>
  sumMoney(b.actual_commissions.map((l) => centsOf(l.amount)));

/** The company's share of a booking's commission: 100 − the lines' percentages. */
export const companyPercent = (b: SearchBooking): Percent =>
  (HUNDRED_PERCENT - b.actual_commissions.reduce((a, l) => a + percentOf(l.percentage), 0n)) as Percent;

export const currencyOf = (b: SearchBooking) => b.supplier.currency_code;

/** Whether processing this row reconciles its booking (gross := received): every row in reconcile mode. */
export const reconciles = (row: RowState, mode: BulkMode) => mode === 'reconcile' || row.reconcile;

export interface GrossDrop {
  booking: SearchBooking;
  currency: string;
  /** The gross now and after the reconcile (the received amount). */
  from: Cents;
  to: Cents;
  /** How much of the gross the reconcile gives up (positive): it can never be paid. */
  drop: Cents;
}

/**
 * The selected bookings whose gross a reconcile would lower (the received amount is less than the gross;
 * for a refund, closer to zero): what they give up can never be paid, so the screen asks before sending.
 */
export function grossDrops(selection: Selection, mode: BulkMode) {
  const out: GrossDrop[] = [];
  for (const { booking, row } of selection) {
    if (!reconciles(row, mode)) continue;
    const from = centsOf(booking.booking_amount);
    const to = centsOf(booking.transaction_amount);
    // Towards zero (or past it) from the gross: a refund's gross drops when it comes closer to zero.
    if (from >= 0n ? to >= from : to <= from) continue;
    out.push({ booking, currency: currencyOf(booking), from, to, drop: absMoney((from - to) as Cents) });
  }
  return out;
}

export interface SelectionSummary {
  count: number;
  /** Payout amounts (payout mode) or reconcile amounts (reconcile mode), per currency. */
  amounts: MoneyItem[];
  /** Payout mode: what the agents receive (commission, GST). Reconcile mode: their commission before it. */
  commission: MoneyItem[];
  /** Reconcile mode: the agents' commission once reconciled (the engine's lines at the received amount). */
  commissionAfter: MoneyItem[];
  /** Selected bookings whose items cannot be told here (an amount, a percentage or a Reconcile box to fix). */
  notPreviewed: number;
}

/** The Commission Summary of the selection; amounts are never added across currencies. */
export function selectionSummary(selection: Selection, mode: BulkMode, gstRate: Percent | null): SelectionSummary {
  const summary: SelectionSummary = {
    count: selection.length,
    amounts: [],
    commission: [],
    commissionAfter: [],
    notPreviewed: 0,
  };
  for (const { booking, row } of selection) {
    const currency = currencyOf(booking);
    if (mode === 'reconcile') {
      summary.amounts.push({ currency, amount: centsOf(booking.transaction_amount) });
      summary.commission.push({ currency, amount: agentCommission(booking) });
      const after = payoutBasis(booking, true);
      if (after) summary.commissionAfter.push({ currency, amount: sumMoney(after.lines.map((l) => l.amount)) });
      else summary.notPreviewed += 1;
      continue;
    }
    const amount = parseMoney(row.amount);
    if (amount.ok) summary.amounts.push({ currency, amount: amount.value });
    const items = gstRate === null ? null : plannedItems(booking, row, gstRate);
    if (!items) {
      summary.notPreviewed += 1;
      continue;
    }
    for (const item of items) summary.commission.push({ currency, amount: item.commission, gst: item.gst });
  }
  return summary;
}
