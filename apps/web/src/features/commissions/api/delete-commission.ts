import { commissionDeletedResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson } from '../../../lib/api-client';
import { commissionsQueryKey } from './get-commissions';

/** `POST /commissions/{id}` with `_method: 'DELETE'`. */
export async function deleteCommission(id: number): Promise<string> {
  const { message } = await deleteJson(`/commissions/${id}`, {}, { schema: commissionDeletedResponse });
  return message;
}

export function useDeleteCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCommission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionsQueryKey }),
  });
}
