import { referenceEndpoints, type Supplier, type SupplierInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { suppliersQueryKey } from './get-suppliers';

export interface SavedSupplier {
  message: string;
  supplier: Supplier;
}

/**
 * `POST /suppliers`, or `POST /suppliers/{id}` with `_method: 'PUT'`; fields name, currency_id, booking_number_format,
 * commission_due_days.
 */
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

/**
 * A supplier's due days decide which of its bookings are overdue: the overdue report is read again too. Its
 * key is the overdue feature's own (invalidating by prefix needs no import).
 */
const AFFECTED_QUERY_KEYS = [suppliersQueryKey, ['reports', 'overdue']] as const;

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupplier,
    onSuccess: () => Promise.all(AFFECTED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
