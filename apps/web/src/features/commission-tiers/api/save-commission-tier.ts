import { tierSchema, type Tier, type TierInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, putJson } from '../../../lib/api-client';
import { savedResponse } from '../../../lib/api-schemas';
import { commissionTiersQueryKey } from './get-commission-tiers';

const savedTierSchema = savedResponse(tierSchema);

export interface SavedTier {
  message: string;
  tier: Tier;
}

/** `POST /commission-tiers`, or `POST /commission-tiers/{id}` with `_method: 'PUT'`. */
export async function saveCommissionTier({ id, input }: { id?: number; input: TierInput }): Promise<SavedTier> {
  const response =
    id === undefined
      ? await postJson('/commission-tiers', input, { schema: savedTierSchema })
      : await putJson(`/commission-tiers/${id}`, input, { schema: savedTierSchema });
  return {
    message: response.message ?? (id === undefined ? 'Commission tier created.' : 'Commission tier updated.'),
    tier: response.data,
  };
}

export function useSaveCommissionTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCommissionTier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionTiersQueryKey }),
  });
}
