/**
 * Sub-agents (bookings spec §2 "Sub-agent form", §5): a parent agent's links to the agents who book
 * through them, with the split and the suppliers each link covers.
 */
import { z } from 'zod';
import { percentSchema } from '../money/schemas';
import { namedRef } from './agents';
import { id, isId, optionalId, pathId } from './fields';
import { decimalOut, success, successMessage } from './responses';

/** Suppliers posted as `suppliers[]`, as one empty `suppliers` value (none), or a JSON array. */
const supplierIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    const list = Array.isArray(v) ? v : [v];
    return list.filter((x) => x !== '' && x !== null && x !== undefined);
  },
  z.array(z.unknown()).transform((list, ctx) => {
    const ids: number[] = [];
    for (const x of list) {
      if (!isId(x)) {
        ctx.addIssue({ code: 'custom', message: 'The selected suppliers are invalid.', input: x });
        return z.NEVER;
      }
      ids.push(Number(x));
    }
    return [...new Set(ids)];
  }),
);

/** Sub-agent form (bookings spec §5): sub agent required on create, split 0–100 step 0.01. */
export const subAgentLinkInputSchema = (mode: 'create' | 'edit') =>
  z.object({
    sub_agent_id: mode === 'create' ? id('sub agent') : optionalId('sub agent'),
    split_percentage: percentSchema('split percentage'),
    suppliers: supplierIds,
  });
export type SubAgentLinkInput = z.output<ReturnType<typeof subAgentLinkInputSchema>>;

/** `/agents/{id}/sub-agents/{subAgentId}`: the parent agent's id and the sub-agent's. */
export const subAgentParams = z.object({ id: pathId(), subAgentId: pathId() });

export const subAgentLinkSchema = z.object({
  id: z.number().int(),
  parent_agent_id: z.number().int(),
  sub_agent_id: z.number().int(),
  sub_agent: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  /** '12.50'. */
  split_percentage: decimalOut,
  suppliers: z.array(namedRef),
});
export type SubAgentLink = z.output<typeof subAgentLinkSchema>;

/**
 * An agent the sub-agent form offers: what its option shows, 'name (email or No Email)' (bookings spec
 * §2), and no more. A parent agent sees these of every agent that could be linked.
 */
export const subAgentCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});
export type SubAgentCandidate = z.output<typeof subAgentCandidateSchema>;

/** `GET /agents/{id}/sub-agents`: the links, the agents that can be added, the parent's suppliers. */
export const subAgentsResponse = success({
  parent: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  data: z.array(subAgentLinkSchema),
  candidates: z.array(subAgentCandidateSchema),
  suppliers: z.array(namedRef),
});

/** `POST /agents/{id}/sub-agents`, and the update with `_method=PUT`. */
export const subAgentSavedResponse = successMessage({ redirect: z.string(), data: subAgentLinkSchema });

/** The removal with `_method=DELETE`. */
export const subAgentRemovedResponse = successMessage({ redirect: z.string() });
