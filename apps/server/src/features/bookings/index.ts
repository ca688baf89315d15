/** The bookings feature's public face: the only module other features and the wiring import. */
export { bookingRoutes } from './bookings.routes';
export { bookingSupplierRoutes } from './booking-suppliers.routes';
export { myCommission, visibleTo } from './bookings.repo';
export { bookingCountsCompactor, compactBookingCounts, countBookings } from './booking-counts';
export { saveBooking, type ClaimApproval } from './booking-save';
export { mergeSearchIndexes, searchIndexMerger } from './search-index-upkeep';
