import { agentEndpoints as api } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { agentsQueryKey } from './agents';

const key = (parentId: number) => [...agentsQueryKey, 'sub-agents', parentId] as const;

/** `GET /agents/{id}/sub-agents`: links, agents that can be added, the parent's suppliers. */
export const useSubAgents = (parentId: number) =>
  useQuery({
    queryKey: key(parentId),
    queryFn: () => callEndpoint(api.subAgents, { params: { id: parentId } }),
  });

/**
 * Sub-agent create or update (bookings spec §7): multipart with sub_agent_id on create, split_percentage,
 * suppliers[] (or one empty `suppliers` value), `_method=PUT` on edit.
 */
export function useSaveSubAgent(parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subAgentId, form }: { subAgentId?: number; form: FormData }) =>
      subAgentId === undefined
        ? callEndpoint(api.addSubAgent, { params: { id: parentId }, form })
        : callEndpoint(api.updateSubAgent, { params: { id: parentId, subAgentId }, form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(parentId) }),
  });
}

export function useDeleteSubAgent(parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subAgentId: number) => callEndpoint(api.removeSubAgent, { params: { id: parentId, subAgentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(parentId) }),
  });
}
