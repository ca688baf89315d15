/** Bookings, their suppliers and receipts, and the booking reference checks. */
export const bookingEndpoints = {};
