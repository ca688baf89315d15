import { DEFAULT_AUTO_ACCEPT_SCORE, reportEndpoints as api, SUGGESTIONS_MAX_CREDITS } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import {
  acceptAll,
  acceptSuggestion,
  bookingSuggestions,
  matchSuggestions,
  previewAcceptAll,
  rejectSuggestion,
} from './suggestions.service';

/** Match suggestions (issue 24 §1): admins only. */
export const suggestionRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: api.matchSuggestions,
    access: 'admin',
    summary: `For unmatched credits (transaction_ids: up to ${SUGGESTIONS_MAX_CREDITS}, a comma list or repeated), the live bookings of the same supplier that may still take a credit (gross above 0, no transaction yet or only partial ones) that each may be, at most three, best first: score 0–100 and the evidence in words (reference equal once case, spaces, hyphens, separators, accents, leading zeros and the look-alikes O/0, I/1, S/5, B/8 are set aside, one or two characters off, or in a longer text; the customer's surname; the amount equal, within the supplier's match tolerance (default 2 %) or equal to the commission; the date), and a split when two bookings are both named and their gross adds up to the amount. Booking sets an admin rejected for a credit are left out. auto_accept: the best is at the admin's auto-accept threshold (default ${DEFAULT_AUTO_ACCEPT_SCORE}) or more and 10 points ahead of the next. Credits that are not unmatched are left out. Nothing is written.`,
    tags: ['reports', 'claims'],
    handler: async ({ query }) => matchSuggestions(db, query),
  }),
  route({
    endpoint: api.bookingSuggestions,
    access: 'admin',
    summary:
      "The other way round: for a booking that may still take a credit (live, gross above 0, no transaction yet or only partial ones), which of its supplier's unmatched credits (the newest 2,000) may be its money, at most three, best first, scored and explained as the credit-side suggestions are; a credit rejected for this booking is left out. can_take_credit false and no suggestions otherwise. Accept one through POST /api/transactions/{id}/accept-suggestion. Nothing is written.",
    tags: ['reports', 'bookings'],
    handler: async ({ params }) => bookingSuggestions(db, params.id),
  }),
  route({
    endpoint: api.acceptSuggestion,
    access: 'admin',
    summary:
      "Accepts a suggestion: the unmatched credit pays the booking (its reference becomes the booking's; the original reference and amount are kept on the transaction and in the audit log), or, with several booking_ids, is split into one transaction per booking: amounts from their gross when it adds up to the credit exactly, else `amounts` (one per booking, adding up to the credit). Refused (422, nothing changed) when the credit is no longer unmatched, or a booking is of another supplier, cancelled, a refund, shares its reference with another live booking, or already has a transaction that is not partial. A booking with partial transactions takes the credit as partial too.",
    tags: ['reports', 'claims'],
    handler: async ({ params, body, user }) => acceptSuggestion(db, user, params.id, body),
  }),
  route({
    endpoint: api.rejectSuggestion,
    access: 'admin',
    summary:
      'The credit is never suggested again for exactly these bookings (one, or a split). Repeating it changes nothing.',
    tags: ['reports', 'claims'],
    handler: async ({ params, body, user }) => rejectSuggestion(db, user, params.id, body.booking_ids),
  }),
  route({
    endpoint: api.previewAcceptAll,
    access: 'admin',
    summary:
      "What 'Accept all above min_score' would do with the unmatched credits of the Unmatched Credit Transactions filters (oldest first, at most 1,000; `more` says the filters hold more): per credit, its best suggestion when it scores min_score or more and is 10 points ahead of the next, the amounts each booking takes; the others with the reason they are left (a booking that is the best of two credits is left for both). min_score below the admin's auto-accept threshold is refused. Nothing is written.",
    tags: ['reports', 'claims'],
    handler: async ({ body }) => previewAcceptAll(db, body),
  }),
  route({
    endpoint: api.acceptAll,
    access: 'admin',
    summary:
      'Accepts the items of a preview, each in its own database transaction and each checked again under its locks (still unmatched, the bookings still able to take it, still the best at min_score or more and clearly ahead): `accepted` lists what changed, `skipped` why the others did not. Repeating it accepts nothing twice.',
    tags: ['reports', 'claims'],
    handler: async ({ body, user }) => acceptAll(db, user, body),
  }),
];
