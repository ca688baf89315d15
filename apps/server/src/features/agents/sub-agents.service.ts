import {
  percentFromDb,
  percentToString,
  type SubAgentCandidate,
  type SubAgentLink,
  type SubAgentLinkInput,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { subAgentLinks, subAgentLinkSuppliers } from '../../db/schema';
import { fieldError, notFound, validationError, type FieldErrors } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { effectiveTierId } from './agent-tiers.service';

/**
 * Sub-agent links (DOMAIN.md "Sub-agents", bookings spec §2 "Sub-agent form"): a parent lets a
 * sub-agent book some of the parent's suppliers for a split of the parent's rate. One parent per
 * sub-agent, never itself, never a cycle.
 */

export async function findSubAgentLinks(
  db: DbOrTx,
  parentId: number,
  linkSubAgentId?: number,
): Promise<SubAgentLink[]> {
  const { rows } = await db.execute<{
    id: number;
    parent_agent_id: number;
    sub_agent_id: number;
    name: string;
    email: string;
    split_percentage: string;
    suppliers: { id: number; name: string }[];
  }>(sql`
    select l.id, l.parent_agent_id, l.sub_agent_id, u.name, u.email, l.split_percentage::text as split_percentage,
           coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name))
                       from sub_agent_link_suppliers ls join suppliers s on s.id = ls.supplier_id
                      where ls.link_id = l.id), '[]'::json) as suppliers
      from sub_agent_links l join agents a on a.id = l.sub_agent_id join users u on u.id = a.user_id
     where l.parent_agent_id = ${parentId} ${linkSubAgentId === undefined ? sql`` : sql`and l.sub_agent_id = ${linkSubAgentId}`}
     order by lower(u.name), l.id`);
  return rows.map((r) => ({
    id: r.id,
    parent_agent_id: r.parent_agent_id,
    sub_agent_id: r.sub_agent_id,
    sub_agent: { id: r.sub_agent_id, name: r.name, email: r.email || null },
    split_percentage: percentToString(percentFromDb(r.split_percentage)),
    suppliers: r.suppliers,
  }));
}

/**
 * The suppliers a parent can share (the parent's suppliers = those it has a rate for, DOMAIN.md
 * "Who gets what"): suppliers of an agent rule of the parent, suppliers of a rule of the tier the
 * parent holds today, and — when the parent's own default is a non-zero percentage, which gives a
 * rate for every supplier — all suppliers.
 */
export async function findParentSuppliers(db: DbOrTx, parentId: number): Promise<{ id: number; name: string }[]> {
  const { rows: agentRows } = await db.execute<{
    commission_tier_id: number | null;
    commission_type: string;
    commission_percentage: string | null;
  }>(sql`select commission_tier_id, commission_type, commission_percentage::text from agents where id = ${parentId}`);
  const agent = agentRows[0];
  if (!agent) return [];
  const tierId = await effectiveTierId(db, parentId, agent.commission_tier_id);
  const hasDefault =
    agent.commission_type === 'percentage' &&
    agent.commission_percentage !== null &&
    percentFromDb(agent.commission_percentage) > 0n;
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select s.id, s.name from suppliers s
     where ${hasDefault ? sql`true` : sql`false`}
        or exists (select 1 from commission_rule_suppliers crs
                    where crs.supplier_id = s.id
                      and ((crs.commission_type = 'agent' and crs.general_id = ${parentId})
                        or (crs.commission_type = 'tier' and crs.general_id = ${tierId ?? 0})))
     order by lower(s.name), s.id`);
  return rows;
}

/**
 * Agents that can become a sub-agent of `parentId`: not the parent, not already linked to a parent,
 * and not above the parent (that would make a cycle). Only what the form's option shows (id, name,
 * e-mail): a parent agent reads this list too, and other agents' FareConnect numbers are not theirs to see.
 */
export async function findSubAgentCandidates(db: DbOrTx, parentId: number): Promise<SubAgentCandidate[]> {
  const { rows } = await db.execute<{ id: number; name: string; email: string }>(sql`
    with recursive ancestors(id) as (
      select parent_agent_id from sub_agent_links where sub_agent_id = ${parentId}
      union
      select l.parent_agent_id from sub_agent_links l join ancestors an on l.sub_agent_id = an.id
    )
    select a.id, u.name, u.email from agents a join users u on u.id = a.user_id
     where a.id <> ${parentId}
       and not exists (select 1 from sub_agent_links l where l.sub_agent_id = a.id)
       and a.id not in (select id from ancestors)
     order by lower(u.name), a.id`);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email || null }));
}

/** All link writes take one lock, so two concurrent links cannot together make a cycle. */
const lockLinks = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(727010)`);

async function checkSuppliers(tx: DbOrTx, parentId: number, suppliers: number[], errors: FieldErrors) {
  if (suppliers.length === 0) return;
  const offered = new Set((await findParentSuppliers(tx, parentId)).map((s) => s.id));
  if (suppliers.some((s) => !offered.has(s))) {
    (errors.suppliers ??= []).push('The selected suppliers are invalid.');
  }
}

export async function createSubAgentLink(
  db: Db,
  parentId: number,
  input: SubAgentLinkInput,
  actorId: number,
): Promise<SubAgentLink> {
  return db.transaction(async (tx) => {
    await lockLinks(tx);
    const subId = input.sub_agent_id!;
    const errors: FieldErrors = {};
    const add = (m: string) => (errors.sub_agent_id ??= []).push(m);
    const { rows } = await tx.execute<{ exists: boolean; parent_of_sub: number | null; is_ancestor: boolean }>(sql`
      with recursive ancestors(id) as (
        select parent_agent_id from sub_agent_links where sub_agent_id = ${parentId}
        union
        select l.parent_agent_id from sub_agent_links l join ancestors an on l.sub_agent_id = an.id
      )
      select exists (select 1 from agents where id = ${subId}) as exists,
             (select parent_agent_id from sub_agent_links where sub_agent_id = ${subId}) as parent_of_sub,
             exists (select 1 from ancestors where id = ${subId}) as is_ancestor`);
    const r = rows[0]!;
    if (!r.exists) add('The selected sub agent is invalid.');
    else if (subId === parentId) add('An agent cannot be its own sub-agent.');
    else if (r.parent_of_sub === parentId) add('This agent is already a sub-agent of this agent.');
    else if (r.parent_of_sub !== null) add('This agent already has a parent agent (a sub-agent has one parent).');
    else if (r.is_ancestor) add('This link would make a cycle: the selected agent is above this agent.');
    await checkSuppliers(tx, parentId, input.suppliers, errors);
    if (Object.keys(errors).length) throw validationError(errors);
    const [link] = await tx
      .insert(subAgentLinks)
      .values({
        parent_agent_id: parentId,
        sub_agent_id: subId,
        split_percentage: percentToString(input.split_percentage),
      })
      .returning({ id: subAgentLinks.id });
    if (input.suppliers.length) {
      await tx
        .insert(subAgentLinkSuppliers)
        .values(input.suppliers.map((s) => ({ link_id: link!.id, supplier_id: s })));
    }
    const [data] = await findSubAgentLinks(tx, parentId, subId);
    await writeAudit(tx, {
      userId: actorId,
      action: 'create',
      entityType: 'sub_agent_link',
      entityId: link!.id,
      after: {
        parent_agent_id: parentId,
        sub_agent_id: subId,
        split_percentage: data!.split_percentage,
        suppliers: input.suppliers,
      },
    });
    return data!;
  });
}

async function lockLink(tx: DbOrTx, parentId: number, subId: number) {
  await lockLinks(tx);
  const [before] = await findSubAgentLinks(tx, parentId, subId);
  if (!before) throw notFound('The sub-agent link');
  return before;
}

export async function updateSubAgentLink(
  db: Db,
  parentId: number,
  subId: number,
  input: SubAgentLinkInput,
  actorId: number,
): Promise<SubAgentLink> {
  return db.transaction(async (tx) => {
    const before = await lockLink(tx, parentId, subId);
    if (input.sub_agent_id !== null && input.sub_agent_id !== subId) {
      throw fieldError('sub_agent_id', 'The sub agent cannot be changed; remove the link and add a new one.');
    }
    const errors: FieldErrors = {};
    await checkSuppliers(tx, parentId, input.suppliers, errors);
    if (Object.keys(errors).length) throw validationError(errors);
    await tx
      .update(subAgentLinks)
      .set({ split_percentage: percentToString(input.split_percentage), updated_at: new Date() })
      .where(eq(subAgentLinks.id, before.id));
    await tx.delete(subAgentLinkSuppliers).where(eq(subAgentLinkSuppliers.link_id, before.id));
    if (input.suppliers.length) {
      await tx
        .insert(subAgentLinkSuppliers)
        .values(input.suppliers.map((s) => ({ link_id: before.id, supplier_id: s })));
    }
    const [data] = await findSubAgentLinks(tx, parentId, subId);
    await writeAudit(tx, {
      userId: actorId,
      action: 'update',
      entityType: 'sub_agent_link',
      entityId: before.id,
      before: { split_percentage: before.split_percentage, suppliers: before.suppliers.map((s) => s.id) },
      after: { split_percentage: data!.split_percentage, suppliers: input.suppliers },
    });
    return data!;
  });
}

export async function deleteSubAgentLink(db: Db, parentId: number, subId: number, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockLink(tx, parentId, subId);
    await tx.delete(subAgentLinks).where(eq(subAgentLinks.id, before.id));
    await writeAudit(tx, {
      userId: actorId,
      action: 'delete',
      entityType: 'sub_agent_link',
      entityId: before.id,
      before: {
        parent_agent_id: parentId,
        sub_agent_id: subId,
        split_percentage: before.split_percentage,
        suppliers: before.suppliers.map((s) => s.id),
      },
    });
  });
}
