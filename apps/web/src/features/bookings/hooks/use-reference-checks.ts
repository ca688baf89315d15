import { BOOKING_REFERENCE_PATTERN } from '@app/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { checkBookingReference, checkDuplicateBookingSupplier, checkUnclaimedTransaction } from '../api/bookings-api';

interface ReferenceCheckArgs {
  /** The reference as typed (checked trimmed, 400 ms after the last key). */
  reference: string;
  admin: boolean;
  supplierId: number | null;
  /** The agent the booking goes under (the parent agent for a sub-agent supplier). */
  agentId: number | null;
  /** When editing: the booking itself is no duplicate. */
  excludeBookingId: number | null;
}

/**
 * The reference checks (spec §4): an existing booking with the same reference for everyone, and for
 * admins an unclaimed transaction and a duplicate booking with the supplier. A failed check gives no warning.
 */
export function useReferenceChecks({
  reference: typed,
  admin,
  supplierId,
  agentId,
  excludeBookingId,
}: ReferenceCheckArgs) {
  const [reference] = useDebouncedValue(typed.trim(), 400);
  const referenceOk = reference !== '' && BOOKING_REFERENCE_PATTERN.test(reference);
  const existing = useQuery({
    queryKey: ['check-booking-reference', reference, agentId, excludeBookingId],
    queryFn: () =>
      checkBookingReference({
        booking_reference: reference,
        agent_id: agentId,
        exclude_booking_id: excludeBookingId,
      }),
    enabled: referenceOk,
    retry: false,
  });
  const unclaimed = useQuery({
    queryKey: ['check-unclaimed-transaction', reference, supplierId],
    queryFn: () => checkUnclaimedTransaction({ reference_number: reference, supplier_id: supplierId }),
    enabled: admin && referenceOk && supplierId !== null,
    retry: false,
  });
  const duplicate = useQuery({
    queryKey: ['check-duplicate-booking-supplier', reference, supplierId, excludeBookingId],
    queryFn: () =>
      checkDuplicateBookingSupplier({
        reference_number: reference,
        supplier_id: supplierId,
        exclude_booking_id: excludeBookingId,
      }),
    enabled: admin && referenceOk && supplierId !== null,
    retry: false,
  });
  return {
    /** The server's message when another booking has this reference. */
    existing: existing.data?.exists ? existing.data : null,
    unclaimed: admin && unclaimed.data?.has_unclaimed ? unclaimed.data : null,
    duplicate: admin && duplicate.data?.has_duplicate ? duplicate.data : null,
  };
}
export type ReferenceChecks = ReturnType<typeof useReferenceChecks>;
