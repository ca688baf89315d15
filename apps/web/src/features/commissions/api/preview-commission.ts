import { commissionPreviewResponse, type RecalculationPreview } from '@app/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getJson, postJson } from '../../../lib/api-client';
import type { CommissionPayload } from './save-commission';

/**
 * `POST /commissions/preview` (a new rule) or `POST /commissions/{id}/preview` (an edit), with the JSON
 * the save posts: how many bookings the save would recalculate, per status, and the expected commission
 * before and after per currency. Nothing is written.
 */
export async function previewCommission({
  id,
  payload,
}: {
  id?: number;
  payload: CommissionPayload;
}): Promise<RecalculationPreview> {
  const url = id === undefined ? '/commissions/preview' : `/commissions/${id}/preview`;
  const { data } = await postJson(url, { ...payload }, { schema: commissionPreviewResponse });
  return data;
}

export function usePreviewCommission() {
  return useMutation({ mutationFn: previewCommission });
}

/** `GET /commissions/{id}/delete-preview`: what deleting the rule would recalculate. */
export async function previewCommissionDelete(id: number): Promise<RecalculationPreview> {
  const { data } = await getJson(`/commissions/${id}/delete-preview`, { schema: commissionPreviewResponse });
  return data;
}

/** Fetched each time the delete question opens: the bookings may have changed since. */
export function useCommissionDeletePreview(id: number | null) {
  return useQuery({
    queryKey: ['commission-delete-preview', id],
    queryFn: () => previewCommissionDelete(id!),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
