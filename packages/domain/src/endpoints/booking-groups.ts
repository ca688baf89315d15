/** Booking groups. */
export const bookingGroupEndpoints = {};
