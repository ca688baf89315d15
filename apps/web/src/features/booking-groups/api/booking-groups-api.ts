import {
  availableBookingsResponse,
  bookingGroupListResponse,
  bookingGroupResponse,
  bookingGroupSavedResponse,
} from '@app/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, putJson } from '../../../lib/api-client';

export const bookingGroupsQueryKey = ['booking-groups'] as const;

export function useBookingGroups(page: number) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'list', page],
    queryFn: () => getJson('/booking-groups', { query: { page }, schema: bookingGroupListResponse }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingGroup(id: number | null) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'one', id],
    queryFn: async () => (await getJson(`/booking-groups/${id}`, { schema: bookingGroupResponse })).data,
    enabled: id !== null,
  });
}

/** `GET /bookings-available-for-group?agent_id=`: refetched when the agent filter changes; a failure gives []. */
export function useAvailableBookings(agentId: string | null, groupId: number | null) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'available', agentId ?? '', groupId],
    queryFn: async () => {
      try {
        return (
          await getJson('/bookings-available-for-group', {
            query: { agent_id: agentId ?? undefined, group_id: groupId ?? undefined },
            schema: availableBookingsResponse,
          })
        ).data;
      } catch {
        return [];
      }
    },
    placeholderData: keepPreviousData,
  });
}

export interface BookingGroupPayload {
  name: string;
  description: string;
  selectedBookings: number[];
}

export function useSaveBookingGroup(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: BookingGroupPayload) =>
      id === null
        ? postJson('/booking-groups', payload, { schema: bookingGroupSavedResponse })
        : putJson(`/booking-groups/${id}`, { ...payload }, { schema: bookingGroupSavedResponse }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bookingGroupsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
