import { subAgentRemovedResponse, subAgentSavedResponse, subAgentsResponse } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { deleteJson, getJson, postForm, putForm } from '../../../lib/api-client';
import { agentsQueryKey } from './agents';

export type SubAgentsPage = z.output<typeof subAgentsResponse>;

const key = (parentId: number) => [...agentsQueryKey, 'sub-agents', parentId] as const;

/** `GET /agents/{id}/sub-agents`: links, agents that can be added, the parent's suppliers. */
export const useSubAgents = (parentId: number) =>
  useQuery({
    queryKey: key(parentId),
    queryFn: () => getJson(`/agents/${parentId}/sub-agents`, { schema: subAgentsResponse }),
  });

export type SubAgentSaveResponse = z.output<typeof subAgentRemovedResponse>;

/**
 * Sub-agent create or update (bookings spec §7): multipart with sub_agent_id on create, split_percentage,
 * suppliers[] (or one empty `suppliers` value), `_method=PUT` on edit.
 */
export function useSaveSubAgent(parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subAgentId, form }: { subAgentId?: number; form: FormData }) =>
      subAgentId === undefined
        ? postForm(`/agents/${parentId}/sub-agents`, form, { schema: subAgentSavedResponse })
        : putForm(`/agents/${parentId}/sub-agents/${subAgentId}`, form, { schema: subAgentSavedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(parentId) }),
  });
}

export function useDeleteSubAgent(parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subAgentId: number) =>
      deleteJson(`/agents/${parentId}/sub-agents/${subAgentId}`, {}, { schema: subAgentRemovedResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(parentId) }),
  });
}
