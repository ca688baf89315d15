import {
  isAutoAccept,
  moneyToNumber,
  rankSuggestions,
  statementReferenceKeys,
  type MatchSuggestion,
  type MatchSuggestionsQuery,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { candidateBookings, unmatchedCredits, type Candidate } from './suggestions.repo';

const bookingOut = (b: Candidate) => ({
  id: b.id,
  booking_reference: b.booking_reference,
  customer_name: b.customer_name,
  booking_date: b.booking_date,
  gross: moneyToNumber(b.gross),
  currency_code: b.currency_code,
  currency_symbol: b.currency_symbol,
});

/**
 * `GET /api/reports/match-suggestions`: for each credit asked about that is still unmatched, the bookings it
 * may be (at most three, best first), each with its score, its reasons and whether it may be accepted
 * without a person. Credits that are not unmatched credits are left out.
 */
export async function matchSuggestions(db: DbOrTx, q: MatchSuggestionsQuery) {
  const credits = await unmatchedCredits(db, q.transaction_ids);
  const keys = credits.flatMap((c) =>
    statementReferenceKeys(c.reference_number).map((key) => ({ transactionId: c.id, supplierId: c.supplier_id, key })),
  );
  const candidates = await candidateBookings(db, keys);
  const data = credits.map((c) => {
    const ranked = rankSuggestions(
      { reference: c.reference_number, amount: c.amount, date: c.transaction_date },
      candidates.get(c.id) ?? [],
    );
    const suggestions: MatchSuggestion[] = ranked.map((r, i) => ({
      bookings: r.bookings.map(bookingOut),
      score: r.score,
      reasons: r.reasons,
      auto_accept: i === 0 && isAutoAccept(ranked),
    }));
    return { transaction_id: c.id, suggestions };
  });
  return { status: 'success' as const, data };
}
