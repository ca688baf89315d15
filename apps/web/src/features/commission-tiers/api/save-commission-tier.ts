import { tierSavedResponse, type Tier, type TierInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, putJson } from '../../../lib/api-client';
import { commissionTiersQueryKey } from './get-commission-tiers';

export interface SavedTier {
  message: string;
  tier: Tier;
}

/** `POST /commission-tiers`, or `POST /commission-tiers/{id}` with `_method: 'PUT'`. */
export async function saveCommissionTier({ id, input }: { id?: number; input: TierInput }): Promise<SavedTier> {
  const response =
    id === undefined
      ? await postJson('/commission-tiers', input, { schema: tierSavedResponse })
      : await putJson(`/commission-tiers/${id}`, input, { schema: tierSavedResponse });
  return {
    message: response.message,
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
