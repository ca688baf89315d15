/**
 * Payouts (DOMAIN.md "Payouts"): a payout settles part of a booking's gross commission; each agent line
 * receives its share of that part (plus GST for `has_gst` agents); the company keeps the rest.
 * The items a payout pays are payout-plan.ts's; its messages payout-messages.ts's.
 */
import type { Cents } from '../money/money';
import type { TransactionMatchStatus } from '../bookings/booking-rules';
import { PAYOUT_MESSAGES } from './payout-messages';

/**
 * `available_amount` = (reconciled ? gross : the part of the net received up to gross) − paid_amount.
 * "Up to gross" is towards zero from gross: for a refund (negative gross) the received net is between
 * gross and 0.
 */
export function availableAmount(input: {
  gross: Cents;
  paid: Cents;
  net: Cents;
  reconciled: boolean;
  /**
   * What other bookings of the same supplier and reference (same sign, cancelled ones included) were
   * paid out of the money received on it. DOMAIN.md "Money invariants" 2: a payout never takes what was
   * paid on a reference above the net received on it, so this booking can draw at most net − that.
   */
  paidOnReferenceByOthers?: Cents;
}): Cents {
  const { gross, paid, net, reconciled } = input;
  let received: bigint;
  if (reconciled) received = gross;
  else if (gross >= 0n) received = net < 0n ? 0n : net > gross ? gross : net;
  else received = net > 0n ? 0n : net < gross ? gross : net;
  // Never above the net received on the reference, less what other bookings of it were paid; a reconciled
  // booking too (its payment can be corrected after the reconcile), never past 0 (nothing received is
  // nothing to pay, not a debt of the agents).
  const left = net - (input.paidOnReferenceByOthers ?? 0n);
  if (gross >= 0n ? left < received : left > received)
    received = gross >= 0n ? (left < 0n ? 0n : left) : left > 0n ? 0n : left;
  return (received - paid) as Cents;
}

/** Why `amount` cannot be paid out of a booking with this gross and available amount, or null. */
export function payoutAmountProblem(amount: Cents, gross: Cents, available: Cents): string | null {
  if (gross < 0n) {
    if (amount >= 0n) return PAYOUT_MESSAGES.refundNotNegative;
    if (amount < available) return PAYOUT_MESSAGES.exceeds(available);
    return null;
  }
  if (amount <= 0n) return PAYOUT_MESSAGES.notPositive;
  if (amount > available) return PAYOUT_MESSAGES.exceeds(available);
  return null;
}

/**
 * DOMAIN.md "Money invariants" 2: a booking paid more than was received on it (its supplier reversed or
 * took back money that funded a payout) has an available amount of the other sign than its gross: it is
 * overpaid, and what is owed back is clawed back.
 */
export const isOverpaid = (gross: Cents, available: Cents): boolean => (gross >= 0n ? available < 0n : available > 0n);

/**
 * An overpaid booking that is not cancelled (a cancelled one keeps what was paid and has nothing payable)
 * is clawed back, whatever its transactions now say: the money that funded it went back to the supplier.
 */
export const isClawback = (bookingStatus: string, gross: Cents, available: Cents): boolean =>
  bookingStatus !== 'cancelled' && isOverpaid(gross, available);

/** Why the booking cannot be paid out now knowing its available amount (`can_payout`): a clawback can. */
export const payoutBlockReasonAt = (e: PayoutEligibility, available: Cents): string | null =>
  isClawback(e.booking_status, e.gross, available) ? null : payoutBlockReason(e);

/** Why `amount` cannot claw back from an overpaid booking (between `available` and 0), or null. */
export function clawbackProblem(amount: Cents, available: Cents): string | null {
  const inside = available < 0n ? amount < 0n && amount >= available : amount > 0n && amount <= available;
  return inside ? null : PAYOUT_MESSAGES.clawbackOnly(available);
}

/** The amount rule of a payout of this booking: a clawback when it is overpaid, else {@link payoutAmountProblem}. */
export const singlePayoutAmountProblem = (amount: Cents, gross: Cents, available: Cents): string | null =>
  isOverpaid(gross, available) ? clawbackProblem(amount, available) : payoutAmountProblem(amount, gross, available);

/** The booking's status after a payout: partial while anything of the gross remains, else completed. */
export function statusAfterPayout(gross: Cents, paidAfter: Cents): 'partial' | 'completed' | 'confirmed' {
  if (gross - paidAfter === 0n) return 'completed';
  // A clawback that takes back everything paid leaves a booking with nothing paid (DOMAIN.md invariant 1).
  return paidAfter === 0n ? 'confirmed' : 'partial';
}

