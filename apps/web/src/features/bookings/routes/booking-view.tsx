import { Button, Grid, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate } from '../../../lib/format';
import { isAdmin } from '../../../lib/authorization';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { useBooking, useCancelBooking, useDeleteBooking, type Booking } from '../api/bookings-api';
import { BookingHistoryPanel, MatchedTransactionsPanel } from '../components/booking-activity';
import { BookingDetails } from '../components/booking-details';
import { CancelBookingModal, DeleteConfirmModal } from '../components/booking-modals';
import { CommissionExplanation, CommissionLinesPanel } from '../components/commission-lines-panel';
import { PossibleCreditsPanel } from '../components/possible-credits-panel';
import { SuccessBanner } from '../components/success-banner';
import { returnTo } from '../utils/return-to';
import { useFlash } from '../hooks/use-flash';

type BookingModal = 'delete' | 'cancel' | null;

/**
 * /bookings/:id: every read field, the commission lines, the explanation, transactions (with, for an admin, the
 * supplier credits that may be the booking's money) and history.
 */
export function BookingViewRoute() {
  const id = Number(useParams().id);
  const admin = isAdmin(useUser());
  const booking = useBooking(id);
  const flash = useFlash();
  const [modal, setModal] = useState<BookingModal>(null);

  if (booking.isPending)
    return (
      <Stack role="status" aria-label="Loading booking">
        <Skeleton h={40} />
        <Skeleton h={120} />
      </Stack>
    );
  if (booking.isError)
    return (
      <QueryError
        error={booking.error}
        fallback="The booking could not be loaded."
        onRetry={() => void booking.refetch()}
        back={{ label: 'Back to bookings', to: paths.bookings.list }}
      />
    );

  const b = booking.data;
  return (
    <>
      <PageHeader
        title={`Booking ${b.booking_reference}`}
        description={`${b.supplier.name} · ${formatDate(b.booking_date)}`}
        actions={<BookingViewActions booking={b} onOpen={setModal} />}
      />
      <SuccessBanner message={flash.message} onClose={flash.dismiss} />
      <Stack gap="md">
        <BookingDetails booking={b} admin={admin} />

        <Grid>
          {/* Side by side only where the 8-column lines table fits whole (at 1360 px with the menu it did not). */}
          <Grid.Col span={{ base: 12, xl: 7 }}>
            <CommissionLinesPanel booking={b} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <CommissionExplanation id={b.id} />
          </Grid.Col>
        </Grid>

        <MatchedTransactionsPanel booking={b} />
        {admin && <PossibleCreditsPanel booking={b} />}
        <BookingHistoryPanel booking={b} />
      </Stack>

      <BookingViewModals booking={b} modal={modal} onClose={() => setModal(null)} />
    </>
  );
}

/** Back to the list, and the edit, cancel and delete the server allows on this booking. */
function BookingViewActions({ booking: b, onOpen }: { booking: Booking; onOpen: (modal: BookingModal) => void }) {
  return (
    <>
      <Button variant="default" component={Link} to={paths.bookings.list} leftSection={<IconArrowLeft size={16} />}>
        Bookings
      </Button>
      {b.actions.edit && (
        <Button
          component={Link}
          to={paths.bookings.edit(b.id)}
          // After the save the form comes back here.
          state={returnTo(paths.bookings.view(b.id))}
          leftSection={<IconPencil size={16} />}
        >
          Edit
        </Button>
      )}
      {b.actions.cancel && (
        <Button color="orange" variant="light" onClick={() => onOpen('cancel')} leftSection={<IconX size={16} />}>
          Cancel booking
        </Button>
      )}
      {b.actions.delete && (
        <Button color="red" variant="light" onClick={() => onOpen('delete')} leftSection={<IconTrash size={16} />}>
          Delete
        </Button>
      )}
    </>
  );
}

interface BookingViewModalsProps {
  booking: Booking;
  modal: BookingModal;
  onClose: () => void;
}

/** The delete and cancel confirmations; each goes on with the server's message as the flash. */
function BookingViewModals({ booking: b, modal, onClose }: BookingViewModalsProps) {
  const navigate = useNavigate();
  const deleteBooking = useDeleteBooking();
  const cancelBooking = useCancelBooking();
  return (
    <>
      <DeleteConfirmModal
        opened={modal === 'delete'}
        onClose={onClose}
        message={`Delete booking ${b.booking_reference}? This cannot be undone.`}
        action={paths.bookings.view(b.id)}
        onConfirm={async () => {
          const res = await deleteBooking.mutateAsync(b.id);
          void navigate(paths.bookings.list, { state: { flash: res.message } });
        }}
      />
      <CancelBookingModal
        opened={modal === 'cancel'}
        onClose={onClose}
        reference={b.booking_reference}
        onConfirm={async (note) => {
          const res = await cancelBooking.mutateAsync({ id: b.id, note });
          void navigate(paths.bookings.view(b.id), { replace: true, state: { flash: res.message } });
        }}
      />
    </>
  );
}
