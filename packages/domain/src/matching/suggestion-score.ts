/**
 * Match suggestions (issue 24 §1), the ranking: how strongly a statement line (an unmatched credit, or a line
 * of a supplier's statement) points at one booking of the same supplier, as a score from 0 to 100 and the
 * evidence in words. Transparent on purpose: every point comes from one reason the admin sees.
 * - reference ({@link referenceEvidence}): the same once normalised 70, contained in a longer text 55, one
 *   character off 45, two 30;
 * - the customer's surname in the line's name or reference text: 20;
 * - the amount against the booking's gross: equal 25; within the supplier's tolerance (a bank fee, a
 *   currency conversion) 15; equal to the agent side's commission instead 10;
 * - the date: the money arrived after the booking, within the window, 5; before the booking, −15.
 * No reference evidence and no surname: no suggestion, whatever the amount (amounts alone collide).
 */
import { absMoney, type Cents } from '../money/money';
import { daysBetween } from '../commission/iso-date';
import {
  familyName,
  namesSurname,
  referenceEvidence,
  surnameKey,
  type ReferenceEvidence,
} from './reference-similarity';

export interface StatementLine {
  /** The reference as the supplier wrote it (it may hold a name or more text). */
  reference: string;
  /** The customer's name, when the statement has a column for it. */
  customer_name?: string | null;
  amount: Cents;
  /** YYYY-MM-DD: when the money came. */
  date: string;
}

export interface CandidateBooking {
  booking_reference: string;
  customer_name: string;
  booking_date: string;
  gross: Cents;
  /** The agent side's commission (expected_commission): some suppliers pay it instead of the gross. */
  expected_commission: Cents;
}

export interface SuggestionPolicy {
  /** The supplier's amount tolerance in basis points of the gross (200 = 2 %). */
  tolerance_bp: number;
  /** How long after the booking its money may come and still count as on time for the date evidence. */
  date_window_days: number;
}

export const DEFAULT_SUGGESTION_POLICY: SuggestionPolicy = { tolerance_bp: 200, date_window_days: 400 };

export const SUGGESTION_POINTS = {
  reference: { same: 70, contained: 55, near1: 45, near2: 30 },
  surname: 20,
  amount: { equal: 25, tolerance: 15, commission: 10 },
  date: { inWindow: 5, before: -15 },
} as const;

export interface Suggestion {
  score: number;
  reasons: string[];
}

/** Whether |a − b| ≤ b × bp / 10,000, exactly (no floating point). */
function withinTolerance(a: Cents, b: Cents, bp: number): boolean {
  return absMoney((a - b) as Cents) * 10_000n <= absMoney(b) * BigInt(bp);
}

function amountEvidence(line: StatementLine, b: CandidateBooking, policy: SuggestionPolicy): [number, string] | null {
  const { amount } = SUGGESTION_POINTS;
  if (line.amount === b.gross) return [amount.equal, 'amount equal'];
  if (b.gross !== 0n && withinTolerance(line.amount, b.gross, policy.tolerance_bp))
    return [amount.tolerance, `amount within ${policy.tolerance_bp / 100} % of the gross`];
  if (b.expected_commission !== 0n && line.amount === b.expected_commission)
    return [amount.commission, 'amount equal to the commission'];
  return null;
}

/** The line's score for this booking and why, or null when nothing but the amount or date points at it. */
export function scoreSuggestion(
  line: StatementLine,
  booking: CandidateBooking,
  policy: SuggestionPolicy = DEFAULT_SUGGESTION_POLICY,
): Suggestion | null {
  return scoreWith(line, booking, policy, referenceEvidence(line.reference, booking.booking_reference));
}

/** {@link scoreSuggestion} with the reference evidence already found (`ref`). */
function scoreWith(
  line: StatementLine,
  booking: CandidateBooking,
  policy: SuggestionPolicy,
  ref: ReferenceEvidence | null,
): Suggestion | null {
  const reasons: string[] = [];
  let score = 0;
  if (ref) {
    const p = SUGGESTION_POINTS.reference;
    score += ref.kind === 'near' ? (ref.distance === 1 ? p.near1 : p.near2) : p[ref.kind];
    reasons.push(ref.reason);
  }
  const surname = surnameKey(booking.customer_name);
  const named = namesSurname(`${line.customer_name ?? ''} ${line.reference}`, surname);
  if (named) {
    score += SUGGESTION_POINTS.surname;
    reasons.push(`surname ${familyName(booking.customer_name)}`);
  }
  if (!ref && !named) return null;
  const amount = amountEvidence(line, booking, policy);
  if (amount) {
    score += amount[0];
    reasons.push(amount[1]);
  }
  const days = daysBetween(booking.booking_date, line.date);
  if (days < 0) {
    score += SUGGESTION_POINTS.date.before;
    reasons.push(`paid ${-days} days before the booking date`);
  } else if (days <= policy.date_window_days) score += SUGGESTION_POINTS.date.inWindow;
  return { score: Math.max(0, Math.min(100, score)), reasons };
}

