import { commissionEndpoints, type RecalculationPreview } from '@app/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
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
  const { data } =
    id === undefined
      ? await callEndpoint(commissionEndpoints.previewCreate, { body: payload })
      : await callEndpoint(commissionEndpoints.previewUpdate, { params: { id }, body: payload });
  return data;
}

export function usePreviewCommission() {
  return useMutation({ mutationFn: previewCommission });
}

/** `GET /commissions/{id}/delete-preview`: what deleting the rule would recalculate. */
export async function previewCommissionDelete(id: number): Promise<RecalculationPreview> {
  const { data } = await callEndpoint(commissionEndpoints.previewDelete, { params: { id } });
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
