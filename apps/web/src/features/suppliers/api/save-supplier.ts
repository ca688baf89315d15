import { supplierSchema, type Supplier, type SupplierInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, putJson } from '../../../lib/api-client';
import { savedResponse } from '../../../lib/api-schemas';
import { suppliersQueryKey } from './get-suppliers';

const savedSupplierSchema = savedResponse(supplierSchema);

export interface SavedSupplier {
  message: string;
  supplier: Supplier;
}

/** `POST /suppliers`, or `POST /suppliers/{id}` with `_method: 'PUT'`; fields name, currency_id, booking_number_format. */
export async function saveSupplier({ id, input }: { id?: number; input: SupplierInput }): Promise<SavedSupplier> {
  const response =
    id === undefined
      ? await postJson('/suppliers', input, { schema: savedSupplierSchema })
      : await putJson(`/suppliers/${id}`, input, { schema: savedSupplierSchema });
  return {
    message: response.message ?? (id === undefined ? 'Supplier created.' : 'Supplier updated.'),
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
