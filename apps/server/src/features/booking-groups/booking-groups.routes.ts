import {
  availableBookingsResponse,
  availableForGroupQuerySchema,
  bookingGroupInputSchema,
  bookingGroupListResponse,
  bookingGroupOptionsResponse,
  bookingGroupResponse,
  bookingGroupSavedResponse,
  listQuery,
} from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { notFound } from '../../http/errors';
import { idParams, legacyRoute, type RouteDef } from '../../http/route';
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
    legacyRoute({
      method: 'GET',
      url: '/api/booking-groups',
      access: 'user',
      summary: 'Booking groups for pickers: id and name (agents: their own; admins: all).',
      tags: TAGS,
      response: bookingGroupOptionsResponse,
      handler: async ({ user }) => ({ status: 'success' as const, data: await findGroupOptions(db, user) }),
    }),
    legacyRoute({
      method: 'GET',
      url: '/booking-groups',
      access: 'user',
      page: true,
      summary: 'Booking groups (page, or JSON list) with booking counts and per-currency totals.',
      tags: TAGS,
      query: listQuery(['created_at'] as const, 'created_at', 25),
      response: bookingGroupListResponse,
      handler: async ({ query, user }) => findGroups(db, user, query),
    }),
    legacyRoute({
      method: 'GET',
      url: '/booking-groups/:id',
      access: 'user',
      page: true,
      summary: 'One booking group with its bookings (selectedBookings: their ids).',
      tags: TAGS,
      params: idParams,
      response: bookingGroupResponse,
      handler: async ({ params, user }) => {
        const group = await getGroup(db, user, params.id);
        if (!group) throw notFound('The booking group');
        return { status: 'success' as const, data: group };
      },
    }),
  ];
}

/** Creating a booking group and updating one. */
function bookingGroupWriteRoutes(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'POST',
      url: '/booking-groups',
      access: 'user',
      summary: 'Create a booking group: name, description, selectedBookings[] (moved into the group).',
      tags: TAGS,
      body: bookingGroupInputSchema,
      response: bookingGroupSavedResponse,
      handler: async ({ body, user, redirectTo }) => {
        const { id } = await saveGroup(db, user, body, null);
        redirectTo(LIST_PAGE);
        return {
          status: 'success' as const,
          message: 'Booking group created successfully',
          data: await getGroup(db, user, id),
          redirect: LIST_PAGE,
        };
      },
    }),
    legacyRoute({
      method: 'PUT',
      url: '/booking-groups/:id',
      access: 'user',
      summary: 'Update a booking group (POST with _method=PUT); bookings left out leave the group.',
      tags: TAGS,
      params: idParams,
      body: bookingGroupInputSchema,
      response: bookingGroupSavedResponse,
      handler: async ({ body, params, user, redirectTo }) => {
        await saveGroup(db, user, body, params.id);
        redirectTo(LIST_PAGE);
        return {
          status: 'success' as const,
          message: 'Booking group updated successfully',
          data: await getGroup(db, user, params.id),
          redirect: LIST_PAGE,
        };
      },
    }),
  ];
}

/** The bookings a group may take. */
function groupableBookingsRoute(db: Db): RouteDef[] {
  return [
    legacyRoute({
      method: 'GET',
      url: '/bookings-available-for-group',
      access: 'user',
      summary:
        'Bookings that can join a group: in no group (or in group_id when editing it). Admins may filter by agent_id.',
      tags: TAGS,
      query: availableForGroupQuerySchema,
      response: availableBookingsResponse,
      handler: async ({ query, user }) => ({
        status: 'success' as const,
        data: await findAvailableBookings(db, user, query),
      }),
    }),
  ];
}
