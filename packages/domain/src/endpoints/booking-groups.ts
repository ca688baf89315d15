import {
  availableBookingsResponse,
  availableForGroupQuerySchema,
  bookingGroupInputSchema,
  bookingGroupListQuerySchema,
  bookingGroupListResponse,
  bookingGroupOptionsResponse,
  bookingGroupResponse,
  bookingGroupSavedResponse,
} from '../schemas/booking-groups';
import { endpoint, idParams } from './endpoint';

/** Booking groups. */
export const bookingGroupEndpoints = {
  /** The pickers' id and name list. */
  options: endpoint({ method: 'GET', path: '/api/booking-groups', response: bookingGroupOptionsResponse }),
  list: endpoint({
    method: 'GET',
    path: '/booking-groups',
    query: bookingGroupListQuerySchema,
    response: bookingGroupListResponse,
  }),
  get: endpoint({ method: 'GET', path: '/booking-groups/:id', params: idParams, response: bookingGroupResponse }),
  create: endpoint({
    method: 'POST',
    path: '/booking-groups',
    body: bookingGroupInputSchema,
    response: bookingGroupSavedResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/booking-groups/:id',
    params: idParams,
    body: bookingGroupInputSchema,
    response: bookingGroupSavedResponse,
  }),
  /** The bookings a group may take. */
  availableBookings: endpoint({
    method: 'GET',
    path: '/bookings-available-for-group',
    query: availableForGroupQuerySchema,
    response: availableBookingsResponse,
  }),
};
