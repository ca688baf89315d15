import { referenceEndpoints, type Tier, type TierInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { commissionTiersQueryKey } from './get-commission-tiers';

export interface SavedTier {
  message: string;
  tier: Tier;
}

/** `POST /commission-tiers`, or `POST /commission-tiers/{id}` with `_method: 'PUT'`. */
export async function saveCommissionTier({ id, input }: { id?: number; input: TierInput }): Promise<SavedTier> {
  const response =
    id === undefined
      ? await callEndpoint(referenceEndpoints.createTier, { body: input })
      : await callEndpoint(referenceEndpoints.updateTier, { params: { id }, body: input });
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