export interface PayoutOutcome {
  /** The gross settled once this payout is made (bookings.paid_amount after it). */
  paid: Cents;
  /** gross − paid after it. */
  remaining: Cents;
  status: 'partial' | 'completed' | 'confirmed';
  /** Something of the gross remains (DOMAIN.md "Payouts": the response's `is_partial`). */
  is_partial: boolean;
}

/**
 * What a payout of `amount` leaves of a booking (DOMAIN.md "Payouts": partial if remaining ≠ 0, else
 * completed). The server answers with it and the payout modal's Partial payment box shows it: the
 * result follows from the amount, it is not a choice.
 */
export function payoutOutcome(gross: Cents, paidBefore: Cents, amount: Cents): PayoutOutcome {
  const paid = (paidBefore + amount) as Cents;
  const remaining = (gross - paid) as Cents;
  return { paid, remaining, status: statusAfterPayout(gross, paid), is_partial: isPartialPayout(remaining) };
}

/** A payout is partial when it leaves something of the booking to pay (or to claw back). */
export const isPartialPayout = (remaining: Cents): boolean => remaining !== 0n;

/** What a payout needs to know about a booking and the transactions matched to it (DOMAIN.md "Matching"). */
export interface PayoutEligibility {
  booking_status: string;
  gross: Cents;
  /** The booking's match status against its transactions. */
  match_status: TransactionMatchStatus;
  has_completed_credit: boolean;
  has_completed_debit: boolean;
  /**
   * Other live bookings of the same supplier with the same reference and a gross of the same sign
   * (DOMAIN.md "Money invariants" 2). Absent: not known, taken as none.
   */
  duplicate_booking_ids?: readonly number[];
}

/**
 * Why the booking cannot be paid out now, or null (`can_payout`): the booking is not completed or
 * cancelled, its match status is `match` or `partial`, and a matched completed credit arrived (for a
 * refund booking: a matched completed debit went back to the supplier).
 */
export function payoutBlockReason(e: PayoutEligibility): string | null {
  if (e.booking_status === 'completed' || e.booking_status === 'cancelled')
    return PAYOUT_MESSAGES.notPayable(e.booking_status);
  if (e.duplicate_booking_ids?.length) return PAYOUT_MESSAGES.duplicateReference(e.duplicate_booking_ids);
  if (e.match_status !== 'match' && e.match_status !== 'partial') return PAYOUT_MESSAGES.notMatched(e.match_status);
  if (e.gross < 0n ? !e.has_completed_debit : !e.has_completed_credit)
    return e.gross < 0n ? PAYOUT_MESSAGES.noDebit : PAYOUT_MESSAGES.noCredit;
  return null;
}

/**
 * Why this payout of `amount` must be refused, or null; the first problem in this order: a cancelled
 * booking; a completed one (said as the amount that exceeds what is left, so a second payout of a
 * booking just paid in full hears 'cannot exceed the maximum available amount (0.00)'); the
 * transactions; the amount; agents without an account.
 */
export function payoutRefusal(
  input: PayoutEligibility & { amount: Cents; available: Cents; agents_without_accounts: number },
): string | null {
  if (isClawback(input.booking_status, input.gross, input.available))
    return (
      clawbackProblem(input.amount, input.available) ??
      (input.agents_without_accounts > 0 ? PAYOUT_MESSAGES.agentsWithoutAccounts : null)
    );
  if (input.booking_status === 'completed')
    return payoutAmountProblem(input.amount, input.gross, input.available) ?? PAYOUT_MESSAGES.notPayable('completed');
  return (
    payoutBlockReason(input) ??
    payoutAmountProblem(input.amount, input.gross, input.available) ??
    (input.agents_without_accounts > 0 ? PAYOUT_MESSAGES.agentsWithoutAccounts : null)
  );
}

/**
 * A commission line's status after a payout brought its paid commission to `paidAfter`: 'paid' once the
 * whole amount is paid (a line of 0 only when the booking is completed), else unchanged. DOMAIN.md "Money
 * invariants" 3: once the booking is completed every line is 'paid', also a line a custom split paid more
 * or less than its amount (it keeps its amount and percentage; its paid_amount says what was paid).
 */
export function lineStatusAfterPayout(
  line: { amount: Cents; status: string },
  paidAfter: Cents,
  bookingStatusAfter: 'partial' | 'completed' | 'confirmed',
): string {
  if (bookingStatusAfter === 'completed') return 'paid';
  if (paidAfter === line.amount && line.amount !== 0n) return 'paid';
  // A clawback reopened a paid line.
  return line.status === 'paid' ? 'confirmed' : line.status;
}

