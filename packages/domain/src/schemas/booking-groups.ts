import { z } from 'zod';
import { idList, listQuery, optionalId, optionalText, requiredText } from './fields';
import { moneyOut, pageOf, successData, successMessage, timestampOut } from './responses';

const bookingIds = idList('The selected booking is invalid.', {
  max: 1000,
  maxMessage: 'At most 1000 bookings can be grouped at once.',
});

/** The booking-group form (spec §2 "Booking-group form", §3 Booking group). */
export const bookingGroupInputSchema = z.object({
  name: requiredText('name', 150),
  description: optionalText('description', 2000, { multiline: true }),
  selectedBookings: bookingIds,
});
export type BookingGroupInput = z.infer<typeof bookingGroupInputSchema>;

/** `GET /booking-groups?page=&sort=&direction=`: newest first, 25 a page. */
export const bookingGroupListQuerySchema = listQuery(['created_at'] as const, 'created_at', 25);

/** `GET /bookings-available-for-group?agent_id=&group_id=` */
export const availableForGroupQuerySchema = z.object({
  agent_id: optionalId('agent').catch(null),
  group_id: optionalId('group').catch(null),
});

export const bookingGroupOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type BookingGroupOption = z.infer<typeof bookingGroupOptionSchema>;

export const availableBookingSchema = z.object({
  id: z.number().int(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_amount: moneyOut,
  currency: z.object({ code: z.string(), symbol: z.string() }),
  agent_name: z.string(),
  agent_id: z.number().int(),
});
export type AvailableBooking = z.infer<typeof availableBookingSchema>;

/** Per currency, over the bookings of the group the viewer may see (an agent: their own). */
export const bookingGroupTotalSchema = z.object({
  currency_code: z.string(),
  currency_symbol: z.string(),
  total: moneyOut,
  expected_commission: moneyOut,
  /** The viewer's share, as the bookings list's `my_commission`. */
  my_commission: moneyOut,
});

export const bookingGroupListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  /** The group's bookings the viewer may see (an agent: their own). */
  bookings_count: z.number().int(),
  totals: z.array(bookingGroupTotalSchema),
  created_at: timestampOut,
});
export type BookingGroupListItem = z.infer<typeof bookingGroupListItemSchema>;

export const bookingGroupSchema = bookingGroupListItemSchema.extend({
  selectedBookings: z.array(z.number().int()),
  bookings: z.array(availableBookingSchema),
});
export type BookingGroup = z.infer<typeof bookingGroupSchema>;

/* ----------------------------------------------------------------------------------- responses */

/** `GET /api/booking-groups`. */
export const bookingGroupOptionsResponse = successData(z.array(bookingGroupOptionSchema));

/** `GET /booking-groups` (JSON). */
export const bookingGroupListResponse = pageOf(bookingGroupListItemSchema);

/** `GET /booking-groups/{id}`. */
export const bookingGroupResponse = successData(bookingGroupSchema);

/** `POST /booking-groups`, `POST /booking-groups/{id}` + `_method=PUT`. */
export const bookingGroupSavedResponse = successMessage({ data: bookingGroupSchema, redirect: z.string() });

/** `GET /bookings-available-for-group`. */
export const availableBookingsResponse = successData(z.array(availableBookingSchema));
