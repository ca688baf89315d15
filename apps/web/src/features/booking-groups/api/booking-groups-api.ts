import type { AvailableBooking, BookingGroup, BookingGroupListItem, Paginated } from '@app/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, putJson } from '../../../lib/api-client';

export const bookingGroupsQueryKey = ['booking-groups'] as const;

export function useBookingGroups(page: number) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'list', page],
    queryFn: () => getJson<Paginated<BookingGroupListItem>>('/booking-groups', { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingGroup(id: number | null) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'one', id],
    queryFn: async () => (await getJson<{ data: BookingGroup }>(`/booking-groups/${id}`)).data,
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
          await getJson<{ data: AvailableBooking[] }>('/bookings-available-for-group', {
            query: { agent_id: agentId ?? undefined, group_id: groupId ?? undefined },
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
        ? postJson<{ status: string; message?: string }>('/booking-groups', payload)
        : putJson<{ status: string; message?: string }>(`/booking-groups/${id}`, { ...payload }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bookingGroupsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
