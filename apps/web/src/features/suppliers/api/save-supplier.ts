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
 * commission_due_days, match_tolerance_percent.
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
 * A supplier's due days decide which of its bookings are overdue, and its match tolerance how its credits'
 * match suggestions score: the overdue report and the unmatched credits with their suggestions are read again
 * too. Their keys are the overdue and claims features' own (invalidating by prefix needs no import).
 */
const AFFECTED_QUERY_KEYS = [suppliersQueryKey, ['reports', 'overdue'], ['claims']] as const;

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupplier,
    onSuccess: () => Promise.all(AFFECTED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
