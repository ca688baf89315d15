import {
  BOOKING_STATUSES,
  moneyFromDb,
  moneyToString,
  percentFromDb,
  percentToString,
  summarizeRecalculation,
  type Cents,
  type Percent,
  type RecalculationSummary,
} from '@app/domain';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { writeAudits, type AuditEntry } from '../../shared/audit';
import { getGstRate } from '../../shared/settings';
import { idArray, numericText, parsedRows } from '../../shared/sql';
import {
  loadAgentFacts,
  loadAgentsFacts,
  withOverlay,
  type AgentFacts,
  type FactsLoader,
  type RuleOverlay,
} from './agent-facts';
import { agentsWithGst, computeBookingLines, storeLines, type StoredLine } from './commission-lines';
import { bookingRateColumns, resolveFromFacts, type ResolvedBookingRate } from './rate-resolution';

// The commission engine's IO (this module with agent-facts.ts, rate-resolution.ts and
// commission-lines.ts): it loads the facts that the pure domain functions decide on (DOMAIN.md "Who gets
// what", "Commission lines") and stores their result. Nothing else computes commission. Here: the
// recalculation of bookings, planned (decided, not written) then applied.

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

/** One booking the recalculation changes: its rate, expected commission and lines, old and new. */
interface PlannedBooking {
  booking: BookingRow;
  r: ResolvedBookingRate;
  expected: Cents;
  lines: StoredLine[];
  oldLines: LineRow[];
}

/** What a recalculation would change, decided and not yet written. */
interface RecalculationPlan {
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
  const bookings = await loadBookings(tx, bookingIds, options.lock);
  if (bookings.length === 0) return { bookings: [], gstAgents: new Set() };
  const linesByBooking = await loadLinesByBooking(
    tx,
    bookings.map((b) => b.id),
  );
  const gstRate = percentFromDb(await getGstRate(tx));
  const resolved = await resolveBookings(tx, bookings, options.overlay);
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

/** The bookings a recalculation may change (not cancelled or completed), locked for the write when `lock`. */
async function loadBookings(tx: DbOrTx, bookingIds: readonly number[], lock: boolean): Promise<BookingRow[]> {
  const ids = [...new Set(bookingIds)];
  return parsedRows(
    tx,
    bookingRow,
    sql`
    select b.id, b.booking_amount::text, b.expected_commission::text, b.booking_date, b.status, b.supplier_id,
           b.primary_agent_id, b.sub_agent_id, c.code as currency_code
      from bookings b join suppliers s on s.id = b.supplier_id join currencies c on c.id = s.currency_id
     where b.id = any(${idArray(ids)})
       and b.status not in ('cancelled', 'completed')
     order by b.id
     ${lock ? sql`for update of b` : sql``}`,
  );
}

/** The stored commission lines of the bookings, by booking. */
async function loadLinesByBooking(tx: DbOrTx, bookingIds: readonly number[]): Promise<Map<number, LineRow[]>> {
  const lines = await parsedRows(
    tx,
    lineRow,
    sql`
    select booking_id, agent_id, percentage::text, amount::text, gst_amount::text, paid_amount::text, status
      from actual_commissions where booking_id = any(${idArray(bookingIds)})`,
  );
  const linesByBooking = new Map<number, LineRow[]>();
  for (const l of lines) linesByBooking.set(l.booking_id, [...(linesByBooking.get(l.booking_id) ?? []), l]);
  return linesByBooking;
}

/** The rate and registration of each booking; a booking whose agent no longer exists is left out. */
async function resolveBookings(
  tx: DbOrTx,
  bookings: readonly BookingRow[],
  overlay: RuleOverlay | undefined,
): Promise<{ booking: BookingRow; r: ResolvedBookingRate }[]> {
  // The facts of an (agent, supplier) do not depend on the date (the domain applies the date), so they
  // are loaded once per pair however many bookings and dates there are.
  const factsCache = new Map<string, Promise<AgentFacts | null>>();
  const adjusted = (f: AgentFacts | null, supplierId: number) =>
    f && overlay ? withOverlay(f, supplierId, overlay) : f;
  const load: FactsLoader = (agentId, supplierId) => {
    const key = `${agentId}:${supplierId}`;
    let facts = factsCache.get(key);
    if (!facts) {
      facts = loadAgentFacts(tx, agentId, supplierId).then((f) => adjusted(f, supplierId));
      factsCache.set(key, facts);
    }
    return facts;
  };
  // Every booker's facts first, one query per supplier (a bulk search holds a hundred agents' bookings);
  // a parent's, read while resolving a sub-agent's rate, through `load`.
  const bookers = new Map<number, Set<number>>();
  for (const b of bookings) {
    const ids = bookers.get(b.supplier_id) ?? new Set<number>();
    ids.add(b.sub_agent_id ?? b.primary_agent_id);
    bookers.set(b.supplier_id, ids);
  }
  for (const [supplierId, ids] of bookers) {
    const found = await loadAgentsFacts(tx, [...ids], supplierId);
    for (const id of ids)
      factsCache.set(`${id}:${supplierId}`, Promise.resolve(adjusted(found.get(id) ?? null, supplierId)));
  }
  const resolved: { booking: BookingRow; r: ResolvedBookingRate }[] = [];
  for (const b of bookings) {
    const facts = await load(b.sub_agent_id ?? b.primary_agent_id, b.supplier_id);
    if (facts) resolved.push({ booking: b, r: await resolveFromFacts(tx, facts, b.supplier_id, b.booking_date, load) });
  }
  return resolved;
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
async function applyRecalculation(
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

function sameLines(old: readonly LineRow[], next: readonly StoredLine[]): boolean {
  if (old.length !== next.length) return false;
  const key = (l: { agent_id: number; percentage: string; amount: string; gst_amount: string; status: string }) =>
    `${l.agent_id}|${percentToString(percentFromDb(l.percentage))}|${moneyToString(moneyFromDb(l.amount))}|${moneyToString(moneyFromDb(l.gst_amount))}|${l.status}`;
  const a = old.map(key).sort();
  const b = next.map(key).sort();
  return a.every((k, i) => k === b[i]);
}
