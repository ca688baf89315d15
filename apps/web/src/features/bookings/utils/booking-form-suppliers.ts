import { BOOKING_REFERENCE_MESSAGE, BOOKING_REFERENCE_PATTERN, matchesBookingFormat } from '@app/domain';

/** A supplier as the form offers it (spec §3: parentAgentName, parentAgentId, splitPercentage). */
export interface SupplierOption {
  id: number;
  name: string;
  parentAgentName: string | null;
  parentAgentId: number | null;
  splitPercentage: number | null;
}

/** Spec §2: a supplier reached through a parent agent reads 'name (via parent agent name)'. */
export const supplierLabel = (s: SupplierOption) =>
  s.parentAgentId !== null ? `${s.name} (via ${s.parentAgentName ?? 'parent agent'})` : s.name;

/**
 * The suppliers offered: those the server says may be booked, and, when editing, the booking's own
 * supplier even if it could no longer be booked (named from the full supplier list).
 */
export function bookingSupplierOptions(
  bookable: readonly SupplierOption[],
  allSuppliers: readonly { id: number; name: string }[],
  currentSupplierId: number | undefined,
): SupplierOption[] {
  const options = bookable.map(({ id, name, parentAgentName, parentAgentId, splitPercentage }) => ({
    id,
    name,
    parentAgentName,
    parentAgentId,
    splitPercentage,
  }));
  const known = allSuppliers.find((s) => s.id === currentSupplierId);
  if (currentSupplierId !== undefined && known && !options.some((o) => o.id === currentSupplierId)) {
    options.push({ id: known.id, name: known.name, parentAgentName: null, parentAgentId: null, splitPercentage: null });
  }
  return options;
}

export type ReferenceFormatState = 'match' | 'mismatch' | null;

/** Spec §5: against the supplier's format a typed reference is green ('match') or red ('mismatch'). */
export function referenceFormatState(format: string | null, reference: string): ReferenceFormatState {
  if (!format || reference === '') return null;
  return matchesBookingFormat(format, reference) ? 'match' : 'mismatch';
}

/** The live message under a typed reference that is not upper case letters, digits and hyphens. */
export const referenceCaseError = (reference: string): string | null =>
  reference !== '' && !BOOKING_REFERENCE_PATTERN.test(reference) ? BOOKING_REFERENCE_MESSAGE : null;
