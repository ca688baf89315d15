import {
  ACCEPT_ALL_MAX_CREDITS,
  ACCEPT_MESSAGES,
  DEFAULT_SUGGESTION_POLICY,
  isAutoAccept,
  moneyToNumber,
  planAcceptAll,
  rankCreditsForBooking,
  rankSuggestions,
  statementReferenceKeys,
  statementSurnameKeys,
  type AcceptAllInput,
  type AcceptAllPreviewInput,
  type AcceptSuggestionInput,
  type MatchSuggestion,
  type MatchSuggestionsQuery,
  type RankedCandidate,
  type SessionUser,
} from '@app/domain';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound, validationError } from '../../http/errors';
import { getAutoAcceptScore } from '../../shared/settings';
import { acceptInTransaction, rejectInTransaction, type AcceptedPart } from './suggestion-accept';
import {
  bookingFacts,
  bookingSetKey,
  candidateBookings,
  unmatchedCreditsOfSupplier,
  rejectedSets,
  unmatchedCredits,
  unmatchedCreditsOf,
  type Candidate,
  type CreditLine,
} from './suggestions.repo';

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
 * Each credit's suggestions, best first (at most three): its candidates ranked by the domain with its
 * supplier's amount tolerance, the booking sets an admin rejected for it left out.
 */
async function rankCredits(
  db: DbOrTx,
  credits: readonly CreditLine[],
): Promise<Map<number, RankedCandidate<Candidate>[]>> {
  const keys = credits.flatMap((c) =>
    statementReferenceKeys(c.reference_number).map((key) => ({ transactionId: c.id, supplierId: c.supplier_id, key })),
  );
  const surnames = credits.flatMap((c) =>
    statementSurnameKeys({ reference: c.reference_number, customer_name: c.customer_name }).map((surname) => ({
      transactionId: c.id,
      supplierId: c.supplier_id,
      surname,
      amount: c.amount,
    })),
  );
  const ids = credits.map((c) => c.id);
  const [candidates, rejected] = await Promise.all([candidateBookings(db, keys, surnames), rejectedSets(db, ids)]);
  const out = new Map<number, RankedCandidate<Candidate>[]>();
  for (const c of credits) {
    const gone = rejected.get(c.id);
    const ranked = rankSuggestions(
      { reference: c.reference_number, customer_name: c.customer_name, amount: c.amount, date: c.transaction_date },
      candidates.get(c.id) ?? [],
      { ...DEFAULT_SUGGESTION_POLICY, tolerance_bp: c.tolerance_bp },
      // Enough to still show three once rejected sets are taken out.
      3 + (gone?.size ?? 0),
    ).filter((r) => !gone?.has(bookingSetKey(r.bookings.map((b) => b.id))));
    out.set(c.id, ranked.slice(0, 3));
  }
  return out;
}

/**
 * `GET /api/reports/match-suggestions`: for each credit asked about that is still unmatched, the bookings it
 * may be (at most three, best first), each with its score, its reasons and whether it may be accepted
 * without a person (the admin's threshold). Credits that are not unmatched credits are left out.
 */
export async function matchSuggestions(db: DbOrTx, q: MatchSuggestionsQuery) {
  const [credits, threshold] = await Promise.all([unmatchedCredits(db, q.transaction_ids), getAutoAcceptScore(db)]);
  const ranked = await rankCredits(db, credits);
  const data = credits.map((c) => {
    const list = ranked.get(c.id) ?? [];
    const suggestions: MatchSuggestion[] = list.map((r, i) => ({
      bookings: r.bookings.map(bookingOut),
      score: r.score,
      reasons: r.reasons,
      auto_accept: i === 0 && isAutoAccept(list, threshold),
    }));
    return { transaction_id: c.id, suggestions };
  });
  return { status: 'success' as const, data };
}

/**
 * `GET /api/bookings/{id}/match-suggestions`: for a booking that may take a credit, which of its supplier's
 * unmatched credits (the newest 2,000) may be its money, best first, at most three; none when it may not.
 */
