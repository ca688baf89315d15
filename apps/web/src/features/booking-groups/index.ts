/** The booking groups feature's public face: the only module the app and other features import. */
export {
  BookingGroupCreateRoute,
  BookingGroupEditRoute,
  BookingGroupRedirect,
  BookingGroupsRoute,
} from './routes/booking-groups';
