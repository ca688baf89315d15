import { COMMISSION_CREATED, COMMISSION_UPDATED, commissionEndpoints, type Recalculation } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
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

const messageOf = (body: unknown): string | null => {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : null;
};

/**
 * `POST /commissions` (create) or `POST /commissions/{id}` with `_method: 'PUT'` (update). Success is
 * recognised by the message 'Commission created successfully' or 'Commission updated successfully'; a 2xx
 * that is not the contract's answer is an unexpected success, shown with its message when it has one.
 * Answers the message and the bookings the save recalculated.
 */
export async function saveCommission({
  id,
  payload,
}: {
  id?: number;
  payload: CommissionPayload;
}): Promise<{ message: string; recalculation: Recalculation }> {
  let body: { message: string; recalculation: Recalculation };
  try {
    body =
      id === undefined
        ? await callEndpoint(commissionEndpoints.create, { body: payload })
        : await callEndpoint(commissionEndpoints.update, { params: { id }, body: payload });
  } catch (error) {
    if (isApiError(error) && error.kind === 'invalid_response') throw new UnexpectedSuccessError(messageOf(error.body));
    throw error;
  }
  if (!SUCCESS_MESSAGES.includes(body.message)) throw new UnexpectedSuccessError(body.message || null);
  return { message: body.message, recalculation: body.recalculation };
}

export function useSaveCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCommission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionsQueryKey }),
  });
}
