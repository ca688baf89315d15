import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../lib/paths';
import { PayoutModal } from '../../payouts';
import { bookingsQueryKey, useCancelBooking, useDeleteBooking, type BookingListItem } from '../api/bookings-api';
import { CancelBookingModal, DeleteConfirmModal } from './booking-modals';

interface BookingsListModalsProps {
  toDelete: BookingListItem | null;
  toCancel: BookingListItem | null;
  toPay: BookingListItem | null;
  onClose: () => void;
  /** Shows the server's message above the list. */
  onDone: (message: string) => void;
}

/** The delete, payout and cancel dialogs of the list's rows; at most one is open. */
export function BookingsListModals({ toDelete, toCancel, toPay, onClose, onDone }: BookingsListModalsProps) {
  const deleteBooking = useDeleteBooking();
  const cancelBooking = useCancelBooking();
  const queryClient = useQueryClient();
  return (
    <>
      <DeleteConfirmModal
        opened={toDelete !== null}
        onClose={onClose}
        message={`Delete booking ${toDelete?.booking_reference ?? ''}? This cannot be undone.`}
        action={toDelete ? paths.bookings.view(toDelete.id) : ''}
        onConfirm={async () => {
          if (!toDelete) return;
          const res = await deleteBooking.mutateAsync(toDelete.id);
          onDone(res.message);
        }}
      />
      <PayoutModal
        bookingId={toPay?.id ?? null}
        opened={toPay !== null}
        onClose={onClose}
        onPaid={(res) => {
          // The spec's success banner (hides after 5 s); the row's amounts and status come back fresh.
          onDone(res.message);
          void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
        }}
      />
      <CancelBookingModal
        opened={toCancel !== null}
        onClose={onClose}
        reference={toCancel?.booking_reference ?? ''}
        onConfirm={async (note) => {
          if (!toCancel) return;
          const res = await cancelBooking.mutateAsync({ id: toCancel.id, note });
          onDone(res.message);
        }}
      />
    </>
  );
}
