/**
 * A booking's commission lines (DOMAIN.md "Commission lines"): one line per agent earning from it.
 */
import { applyPercent, applyPercentProduct, ZERO_PERCENT, type Percent } from '../money/percent';
import { ZERO_CENTS, type Cents } from '../money/money';
import type { BookingRate } from './resolve-rate';

export type CommissionBookingStatus = 'pending' | 'confirmed' | 'partial' | 'completed' | 'cancelled';
export type CommissionLineStatus = 'pending' | 'confirmed' | 'paid' | 'cancelled';

/** The GST rate setting's default (DOMAIN.md: 5%). */
export const DEFAULT_GST_RATE = 50_000n as Percent;

/** Expected commission = round2(gross × r / 100), half away from zero: the whole agent side. */
export function expectedCommission(gross: Cents, r: Percent): Cents {
  return applyPercent(gross, r);
}

/**
 * A sub-agent's line of a booking reached through a parent agent: round2(gross × r × s / 10000), one
 * rounding (split s of the agent side r). The parent's line is the expected commission less this, so the two
 * add up to it exactly. The booking form's 'Your share' and the sub-agent's own commission in the list
 * are this amount.
 */
export function subAgentCommission(gross: Cents, r: Percent, split: Percent): Cents {
  return applyPercentProduct(gross, r, split);
}

export interface CommissionLinesInput {
  /** booking_amount: the gross commission (negative for a refund). */
  gross: Cents;
  rate: BookingRate;
  /** primary_agent_id: the booker, or the parent P for a sub-agent booking. */
  primaryAgentId: number;
  /** sub_agent_id: required when `rate.is_sub_agent`, absent otherwise. */
  subAgentId?: number | null;
  /** The GST setting (default 5%). */
  gstRate: Percent;
  /** Agents with has_gst. */
  agentsWithGst: ReadonlySet<number>;
  bookingStatus: CommissionBookingStatus;
  /** Commission already paid per agent on this booking's lines (paid_amount, GST excluded). */
  paid?: ReadonlyMap<number, Cents>;
}

export interface ComputedCommissionLine {
  agent_id: number;
  /** Percentage of gross. */
  percentage: Percent;
  amount: Cents;
  gst_amount: Cents;
  total_with_gst: Cents;
  /** What is already paid on this line (GST excluded). */
  paid_amount: Cents;
  status: CommissionLineStatus;
  /**
   * True when the rules give less than is already paid: the amount is kept at `paid_amount` instead
   * (paid money is never rewritten). The lines then add up to more than expected_commission by the overpayment.
   */
  held_at_paid: boolean;
}

// DOMAIN.md "Money invariants" 3: every line of a completed booking is paid.
const lineStatus = (booking: CommissionBookingStatus): CommissionLineStatus =>
  booking === 'pending'
    ? 'pending'
    : booking === 'cancelled'
      ? 'cancelled'
      : booking === 'completed'
        ? 'paid'
        : 'confirmed';

/**
 * Computes the lines of a booking.
 * - Direct booking: one line for the primary agent at r, amount = expected commission.
 * - Sub-agent booking: the sub-agent line first, amount = round2(gross × r × s / 10000) (one rounding),
 *   then the parent line = expected commission − sub-agent amount, so the two add up exactly to
 *   expected_commission; percentages are the rate's sub-agent and parent percentages.
 * - An agent earns from the booking when its percentage (or amount) is above 0; an agent with money already paid on
 *   the booking keeps a line whatever the new rates say (percentage 0 if it no longer earns).
 * - Paid money is never rewritten: a line's amount never moves below what is paid (towards zero, or across
 *   it); it is held at `paid_amount` and flagged `held_at_paid`.
 * - GST = round2(amount × GST rate) for agents with has_gst, else 0.
 * - Status follows the booking (pending → pending, cancelled → cancelled, confirmed/partial → confirmed,
 *   completed → paid); a line whose whole non-zero amount is paid is `paid`, also on a cancelled booking.
 */
export function computeCommissionLines(input: CommissionLinesInput): ComputedCommissionLine[] {
  const { gross, rate, primaryAgentId, subAgentId, gstRate, agentsWithGst, bookingStatus } = input;
  const paid = input.paid ?? new Map<number, Cents>();
  const r = rate.commission_percentage;
  const expected = expectedCommission(gross, r);

  const shares: { agent_id: number; percentage: Percent; amount: Cents }[] = [];
  if (rate.is_sub_agent) {
    if (subAgentId === undefined || subAgentId === null)
      throw new RangeError('a sub-agent booking needs its sub_agent_id');
    if (rate.parent_agent_id !== null && rate.parent_agent_id !== primaryAgentId) {
      throw new RangeError(
        'a sub-agent booking is registered under the parent: primary_agent_id must be parent_agent_id',
      );
    }
    if (subAgentId === primaryAgentId) throw new RangeError('an agent cannot be its own sub-agent');
    const split = rate.split_percentage ?? ZERO_PERCENT;
    const subAmount = subAgentCommission(gross, r, split);
    shares.push(
      { agent_id: subAgentId, percentage: rate.sub_agent_commission_percentage ?? ZERO_PERCENT, amount: subAmount },
      {
        agent_id: primaryAgentId,
        percentage: rate.parent_commission_percentage ?? r,
        amount: (expected - subAmount) as Cents,
      },
    );
  } else {
    if (subAgentId !== undefined && subAgentId !== null)
      throw new RangeError('only a sub-agent booking has a sub_agent_id');
    shares.push({ agent_id: primaryAgentId, percentage: r, amount: expected });
  }

  const earning = shares.filter((s) => s.percentage > 0n || s.amount !== 0n || (paid.get(s.agent_id) ?? 0n) !== 0n);
  const paidOnly = [...paid.entries()]
    .filter(([agentId, amount]) => amount !== 0n && !shares.some((s) => s.agent_id === agentId))
    .sort(([a], [b]) => a - b)
    .map(([agent_id]) => ({ agent_id, percentage: ZERO_PERCENT, amount: ZERO_CENTS }));

  return [...earning, ...paidOnly].map(({ agent_id, percentage, amount: computed }) => {
    const paidAmount = paid.get(agent_id) ?? ZERO_CENTS;
    const held = (paidAmount > 0n && computed < paidAmount) || (paidAmount < 0n && computed > paidAmount);
    const amount = held ? paidAmount : computed;
    const gst = agentsWithGst.has(agent_id) ? applyPercent(amount, gstRate) : ZERO_CENTS;
    return {
      agent_id,
      percentage,
      amount,
      gst_amount: gst,
      total_with_gst: (amount + gst) as Cents,
      paid_amount: paidAmount,
      status: paidAmount !== 0n && paidAmount === amount ? 'paid' : lineStatus(bookingStatus),
      held_at_paid: held,
    };
  });
}
