import {
  BOOKING_STATUSES,
  computeCommissionLines,
  expectedCommission,
  hasDirectRate,
  moneyFromDb,
  moneyToString,
  percentFromDb,
  percentToString,
  resolveBookingRate,
  resolveRate,
  summarizeRecalculation,
  tierOnDate,
  type BookingRate,
  type Cents,
  type CommissionBookingStatus,
  type CommissionType,
  type Percent,
  type RecalculationSummary,
  type ResolvedRate,
  type TierPeriod,
} from '@app/domain';
import { z } from 'zod';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, subAgentLinks } from '../../db/schema';
import { writeAudits, type AuditEntry } from '../../shared/audit';
import { getGstRate } from '../../shared/settings';
import { idArray, numericText, parsedRows } from '../../shared/sql';

/**
 * The commission engine's IO: it loads the facts that the pure domain functions decide on
 * (DOMAIN.md "Who gets what", "Commission lines") and stores their result. Nothing else computes
 * commission.
 */

interface AgentFacts {
  agentId: number;
  tierId: number | null;
  commissionType: CommissionType;
  commissionPercentage: Percent | null;
  agentRule: Percent | null;
  history: TierPeriod[];
  tierRules: Map<number, Percent>;
  link: { parentAgentId: number; split: Percent; supplierInLink: boolean } | null;
  supplierExists: boolean;
}

type FactsRow = {
  id: number;
  commission_tier_id: number | null;
  commission_type: string;
  commission_percentage: string | null;
  history: { id: number; tier_id: number; start_date: string; end_date: string | null }[];
  /** supplier id → percentage of the agent's own rule */
  agent_rules: Record<string, string>;
  tier_rules: { tier_id: number; supplier_id: number; percentage: string }[];
  parent_agent_id: number | null;
  split_percentage: string | null;
  link_suppliers: number[];
  supplier_exists: boolean;
};

const agentIdParam = sql.placeholder('agentId');
const supplierIdParam = sql.placeholder('supplierId');

/**
 * Everything rate resolution needs about one agent, in one round trip: for the one supplier of the
 * `supplierId` parameter, or for every supplier at once (the booking form's supplier list). Tier
 * rules are read only for the tiers the agent holds or has held.
 */
