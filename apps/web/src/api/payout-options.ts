import { payoutEndpoints, type EndpointResponse } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../lib/call-endpoint';

export type PayoutOption = EndpointResponse<typeof payoutEndpoints.list>['payouts'][number];

/**
 * `GET /api/payouts` (spec §7: id, name, total_amount, payout_date), the newest 500, newest first: the payout
 * filter of the bulk screen and the Excel reports' 'From Payout'. Under the payouts key, so a new payout
 * refreshes them.
 */
export const payoutOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['payouts', 'options'],
    queryFn: async ({ signal }) =>
      (await callEndpoint(payoutEndpoints.list, { query: { page: 1, per_page: 500 }, signal })).payouts,
  });
