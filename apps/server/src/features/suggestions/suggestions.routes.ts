import { DEFAULT_AUTO_ACCEPT_SCORE, reportEndpoints as api, SUGGESTIONS_MAX_CREDITS } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import { matchSuggestions } from './suggestions.service';

/** Match suggestions (issue 24 §1): admins only. */
export const suggestionRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: api.matchSuggestions,
    access: 'admin',
    summary: `For unmatched credits (transaction_ids: up to ${SUGGESTIONS_MAX_CREDITS}, a comma list or repeated), the live bookings of the same supplier not yet matched in full that each may be, at most three, best first: score 0–100 and the evidence in words (reference equal once case, spaces, hyphens, separators, accents, leading zeros and the look-alikes O/0, I/1, S/5, B/8 are set aside, one or two characters off, or in a longer text; the customer's surname; the amount equal, within 2 % or equal to the commission; the date), and a split when two bookings are both named and their gross adds up to the amount. auto_accept: the best is at ${DEFAULT_AUTO_ACCEPT_SCORE} or more and 10 points ahead of the next. Credits that are not unmatched are left out. Nothing is written.`,
    tags: ['reports', 'claims'],
    handler: async ({ query }) => matchSuggestions(db, query),
  }),
];
