import { bookingGroupEndpoints } from '@app/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

export const bookingGroupsQueryKey = ['booking-groups'] as const;

export function useBookingGroups(page: number) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'list', page],
    queryFn: () => callEndpoint(bookingGroupEndpoints.list, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useBookingGroup(id: number | null) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'one', id],
    queryFn:
      id === null ? skipToken : async () => (await callEndpoint(bookingGroupEndpoints.get, { params: { id } })).data,
  });
}

/** `GET /bookings-available-for-group?agent_id=`: refetched when the agent filter changes; a failure gives []. */
export function useAvailableBookings(agentId: string | null, groupId: number | null) {
  return useQuery({
    queryKey: [...bookingGroupsQueryKey, 'available', agentId ?? '', groupId],
    queryFn: async () => {
      try {
        return (
          await callEndpoint(bookingGroupEndpoints.availableBookings, {
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
        ? callEndpoint(bookingGroupEndpoints.create, { body: payload })
        : callEndpoint(bookingGroupEndpoints.update, { params: { id }, body: payload }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bookingGroupsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