function agentFactsQuery(db: DbOrTx, suppliers: 'one' | 'all') {
  const ofSupplier = (column: SQL) => (suppliers === 'all' ? sql`true` : sql`${column} = ${supplierIdParam}`);
  return db
    .select({
      id: agents.id,
      commission_tier_id: agents.commission_tier_id,
      commission_type: agents.commission_type,
      commission_percentage: sql<string | null>`${agents.commission_percentage}::text`,
      history: sql<
        FactsRow['history']
      >`(select coalesce(json_agg(json_build_object('id', h.id, 'tier_id', h.commission_tier_id,
            'start_date', h.start_date, 'end_date', h.end_date)), '[]'::json)
          from agent_tier_history h where h.agent_id = ${agents.id})`,
      agent_rules: sql<
        FactsRow['agent_rules']
      >`(select coalesce(json_object_agg(crs.supplier_id, cr.percentage::text), '{}'::json)
          from commission_rule_suppliers crs join commission_rules cr on cr.id = crs.rule_id
         where crs.commission_type = 'agent' and crs.general_id = ${agents.id} and ${ofSupplier(sql`crs.supplier_id`)})`,
      tier_rules: sql<FactsRow['tier_rules']>`(select coalesce(json_agg(json_build_object('tier_id', crs.general_id,
            'supplier_id', crs.supplier_id, 'percentage', cr.percentage::text)), '[]'::json)
          from commission_rule_suppliers crs join commission_rules cr on cr.id = crs.rule_id
         where crs.commission_type = 'tier' and ${ofSupplier(sql`crs.supplier_id`)}
           and crs.general_id in (select h.commission_tier_id from agent_tier_history h where h.agent_id = ${agents.id}
                                  union select ${agents.commission_tier_id}))`,
      parent_agent_id: subAgentLinks.parent_agent_id,
      split_percentage: sql<string | null>`${subAgentLinks.split_percentage}::text`,
      link_suppliers: sql<FactsRow['link_suppliers']>`(select coalesce(json_agg(ls.supplier_id), '[]'::json)
          from sub_agent_link_suppliers ls where ls.link_id = ${subAgentLinks.id} and ${ofSupplier(sql`ls.supplier_id`)})`,
      supplier_exists:
        suppliers === 'all'
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from suppliers s where s.id = ${supplierIdParam})`,
    })
    .from(agents)
    .leftJoin(subAgentLinks, eq(subAgentLinks.sub_agent_id, agents.id));
}

/** The facts of the agent's row for any supplier the row was read for. */
function factsOf(row: FactsRow): (supplierId: number) => AgentFacts {
  const linkSuppliers = new Set(row.link_suppliers);
  const tierRules = new Map<number, Map<number, Percent>>();
  for (const r of row.tier_rules) {
    const bySupplier = tierRules.get(r.supplier_id) ?? new Map<number, Percent>();
    bySupplier.set(r.tier_id, percentFromDb(r.percentage));
    tierRules.set(r.supplier_id, bySupplier);
  }
  return (supplierId) => {
    const agentRule = row.agent_rules[String(supplierId)];
    return {
      agentId: row.id,
      tierId: row.commission_tier_id,
      commissionType: row.commission_type === 'fixed' ? 'fixed' : 'percentage',
      commissionPercentage: row.commission_percentage === null ? null : percentFromDb(row.commission_percentage),
      agentRule: agentRule === undefined ? null : percentFromDb(agentRule),
      history: row.history,
      tierRules: tierRules.get(supplierId) ?? new Map(),
      link:
        row.parent_agent_id === null
          ? null
          : {
              parentAgentId: row.parent_agent_id,
              split: percentFromDb(row.split_percentage ?? '0'),
              supplierInLink: linkSuppliers.has(supplierId),
            },
      supplierExists: row.supplier_exists,
    };
  };
}

/**
 * The facts of one agent and one supplier. A named (prepared) statement: PostgreSQL plans it once
 * per connection, which is most of its cost (bench/README.md).
 */
async function loadAgentFacts(db: DbOrTx, agentId: number, supplierId: number): Promise<AgentFacts | null> {
  const rows = (await agentFactsQuery(db, 'one')
    .where(eq(agents.id, agentIdParam))
    .prepare('commission_rate_facts')
    .execute({ agentId, supplierId })) as FactsRow[];
  return rows[0] ? factsOf(rows[0])(supplierId) : null;
}

/** The facts of one agent for every supplier at once: the same facts `loadAgentFacts` gives for one. */
async function loadAgentFactsForAllSuppliers(db: DbOrTx, agentId: number) {
  const rows = (await agentFactsQuery(db, 'all').where(eq(agents.id, agentId))) as FactsRow[];
  return rows[0] ? factsOf(rows[0]) : null;
}

function directRate(f: AgentFacts, date: string): ResolvedRate {
  const tier = tierOnDate(f.history, date, f.tierId);
  return resolveRate({
    agentRule: f.agentRule,
    tierRule: tier === null ? null : (f.tierRules.get(tier) ?? null),
    agentDefault: { commission_type: f.commissionType, commission_percentage: f.commissionPercentage },
  });
}

export interface ResolvedBookingRate {
  rate: BookingRate;
  /** Who the booking is registered under (the parent for a sub-agent booking). */
  primaryAgentId: number;
  subAgentId: number | null;
}

/**
 * The rate of a booking by `agentId` (the agent who books) for a supplier on a date. Null when the
 * agent does not exist.
 */
export async function resolveRateFor(
  db: DbOrTx,
  agentId: number,
  supplierId: number,
  date: string,
): Promise<ResolvedBookingRate | null> {
  const facts = await loadAgentFacts(db, agentId, supplierId);
  return facts ? resolveFromFacts(db, facts, supplierId, date) : null;
}

/**
 * Like `resolveRateFor`, and says which of the two is unknown: the agent, or the supplier (an unknown
 * supplier would otherwise resolve like one without rules). One round trip for a direct booking.
 */
export async function resolveRateChecked(
  db: DbOrTx,
  agentId: number,
  supplierId: number,
  date: string,
): Promise<ResolvedBookingRate | { unknown: 'agent' | 'supplier' }> {
  const facts = await loadAgentFacts(db, agentId, supplierId);
  if (!facts) return { unknown: 'agent' };
  if (!facts.supplierExists) return { unknown: 'supplier' };
  return resolveFromFacts(db, facts, supplierId, date);
}

type FactsLoader = (agentId: number, supplierId: number) => Promise<AgentFacts | null>;

async function resolveFromFacts(
  db: DbOrTx,
  facts: AgentFacts,
  supplierId: number,
  date: string,
  load: FactsLoader = (a, s) => loadAgentFacts(db, a, s),
): Promise<ResolvedBookingRate> {
  const direct = directRate(facts, date);
  if (hasDirectRate(direct) || !facts.link || !facts.link.supplierInLink) {
    return { rate: resolveBookingRate({ direct }), primaryAgentId: facts.agentId, subAgentId: null };
  }
  const parent = await load(facts.link.parentAgentId, supplierId);
  const parentRate = parent ? directRate(parent, date) : resolveRate({});
  const rate = resolveBookingRate({
    direct,
    link: {
      parent_agent_id: facts.link.parentAgentId,
      split_percentage: facts.link.split,
      supplier_in_link: true,
      parentRate,
    },
  });
  return { rate, primaryAgentId: facts.link.parentAgentId, subAgentId: facts.agentId };
}

/**
 * The rate of `agentId` for each of the given suppliers on a date, from two round trips at most (the
 * agent's facts, and its parent's when a sub-agent link is involved). Null when the agent does not exist.
 */
export async function resolveRatesForSuppliers(
  db: DbOrTx,
  agentId: number,
  supplierIds: readonly number[],
  date: string,
): Promise<Map<number, ResolvedBookingRate> | null> {
  const factsFor = await loadAgentFactsForAllSuppliers(db, agentId);
  if (!factsFor) return null;
  let parentFacts: Promise<((supplierId: number) => AgentFacts) | null> | null = null;
  const load: FactsLoader = async (parentId, supplierId) => {
    parentFacts ??= loadAgentFactsForAllSuppliers(db, parentId);
    const f = await parentFacts;
    return f ? f(supplierId) : null;
  };
  const out = new Map<number, ResolvedBookingRate>();
  for (const id of supplierIds) out.set(id, await resolveFromFacts(db, factsFor(id), id, date, load));
  return out;
}

export interface RecalculationReport {
  /** Bookings whose expected commission or lines changed. */
  changed: number;
  /** Change of expected commission per currency, as '12.34'. */
  difference: { currency_code: string; amount: string }[];
  booking_ids: number[];
}

/** A booking as the recalculation reads it, parsed: its commission lines are computed from it. */
const bookingRow = z.object({
  id: z.number().int(),
  booking_amount: numericText,
  expected_commission: numericText,
  booking_date: z.string(),
  status: z.enum(BOOKING_STATUSES),
  supplier_id: z.number().int(),
  primary_agent_id: z.number().int(),
  sub_agent_id: z.number().int().nullable(),
  currency_code: z.string(),
});
type BookingRow = z.output<typeof bookingRow>;

/** A stored commission line, parsed: paid amounts are kept and changes measured from it. */
const lineRow = z.object({
  booking_id: z.number().int(),
  agent_id: z.number().int(),
  percentage: numericText,
  amount: numericText,
  gst_amount: numericText,
  paid_amount: numericText,
  status: z.string(),
});
type LineRow = z.output<typeof lineRow>;

/** A commission rule's place in rate resolution: who owns it and the suppliers it lists. */
export interface RuleOwner {
  commission_type: 'tier' | 'agent';
  general_id: number;
  suppliers: readonly number[];
}

/**
 * The rules as a save would leave them, before it writes: `remove` is the rule being edited or deleted
 * (as stored), `add` the rule as it is being saved. A supplier appears once per owner, so the entry of an
 * (owner, supplier) is exactly that rule's.
 */
export interface RuleOverlay {
  remove: RuleOwner | null;
  add: (RuleOwner & { percentage: Percent }) | null;
}

function withOverlay(f: AgentFacts, supplierId: number, overlay: RuleOverlay): AgentFacts {
  let agentRule = f.agentRule;
  const tierRules = new Map(f.tierRules);
  const put = (rule: RuleOwner, percent: Percent | null) => {
    if (!rule.suppliers.includes(supplierId)) return;
    if (rule.commission_type === 'agent') {
      if (rule.general_id === f.agentId) agentRule = percent;
    } else if (percent === null) tierRules.delete(rule.general_id);
    else tierRules.set(rule.general_id, percent);
  };
  if (overlay.remove) put(overlay.remove, null);
  if (overlay.add) put(overlay.add, overlay.add.percentage);
  return { ...f, agentRule, tierRules };
}

/** One booking the recalculation changes: its rate, expected commission and lines, old and new. */
interface PlannedBooking {
  booking: BookingRow;
  r: ResolvedBookingRate;
  expected: Cents;
  lines: StoredLine[];
  oldLines: LineRow[];
}

/** What a recalculation would change, decided and not yet written. */
export interface RecalculationPlan {
  bookings: PlannedBooking[];
  summary: RecalculationSummary;
}

/** One booking as the engine would compute it now: its rate, expected commission and lines, old and new. */
interface ComputedBooking extends PlannedBooking {
  /** The stored expected commission, lines and registration already are these. */
  unchanged: boolean;
}

/**
 * Computes the rate, registration and lines of bookings from the rules and tiers as they are (or as
 * `overlay` would leave them), keeping everything already paid, without writing. Cancelled and completed
 * bookings are left out. `gross`: compute as if these bookings' gross were this (a reconcile's preview).
 */
async function computeBookings(
  tx: DbOrTx,
  bookingIds: readonly number[],
  options: {
    overlay?: RuleOverlay | undefined;
    lock: boolean;
    gross?: ReadonlyMap<number, Cents> | undefined;
  },
): Promise<{ bookings: ComputedBooking[]; gstAgents: ReadonlySet<number> }> {
  if (bookingIds.length === 0) return { bookings: [], gstAgents: new Set() };
  const ids = [...new Set(bookingIds)];
  const bookings = await parsedRows(
    tx,
    bookingRow,
    sql`
    select b.id, b.booking_amount::text, b.expected_commission::text, b.booking_date, b.status, b.supplier_id,
           b.primary_agent_id, b.sub_agent_id, c.code as currency_code
      from bookings b join suppliers s on s.id = b.supplier_id join currencies c on c.id = s.currency_id
     where b.id = any(${idArray(ids)})
       and b.status not in ('cancelled', 'completed')
     order by b.id
     ${options.lock ? sql`for update of b` : sql``}`,
  );
  if (bookings.length === 0) return { bookings: [], gstAgents: new Set() };
  const lines = await parsedRows(
    tx,
    lineRow,
    sql`
    select booking_id, agent_id, percentage::text, amount::text, gst_amount::text, paid_amount::text, status
      from actual_commissions where booking_id = any(${idArray(bookings.map((b) => b.id))})`,
  );
  const linesByBooking = new Map<number, LineRow[]>();
  for (const l of lines) linesByBooking.set(l.booking_id, [...(linesByBooking.get(l.booking_id) ?? []), l]);

  const gstRate = percentFromDb(await getGstRate(tx));
  // The facts of an (agent, supplier) do not depend on the date (the domain applies the date), so they
  // are loaded once per pair however many bookings and dates there are.
  const factsCache = new Map<string, Promise<AgentFacts | null>>();
  const { overlay } = options;
  const load: FactsLoader = (agentId, supplierId) => {
    const key = `${agentId}:${supplierId}`;
    let facts = factsCache.get(key);
    if (!facts) {
      facts = loadAgentFacts(tx, agentId, supplierId).then((f) =>
        f && overlay ? withOverlay(f, supplierId, overlay) : f,
      );
      factsCache.set(key, facts);
    }
    return facts;
  };
  const resolved: { booking: BookingRow; r: ResolvedBookingRate }[] = [];
  for (const b of bookings) {
    const facts = await load(b.sub_agent_id ?? b.primary_agent_id, b.supplier_id);
    if (facts) resolved.push({ booking: b, r: await resolveFromFacts(tx, facts, b.supplier_id, b.booking_date, load) });
  }
  const agentIds = new Set<number>();
  for (const { r, booking } of resolved) {
    agentIds.add(r.primaryAgentId);
    if (r.subAgentId) agentIds.add(r.subAgentId);
    for (const l of linesByBooking.get(booking.id) ?? []) agentIds.add(l.agent_id);
  }
  const gstAgents = await agentsWithGst(tx, [...agentIds]);

  const out: ComputedBooking[] = [];
  for (const { booking, r } of resolved) {
    const oldLines = linesByBooking.get(booking.id) ?? [];
    const computed = computeBookingLines({
      gross: options.gross?.get(booking.id) ?? moneyFromDb(booking.booking_amount),
      resolved: r,
      status: booking.status,
      gstRate,
      gstAgents,
      existing: oldLines,
    });
    const unchanged =
      computed.expected === moneyFromDb(booking.expected_commission) &&
      sameLines(oldLines, computed.lines) &&
      booking.primary_agent_id === r.primaryAgentId;
    out.push({ booking, r, expected: computed.expected, lines: computed.lines, oldLines, unchanged });
  }
  return { bookings: out, gstAgents };
}

/**
 * Works out what recalculating the bookings from the rules and tiers would change, keeping everything
 * already paid (DOMAIN.md), without writing. Cancelled and completed bookings are left as they are. Rates
 * are resolved once per (booker, supplier, date). `overlay`: resolve as if a rule were saved or deleted
 * (a preview); `lock`: lock the bookings for the write that follows (not in a read-only transaction).
 */
export async function planRecalculation(
  tx: DbOrTx,
  bookingIds: readonly number[],
  options: { overlay?: RuleOverlay; lock: boolean },
): Promise<RecalculationPlan> {
  const computed = await computeBookings(tx, bookingIds, options);
  const changed: PlannedBooking[] = computed.bookings
    .filter((c) => !c.unchanged)
    .map(({ booking, r, expected, lines, oldLines }) => ({ booking, r, expected, lines, oldLines }));
  return {
    bookings: changed,
    summary: summarizeRecalculation(
      changed.map(({ booking, expected }) => ({
        status: booking.status,
        currency_code: booking.currency_code,
        before: moneyFromDb(booking.expected_commission),
        after: expected,
      })),
    ),
  };
}

/** A commission line as a booking would have it after a recalculation: the payout's view of it. */
export interface PreviewedLine {
  agent_id: number;
  role: StoredLine['role'];
  percentage: Percent;
  amount: Cents;
  paid_amount: Cents;
  has_gst: boolean;
}

/**
 * The lines each booking would have if its gross were `gross` (a reconcile: gross := net received), as
 * `recalculateBookings` would store them after setting it, without writing: the rates resolved again
 * from the current rules and tiers, what was paid kept. Bookings that are cancelled, completed or whose
 * agent no longer exists are absent (a recalculation leaves them as they are).
 */
export async function previewLinesAtGross(
  db: DbOrTx,
  gross: ReadonlyMap<number, Cents>,
): Promise<Map<number, PreviewedLine[]>> {
  const { bookings, gstAgents } = await computeBookings(db, [...gross.keys()], { lock: false, gross });
  return new Map(
    bookings.map(({ booking, lines }) => [
      booking.id,
      lines.map((l) => ({
        agent_id: l.agent_id,
        role: l.role,
        percentage: percentFromDb(l.percentage),
        amount: moneyFromDb(l.amount),
        paid_amount: moneyFromDb(l.paid_amount),
        has_gst: gstAgents.has(l.agent_id),
      })),
    ]),
  );
}

/** Writes a plan: the bookings' rate columns, their lines, and an audit row per booking. */
export async function applyRecalculation(
  tx: DbOrTx,
  plan: RecalculationPlan,
  actor: { userId: number | null; reason: string },
): Promise<RecalculationReport> {
  const report: RecalculationReport = {
    changed: plan.summary.changed,
    difference: plan.summary.difference.map((d) => ({
      currency_code: d.currency_code,
      amount: moneyToString(d.delta),
    })),
    booking_ids: plan.bookings.map((p) => p.booking.id),
  };
  if (plan.bookings.length === 0) return report;
  const bookingUpdates = plan.bookings.map(({ booking, r, expected }) => ({
    id: booking.id,
    ...bookingRateColumns(r, expected),
  }));
  const lineUpserts = plan.bookings.flatMap(({ booking, lines }) =>
    lines.map((l) => ({ booking_id: booking.id, ...l })),
  );
  const audits: AuditEntry[] = plan.bookings.map(({ booking, expected, lines, oldLines }) => ({
    userId: actor.userId,
    action: 'recalculate',
    entityType: 'booking',
    entityId: booking.id,
    before: { expected_commission: booking.expected_commission, lines: oldLines.map(({ booking_id: _b, ...l }) => l) },
    after: { expected_commission: moneyToString(expected), lines },
    meta: { reason: actor.reason },
  }));
  await tx.execute(sql`
    update bookings b set
      expected_commission = u.expected_commission, commission_percentage = u.commission_percentage,
      rate_source = u.rate_source, primary_agent_id = u.primary_agent_id, is_sub_agent = u.is_sub_agent,
      parent_agent_id = u.parent_agent_id, sub_agent_id = u.sub_agent_id, split_percentage = u.split_percentage,
      updated_at = now()
    from json_to_recordset(${JSON.stringify(bookingUpdates)}::json) as u(
      id int, expected_commission numeric, commission_percentage numeric, rate_source text, primary_agent_id int,
      is_sub_agent boolean, parent_agent_id int, sub_agent_id int, split_percentage numeric)
    where b.id = u.id`);
  await storeLines(
    tx,
    bookingUpdates.map((u) => u.id),
    lineUpserts,
  );
  await writeAudits(tx, audits);
  return report;
}

/**
 * Recomputes the rate, registration and commission lines of bookings from the current rules and
 * tiers, keeping everything already paid (DOMAIN.md), and writes them set-based (`planRecalculation`,
 * then `applyRecalculation`). Cancelled and completed bookings are left as they are.
 */
export async function recalculateBookings(
  tx: DbOrTx,
  bookingIds: readonly number[],
  actor: { userId: number | null; reason: string },
): Promise<RecalculationReport> {
  return applyRecalculation(tx, await planRecalculation(tx, bookingIds, { lock: true }), actor);
}

/** Columns of a booking that follow from its resolved rate. */
export function bookingRateColumns(r: ResolvedBookingRate, expected: Cents) {
  return {
    expected_commission: moneyToString(expected),
    commission_percentage: percentToString(r.rate.commission_percentage),
    rate_source: r.rate.source,
    primary_agent_id: r.primaryAgentId,
    is_sub_agent: r.rate.is_sub_agent,
    parent_agent_id: r.rate.parent_agent_id,
    sub_agent_id: r.subAgentId,
    split_percentage: r.rate.split_percentage === null ? null : percentToString(r.rate.split_percentage),
  };
}

export interface StoredLine {
  agent_id: number;
  role: 'primary' | 'parent' | 'sub_agent';
  percentage: string;
  amount: string;
  gst_amount: string;
  total_with_gst: string;
  paid_amount: string;
  status: string;
}

/** The lines of one booking, as stored, from the domain's computation. */
export function computeBookingLines(input: {
  gross: Cents;
  resolved: ResolvedBookingRate;
  status: CommissionBookingStatus;
  gstRate: Percent;
  gstAgents: ReadonlySet<number>;
  existing: readonly { agent_id: number; paid_amount: string }[];
}): { expected: Cents; lines: StoredLine[] } {
  const { resolved: r } = input;
  const paid = new Map(input.existing.map((l) => [l.agent_id, moneyFromDb(l.paid_amount)]));
  const computed = computeCommissionLines({
    gross: input.gross,
    rate: r.rate,
    primaryAgentId: r.primaryAgentId,
    subAgentId: r.subAgentId,
    gstRate: input.gstRate,
    agentsWithGst: input.gstAgents,
    bookingStatus: input.status,
    paid,
  });
  return {
    expected: expectedCommission(input.gross, r.rate.commission_percentage),
    lines: computed.map((l) => ({
      agent_id: l.agent_id,
      role:
        l.agent_id === r.subAgentId
          ? 'sub_agent'
          : r.rate.is_sub_agent && l.agent_id === r.primaryAgentId
            ? 'parent'
            : 'primary',
      percentage: percentToString(l.percentage),
      amount: moneyToString(l.amount),
      gst_amount: moneyToString(l.gst_amount),
      total_with_gst: moneyToString(l.total_with_gst),
      paid_amount: moneyToString(l.paid_amount),
      status: l.status,
    })),
  };
}

/** Replaces the lines of the given bookings: lines of agents no longer earning go (unless paid). */
export async function storeLines(tx: DbOrTx, bookingIds: readonly number[], lines: readonly Record<string, unknown>[]) {
  if (bookingIds.length === 0) return;
  await tx.execute(sql`
    delete from actual_commissions ac
     where ac.booking_id = any(${idArray(bookingIds)})
       and ac.paid_amount = 0
       and not exists (select 1 from json_to_recordset(${JSON.stringify(lines)}::json) as l(booking_id int, agent_id int)
                        where l.booking_id = ac.booking_id and l.agent_id = ac.agent_id)`);
  if (lines.length === 0) return;
  await tx.execute(sql`
    insert into actual_commissions (booking_id, agent_id, role, percentage, amount, gst_amount, total_with_gst, paid_amount, status)
    select booking_id, agent_id, role, percentage, amount, gst_amount, total_with_gst, paid_amount, status
      from json_to_recordset(${JSON.stringify(lines)}::json) as l(
        booking_id int, agent_id int, role text, percentage numeric, amount numeric, gst_amount numeric,
        total_with_gst numeric, paid_amount numeric, status text)
    on conflict (booking_id, agent_id) do update set
      role = excluded.role, percentage = excluded.percentage, amount = excluded.amount, gst_amount = excluded.gst_amount,
      total_with_gst = excluded.total_with_gst, status = excluded.status, updated_at = now()`);
}

export async function agentsWithGst(db: DbOrTx, agentIds: readonly number[]): Promise<Set<number>> {
  if (agentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.has_gst, true), sql`${agents.id} = any(${idArray(agentIds)})`));
  return new Set(rows.map((r) => r.id));
}

function sameLines(old: readonly LineRow[], next: readonly StoredLine[]): boolean {
  if (old.length !== next.length) return false;
  const key = (l: { agent_id: number; percentage: string; amount: string; gst_amount: string; status: string }) =>
    `${l.agent_id}|${percentToString(percentFromDb(l.percentage))}|${moneyToString(moneyFromDb(l.amount))}|${moneyToString(moneyFromDb(l.gst_amount))}|${l.status}`;
  const a = old.map(key).sort();
  const b = next.map(key).sort();
  return a.every((k, i) => k === b[i]);
}

export type StoredLineRow = {
  id: number;
  agent_id: number;
  agent_name: string;
  role: string;
  percentage: string;
  amount: string;
  gst_amount: string;
  total_with_gst: string;
  paid_amount: string;
  status: string;
  payment_date: string | null;
};

/** A booking's stored commission lines with agent names: the sub-agent first, then the others. */
export async function findCommissionLines(db: DbOrTx, bookingId: number): Promise<StoredLineRow[]> {
  const { rows } = await db.execute<StoredLineRow>(sql`
    select ac.id, ac.agent_id, u.name as agent_name, ac.role, ac.percentage::text, ac.amount::text, ac.gst_amount::text,
           ac.total_with_gst::text, ac.paid_amount::text, ac.status, ac.payment_date
      from actual_commissions ac join agents a on a.id = ac.agent_id join users u on u.id = a.user_id
     where ac.booking_id = ${bookingId}
     order by case ac.role when 'sub_agent' then 0 when 'primary' then 1 else 2 end, ac.id`);
  return rows;
}
