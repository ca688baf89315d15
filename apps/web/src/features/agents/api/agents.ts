import type { AgentDetail, AgentListItem, AgentTierHistoryResponse, Paginated, State, Tier } from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postForm, putForm, type Query } from '../../../lib/api-client';

export const agentsQueryKey = ['agents'] as const;

export interface AgentListParams {
  page: number;
  per_page: number;
  search?: string;
  tier?: string;
  status?: string;
  inactive?: string;
  has_gst?: string;
  sort?: string;
  direction?: 'asc' | 'desc';
}

/** `GET /agents` (JSON): the admin list, CONTRACT.md §2 Lists shape. */
export const getAgents = (params: AgentListParams) =>
  getJson<Paginated<AgentListItem>>('/agents', { query: params as unknown as Query });

export function useAgents(params: AgentListParams) {
  return useQuery({
    queryKey: [...agentsQueryKey, 'list', params],
    queryFn: () => getAgents(params),
    placeholderData: keepPreviousData,
  });
}

/** `GET /agents/{id}` */
export async function getAgent(id: number): Promise<AgentDetail> {
  const { data } = await getJson<{ data: AgentDetail }>(`/agents/${id}`);
  return data;
}

export const agentQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...agentsQueryKey, 'detail', id], queryFn: () => getAgent(id) });

export const useAgent = (id: number, enabled = true) => useQuery({ ...agentQueryOptions(id), enabled });

/** `GET /agents/{id}/tier-history` */
export const useTierHistory = (id: number) =>
  useQuery({
    queryKey: [...agentsQueryKey, 'tier-history', id],
    queryFn: () => getJson<AgentTierHistoryResponse>(`/agents/${id}/tier-history`),
  });

/** `GET /api/commission-tiers` (shared with the tiers page, same key). */
export const useTiers = () =>
  useQuery({
    queryKey: ['commission-tiers'],
    queryFn: async () => (await getJson<{ data: Tier[] }>('/api/commission-tiers')).data,
  });

export const useCountries = () =>
  useQuery({
    queryKey: ['countries'],
    queryFn: async () => (await getJson<{ data: { id: number; name: string; code: string }[] }>('/api/countries')).data,
    staleTime: 10 * 60_000,
  });

/** `GET /api/countries/{id}/states`: the list is `data.data.data` (spec §7); on error the list empties. */
export async function getStates(countryId: string): Promise<State[]> {
  try {
    const body = await getJson<{ data?: { data?: { data?: State[] } } }>(`/api/countries/${countryId}/states`);
    return body.data?.data?.data ?? [];
  } catch {
    return [];
  }
}

export interface SaveAgentResponse {
  status: string;
  message?: string;
  redirect?: string;
  data?: AgentDetail;
  recalculation?: { changed: number; difference: { currency_code: string; amount: string }[] } | null;
}

/** `POST /agents` or `POST /agents/{id}` with `_method=PUT`, multipart, booleans as 1/0 (spec §7). */
export function useSaveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }) =>
      id === undefined
        ? postForm<SaveAgentResponse>('/agents', form)
        : putForm<SaveAgentResponse>(`/agents/${id}`, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}
