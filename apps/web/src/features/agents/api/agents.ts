import {
  agentEndpoints as api,
  agentFormEndpoints,
  referenceEndpoints,
  type AgentDetail,
  type AgentFormEndpoints,
  type EndpointResponse,
  type State,
} from '@app/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { todayUtc } from '../../../lib/dates';
import { commissionTiersQueryOptions } from '../../commission-tiers';

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
export const getAgents = (params: AgentListParams) => callEndpoint(api.list, { query: params });

export function useAgents(params: AgentListParams) {
  return useQuery({
    queryKey: [...agentsQueryKey, 'list', params],
    queryFn: () => getAgents(params),
    placeholderData: keepPreviousData,
  });
}

/** `GET /agents/{id}` */
export async function getAgent(id: number): Promise<AgentDetail> {
  const { data } = await callEndpoint(api.get, { params: { id } });
  return data;
}

export const agentQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...agentsQueryKey, 'detail', id], queryFn: () => getAgent(id) });

export const useAgent = (id: number, enabled = true) => useQuery({ ...agentQueryOptions(id), enabled });

/** `GET /agents/{id}/tier-history` */
export const useTierHistory = (id: number) =>
  useQuery({
    queryKey: [...agentsQueryKey, 'tier-history', id],
    queryFn: () => callEndpoint(api.tierHistory, { params: { id } }),
  });

/** `GET /api/commission-tiers` (shared with the tiers page, same key). */
export const useTiers = () => useQuery(commissionTiersQueryOptions());

export const useCountries = () =>
  useQuery({
    queryKey: ['countries'],
    queryFn: async () => (await callEndpoint(referenceEndpoints.countries)).data,
    staleTime: 10 * 60_000,
  });

/** `GET /api/countries/{id}/states`: the list is `data.data.data` (spec §7); on error the list empties. */
export async function getStates(countryId: string): Promise<State[]> {
  try {
    const body = await callEndpoint(referenceEndpoints.states, { params: { id: countryId } });
    return body.data.data.data;
  } catch {
    return [];
  }
}

/** The create answer, or the update answer with its tier change and recalculation. */
export type SaveAgentResponse = EndpointResponse<AgentFormEndpoints['create']> &
  Partial<Pick<EndpointResponse<AgentFormEndpoints['update']>, 'tier_change' | 'recalculation'>>;

/** The agent form's endpoints (the browser's UTC day dates their age check, as in the form). */
const agentForm = agentFormEndpoints(todayUtc);

/** `POST /agents` or `POST /agents/{id}` with `_method=PUT`, multipart, booleans as 1/0 (spec §7). */
export function useSaveAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number; form: FormData }): Promise<SaveAgentResponse> =>
      id === undefined
        ? callEndpoint(agentForm.create, { form })
        : callEndpoint(agentForm.update, { params: { id }, form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
  });
}
