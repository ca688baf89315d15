import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deleteJson } from '../../../lib/api-client';
import { commissionsQueryKey } from './get-commissions';

const deletedSchema = z.object({ status: z.literal('success'), message: z.string() });

/** `POST /commissions/{id}` with `_method: 'DELETE'`. */
export async function deleteCommission(id: number): Promise<string> {
  const { message } = await deleteJson(`/commissions/${id}`, {}, { schema: deletedSchema });
  return message;
}

export function useDeleteCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCommission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionsQueryKey }),
  });
}