export async function bookingSuggestions(db: DbOrTx, bookingId: number) {
  const booking = await bookingFacts(db, bookingId);
  if (!booking) throw notFound('The booking');
  if (!booking.can_take_credit)
    return { status: 'success' as const, data: { can_take_credit: false, suggestions: [] } };
  const [credits, threshold] = await Promise.all([
    unmatchedCreditsOfSupplier(db, booking.supplier_id, booking.id),
    getAutoAcceptScore(db),
  ]);
  const ranked = rankCreditsForBooking(
    booking,
    credits.map((c) => ({ ...c, reference: c.reference_number, date: c.transaction_date })),
    { ...DEFAULT_SUGGESTION_POLICY, tolerance_bp: booking.tolerance_bp },
  );
  return {
    status: 'success' as const,
    data: {
      can_take_credit: true,
      suggestions: ranked.map((r, i) => ({
        credit: {
          id: r.credit.id,
          reference_number: r.credit.reference_number,
          amount: moneyToNumber(r.credit.amount),
          transaction_date: r.credit.transaction_date,
          account_name: r.credit.account_name,
          currency_code: r.credit.currency_code,
          currency_symbol: r.credit.currency_symbol,
        },
        score: r.score,
        reasons: r.reasons,
        auto_accept: i === 0 && isAutoAccept(ranked, threshold),
      })),
    },
  };
}

/** `POST /api/transactions/{id}/accept-suggestion`. */
export async function acceptSuggestion(db: Db, user: SessionUser, transactionId: number, input: AcceptSuggestionInput) {
  const accepted = await db.transaction((tx) =>
    acceptInTransaction(tx, user, transactionId, input.booking_ids, input.amounts ?? null),
  );
  return {
    status: 'success' as const,
    message: accepted.message,
    data: { original_reference_number: accepted.original_reference_number, parts: accepted.parts },
  };
}

/** `POST /api/transactions/{id}/reject-suggestion`. */
export async function rejectSuggestion(
  db: Db,
  user: SessionUser,
  transactionId: number,
  bookingIds: readonly number[],
) {
  const message = await db.transaction((tx) => rejectInTransaction(tx, user, transactionId, bookingIds));
  return { status: 'success' as const, message };
}

/** 'Accept all' takes nothing below the admin's auto-accept threshold (issue 24: never auto-applied below it). */
async function checkThreshold(db: DbOrTx, minScore: number): Promise<number> {
  const threshold = await getAutoAcceptScore(db);
  if (minScore < threshold) throw validationError({ min_score: [ACCEPT_MESSAGES.belowThreshold(threshold)] });
  return threshold;
}

const creditFacts = (c: CreditLine) => ({
  transaction_id: c.id,
  reference_number: c.reference_number,
  amount: moneyToNumber(c.amount),
  currency_code: c.currency_code,
  currency_symbol: c.currency_symbol,
  transaction_date: c.transaction_date,
  supplier_name: c.supplier_name,
});

/**
 * `POST /api/reports/match-suggestions/accept-all/preview`: the oldest 1,000 unmatched credits of the
 * filters, and what 'Accept all above min_score' would do with each (the domain's planAcceptAll). Reads only.
 */
export async function previewAcceptAll(db: DbOrTx, input: AcceptAllPreviewInput) {
  const threshold = await checkThreshold(db, input.min_score);
  const found = await unmatchedCreditsOf(db, input, ACCEPT_ALL_MAX_CREDITS + 1);
  const credits = found.slice(0, ACCEPT_ALL_MAX_CREDITS);
  const ranked = await rankCredits(db, credits);
  const plan = planAcceptAll(
    credits.map((c) => ({ transaction_id: c.id, amount: c.amount, ranked: ranked.get(c.id) ?? [] })),
    input.min_score,
  );
  const byId = new Map(credits.map((c) => [c.id, c]));
  return {
    status: 'success' as const,
    data: {
      min_score: input.min_score,
      threshold,
      considered: credits.length,
      more: found.length > credits.length,
      items: plan.items.map((item) => ({
        ...creditFacts(byId.get(item.transaction_id)!),
        bookings: item.bookings.map((b, i) => ({ ...bookingOut(b), amount: moneyToNumber(item.amounts[i]!) })),
        score: item.score,
        reasons: item.reasons,
      })),
      skipped: plan.skipped.map((s) => ({ ...creditFacts(byId.get(s.transaction_id)!), reason: s.reason })),
    },
  };
}

