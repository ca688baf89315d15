import { referenceEndpoints, type Tier } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

export const commissionTiersQueryKey = ['commission-tiers'] as const;

/** `GET /api/commission-tiers` → `{status:'success', data:[{id,name,description}]}` */
export async function getCommissionTiers(): Promise<Tier[]> {
  const { data } = await callEndpoint(referenceEndpoints.tiers);
  return data;
}

export const commissionTiersQueryOptions = () =>
  queryOptions({ queryKey: commissionTiersQueryKey, queryFn: getCommissionTiers });

export function useCommissionTiers() {
  return useQuery(commissionTiersQueryOptions());
}
