/**
 * The dashboard filters (bookings-and-commissions §6, §7; issue 14) as SQL. Who may see what is decided
 * here, once: a non-admin is fixed to their own agent whatever they send (they see only their own lines,
 * never another agent's line of the same booking), and the country, state and tier filters are the
 * admins' (a non-admin's are ignored: they could only narrow what is already theirs).
 *
 * A line is a commission line (`ac`, its agent `ag`, its booking `b`) or a payout item (`pi` of payout
 * `p`, its agent `ag`, its booking `b`): the agent filters are on the line's agent.
 */
import { REPORT_DATES_ORDER, resolveReportRange, type ReportFilters, type SessionUser } from '@app/domain';
import { SQL, sql } from 'drizzle-orm';
import { validationError } from '../../http/errors';
import { dateArray, idArray } from '../../shared/sql';

/** What one request may see: its range resolved and the agent fixed for a non-admin. */
export interface ReportScope {
  isAdmin: boolean;
  start_date: string;
  end_date: string;
  /** The lines of this agent only (always set for a non-admin: their agent, or none at all). */
  agent_id: number | null;
  booking_group_id: number | null;
  supplier_ids: readonly number[];
  country_id: number | null;
  state_id: number | null;
  tier_id: number | null;
  payout_id: number | null;
  /**
   * Only these days (the day totals' refresh), or the days a subquery selects (the dirty days a summary
   * computes live): a commission line's booking date, a payout item's payout date. The range still bounds them.
   */
  days?: readonly string[] | SQL;
}

/** An admin's scope of every line in the range, with no other filter (the day totals, the books check). */
export const adminRangeScope = (start_date: string, end_date: string): ReportScope => ({
  isAdmin: true,
  start_date,
  end_date,
  agent_id: null,
  booking_group_id: null,
  supplier_ids: [],
  country_id: null,
  state_id: null,
  tier_id: null,
  payout_id: null,
});

/** An agent id no row has: a non-admin without an agent sees nothing. */
const NO_AGENT = -1;

/** The scope of a request: 422 when the range (with its defaults) starts after it ends. */
export function reportScope(user: SessionUser, filters: ReportFilters, today: string): ReportScope {
  const resolved = resolveReportRange(filters, today);
  if (!resolved.ok) throw validationError({ start_date: [REPORT_DATES_ORDER] });
  const admin = user.is_admin;
  return {
    isAdmin: admin,
    ...resolved.range,
    agent_id: admin ? (filters.agent_id ?? null) : (user.agent_id ?? NO_AGENT),
    booking_group_id: filters.booking_group_id ?? null,
    supplier_ids: filters.include_suppliers,
    country_id: admin ? (filters.country_id ?? null) : null,
    state_id: admin ? (filters.state_id ?? null) : null,
    tier_id: admin ? (filters.tier_id ?? null) : null,
    payout_id: filters.payout_id ?? null,
  };
}

/** The filters on the booking `b` and the line's agent (`agentId` column, agent row `ag`) common to every card. */
function common(s: ReportScope, agentId: SQL): SQL[] {
  const where: SQL[] = [];
  if (s.agent_id !== null) where.push(sql`${agentId} = ${s.agent_id}`);
  if (s.booking_group_id !== null) where.push(sql`b.booking_group_id = ${s.booking_group_id}`);
  if (s.supplier_ids.length > 0) where.push(sql`b.supplier_id = any(${idArray(s.supplier_ids)})`);
  if (s.country_id !== null) where.push(sql`ag.country_id = ${s.country_id}`);
  if (s.state_id !== null) where.push(sql`ag.state_id = ${s.state_id}`);
  if (s.tier_id !== null) where.push(sql`ag.commission_tier_id = ${s.tier_id}`);
  return where;
}

/** Whether the scope is every line of the range (an admin without other filters): the day totals can answer. */
export const isWholeRange = (s: ReportScope) =>
  s.isAdmin &&
  s.agent_id === null &&
  s.booking_group_id === null &&
  s.supplier_ids.length === 0 &&
  s.country_id === null &&
  s.state_id === null &&
  s.tier_id === null &&
  s.payout_id === null;

/**
 * Commission lines `ac` of bookings `b` (Future, Next Payout, Cancelled): booking date in the range;
 * with a payout filter, the bookings that payout paid.
 */
export function lineWhere(s: ReportScope): SQL {
  const where = [sql`b.booking_date between ${s.start_date} and ${s.end_date}`, ...common(s, sql`ac.agent_id`)];
  if (s.days instanceof SQL) where.push(sql`b.booking_date in (${s.days})`);
  else if (s.days) where.push(sql`b.booking_date = any(${dateArray(s.days)})`);
  if (s.payout_id !== null)
    where.push(
      sql`exists (select 1 from payout_items px where px.payout_id = ${s.payout_id} and px.booking_id = b.id)`,
    );
  return sql.join(where, sql` and `);
}

/** Payout items `pi` of payouts `p` (Past Commissions): payout date in the range (and days); with a payout filter, its items. */
export function itemWhere(s: ReportScope): SQL {
  const where = [sql`p.payout_date between ${s.start_date} and ${s.end_date}`, ...common(s, sql`pi.agent_id`)];
  if (s.days instanceof SQL) where.push(sql`p.payout_date in (${s.days})`);
  else if (s.days) where.push(sql`p.payout_date = any(${dateArray(s.days)})`);
  if (s.payout_id !== null) where.push(sql`pi.payout_id = ${s.payout_id}`);
  return sql.join(where, sql` and `);
}
