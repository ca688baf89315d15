/**
 * Match suggestions (issue 24 §1; matching/suggestion-score.ts has the rules): for unmatched credits, the
 * bookings of the same supplier they may be, ranked, each with its score and reasons in words. Admins only.
 */
import { z } from 'zod';
import { ACCEPT_ALL_MAX_CREDITS, MAX_SPLIT_BOOKINGS, MIN_AUTO_ACCEPT_SCORE } from '../matching/suggestion-accept';
import { cents } from '../money/money';
import { moneySchema } from '../money/schemas';
import { id, idList, optionalIsoDate, optionalText } from './fields';
import { dateOut, moneyOut, successData, successMessage } from './responses';

/** The most credits one request asks about. */
export const SUGGESTIONS_MAX_CREDITS = 1000;

/** `GET /api/reports/match-suggestions?transaction_ids=1,2` (or repeated `transaction_ids[]`). */
export const matchSuggestionsQuerySchema = z
  .object({ transaction_ids: z.unknown().optional(), 'transaction_ids[]': z.unknown().optional() })
  .transform((v, ctx) => {
    const sent = [v.transaction_ids, v['transaction_ids[]']]
      .flatMap((x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]))
      .flatMap((x) => (typeof x === 'string' ? x.split(',').map((s) => s.trim()) : [x]))
      .filter((x) => x !== '');
    const ids = idList('The selected transactions are invalid.', {
      min: 1,
      minMessage: 'Choose at least one transaction.',
      max: SUGGESTIONS_MAX_CREDITS,
      maxMessage: `At most ${SUGGESTIONS_MAX_CREDITS} transactions can be asked about at once.`,
    }).safeParse(sent);
    if (!ids.success) {
      for (const issue of ids.error.issues)
        ctx.addIssue({ code: 'custom', path: ['transaction_ids'], message: issue.message, input: sent });
      return z.NEVER;
    }
    return { transaction_ids: [...new Set(ids.data)] };
  });
export type MatchSuggestionsQuery = z.output<typeof matchSuggestionsQuerySchema>;

export const suggestedBookingSchema = z.object({
  id: z.number().int(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_date: dateOut,
  gross: moneyOut,
  currency_code: z.string(),
  currency_symbol: z.string(),
});

export const matchSuggestionSchema = z.object({
  /** One booking, or two the credit pays together. */
  bookings: z.array(suggestedBookingSchema),
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.string()),
  /** At the auto-accept threshold and clearly ahead of the next (isAutoAccept). */
  auto_accept: z.boolean(),
});
export type MatchSuggestion = z.output<typeof matchSuggestionSchema>;

/** Per credit asked about that is still unmatched: its suggestions, best first (at most three). */
export const matchSuggestionsResponseSchema = successData(
  z.array(z.object({ transaction_id: z.number().int(), suggestions: z.array(matchSuggestionSchema) })),
);
export type MatchSuggestionsResponse = z.output<typeof matchSuggestionsResponseSchema>;

/* ------------------------------------------------------------------ accepting and rejecting */

const bookingIds = idList('The selected bookings are invalid.', {
  min: 1,
  minMessage: 'Choose at least one booking.',
  max: MAX_SPLIT_BOOKINGS,
  maxMessage: `A credit can be split across at most ${MAX_SPLIT_BOOKINGS} bookings.`,
}).refine((ids) => new Set(ids).size === ids.length, { message: 'Each booking can be chosen once.' });

/**
 * `POST /api/transactions/{id}/accept-suggestion`: the booking the credit pays, or the bookings it pays
 * together (a split) with, when their gross does not add up to the credit, the amount each takes.
 */
export const acceptSuggestionInputSchema = z.object({
  booking_ids: bookingIds,
  amounts: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z
      .array(moneySchema('amount', { min: cents(1) }))
      .max(MAX_SPLIT_BOOKINGS, `A credit can be split across at most ${MAX_SPLIT_BOOKINGS} bookings.`)
      .optional(),
  ),
});
export type AcceptSuggestionInput = z.output<typeof acceptSuggestionInputSchema>;

/** `POST /api/transactions/{id}/reject-suggestion`: the booking (or the split's bookings) never to suggest again. */
export const rejectSuggestionInputSchema = z.object({ booking_ids: bookingIds });
export type RejectSuggestionInput = z.output<typeof rejectSuggestionInputSchema>;

/** A score an admin gives (the threshold, 'Accept all above N'): a whole number from 50 to 100. */
export const scoreField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `The ${label} must be a whole number from ${MIN_AUTO_ACCEPT_SCORE} to 100.` })
      .int(`The ${label} must be a whole number from ${MIN_AUTO_ACCEPT_SCORE} to 100.`)
      .min(MIN_AUTO_ACCEPT_SCORE, `The ${label} must be a whole number from ${MIN_AUTO_ACCEPT_SCORE} to 100.`)
      .max(100, `The ${label} must be a whole number from ${MIN_AUTO_ACCEPT_SCORE} to 100.`),
  );

