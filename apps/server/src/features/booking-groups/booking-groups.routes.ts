import { bookingGroupEndpoints as api, type SessionUser } from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { notFound } from '../../http/errors';
import { route, type RouteDef } from '../../http/route';
import { findAvailableBookings, findGroupOptions, findGroups, getGroup, saveGroup } from './booking-groups.service';

const TAGS = ['booking-groups'];
const LIST_PAGE = '/booking-groups';

export const bookingGroupRoutes: RouteModule = ({ db }) => [
  ...bookingGroupReadRoutes(db),
  ...bookingGroupWriteRoutes(db),
  ...groupableBookingsRoute(db),
];

/** The group as the routes answer it, or the contract's 404 (also for one gone right after its save). */
async function existingGroup(db: Db, user: SessionUser, id: number) {
  const group = await getGroup(db, user, id);
  if (!group) throw notFound('The booking group');
  return group;
}

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
        data: await existingGroup(db, user, params.id),
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
          data: await existingGroup(db, user, id),
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
          data: await existingGroup(db, user, params.id),
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
