/** The bookings feature's public face: the only module other features and the wiring import. */
export { bookingRoutes } from './bookings.routes';
export { bookingSupplierRoutes } from './booking-suppliers.routes';
export { myCommission, visibleTo } from './bookings.repo';
export { saveBooking, type ClaimApproval } from './booking-save';
