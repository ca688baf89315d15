import {
  moneyToString,
  parseMoney,
  splitCreditAmounts,
  subMoney,
  sumMoney,
  type Cents,
  type MatchSuggestion,
} from '@app/domain';
import { formatMoney } from '../../../lib/format';
import { centsOf } from '../../../lib/money';

type SuggestedBooking = MatchSuggestion['bookings'][number];

/** The suggestion's bookings as one text: 'SW4472299', or 'SW4472299 + SW4472300' for a split. */
export const bookingReferences = (bookings: readonly Pick<SuggestedBooking, 'booking_reference'>[]) =>
  bookings.map((b) => b.booking_reference).join(' + ');

/** The suggestion's bookings in a sentence or a button's name: 'SW4472299 and SW4472300'. */
export const bookingReferencesInWords = (bookings: readonly Pick<SuggestedBooking, 'booking_reference'>[]) =>
  bookings.map((b) => b.booking_reference).join(' and ');

/** The customers of the suggestion's bookings, each once: 'Jean Roy', 'Jean Roy, Ann Lee'. */
export const customersOf = (bookings: readonly Pick<SuggestedBooking, 'customer_name'>[]) =>
  [...new Set(bookings.map((b) => b.customer_name))].join(', ');

/** An amount in a booking's or credit's currency ('CA$1,120.00'). */
export const moneyIn = (row: { currency_code: string; currency_symbol: string }, amount: number | string) =>
  formatMoney(amount, { code: row.currency_code, symbol: row.currency_symbol });

export { centsOf };

/** The bookings of a split as the domain's split rule takes them. */
const grossOf = (bookings: readonly SuggestedBooking[]) =>
  bookings.map((b) => ({ booking_reference: b.booking_reference, gross: centsOf(b.gross) }));

/**
 * What a split's amount fields start from: each booking's gross when they add up to the credit exactly (what
 * the server would take), else blank for the admin to fill, with the domain's reason (`problem`).
 */
export function initialSplitAmounts(
  credit: number,
  bookings: readonly SuggestedBooking[],
): { amounts: string[]; problem: string | null } {
  const split = splitCreditAmounts(centsOf(credit), grossOf(bookings));
  return split.ok
    ? { amounts: split.amounts.map(moneyToString), problem: null }
    : { amounts: bookings.map(() => ''), problem: split.problem };
}

/**
 * The amounts entered so far, added up exactly (a blank or unreadable one counts for nothing), and what is
 * left of the credit: 0 when they add up, below 0 when they take too much.
 */
export function splitTotal(credit: number, entered: readonly string[]): { total: Cents; left: Cents } {
  const total = sumMoney(
    entered.flatMap((text) => {
      const parsed = parseMoney(text);
      return parsed.ok ? [parsed.value] : [];
    }),
  );
  return { total, left: subMoney(centsOf(credit), total) };
}

/**
 * Whether the entered amounts may be sent: the domain's rule for a split (one per booking, each above 0,
 * adding up to the credit exactly), or its reason why not. Unreadable amounts are the fields' to report.
 */
export function splitProblem(credit: number, bookings: readonly SuggestedBooking[], amounts: readonly Cents[]) {
  const split = splitCreditAmounts(centsOf(credit), grossOf(bookings), amounts);
  return split.ok ? null : split.problem;
}
