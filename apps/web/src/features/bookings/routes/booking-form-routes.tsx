import { editRefusal } from '@app/domain';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isAdmin } from '../../../lib/authorization';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { useBooking, type Booking } from '../api/bookings-api';
import { BookingDetails } from '../components/booking-details';
import { BookingForm } from '../components/booking-form/booking-form';

/** /bookings/create */
export function BookingCreateRoute() {
  return (
    <>
      <PageHeader title="New booking" description="Record a booking made with a supplier." />
      <BookingForm />
    </>
  );
}

/**
 * A booking the user may see but not edit (spec §5: a refund booking is an admin's, a cancelled or
 * completed one no agent's): shown read-only with the reason, before anything can be typed.
 */
function ReadOnlyBooking({ booking, reason, admin }: { booking: Booking; reason: string; admin: boolean }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconLock size={18} />} role="alert" data-testid="edit-refused">
        {reason}
      </Alert>
      <BookingDetails booking={booking} admin={admin} />
      <Group>
        <Button
          variant="default"
          component={Link}
          to={paths.bookings.view(booking.id)}
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to the booking
        </Button>
      </Group>
    </Stack>
  );
}

/** /bookings/:id/edit */
export function BookingEditRoute() {
  const id = Number(useParams().id);
  const booking = useBooking(id);
  const user = useUser();
  const admin = isAdmin(user);
  const refusal = booking.data
    ? editRefusal(
        { status: booking.data.status, is_refund: booking.data.booking_amount < 0 },
        { is_admin: admin, agent_id: user.agent_id },
      )
    : null;
  return (
    <>
      <PageHeader title="Edit booking" description={booking.data ? booking.data.booking_reference : undefined} />
      {booking.isPending ? (
        <Stack role="status" aria-label="Loading booking">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : booking.isError ? (
        <QueryError
          error={booking.error}
          fallback="The booking could not be loaded."
          onRetry={() => void booking.refetch()}
        />
      ) : refusal ? (
        <ReadOnlyBooking booking={booking.data} reason={refusal} admin={admin} />
      ) : (
        <BookingForm key={booking.data.id} booking={booking.data} />
      )}
    </>
  );
}
