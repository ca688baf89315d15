/**
 * Match suggestions (issue 24 §1; matching/suggestion-score.ts has the rules): for unmatched credits, the
 * bookings of the same supplier they may be, ranked, each with its score and reasons in words. Admins only.
 */
import { z } from 'zod';
import { idList } from './fields';
import { dateOut, moneyOut, successData } from './responses';

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
