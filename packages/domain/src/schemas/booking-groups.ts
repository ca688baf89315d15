import { z } from 'zod';
import { optionalId, optionalText, requiredText } from './fields';

const bookingIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    return Array.isArray(v) ? v.filter((x) => x !== '') : [v];
  },
  z
    .array(
      z.coerce
        .number({ error: 'The selected booking is invalid.' })
        .int('The selected booking is invalid.')
        .positive('The selected booking is invalid.')
        .max(2_147_483_647, 'The selected booking is invalid.'),
    )
    .max(1000, 'At most 1000 bookings can be grouped at once.'),
);

/** The booking-group form (spec §2 "Booking-group form", §3 Booking group). */
export const bookingGroupInputSchema = z.object({
  name: requiredText('name', 150),
  description: optionalText('description', 2000),
  selectedBookings: bookingIds,
});
export type BookingGroupInput = z.infer<typeof bookingGroupInputSchema>;

/** `GET /bookings-available-for-group?agent_id=&group_id=` */
export const availableForGroupQuerySchema = z.object({
  agent_id: optionalId('agent').catch(null),
  group_id: optionalId('group').catch(null),
});

export const bookingGroupOptionSchema = z.object({ id: z.number(), name: z.string() });
export type BookingGroupOption = z.infer<typeof bookingGroupOptionSchema>;

export const availableBookingSchema = z.object({
  id: z.number(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_amount: z.number(),
  currency: z.object({ code: z.string(), symbol: z.string() }),
  agent_name: z.string(),
  agent_id: z.number(),
});
export type AvailableBooking = z.infer<typeof availableBookingSchema>;

export const bookingGroupTotalSchema = z.object({
  currency_code: z.string(),
  currency_symbol: z.string(),
  total: z.number(),
  expected_commission: z.number(),
});

export const bookingGroupListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  bookings_count: z.number(),
  totals: z.array(bookingGroupTotalSchema),
  created_at: z.string(),
});
export type BookingGroupListItem = z.infer<typeof bookingGroupListItemSchema>;

export const bookingGroupSchema = bookingGroupListItemSchema.extend({
  selectedBookings: z.array(z.number()),
  bookings: z.array(availableBookingSchema),
});
export type BookingGroup = z.infer<typeof bookingGroupSchema>;
