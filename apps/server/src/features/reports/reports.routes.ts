import { cardLinesEndpoint, REPORT_CARD_TITLES, reportEndpoints as api, type ReportCard } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import { availablePayouts, cardLines, commissionCharts, commissionSummary } from './reports.service';

const FILTERS =
  'Filters (§7): start_date, end_date (default 30 days ago → tomorrow), booking_group_id, agent_id, include_suppliers (include_suppliers[]=1&include_suppliers[]=2, repeated keys or 1,2), country_id, state_id, tier_id (admins; ignored for others), payout_id. A non-admin sees only their own lines whatever is sent.';

/** What each card holds (DOMAIN.md "Report cards"), for the route summaries. */
const CARD_MEANING: Record<ReportCard, string> = {
  pending:
    'Future Commissions: for every booking not completed or cancelled, what the part of its gross neither paid nor available now (gross − paid − available; available counts 0 when it cannot be paid out now) will still pay each line, once Next Payout is paid: Future + Next Payout + what a line was paid = its amount and GST. A booking received in part is in both this card and Next Payout, and counts in both. Dated by booking date.',
  confirmed:
    'Next Payout: the agent share of available_amount of the bookings that can be paid out now (planPayout of the whole available amount). Dated by booking date.',
  paid: 'Past Commissions: the payout items of payouts dated in the range (payout_id: that payout only).',
  cancelled:
    'Cancelled Commissions (admins only, 403 otherwise): the lines of cancelled bookings. Dated by booking date.',
};

/** The dashboard's reads: every signed-in user, limited to their own lines unless admin. */
export const reportRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: api.commissionSummary,
    access: 'user',
    summary: `The four cards (spec states → DOMAIN.md cards): pending = ${CARD_MEANING.pending} confirmed = ${CARD_MEANING.confirmed} paid = ${CARD_MEANING.paid} cancelled = ${CARD_MEANING.cancelled} (a non-admin gets 0 and no totals). counts = bookings in the card (a booking with a non-zero Future part counts in Future even when it also counts in Next Payout); totals per currency (total, gst_total, total_with_gst), never added across currencies. ${FILTERS}`,
    tags: ['reports'],
    handler: async ({ query, user }) => commissionSummary(db, user, query),
  }),
  ...(['pending', 'confirmed', 'paid', 'cancelled'] as const).map((card) =>
    route({
      endpoint: cardLinesEndpoint(card),
      access: card === 'cancelled' ? 'admin' : 'user',
      summary: `${REPORT_CARD_TITLES[card]} card's lines — ${CARD_MEANING[card]} Paged (page, per_page 10/25/50/100) and sorted (sort, direction); count and commission_totals per currency cover the whole card. ${FILTERS}`,
      tags: ['reports'],
      handler: async ({ query, user }) => cardLines(db, user, card, query),
    }),
  ),
  route({
    endpoint: api.commissionCharts,
    access: 'user',
    summary: `Beyond the contract (issue 14 charts): per currency, commission (GST excluded) per month and card (Past by payout month, the others by booking month; cancelled only for admins), and Future + Next Payout + Past per agent and per supplier: the top 10, then 'Others'. ${FILTERS}`,
    tags: ['reports'],
    handler: async ({ query, user }) => commissionCharts(db, user, query),
  }),
  route({
    endpoint: api.availablePayouts,
    access: 'user',
    summary:
      "The payout filter's options: payouts dated between start_date and end_date (each optional), newest first, at most 500. An agent gets only the payouts that paid them, total_amount being what each paid them.",
    tags: ['reports'],
    handler: async ({ query, user }) => availablePayouts(db, user, query),
  }),
];