const ACCEPT_ALL_REFUSALS = {
  twice: 'This credit is in the list twice: accept it on its own.',
  sharedBooking: (bookingId: number) =>
    `Booking #${bookingId} is in the list for more than one credit: choose by hand.`,
  scoreChanged: (minScore: number) =>
    `This suggestion no longer scores ${minScore} or more, or is no longer clearly ahead: review it by hand.`,
} as const;

/**
 * `POST /api/reports/match-suggestions/accept-all`: accepts the previewed items, each in its own database
 * transaction (one refused item leaves the others accepted), each checked again first: still ranked the
 * credit's best at min_score or more and clearly ahead (the ranking is redone under the locks), the amounts
 * from the gross. An item whose credit or booking appears twice in the list is left out.
 */
export async function acceptAll(db: Db, user: SessionUser, input: AcceptAllInput) {
  await checkThreshold(db, input.min_score);
  const credits = new Map<number, number>();
  const bookings = new Map<number, number>();
  for (const item of input.items) {
    credits.set(item.transaction_id, (credits.get(item.transaction_id) ?? 0) + 1);
    for (const b of item.booking_ids) bookings.set(b, (bookings.get(b) ?? 0) + 1);
  }
  const accepted: { transaction_id: number; parts: AcceptedPart[] }[] = [];
  const skipped: { transaction_id: number; reason: string }[] = [];
  for (const item of input.items) {
    const shared = item.booking_ids.find((b) => bookings.get(b)! > 1);
    if (credits.get(item.transaction_id)! > 1) {
      skipped.push({ transaction_id: item.transaction_id, reason: ACCEPT_ALL_REFUSALS.twice });
      continue;
    }
    if (shared !== undefined) {
      skipped.push({ transaction_id: item.transaction_id, reason: ACCEPT_ALL_REFUSALS.sharedBooking(shared) });
      continue;
    }
    try {
      const done = await db.transaction((tx) =>
        acceptInTransaction(tx, user, item.transaction_id, item.booking_ids, null, {
          meta: { accept_all: true, min_score: input.min_score },
          // Ranked again now that the credit and the bookings are locked.
          verify: () => checkStillBest(tx, item.transaction_id, item.booking_ids, input.min_score),
        }),
      );
      accepted.push({ transaction_id: item.transaction_id, parts: done.parts });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const reason = Object.values(error.errors ?? {}).flat()[0] ?? error.message;
      skipped.push({ transaction_id: item.transaction_id, reason });
    }
  }
  const n = accepted.length;
  return {
    status: 'success' as const,
    message:
      `${n} suggestion${n === 1 ? '' : 's'} accepted` +
      (skipped.length ? `; ${skipped.length} left for you to review.` : '.'),
    data: { accepted, skipped },
  };
}

/**
 * Inside the accepting transaction, with the rows locked and before any change: the credit still ranks these
 * bookings best at `minScore` or more and clearly ahead. Throws (changing nothing) when not.
 */
async function checkStillBest(tx: DbOrTx, transactionId: number, bookingIds: readonly number[], minScore: number) {
  const credits = await unmatchedCredits(tx, [transactionId]);
  const ranked = (await rankCredits(tx, credits)).get(transactionId) ?? [];
  const best = ranked[0];
  const same = best && bookingSetKey(best.bookings.map((b) => b.id)) === bookingSetKey(bookingIds);
  if (!same || !isAutoAccept(ranked, minScore))
    throw validationError({ items: [ACCEPT_ALL_REFUSALS.scoreChanged(minScore)] });
}
