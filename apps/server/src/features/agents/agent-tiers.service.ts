import {
  agentSince,
  currentTier,
  planTierChange,
  tierOnDate,
  tierStatistics,
  type agentUpdatedResponse,
  type AgentTierHistoryResponse,
  type TierPeriod,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayUtc } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { agents, agentTierHistory } from '../../db/schema';
import { fieldError } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { recalculateBookings } from '../commissions';

/*
 * An agent's commission tier over time (DOMAIN.md "Tier changes"): the tier on a date, a change with its
 * history and recalculation, and the tier-history page.
 */

const isoDay = (t: Date | string) => (t instanceof Date ? t.toISOString().slice(0, 10) : String(t).slice(0, 10));

async function loadHistory(db: DbOrTx, agentId: number, lock = false): Promise<(TierPeriod & { id: number })[]> {
  const { rows } = await db.execute<{ id: number; tier_id: number; start_date: string; end_date: string | null }>(sql`
    select id, commission_tier_id as tier_id, start_date, end_date from agent_tier_history
     where agent_id = ${agentId} order by start_date, id ${lock ? sql`for update` : sql``}`);
  return rows;
}

/**
 * The tier an agent holds today: the history entry covering today, else the stored tier. A change
 * with a future start is stored as history only, so on its start date this answers the new tier
 * without any job having run.
 */
export async function effectiveTierId(db: DbOrTx, agentId: number, storedTierId: number | null, today = todayUtc()) {
  return tierOnDate(await loadHistory(db, agentId), today, storedTierId);
}

export interface TierChangeRequest {
  agent: { id: number; commission_tier_id: number | null; joined_on: string | null; created_at: Date | string };
  newTierId: number;
  /** Blank: today. */
  startDate: string;
  reason: string;
  actorId: number | null;
  today: string;
}

/**
 * A tier change (DOMAIN.md "Tier changes"): closes the open history entry the day before the start (on
 * the start itself when it began that day) and opens a new one. When the agent had a tier but no history
 * yet, the old tier is recorded first (from the date the agent joined, when that is not after the start)
 * so the timeline is complete: an agent created as Bronze today and moved to Silver from today shows
 * Bronze for today and one change.
 *
 * Choice: `agents.commission_tier_id` becomes the new tier only when the start is today or earlier. A
 * future start is stored as history alone; rate resolution and the "current tier" read the tier on
 * the date (`tierOnDate`), so the change takes effect on its start date with no job to run.
 * A start on or before today recalculates the agent's bookings from that date (`recalculateAgentBookingsFrom`).
 */
export async function changeAgentTier(tx: DbOrTx, req: TierChangeRequest) {
  const { agent, newTierId, today } = req;
  const history = await loadHistory(tx, agent.id, true);
  const start = req.startDate.trim() || today;
  if (history.length === 0 && agent.commission_tier_id !== null) {
    const since = agent.joined_on ?? isoDay(agent.created_at);
    // From the day they joined; a change on that very day closes it on that day (a same-day entry).
    if (since <= start) {
      const [entry] = await tx
        .insert(agentTierHistory)
        .values({ agent_id: agent.id, commission_tier_id: agent.commission_tier_id, start_date: since, reason: null })
        .returning({ id: agentTierHistory.id });
      history.push({ id: entry!.id, tier_id: agent.commission_tier_id, start_date: since, end_date: null });
    }
  }
  const plan = planTierChange({ history, newTierId, startDate: start, today });
  if (!plan.ok) throw fieldError('tier_start_date', plan.error);
  for (const c of plan.close) {
    await tx.update(agentTierHistory).set({ end_date: c.end_date }).where(eq(agentTierHistory.id, c.id));
  }
  const [opened] = await tx
    .insert(agentTierHistory)
    .values({
      agent_id: agent.id,
      commission_tier_id: newTierId,
      start_date: plan.open.start_date,
      end_date: null,
      reason: req.reason || null,
      changed_by_user_id: req.actorId,
    })
    .returning({ id: agentTierHistory.id });
  let recalculation: z.output<typeof agentUpdatedResponse>['recalculation'] = null;
  if (plan.recalculate_from !== null) {
    await tx
      .update(agents)
      .set({ commission_tier_id: newTierId, updated_at: new Date() })
      .where(eq(agents.id, agent.id));
    const report = await recalculateAgentBookingsFrom(tx, agent.id, plan.recalculate_from, {
      userId: req.actorId,
      reason: `tier change from ${plan.recalculate_from}`,
    });
    recalculation = { changed: report.changed, difference: report.difference };
  }
  const tierChange = {
    from: agent.commission_tier_id,
    to: newTierId,
    start_date: plan.start_date,
    takes_effect: plan.recalculate_from === null ? ('on_start_date' as const) : ('now' as const),
  };
  await writeAudit(tx, {
    userId: req.actorId,
    action: 'tier_change',
    entityType: 'agent',
    entityId: agent.id,
    before: { commission_tier_id: agent.commission_tier_id },
    after: { commission_tier_id: newTierId, start_date: plan.start_date, history_id: opened!.id },
    meta: { reason: req.reason || null, closed: plan.close, recalculation },
  });
  return { tier_change: tierChange, recalculation };
}

