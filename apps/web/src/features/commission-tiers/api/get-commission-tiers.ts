import { tierListResponse, type Tier } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const commissionTiersQueryKey = ['commission-tiers'] as const;

/** `GET /api/commission-tiers` → `{status:'success', data:[{id,name,description}]}` */
export async function getCommissionTiers(): Promise<Tier[]> {
  const { data } = await getJson('/api/commission-tiers', { schema: tierListResponse });
  return data;
}

export const commissionTiersQueryOptions = () =>
  queryOptions({ queryKey: commissionTiersQueryKey, queryFn: getCommissionTiers });

export function useCommissionTiers() {
  return useQuery(commissionTiersQueryOptions());
}
