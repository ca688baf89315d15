/** Claims on unmatched transactions (unclaimed bookings) and the unmatched report. */
export const claimEndpoints = {};
