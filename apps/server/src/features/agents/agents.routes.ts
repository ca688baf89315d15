import {
  agentEndpoints as api,
  agentFormEndpoints,
  agentUpdatedMessage,
  AGENT_IMPORT_MAX_BYTES,
  AGENT_IMPORT_MESSAGES,
  type SessionUser,
} from '@app/domain';
import { todayUtc } from '../../clock';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { forbidden, found, notFound } from '../../http/errors';
import { route, type RouteDef } from '../../http/route';
import { importAgents, importTemplate } from './agent-import.service';
import { createAgent, findAgentOptions, findAgents, getAgentById, updateAgent } from './agents.service';
import { getTierHistory } from './agent-tiers.service';
import {
  createSubAgentLink,
  deleteSubAgentLink,
  findParentSuppliers,
  findSubAgentCandidates,
  findSubAgentLinks,
  updateSubAgentLink,
} from './sub-agents.service';

const TAGS = ['agents'];
/** The agent form's endpoints, their date of birth checked on the server's day. */
const form = agentFormEndpoints(todayUtc);

/** CONTRACT.md §4: an admin, or the agent the record is about. */
function assertAdminOrSelf(user: SessionUser, agentId: number) {
  if (!user.is_admin && user.agent_id !== agentId) throw forbidden();
}

const agentsPage = '/agents';
const subAgentsPage = (id: number) => `/agents/${id}/sub-agents`;

export const agentRoutes: RouteModule = ({ db }) => [
  ...agentListRoutes(db),
  ...agentRecordRoutes(db),
  ...agentTierHistoryRoute(db),
  ...subAgentListAndAddRoutes(db),
  ...subAgentUpdateAndRemoveRoutes(db),
  ...agentImportRoutes(db),
];

/** The agents list and the short list of agents for pickers. */
function agentListRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.list,
      access: 'admin',
      page: true,
      summary:
        'Agents (page, or JSON list): search by name, e-mail or FareConnect number; filters tier, status, inactive, has_gst.',
      tags: TAGS,
      handler: async ({ query }) => findAgents(db, query),
    }),
    route({
      endpoint: api.options,
      access: 'user',
      summary: 'Agents for selects: every agent for an admin, only themself for an agent.',
      tags: TAGS,
      handler: async ({ user }) => ({
        status: 'success' as const,
        data: await findAgentOptions(db, user.is_admin ? undefined : (user.agent_id ?? 0)),
      }),
    }),
  ];
}

/** Creating an agent, reading one and updating it. */
function agentRecordRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: form.create,
      access: 'admin',
      summary:
        'Create an agent (a user with the agent role); fareconnect_number is required (only the import generates one).',
      tags: TAGS,
      bodyType: 'multipart',
      handler: async ({ body, user, redirectTo }) => {
        const data = await createAgent(db, body, user.id);
        redirectTo(agentsPage);
        return { status: 'success' as const, message: 'Agent created successfully', redirect: agentsPage, data };
      },
    }),
    route({
      endpoint: api.get,
      access: 'user',
      page: true,
      summary: 'One agent (admin, or the agent themself).',
      tags: TAGS,
      handler: async ({ params, user }) => {
        assertAdminOrSelf(user, params.id);
        return { status: 'success' as const, data: found(await getAgentById(db, params.id), 'The agent') };
      },
    }),
    route({
      endpoint: form.update,
      access: 'admin',
      summary:
        'Update an agent (POST with _method=PUT). A blank password keeps it. A new tier uses tier_change_reason and tier_start_date (blank = today); a start on or before today recalculates the agent’s bookings from that date.',
      tags: TAGS,
      bodyType: 'multipart',
      handler: async ({ params, body, user, redirectTo }) => {
        const result = await updateAgent(db, params.id, body, user.id);
        redirectTo(agentsPage);
        return {
          status: 'success' as const,
          message: agentUpdatedMessage(result.recalculation),
          redirect: agentsPage,
          data: result.agent,
          tier_change: result.tier_change,
          recalculation: result.recalculation,
        };
      },
    }),
  ];
}

