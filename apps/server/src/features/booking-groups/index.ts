/** The booking groups feature's public face: the only module other features and the wiring import. */
export { bookingGroupRoutes } from './booking-groups.routes';
