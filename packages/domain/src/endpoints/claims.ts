import {
  agentClaimSchema,
  claimListQuerySchema,
  claimListResponse,
  claimSavedResponse,
  myClaimsQuerySchema,
  rejectClaimSchema,
  unclaimedSearchQuerySchema,
  unclaimedSearchResponse,
  unmatchedTransactionsQuerySchema,
  unmatchedTransactionsResponse,
} from '../schemas/claims';
import { endpoint, idParams } from './endpoint';

/** Claims on unmatched transactions (unclaimed bookings) and the unmatched report. */
export const claimEndpoints = {
  /** An agent's claim of an unmatched credit (multipart, with the receipt). */
  create: endpoint({
    method: 'POST',
    path: '/api/unclaimed-bookings',
    body: agentClaimSchema,
    response: claimSavedResponse,
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/unclaimed-bookings/search',
    query: unclaimedSearchQuerySchema,
    response: unclaimedSearchResponse,
  }),
  /** The admins' review. */
  list: endpoint({
    method: 'GET',
    path: '/api/unclaimed-bookings',
    query: claimListQuerySchema,
    response: claimListResponse,
  }),
  /** The signed-in agent's own claims. */
  mine: endpoint({
    method: 'GET',
    path: '/api/unclaimed-bookings/mine',
    query: myClaimsQuerySchema,
    response: claimListResponse,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/unclaimed-bookings/:id/approve',
    params: idParams,
    response: claimSavedResponse,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/unclaimed-bookings/:id/reject',
    params: idParams,
    body: rejectClaimSchema,
    response: claimSavedResponse,
  }),
  /** A file (JPEG, PNG or PDF), inline. */
  receipt: endpoint({ method: 'GET', path: '/api/unclaimed-bookings/:id/receipt', params: idParams }),
  unmatchedTransactions: endpoint({
    method: 'GET',
    path: '/api/reports/unmatched-transactions',
    query: unmatchedTransactionsQuerySchema,
    response: unmatchedTransactionsResponse,
  }),
  /** A file answer (text/csv): every unmatched credit of the same filters and sort, for the agents. */
  unmatchedTransactionsExport: endpoint({
    method: 'GET',
    path: '/api/reports/unmatched-transactions/export',
    query: unmatchedTransactionsQuerySchema,
  }),
};
