import { commissionResponse, type CommissionRule } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { commissionsQueryKey } from './get-commissions';

/** `GET /commissions/{id}` (JSON) → `{status, data:{id, commission_type, general_id, owner_name, percentage, suppliers[]}}` */
export async function getCommission(id: number): Promise<CommissionRule> {
  const { data } = await getJson(`/commissions/${id}`, { schema: commissionResponse });
  return data;
}

export const commissionQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...commissionsQueryKey, 'one', id], queryFn: () => getCommission(id) });

export function useCommission(id: number, enabled = true) {
  return useQuery({ ...commissionQueryOptions(id), enabled });
}
