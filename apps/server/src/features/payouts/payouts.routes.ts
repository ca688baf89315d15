import { payoutEndpoints as api } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import { searchBulkPayouts } from './bulk-payout-search';
import { getPayout, listPayouts } from './payout-records';
import { payoutInfo, processBulkPayout, processBulkReconcile, processSinglePayout } from './payouts.service';

/** A booking that could not be written for an unexpected reason: logged, reported to the user as an error result. */
const logFailure = (req: FastifyRequest) => (err: unknown, bookingId: number) =>
  req.log.error({ err, booking_id: bookingId }, 'payout of a booking failed');

/** Payouts are admin-only (CONTRACT.md §4). */
export const payoutRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: api.info,
    access: 'admin',
    summary:
      'The payout modal: available amount (DOMAIN.md "Payouts"), what paying it all gives each agent, agents without an account, can_payout and why not.',
    tags: ['payouts'],
    handler: async ({ params }) => payoutInfo(db, params.id),
  }),
  route({
    endpoint: api.process,
    access: 'admin',
    summary:
      'Pay out part or all of the available amount of one booking (gross terms; negative for a refund): one payout record, an item and a debit per agent line, lines and booking updated, in one transaction. 422 with the reason otherwise.',
    tags: ['payouts'],
    handler: async ({ params, body, user }) => processSinglePayout(db, user.id, params.id, body),
  }),
  route({
    endpoint: api.list,
    access: 'admin',
    summary: 'Payout records, newest first (page, per_page).',
    tags: ['payouts'],
    handler: async ({ query }) => listPayouts(db, query),
  }),
  route({
    endpoint: api.get,
    access: 'admin',
    summary: 'One payout record with its items (booking reference, supplier, agent).',
    tags: ['payouts'],
    handler: async ({ params }) => getPayout(db, params.id),
  }),
  route({
    endpoint: api.bulkSearch,
    access: 'admin',
    summary:
      'Bulk payout / reconcile search: mode payout (can be paid out now, something available) or reconcile (received ≠ gross); supplier, dates, personal, reconciled filters, payout_id. Sorted by primary agent, then date; at most `limit` bookings.',
    tags: ['payouts'],
    handler: async ({ body }) => searchBulkPayouts(db, body),
  }),
  route({
    endpoint: api.bulkProcess,
    access: 'admin',
    summary:
      'Bulk payout: one result per booking, each booking all or nothing (reconcile first when asked; custom percentages for this payout only). One payout record per currency.',
    tags: ['payouts'],
    handler: async ({ body, user, req }) => processBulkPayout(db, user.id, body, logFailure(req)),
  }),
  route({
    endpoint: api.bulkReconcile,
    access: 'admin',
    summary:
      'Bulk reconcile: gross := net received (refused if it changed since the search), lines recomputed, is_reconciled; one result per booking.',
    tags: ['payouts'],
    handler: async ({ body, user, req }) => processBulkReconcile(db, user.id, body, logFailure(req)),
  }),
];
