import {
  commissionListItemSchema,
  type CommissionListItem,
  type CommissionRuleType,
  type Paginated,
} from '@app/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/api-client';

export const commissionsQueryKey = ['commissions'] as const;

export interface CommissionListParams {
  page: number;
  per_page: number;
  search: string;
  type: CommissionRuleType | '';
}

const listSchema = z.object({
  data: z.array(commissionListItemSchema),
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
});

/** `GET /commissions` (JSON): `{data, current_page, last_page, per_page, from, to, total}`. */
export function getCommissions(params: CommissionListParams): Promise<Paginated<CommissionListItem>> {
  return getJson('/commissions', { query: { ...params }, schema: listSchema });
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
