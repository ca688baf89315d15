/** The bookings feature's public face: the only module the app and other features import. */
export { useAgentsList } from './api/bookings-api';
export { SuccessBanner } from './components/success-banner';
export { BookingCreateRoute, BookingEditRoute } from './routes/booking-form-routes';
export { BookingViewRoute } from './routes/booking-view';
export { BookingsListRoute } from './routes/bookings-list';
export { useFlash } from './hooks/use-flash';
