import { supplierListResponse, type Supplier } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const suppliersQueryKey = ['suppliers'] as const;

/** `GET /api/suppliers` → `{status, data:[{id,name,currency_id,currency,currency_symbol,booking_number_format}]}` */
export async function getSuppliers(): Promise<Supplier[]> {
  const { data } = await getJson('/api/suppliers', { schema: supplierListResponse });
  return data;
}

export const suppliersQueryOptions = () => queryOptions({ queryKey: suppliersQueryKey, queryFn: getSuppliers });

export function useSuppliers() {
  return useQuery(suppliersQueryOptions());
}
