import { commissionEndpoints, type CommissionOption, type CommissionRuleType } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `GET /commissions/options?type={type}` → `{status:'success', data:[{id, name}]}` (spec §7). */
export async function getCommissionOptions(type: CommissionRuleType): Promise<CommissionOption[]> {
  try {
    const { data } = await callEndpoint(commissionEndpoints.options, { query: { type } });
    return data;
  } catch (error) {
    // Spec §8: an options load failure is logged and the options are left empty.
    console.error('Failed to load commission options', error);
    return [];
  }
}

export function useCommissionOptions(type: CommissionRuleType | null) {
  return useQuery({
    queryKey: ['commission-options', type],
    queryFn: () => getCommissionOptions(type!),
    enabled: type !== null,
    staleTime: 0,
  });
}
