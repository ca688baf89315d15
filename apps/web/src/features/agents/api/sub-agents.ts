import type { AgentOption, SubAgentLink } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteJson, getJson, postForm, putForm } from '../../../lib/api-client';
import { agentsQueryKey } from './agents';

export interface SubAgentsPage {
  status: string;
  parent: { id: number; name: string; email: string };
  data: SubAgentLink[];
  candidates: AgentOption[];
  suppliers: { id: number; name: string }[];
}

const key = (parentId: number) => [...agentsQueryKey, 'sub-agents', parentId] as const;

/** `GET /agents/{id}/sub-agents`: links, agents that can be added, the parent's suppliers. */
export const useSubAgents = (parentId: number) =>
  useQuery({ queryKey: key(parentId), queryFn: () => getJson<SubAgentsPage>(`/agents/${parentId}/sub-agents`) });

export interface SubAgentSaveResponse {
  status?: string;
  message?: string;
  redirect?: string;
}

/**
 * Sub-agent create or update (bookings spec §7): multipart with sub_agent_id on create, split_percentage,
 * suppliers[] (or one empty `suppliers` value), `_method=PUT` on edit.
 */
export function useSaveSubAgent(parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subAgentId, form }: { subAgentId?: number; form: FormData }) =>
      subAgentId === undefined
        ? postForm<SubAgentSaveResponse>(`/agents/${parentId}/sub-agents`, form)
        : putForm<SubAgentSaveResponse>(`/agents/${parentId}/sub-agents/${subAgentId}`, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(parentId) }),
  });
}

export function useDeleteSubAgent(parentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subAgentId: number) =>
      deleteJson<SubAgentSaveResponse>(`/agents/${parentId}/sub-agents/${subAgentId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(parentId) }),
  });
}
