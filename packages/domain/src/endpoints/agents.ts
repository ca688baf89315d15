import {
  agentCreatedResponse,
  agentImportRequestSchema,
  agentImportResponse,
  agentInputSchema,
  agentListQuerySchema,
  agentListResponse,
  agentOptionsResponse,
  agentResponse,
  agentTierHistoryResponse,
  agentUpdatedResponse,
} from '../schemas/agents';
import {
  subAgentLinkInputSchema,
  subAgentParams,
  subAgentRemovedResponse,
  subAgentSavedResponse,
  subAgentsResponse,
} from '../schemas/sub-agents';
import { endpoint, idParams } from './endpoint';

/** Agents, their sub-agents, tier history and the CSV import. */
export const agentEndpoints = {
  list: endpoint({ method: 'GET', path: '/agents', query: agentListQuerySchema, response: agentListResponse }),
  /** The agents for selects (every agent for an admin, only themself for an agent). */
  options: endpoint({ method: 'GET', path: '/agents-list', response: agentOptionsResponse }),
  get: endpoint({ method: 'GET', path: '/agents/:id', params: idParams, response: agentResponse }),
  tierHistory: endpoint({
    method: 'GET',
    path: '/agents/:id/tier-history',
    params: idParams,
    response: agentTierHistoryResponse,
  }),
  subAgents: endpoint({ method: 'GET', path: '/agents/:id/sub-agents', params: idParams, response: subAgentsResponse }),
  addSubAgent: endpoint({
    method: 'POST',
    path: '/agents/:id/sub-agents',
    params: idParams,
    body: subAgentLinkInputSchema('create'),
    response: subAgentSavedResponse,
  }),
  updateSubAgent: endpoint({
    method: 'PUT',
    path: '/agents/:id/sub-agents/:subAgentId',
    params: subAgentParams,
    body: subAgentLinkInputSchema('edit'),
    response: subAgentSavedResponse,
  }),
  removeSubAgent: endpoint({
    method: 'DELETE',
    path: '/agents/:id/sub-agents/:subAgentId',
    params: subAgentParams,
    response: subAgentRemovedResponse,
  }),
  bulkImport: endpoint({
    method: 'POST',
    path: '/agents-bulk-import',
    body: agentImportRequestSchema,
    response: agentImportResponse,
  }),
  /** The import template, an .xlsx file. */
  importTemplate: endpoint({ method: 'GET', path: '/agents-bulk-import/template' }),
};

/**
 * Creating and updating an agent. Their body checks the date of birth's age on `today` ('YYYY-MM-DD',
 * read at each validation): the domain has no clock, so these take the caller's (the server's
 * `todayUtc`, the browser's UTC day).
 */
export const agentFormEndpoints = (today: () => string) => ({
  create: endpoint({
    method: 'POST',
    path: '/agents',
    body: agentInputSchema('create', today),
    response: agentCreatedResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/agents/:id',
    params: idParams,
    body: agentInputSchema('edit', today),
    response: agentUpdatedResponse,
  }),
});
export type AgentFormEndpoints = ReturnType<typeof agentFormEndpoints>;
