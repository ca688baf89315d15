import type { UseFormReturnType } from '@mantine/form';
import type { BookingFormValues } from '../../utils/booking-form-values';

/** The booking form's Mantine form, as its sections edit it. */
export type BookingFormApi = UseFormReturnType<BookingFormValues>;
