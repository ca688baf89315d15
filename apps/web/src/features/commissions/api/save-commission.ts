import { COMMISSION_CREATED, COMMISSION_UPDATED } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, putJson } from '../../../lib/api-client';
import { commissionsQueryKey } from './get-commissions';

/** What the commission form posts (spec §7): JSON commission_type, general_id, percentage, suppliers[]. */
export interface CommissionPayload {
  commission_type: string;
  general_id: number;
  percentage: string;
  suppliers: number[];
}

/** A 2xx answer without one of the two success messages (spec §8 "Unexpected success message"). */
export class UnexpectedSuccessError extends Error {
  override readonly name = 'UnexpectedSuccessError';
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'Unexpected response');
  }
}

const SUCCESS_MESSAGES: readonly string[] = [COMMISSION_CREATED, COMMISSION_UPDATED];

/**
 * `POST /commissions` (create) or `POST /commissions/{id}` with `_method: 'PUT'` (update). Success is
 * recognised by the message 'Commission created successfully' or 'Commission updated successfully'.
 */
export async function saveCommission({ id, payload }: { id?: number; payload: CommissionPayload }): Promise<string> {
  const body =
    id === undefined
      ? await postJson<unknown>('/commissions', payload)
      : await putJson<unknown>(`/commissions/${id}`, { ...payload });
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : null;
  if (message === null || !SUCCESS_MESSAGES.includes(message)) throw new UnexpectedSuccessError(message || null);
  return message;
}

export function useSaveCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCommission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionsQueryKey }),
  });
}
