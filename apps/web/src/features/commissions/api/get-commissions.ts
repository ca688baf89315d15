import { commissionEndpoints, type CommissionRuleType } from '@app/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

export const commissionsQueryKey = ['commissions'] as const;

export interface CommissionListParams {
  page: number;
  per_page: number;
  search: string;
  type: CommissionRuleType | '';
}

/** `GET /commissions` (JSON): `{data, current_page, last_page, per_page, from, to, total}`. */
export function getCommissions(params: CommissionListParams) {
  return callEndpoint(commissionEndpoints.list, { query: { ...params } });
}

export const commissionsQueryOptions = (params: CommissionListParams) =>
  queryOptions({
    queryKey: [...commissionsQueryKey, 'list', params],
    queryFn: () => getCommissions(params),
    placeholderData: keepPreviousData,
  });

export function useCommissions(params: CommissionListParams) {
  return useQuery(commissionsQueryOptions(params));
}