/**
 * Recalculates every unpaid, uncancelled booking of an agent dated on or after `from` — as the booker,
 * the primary agent, or the sub-agent (DOMAIN.md "Tier changes"). Paid money is kept and completed or
 * cancelled bookings are left alone by `recalculateBookings`. Meant for the bookings feature too.
 */
export async function recalculateAgentBookingsFrom(
  tx: DbOrTx,
  agentId: number,
  from: string,
  actor: { userId: number | null; reason: string },
) {
  const { rows } = await tx.execute<{ id: number }>(sql`
    select id from bookings
     where (primary_agent_id = ${agentId} or sub_agent_id = ${agentId}) and booking_date >= ${from}
       and status not in ('cancelled', 'completed')`);
  return recalculateBookings(
    tx,
    rows.map((r) => r.id),
    actor,
  );
}

/** `GET /agents/{id}/tier-history` (spec §2.3, §4). */
export async function getTierHistory(
  db: DbOrTx,
  agentId: number,
  today = todayUtc(),
): Promise<AgentTierHistoryResponse | null> {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    email: string;
    tier_id: number | null;
    created_at: string;
  }>(sql`
    select a.id, u.name, u.email, a.commission_tier_id as tier_id,
           to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
      from agents a join users u on u.id = a.user_id where a.id = ${agentId}`);
  const agent = rows[0];
  if (!agent) return null;
  const { rows: history } = await db.execute<{
    id: number;
    tier_id: number;
    tier_name: string;
    start_date: string;
    end_date: string | null;
    reason: string | null;
    changed_by: string | null;
  }>(sql`
    select h.id, h.commission_tier_id as tier_id, t.name as tier_name, h.start_date, h.end_date, h.reason, u.name as changed_by
      from agent_tier_history h join commission_tiers t on t.id = h.commission_tier_id
      left join users u on u.id = h.changed_by_user_id
     where h.agent_id = ${agentId}
     order by h.start_date desc, h.id desc`);
  const periods = history.map((h) => ({
    id: h.id,
    tier_id: h.tier_id,
    start_date: h.start_date,
    end_date: h.end_date,
  }));
  // §4's current tier, with the agent's own tier read on today's date (a future change is not current yet).
  const current = currentTier(tierOnDate(periods, today, agent.tier_id), periods);
  const tierName = async (id: number) =>
    history.find((h) => h.tier_id === id)?.tier_name ??
    (await db.execute<{ name: string }>(sql`select name from commission_tiers where id = ${id}`)).rows[0]?.name ??
    '';
  const stats = tierStatistics(periods);
  return {
    status: 'success',
    agent: {
      id: agent.id,
      user: { name: agent.name, email: agent.email },
      created_at: agent.created_at,
      agent_since: agentSince(agent.created_at, periods),
      commission_tier: current === null ? null : { id: current, name: await tierName(current) },
    },
    history: history.map((h) => ({
      id: h.id,
      start_date: h.start_date,
      end_date: h.end_date,
      commission_tier: { name: h.tier_name },
      reason: h.reason,
      changed_by_user: h.changed_by === null ? null : { name: h.changed_by },
    })),
    statistics: {
      total_tier_changes: stats.total_tier_changes,
      average_time_in_tier: stats.average_time_in_tier,
      most_recent_change: stats.most_recent_change,
    },
  };
}
