import { referenceEndpoints, type Supplier } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

export const suppliersQueryKey = ['suppliers'] as const;

/**
 * `GET /api/suppliers` → `{status, data:[{id,name,currency_id,currency,currency_symbol,booking_number_format,
 * commission_due_days,match_tolerance_percent}]}`
 */
export async function getSuppliers(): Promise<Supplier[]> {
  const { data } = await callEndpoint(referenceEndpoints.suppliers);
  return data;
}

export const suppliersQueryOptions = () => queryOptions({ queryKey: suppliersQueryKey, queryFn: getSuppliers });

export function useSuppliers() {
  return useQuery(suppliersQueryOptions());
}