/**
 * Bulk payouts' Reconcile box (agents spec §4 "Payout screen"): why the booking could not be paid out
 * even if it were reconciled in the same step, or null. A reconcile makes the gross the net received, so
 * the money then matches (several transactions not all partial stay `multiple_transactions`) and what is
 * available is the net less what was paid. A reconcile that would turn a booking into a refund (or a
 * refund into a booking), or leave nothing to pay, is no way to pay it.
 */
export function payoutBlockReasonAfterReconcile(
  e: PayoutEligibility & {
    matched_count: number;
    net: Cents;
    paid: Cents;
    /** What other bookings of the reference were paid out of the money received on it. */
    paid_on_reference_by_others: Cents;
  },
): string | null {
  const problem = reconcileProblem({ ...e, expectedNet: null });
  if (problem) return problem;
  if (e.net === 0n || e.net < 0n !== e.gross < 0n) return PAYOUT_MESSAGES.nothingAvailable;
  const reason = payoutBlockReason({
    ...e,
    gross: e.net,
    match_status: e.match_status === 'multiple_transactions' ? e.match_status : 'match',
  });
  if (reason) return reason;
  const available = availableAmount({
    gross: e.net,
    paid: e.paid,
    net: e.net,
    reconciled: true,
    paidOnReferenceByOthers: e.paid_on_reference_by_others,
  });
  return available === 0n || isOverpaid(e.net, available) ? PAYOUT_MESSAGES.nothingAvailable : null;
}

/**
 * DOMAIN.md "Money invariants" 1: a reconcile that leaves nothing remaining (the new gross, the net
 * received, equals what was already paid out) completes the booking; otherwise its status stays.
 */
export function statusAfterReconcile<S extends string>(status: S, newGross: Cents, paid: Cents): S | 'completed' {
  return newGross === paid ? 'completed' : status;
}

/** DOMAIN.md "Money invariants" 6: a payout is dated on or before today (the server's clock). */
export function payoutDateProblem(date: string, today: string): string | null {
  return date > today ? PAYOUT_MESSAGES.futureDate(today) : null;
}

/**
 * Why a booking cannot be reconciled (gross := the net received, DOMAIN.md "Payouts"), or null: not
 * completed or cancelled, something matched, the net the screen showed (`expectedNet`, when sent) is
 * still the net, and the new gross does not fall below what was already paid out (paid money is never
 * rewritten).
 */
export function reconcileProblem(input: {
  booking_status: string;
  matched_count: number;
  net: Cents;
  paid: Cents;
  expectedNet: Cents | null;
}): string | null {
  const { booking_status: status, net, paid } = input;
  if (status === 'completed' || status === 'cancelled') return PAYOUT_MESSAGES.notReconcilable(status);
  if (input.matched_count === 0) return PAYOUT_MESSAGES.nothingToReconcile;
  if (input.expectedNet !== null && input.expectedNet !== net) return PAYOUT_MESSAGES.receivedChanged;
  if (paid !== 0n && (paid > 0n ? net < paid : net > paid)) return PAYOUT_MESSAGES.reconcileBelowPaid(paid);
  return null;
}

/** A payout record's name is stored in at most this many characters. */
export const PAYOUT_NAME_MAX = 255;

/**
 * The default name of a single payout (bookings list): the booking, whom it pays and when, and from the
 * booking's second payout on which payment it is, so a bookkeeper tells any two apart ('Payout AC-777001 ·
 * Olivia Tremblay · 2025-11-26', then '… · 2025-11-26 · payment 2'). `earlierPayouts`: the booking's payout
 * records before this one. An agent's name is shortened with '…' so the whole fits PAYOUT_NAME_MAX.
 */
export function singlePayoutName(
  reference: string,
  agentName: string,
  payoutDate: string,
  earlierPayouts: number,
): string {
  const head = `Payout ${reference} · `;
  const tail = ` · ${payoutDate}${earlierPayouts > 0 ? ` · payment ${earlierPayouts + 1}` : ''}`;
  // Counted in code points, as PostgreSQL counts a varchar's characters.
  const room = PAYOUT_NAME_MAX - [...head].length - [...tail].length;
  const chars = [...agentName];
  const agent = chars.length <= room ? agentName : `${chars.slice(0, Math.max(0, room - 1)).join('')}…`;
  return `${head}${agent}${tail}`;
}
