import { bookingGroupEndpoints as api } from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { found } from '../../http/errors';
import { route, type RouteDef } from '../../http/route';
import { findAvailableBookings, findGroupOptions, findGroups, getGroup, saveGroup } from './booking-groups.service';

const TAGS = ['booking-groups'];
const LIST_PAGE = '/booking-groups';

export const bookingGroupRoutes: RouteModule = ({ db }) => [
  ...bookingGroupReadRoutes(db),
  ...bookingGroupWriteRoutes(db),
  ...groupableBookingsRoute(db),
];

/** The booking groups (JSON list and page) and one group. */
function bookingGroupReadRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.options,
      access: 'user',
      summary: 'Booking groups for pickers: id and name (agents: their own; admins: all).',
      tags: TAGS,
      handler: async ({ user }) => ({ status: 'success' as const, data: await findGroupOptions(db, user) }),
    }),
    route({
      endpoint: api.list,
      access: 'user',
      page: true,
      summary: 'Booking groups (page, or JSON list) with booking counts and per-currency totals.',
      tags: TAGS,
      handler: async ({ query, user }) => findGroups(db, user, query),
    }),
    route({
      endpoint: api.get,
      access: 'user',
      page: true,
      summary: 'One booking group with its bookings (selectedBookings: their ids).',
      tags: TAGS,
      handler: async ({ params, user }) => ({
        status: 'success' as const,
        data: found(await getGroup(db, user, params.id), 'The booking group'),
      }),
    }),
  ];
}

/** Creating a booking group and updating one. */
function bookingGroupWriteRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.create,
      access: 'user',
      summary: 'Create a booking group: name, description, selectedBookings[] (moved into the group).',
      tags: TAGS,
      handler: async ({ body, user, redirectTo }) => {
        const { id } = await saveGroup(db, user, body, null);
        redirectTo(LIST_PAGE);
        return {
          status: 'success' as const,
          message: 'Booking group created successfully',
          data: found(await getGroup(db, user, id), 'The booking group'),
          redirect: LIST_PAGE,
        };
      },
    }),
    route({
      endpoint: api.update,
      access: 'user',
      summary: 'Update a booking group (POST with _method=PUT); bookings left out leave the group.',
      tags: TAGS,
      handler: async ({ body, params, user, redirectTo }) => {
        await saveGroup(db, user, body, params.id);
        redirectTo(LIST_PAGE);
        return {
          status: 'success' as const,
          message: 'Booking group updated successfully',
          data: found(await getGroup(db, user, params.id), 'The booking group'),
          redirect: LIST_PAGE,
        };
      },
    }),
  ];
}

/** The bookings a group may take. */
function groupableBookingsRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.availableBookings,
      access: 'user',
      summary:
        'Bookings that can join a group: in no group (or in group_id when editing it). Admins may filter by agent_id.',
      tags: TAGS,
      handler: async ({ query, user }) => ({
        status: 'success' as const,
        data: await findAvailableBookings(db, user, query),
      }),
    }),
  ];
}
