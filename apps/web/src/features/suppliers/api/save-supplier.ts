import { referenceEndpoints, type Supplier, type SupplierInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { suppliersQueryKey } from './get-suppliers';

export interface SavedSupplier {
  message: string;
  supplier: Supplier;
}

/** `POST /suppliers`, or `POST /suppliers/{id}` with `_method: 'PUT'`; fields name, currency_id, booking_number_format. */
export async function saveSupplier({ id, input }: { id?: number; input: SupplierInput }): Promise<SavedSupplier> {
  const response =
    id === undefined
      ? await callEndpoint(referenceEndpoints.createSupplier, { body: input })
      : await callEndpoint(referenceEndpoints.updateSupplier, { params: { id }, body: input });
  return {
    message: response.message,
    supplier: response.data,
  };
}

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}