/** An agent's commission tier history. */
function agentTierHistoryRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.tierHistory,
      access: 'user',
      page: true,
      summary: 'Tier history of an agent: agent, history (newest first), statistics.',
      tags: TAGS,
      handler: async ({ params, user }) => {
        assertAdminOrSelf(user, params.id);
        return found(await getTierHistory(db, params.id), 'The agent');
      },
    }),
  ];
}

/** An agent's sub-agents, and registering one. */
function subAgentListAndAddRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.subAgents,
      access: 'user',
      page: true,
      summary:
        'Sub-agent links of a parent agent, with the agents that can be added and the parent’s suppliers (admin, or the parent themself).',
      tags: TAGS,
      handler: async ({ params, user }) => {
        assertAdminOrSelf(user, params.id);
        const parent = found(await getAgentById(db, params.id), 'The agent');
        return {
          status: 'success' as const,
          parent: { id: parent.id, name: parent.user.name, email: parent.user.email },
          data: await findSubAgentLinks(db, params.id),
          candidates: await findSubAgentCandidates(db, params.id),
          suppliers: await findParentSuppliers(db, params.id),
        };
      },
    }),
    route({
      endpoint: api.addSubAgent,
      access: 'user',
      summary: 'Add a sub-agent link: sub_agent_id, split_percentage, suppliers[] (admin, or the parent themself).',
      tags: TAGS,
      bodyType: 'multipart',
      handler: async ({ params, body, user, redirectTo }) => {
        assertAdminOrSelf(user, params.id);
        if (!(await getAgentById(db, params.id))) throw notFound('The agent');
        const data = await createSubAgentLink(db, params.id, body, user.id);
        redirectTo(subAgentsPage(params.id));
        return {
          status: 'success' as const,
          message: 'Sub agent added successfully',
          redirect: subAgentsPage(params.id),
          data,
        };
      },
    }),
  ];
}

/** Changing a sub-agent's registration, and ending it. */
function subAgentUpdateAndRemoveRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.updateSubAgent,
      access: 'user',
      summary: 'Update a sub-agent link (POST with _method=PUT): split_percentage, suppliers[].',
      tags: TAGS,
      bodyType: 'multipart',
      handler: async ({ params, body, user, redirectTo }) => {
        assertAdminOrSelf(user, params.id);
        const data = await updateSubAgentLink(db, params.id, params.subAgentId, body, user.id);
        redirectTo(subAgentsPage(params.id));
        return {
          status: 'success' as const,
          message: 'Sub agent updated successfully',
          redirect: subAgentsPage(params.id),
          data,
        };
      },
    }),
    route({
      endpoint: api.removeSubAgent,
      access: 'user',
      summary: 'Remove a sub-agent link (POST with _method=DELETE).',
      tags: TAGS,
      handler: async ({ params, user, redirectTo }) => {
        assertAdminOrSelf(user, params.id);
        await deleteSubAgentLink(db, params.id, params.subAgentId, user.id);
        redirectTo(subAgentsPage(params.id));
        return {
          status: 'success' as const,
          message: 'Sub agent removed successfully',
          redirect: subAgentsPage(params.id),
        };
      },
    }),
  ];
}

/** The bulk import of agents from a spreadsheet, and its template. */
function agentImportRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.bulkImport,
      access: 'admin',
      summary:
        'Bulk agent import (multipart `file`: .xlsx, .xls or .csv, max 10 MB; the 12 template columns in order, header on row 1).',
      tags: TAGS,
      bodyType: 'multipart',
      // Uploads up to 20 MB reach the handler, which answers the spec's 422 'File size must be less than 10MB'.
      multipartLimits: { fileSize: 2 * AGENT_IMPORT_MAX_BYTES, files: 1 },
      fileTooLargeMessage: AGENT_IMPORT_MESSAGES.tooLarge,
      handler: async ({ body, user }) => importAgents(db, body.file, user.id),
    }),
    route({
      endpoint: api.importTemplate,
      access: 'admin',
      summary:
        'Added path (not in the spec): the agent import template, an .xlsx with the header row of the 12 columns.',
      tags: TAGS,
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      handler: async ({ reply }) =>
        reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="agent-import-template.xlsx"')
          .send(importTemplate()),
    }),
  ];
}