/**
 * `POST /api/reports/match-suggestions/accept-all/preview`: the unmatched credits of these filters (those of
 * the Unmatched Credit Transactions table, oldest first, at most 1,000) and the suggestions 'Accept all' would
 * accept at `min_score` or more, and why the others would be left.
 */
export const acceptAllPreviewInputSchema = z.object({
  min_score: scoreField('minimum score'),
  include_suppliers: idList('The selected suppliers are invalid.', { max: 1000 }),
  start_date: optionalIsoDate('start date'),
  end_date: optionalIsoDate('end date'),
  search: optionalText('search', 100),
});
export type AcceptAllPreviewInput = z.output<typeof acceptAllPreviewInputSchema>;

/**
 * `POST /api/reports/match-suggestions/accept-all`: the items of a preview to accept. Each is checked again
 * when it is applied (still unmatched, the bookings still open, still scoring `min_score` or more).
 */
export const acceptAllInputSchema = z.object({
  min_score: scoreField('minimum score'),
  items: z
    .array(
      z.object({
        transaction_id: id('transaction', { invalid: 'The selected transaction is invalid.' }),
        booking_ids: bookingIds,
      }),
      { error: 'Choose at least one suggestion to accept.' },
    )
    .min(1, 'Choose at least one suggestion to accept.')
    .max(ACCEPT_ALL_MAX_CREDITS, `At most ${ACCEPT_ALL_MAX_CREDITS} suggestions can be accepted at once.`),
});
export type AcceptAllInput = z.output<typeof acceptAllInputSchema>;

const acceptedPartSchema = z.object({
  /** The transaction that now matches the booking (the credit itself, or a part split from it). */
  transaction_id: z.number().int(),
  booking_id: z.number().int(),
  booking_reference: z.string(),
  amount: moneyOut,
});

export const acceptSuggestionResponseSchema = successMessage({
  data: z.object({ original_reference_number: z.string(), parts: z.array(acceptedPartSchema) }),
});
export type AcceptSuggestionResponse = z.output<typeof acceptSuggestionResponseSchema>;

export const rejectSuggestionResponseSchema = successMessage({});

const creditFacts = {
  transaction_id: z.number().int(),
  reference_number: z.string(),
  amount: moneyOut,
  currency_code: z.string(),
  currency_symbol: z.string(),
  transaction_date: dateOut,
  supplier_name: z.string(),
};

export const acceptAllPreviewResponseSchema = successData(
  z.object({
    min_score: z.number().int(),
    /** The admin's auto-accept threshold: 'Accept all' takes nothing below it. */
    threshold: z.number().int(),
    /** How many unmatched credits were looked at, and whether the filters hold more (the oldest 1,000 first). */
    considered: z.number().int(),
    more: z.boolean(),
    items: z.array(
      z.object({
        ...creditFacts,
        bookings: z.array(suggestedBookingSchema.extend({ amount: moneyOut })),
        score: z.number().int(),
        reasons: z.array(z.string()),
      }),
    ),
    skipped: z.array(z.object({ ...creditFacts, reason: z.string() })),
  }),
);
export type AcceptAllPreview = z.output<typeof acceptAllPreviewResponseSchema>['data'];

export const acceptAllResponseSchema = successMessage({
  data: z.object({
    accepted: z.array(z.object({ transaction_id: z.number().int(), parts: z.array(acceptedPartSchema) })),
    skipped: z.array(z.object({ transaction_id: z.number().int(), reason: z.string() })),
  }),
});
export type AcceptAllResult = z.output<typeof acceptAllResponseSchema>['data'];

/** `GET /api/bookings/{id}/match-suggestions`: the supplier's unmatched credits that may be this booking's money. */
export const bookingSuggestionsResponseSchema = successData(
  z.object({
    /** Whether the booking may take a credit now (live, gross above 0, no transaction or only partial ones). */
    can_take_credit: z.boolean(),
    suggestions: z.array(
      z.object({
        credit: z.object({
          id: z.number().int(),
          reference_number: z.string(),
          amount: moneyOut,
          transaction_date: dateOut,
          account_name: z.string(),
          currency_code: z.string(),
          currency_symbol: z.string(),
        }),
        score: z.number().int().min(0).max(100),
        reasons: z.array(z.string()),
        auto_accept: z.boolean(),
      }),
    ),
  }),
);
export type BookingSuggestions = z.output<typeof bookingSuggestionsResponseSchema>['data'];
