import { Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useBooking } from '../api/bookings-api';
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

/** /bookings/:id/edit */
export function BookingEditRoute() {
  const id = Number(useParams().id);
  const booking = useBooking(id);
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
      ) : (
        <BookingForm key={booking.data.id} booking={booking.data} />
      )}
    </>
  );
}
