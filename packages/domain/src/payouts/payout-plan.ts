/**
 * Payout items (DOMAIN.md "Payouts").
 *
 * Allocation (docs/decisions/0005-payout-allocation.md): a line's entitlement once Y of the gross G is
 * settled is its amount scaled by Y / G (rounded once per line, half away from zero). A payout item is the entitlement after
 * the payout minus what the line already received. So a payout of the whole gross pays every line
 * exactly its amount, and any sequence of partial payouts ends with every line paid exactly its amount,
 * its GST exactly round2(amount × rate): no cent is lost or paid twice between partial payouts.
 * A custom commission (bulk screen) overrides the percentages for that payout only: the items are
 * then payout × custom percentage / 100, allocated so they add up to payout × (sum of agents') / 100.
 */
import { allocate } from '../money/allocate';
import { divRoundHalfAwayFromZero, sumMoney, ZERO_CENTS, type Cents } from '../money/money';
import { applyPercent, HUNDRED_PERCENT, ZERO_PERCENT, type Percent } from '../money/percent';
import { PAYOUT_MESSAGES } from './payout-messages';

/** A booking's commission line as a payout sees it. */
export interface PayoutLine {
  /** actual_commissions.id */
  id: number;
  agent_id: number;
  /** Percentage of gross. */
  percentage: Percent;
  /** The line's commission (GST excluded) for the whole gross. */
  amount: Cents;
  /** Commission already paid on the line (GST excluded). */
  paid_amount: Cents;
  has_gst: boolean;
}

export interface PayoutItem {
  line_id: number;
  agent_id: number;
  /** The part of the payout (gross terms) this line's percentage applies to: the payout amount. */
  gross_portion: Cents;
  percentage: Percent;
  commission: Cents;
  gst: Cents;
  total: Cents;
}

export interface PayoutPlanInput {
  gross: Cents;
  /** Gross settled before this payout (bookings.paid_amount). */
  paidBefore: Cents;
  /** This payout, in gross terms. */
  amount: Cents;
  lines: readonly PayoutLine[];
  gstRate: Percent;
  /** Custom percentages by line id for this payout only (already checked with `customCommissionProblem`). */
  custom?: ReadonlyMap<number, Percent>;
}

/**
 * A line's entitlement once `settled` of `gross` is settled: round2(amount × settled / gross), half away
 * from zero, on its own. Rounded per line, it never goes down as more is settled (a running-total
 * split could take a cent back from a line between two partial payouts), and at the whole gross it is
 * the line's amount exactly.
 */
function entitlement(line: PayoutLine, gross: Cents, settled: bigint): Cents {
  if (settled === gross) return line.amount;
  if (gross === 0n) return ZERO_CENTS;
  return divRoundHalfAwayFromZero(line.amount * settled, gross) as Cents;
}

/**
 * The items of one payout of `amount` (gross terms) from a booking. Pure and exact: the same input
 * gives the same items on the browser and the server.
 */
export function planPayout(input: PayoutPlanInput): PayoutItem[] {
  const { gross, paidBefore, amount, lines, gstRate, custom } = input;
  const gstOf = (l: PayoutLine, c: Cents) => (l.has_gst ? applyPercent(c, gstRate) : ZERO_CENTS);

  // A "custom" split that gives every line its own percentage is no custom split: it pays as the lines do,
  // so a booking paid in parts ends with every line paid exactly its amount (invariants 3 and 5).
  if (custom && !lines.every((l) => custom.get(l.id) === l.percentage)) {
    const percents = lines.map((l) => custom.get(l.id) ?? ZERO_PERCENT);
    // One part per line, then the company's (allocate rounds the running total, so the lines add up to
    // payout × (sum of the agents' percentages) / 100 rounded once).
    const parts = allocate(amount, percents);
    return lines.map((l, i) => {
      const commission = parts[i]!;
      // GST on what the line has received in all, less what it received before (as below): the line's GST
      // paid is always round2(its commission paid × rate), whatever mix of payouts paid it (invariant 5).
      const gst = (gstOf(l, (l.paid_amount + commission) as Cents) - gstOf(l, l.paid_amount)) as Cents;
      return item(l, amount, percents[i]!, commission, gst);
    });
  }

  return lines.map((l) => {
    let commission = (entitlement(l, gross, paidBefore + amount) - l.paid_amount) as Cents;
    // A line already paid beyond its entitlement (its amount was lowered after a payout) gives nothing back
    // within a payout in the other direction: paid money is never rewritten.
    if ((amount > 0n && commission < 0n) || (amount < 0n && commission > 0n)) commission = ZERO_CENTS;
    const gst = (gstOf(l, (l.paid_amount + commission) as Cents) - gstOf(l, l.paid_amount)) as Cents;
    return item(l, amount, l.percentage, commission, gst);
  });
}

const item = (l: PayoutLine, amount: Cents, percentage: Percent, commission: Cents, gst: Cents): PayoutItem => ({
  line_id: l.id,
  agent_id: l.agent_id,
  gross_portion: amount,
  percentage,
  commission,
  gst,
  total: (commission + gst) as Cents,
});

/** What a payout's items add up to (what goes to agents, GST included). */
export const payoutTotal = (items: readonly PayoutItem[]): Cents => sumMoney(items.map((i) => i.total));

/**
 * Checks a custom commission: every agent percentage 0..100, agents ≤ 100, agents + company = 100 exactly,
 * and only the booking's own lines. Returns the message for the first problem, or null.
 */
export function customCommissionProblem(
  reference: string,
  lineIds: readonly number[],
  custom: ReadonlyMap<number, Percent>,
  company: Percent,
): string | null {
  for (const id of custom.keys()) if (!lineIds.includes(id)) return PAYOUT_MESSAGES.customUnknownLine(reference);
  const agents = [...custom.values()].reduce((a, p) => a + p, 0n) as Percent;
  if ([...custom.values()].some((p) => p < 0n || p > HUNDRED_PERCENT) || agents > HUNDRED_PERCENT)
    return PAYOUT_MESSAGES.customOver100(reference, agents);
  if (company < 0n || agents + company !== HUNDRED_PERCENT)
    return PAYOUT_MESSAGES.customNot100(reference, (agents + company) as Percent);
  return null;
}
