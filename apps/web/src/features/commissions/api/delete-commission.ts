import { commissionEndpoints, type Recalculation } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { commissionsQueryKey } from './get-commissions';

/** `POST /commissions/{id}` with `_method: 'DELETE'`: the message and the bookings it recalculated. */
export async function deleteCommission(id: number): Promise<{ message: string; recalculation: Recalculation }> {
  const { message, recalculation } = await callEndpoint(commissionEndpoints.remove, { params: { id } });
  return { message, recalculation };
}

export function useDeleteCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCommission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionsQueryKey }),
  });
}
