import {
  availableBookingSchema,
  availableForGroupQuerySchema,
  bookingGroupInputSchema,
  bookingGroupListItemSchema,
  bookingGroupOptionSchema,
  bookingGroupSchema,
  listOf,
  listQuery,
} from '@app/domain';
import { z } from 'zod';
import type { RouteModule } from '../../http/app';
import { notFound } from '../../http/errors';
import { idParams, route } from '../../http/route';
import { findAvailableBookings, findGroupOptions, findGroups, getGroup, saveGroup } from './booking-groups.service';

const TAGS = ['booking-groups'];
const LIST_PAGE = '/booking-groups';

export const bookingGroupRoutes: RouteModule = ({ db }) => [
  route({
    method: 'GET',
    url: '/api/booking-groups',
    access: 'user',
    summary: 'Booking groups for pickers: id and name (agents: their own; admins: all).',
    tags: TAGS,
    response: listOf(bookingGroupOptionSchema),
    handler: async ({ user }) => ({ status: 'success' as const, data: await findGroupOptions(db, user) }),
  }),
  route({
    method: 'GET',
    url: '/booking-groups',
    access: 'user',
    page: true,
    summary: 'Booking groups (page, or JSON list) with booking counts and per-currency totals.',
    tags: TAGS,
    query: listQuery(['created_at'] as const, 'created_at', 25),
    response: z.object({
      data: z.array(bookingGroupListItemSchema),
      current_page: z.number(),
      last_page: z.number(),
      per_page: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
      total: z.number(),
    }),
    handler: async ({ query, user }) => findGroups(db, user, query),
  }),
  route({
    method: 'GET',
    url: '/booking-groups/:id',
    access: 'user',
    page: true,
    summary: 'One booking group with its bookings (selectedBookings: their ids).',
    tags: TAGS,
    params: idParams,
    response: z.object({ status: z.literal('success'), data: bookingGroupSchema }),
    handler: async ({ params, user }) => {
      const group = await getGroup(db, user, params.id);
      if (!group) throw notFound('The booking group');
      return { status: 'success' as const, data: group };
    },
  }),
  route({
    method: 'POST',
    url: '/booking-groups',
    access: 'user',
    summary: 'Create a booking group: name, description, selectedBookings[] (moved into the group).',
    tags: TAGS,
    body: bookingGroupInputSchema,
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
  route({
    method: 'PUT',
    url: '/booking-groups/:id',
    access: 'user',
    summary: 'Update a booking group (POST with _method=PUT); bookings left out leave the group.',
    tags: TAGS,
    params: idParams,
    body: bookingGroupInputSchema,
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
  route({
    method: 'GET',
    url: '/bookings-available-for-group',
    access: 'user',
    summary:
      'Bookings that can join a group: in no group (or in group_id when editing it). Admins may filter by agent_id.',
    tags: TAGS,
    query: availableForGroupQuerySchema,
    response: listOf(availableBookingSchema),
    handler: async ({ query, user }) => ({
      status: 'success' as const,
      data: await findAvailableBookings(db, user, query),
    }),
  }),
];
