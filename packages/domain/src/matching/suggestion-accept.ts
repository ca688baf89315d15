/**
 * Accepting match suggestions (issue 24 §1): the pure rules. The server applies them under its locks.
 * - A credit accepted for one booking takes the booking's reference, whole.
 * - A credit accepted for several bookings (a split) becomes one transaction per booking: amounts from their
 *   gross when those add up to the credit exactly, else the amounts the admin entered, which must add up to
 *   it exactly. The parts always add up to the credit: no cent appears or disappears.
 * - 'Accept all above N' takes, per credit, the best suggestion when it is at N or more and clearly ahead of
 *   the next (isAutoAccept), never one below the admin's auto-accept threshold, and never two credits for one
 *   booking (DOMAIN.md "Money invariants" 2: supplier money funds a booking once; both are left to a person).
 */
import { moneyToString, sumMoney, type Cents } from '../money/money';
import { isAutoAccept, type CandidateBooking, type RankedCandidate } from './suggestion-score';

/** The most bookings one credit may be split across. */
export const MAX_SPLIT_BOOKINGS = 10;
/** The lowest auto-accept threshold an admin may set (the measured precision holds at 90). */
export const MIN_AUTO_ACCEPT_SCORE = 50;
/** The most credits one 'Accept all' previews or applies. */
export const ACCEPT_ALL_MAX_CREDITS = 1000;

export const ACCEPT_MESSAGES = {
  grossDoesNotAddUp: (gross: Cents, credit: Cents) =>
    `The bookings' gross adds up to ${moneyToString(gross)}, not the credit's ${moneyToString(credit)}: enter the amount each booking takes.`,
  amountsCount: (bookings: number) => `Enter one amount for each of the ${bookings} bookings.`,
  amountsDoNotAddUp: (sum: Cents, credit: Cents) =>
    `The amounts add up to ${moneyToString(sum)}, not the credit's ${moneyToString(credit)}.`,
  amountNotPositive: 'Each booking must take more than 0.00.',
  grossNotPositive: (reference: string) =>
    `Booking ${reference} is a refund (its gross is not above 0): a credit cannot pay it.`,
  belowThreshold: (threshold: number) =>
    `Suggestions are accepted in bulk at the auto-accept threshold (${threshold}) or above: raise the score, or lower the threshold in Settings.`,
  notAhead: 'Another suggestion is within 10 points of the best: choose one by hand.',
  amountsToEnter: 'The bookings’ gross does not add up to the credit: enter the amounts by hand.',
  sharedBooking: (reference: string, credits: number) =>
    `Booking ${reference} is the best suggestion of ${credits} credits: choose by hand.`,
  noSuggestion: (minScore: number) => `No suggestion scores ${minScore} or more.`,
} as const;

export type SplitResult = { ok: true; amounts: Cents[] } | { ok: false; problem: string };

/**
 * What each booking takes of a credit of `credit`: the whole credit for one booking; for several, their
 * gross when it adds up to the credit exactly, else `entered` (one amount per booking, each above 0, adding
 * up to the credit exactly).
 */
export function splitCreditAmounts(
  credit: Cents,
  bookings: readonly { booking_reference: string; gross: Cents }[],
  entered: readonly Cents[] | null = null,
): SplitResult {
  const refund = bookings.find((b) => b.gross <= 0n);
  if (refund) return { ok: false, problem: ACCEPT_MESSAGES.grossNotPositive(refund.booking_reference) };
  if (bookings.length <= 1) return { ok: true, amounts: [credit] };
  if (entered === null || entered.length === 0) {
    const gross = sumMoney(bookings.map((b) => b.gross));
    return gross === credit
      ? { ok: true, amounts: bookings.map((b) => b.gross) }
      : { ok: false, problem: ACCEPT_MESSAGES.grossDoesNotAddUp(gross, credit) };
  }
  if (entered.length !== bookings.length) return { ok: false, problem: ACCEPT_MESSAGES.amountsCount(bookings.length) };
  if (entered.some((a) => a <= 0n)) return { ok: false, problem: ACCEPT_MESSAGES.amountNotPositive };
  const sum = sumMoney(entered);
  return sum === credit
    ? { ok: true, amounts: [...entered] }
    : { ok: false, problem: ACCEPT_MESSAGES.amountsDoNotAddUp(sum, credit) };
}

export interface AcceptAllItem<B> {
  transaction_id: number;
  bookings: B[];
  amounts: Cents[];
  score: number;
  reasons: string[];
}

export interface AcceptAllPlan<B> {
  items: AcceptAllItem<B>[];
  skipped: { transaction_id: number; reason: string }[];
}

/**
 * 'Accept all above `minScore`': for each credit, its best suggestion when it scores `minScore` or more and
 * leads the next by the margin, with the amounts each booking takes; a booking that is the pick of two or
 * more credits is left to a person for all of them. `minScore` below `threshold` (the admin's auto-accept
 * threshold) plans nothing: the caller refuses it first.
 */
export function planAcceptAll<B extends CandidateBooking & { id: number }>(
  credits: readonly { transaction_id: number; amount: Cents; ranked: readonly RankedCandidate<B>[] }[],
  minScore: number,
): AcceptAllPlan<B> {
  const picks: AcceptAllItem<B>[] = [];
  const skipped: AcceptAllPlan<B>['skipped'] = [];
  for (const c of credits) {
    const best = c.ranked[0];
    if (!best || best.score < minScore) {
      skipped.push({ transaction_id: c.transaction_id, reason: ACCEPT_MESSAGES.noSuggestion(minScore) });
      continue;
    }
    if (!isAutoAccept(c.ranked, minScore)) {
      skipped.push({ transaction_id: c.transaction_id, reason: ACCEPT_MESSAGES.notAhead });
      continue;
    }
    const split = splitCreditAmounts(c.amount, best.bookings);
    if (!split.ok) {
      skipped.push({ transaction_id: c.transaction_id, reason: ACCEPT_MESSAGES.amountsToEnter });
      continue;
    }
    picks.push({
      transaction_id: c.transaction_id,
      bookings: best.bookings,
      amounts: split.amounts,
      score: best.score,
      reasons: best.reasons,
    });
  }
  const takers = new Map<number, number>();
  for (const p of picks) for (const b of p.bookings) takers.set(b.id, (takers.get(b.id) ?? 0) + 1);
  const items: AcceptAllItem<B>[] = [];
  for (const p of picks) {
    const shared = p.bookings.find((b) => takers.get(b.id)! > 1);
    if (shared)
      skipped.push({
        transaction_id: p.transaction_id,
        reason: ACCEPT_MESSAGES.sharedBooking(shared.booking_reference, takers.get(shared.id)!),
      });
    else items.push(p);
  }
  return { items, skipped };
}

/** Whether `score` may be an auto-accept threshold. */
export const isAutoAcceptThreshold = (score: number) =>
  Number.isInteger(score) && score >= MIN_AUTO_ACCEPT_SCORE && score <= 100;
