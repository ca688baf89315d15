import {
  bulkPayoutProcessSchema,
  bulkPayoutResponseSchema,
  bulkPayoutSearchResponseSchema,
  bulkPayoutSearchSchema,
  bulkReconcileSchema,
  payoutDetailResponseSchema,
  payoutInfoResponseSchema,
  payoutListQuerySchema,
  payoutListResponseSchema,
  processPayoutResponseSchema,
  processPayoutSchema,
} from '../schemas/payouts';
import { endpoint, idParams } from './endpoint';

/** Single and bulk payouts, reconciles and the payout records. */
export const payoutEndpoints = {
  info: endpoint({
    method: 'GET',
    path: '/bookings/:id/payout-info',
    params: idParams,
    response: payoutInfoResponseSchema,
  }),
  process: endpoint({
    method: 'POST',
    path: '/bookings/:id/process-payout',
    params: idParams,
    body: processPayoutSchema,
    response: processPayoutResponseSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/payouts',
    query: payoutListQuerySchema,
    response: payoutListResponseSchema,
  }),
  get: endpoint({ method: 'GET', path: '/api/payouts/:id', params: idParams, response: payoutDetailResponseSchema }),
  bulkSearch: endpoint({
    method: 'POST',
    path: '/bulk-payouts/search',
    body: bulkPayoutSearchSchema,
    response: bulkPayoutSearchResponseSchema,
  }),
  bulkProcess: endpoint({
    method: 'POST',
    path: '/bulk-payouts/process',
    body: bulkPayoutProcessSchema,
    response: bulkPayoutResponseSchema,
  }),
  bulkReconcile: endpoint({
    method: 'POST',
    path: '/bulk-payouts/reconcile',
    body: bulkReconcileSchema,
    response: bulkPayoutResponseSchema,
  }),
};
