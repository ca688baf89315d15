import type { Supplier } from '@app/domain';

/** The client-side search: case-insensitive match on name, currency code/name and booking number format. */
export function filterSuppliers(suppliers: readonly Supplier[], search: string): Supplier[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...suppliers];
  return suppliers.filter((supplier) =>
    [supplier.name, supplier.currency.code, supplier.currency.name, supplier.booking_number_format ?? '']
      .join('\u0000')
      .toLowerCase()
      .includes(needle),
  );
}