export interface RankedCandidate<B extends CandidateBooking> {
  /** One booking, or two that the line pays together (a split). */
  bookings: B[];
  score: number;
  reasons: string[];
}

/** Suggestions below this are not shown at all. */
export const MIN_SUGGESTION_SCORE = 30;
/** Points of a split whose bookings are both named and whose gross adds up to the line (exactly, or within tolerance). */
export const SPLIT_POINTS = { exact: 95, tolerance: 85 } as const;

/**
 * The line's suggestions among `candidates` (the supplier's bookings the server found for it), best first,
 * at most `limit`: each booking with its score, and a split when two bookings are each named by their full
 * reference on the line and their gross adds up to its amount.
 */
export function rankSuggestions<B extends CandidateBooking>(
  line: StatementLine,
  candidates: readonly B[],
  policy: SuggestionPolicy = DEFAULT_SUGGESTION_POLICY,
  limit = 3,
): RankedCandidate<B>[] {
  const ranked: RankedCandidate<B>[] = [];
  const named: B[] = [];
  for (const b of candidates) {
    const ref = referenceEvidence(line.reference, b.booking_reference);
    const s = scoreWith(line, b, policy, ref);
    if (s && s.score >= MIN_SUGGESTION_SCORE) ranked.push({ bookings: [b], score: s.score, reasons: s.reasons });
    if (ref?.kind === 'same') named.push(b);
  }
  if (named.length >= 2) {
    for (let i = 0; i < named.length; i++)
      for (let j = i + 1; j < named.length; j++) {
        const [a, b] = [named[i]!, named[j]!];
        const sum = (a.gross + b.gross) as Cents;
        const exact = sum === line.amount;
        if (!exact && !withinTolerance(line.amount, sum, policy.tolerance_bp)) continue;
        ranked.push({
          bookings: [a, b],
          score: exact ? SPLIT_POINTS.exact : SPLIT_POINTS.tolerance,
          reasons: [
            `references ${a.booking_reference} and ${b.booking_reference} both on the line`,
            exact
              ? 'their gross adds up to the amount'
              : `their gross adds up to within ${policy.tolerance_bp / 100} %`,
          ],
        });
      }
  }
  return ranked.sort((x, y) => y.score - x.score).slice(0, limit);
}

/** The lead a best suggestion needs over the next one to be accepted without a person. */
export const AUTO_ACCEPT_MARGIN = 10;
/** The default auto-accept threshold (an admin may set it higher, never below {@link MIN_SUGGESTION_SCORE}). */
export const DEFAULT_AUTO_ACCEPT_SCORE = 90;

/** Whether the best of `ranked` may be accepted without a person: at the threshold and clearly ahead. */
export function isAutoAccept(ranked: readonly { score: number }[], threshold = DEFAULT_AUTO_ACCEPT_SCORE): boolean {
  const [best, next] = ranked;
  return (
    best !== undefined &&
    best.score >= threshold &&
    (next === undefined || best.score - next.score >= AUTO_ACCEPT_MARGIN)
  );
}

/**
 * The other way round (a booking with no transaction yet): which of `credits` (its supplier's unmatched
 * credits) may be its money, best first, at most `limit`, each scored as {@link scoreSuggestion} scores the
 * credit for this booking. Splits are not offered this way (a split is accepted from the credit).
 */
export function rankCreditsForBooking<C extends StatementLine>(
  booking: CandidateBooking,
  credits: readonly C[],
  policy: SuggestionPolicy = DEFAULT_SUGGESTION_POLICY,
  limit = 3,
): { credit: C; score: number; reasons: string[] }[] {
  const ranked: { credit: C; score: number; reasons: string[] }[] = [];
  for (const credit of credits) {
    const s = scoreSuggestion(credit, booking, policy);
    if (s && s.score >= MIN_SUGGESTION_SCORE) ranked.push({ credit, score: s.score, reasons: s.reasons });
  }
  return ranked.sort((x, y) => y.score - x.score).slice(0, limit);
}
