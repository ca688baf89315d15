import { commissionEndpoints, type CommissionRule } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { commissionsQueryKey } from './get-commissions';

/** `GET /commissions/{id}` (JSON) → `{status, data:{id, commission_type, general_id, owner_name, percentage, suppliers[]}}` */
export async function getCommission(id: number): Promise<CommissionRule> {
  const { data } = await callEndpoint(commissionEndpoints.get, { params: { id } });
  return data;
}

export const commissionQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...commissionsQueryKey, 'one', id], queryFn: () => getCommission(id) });

export function useCommission(id: number, enabled = true) {
  return useQuery({ ...commissionQueryOptions(id), enabled });
}
