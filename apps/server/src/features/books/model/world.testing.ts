/** The model's world (suppliers, tiers, agents, rules, accounts), built once per file, and the reset between sequences. */
import { insertRule, insertTier } from '../../../test/factories';
import type { TestApp, TestClient } from '../../../test/test-app';
import {
  AGENTS,
  buildWorld as buildSharedWorld,
  PAYING,
  SUPPLIERS,
  type AgentKey,
  type SupplierKey,
} from '../../../test/world';

/** The agents whose tier a command changes (Pat earns from his own default, Sam through Pat). */
const TIERED = ['ana', 'otto'] as const;
export type TieredKey = (typeof TIERED)[number];
export type TierKey = 'gold' | 'silver';

/** Booking references: a small pool, so shared references and duplicates happen often. */
export const REFERENCES = ['MB-1', 'MB-2', 'MB-3', 'MB-4', 'MB-5'] as const;
/** How a supplier may write a reference on a payment: as booked, lower case, padded (matching trims and ignores case). */
export const SPELLINGS = [(r: string) => r, (r: string) => r.toLowerCase(), (r: string) => ` ${r} `] as const;
export const BOOKING_DATES = ['2025-12-15', '2026-03-01', '2026-06-15', '2026-09-30', '2026-11-02'] as const;
/** Where every tiered agent's first tier starts (a tier change may not start before it). */
export const JOINED_ON = '2025-11-01';

export type Row = Record<string, unknown>;

/**
 * Sunwing (CAD) and TUI (GBP): tier Gold 12.5%, Silver 20% on Sunwing and Transat; Transat (CAD): Pat's
 * own 70%, which Sam books through Pat at a 40% split. Ana (Gold, GST), Otto (Gold, no account: his
 * payouts are refused), Pat (GST, parent), Sam (sub-agent). Supplier accounts for the three suppliers;
 * agent accounts for Ana (CAD, GBP), Pat and Sam (CAD).
 */
export interface World {
  t: TestApp;
  q: (text: string, params?: unknown[]) => Promise<Row[]>;
  admin: TestClient;
  as: Record<AgentKey, TestClient>;
  agent: Record<AgentKey, number>;
  agentKey: Map<number, AgentKey>;
  supplier: Record<SupplierKey, number>;
  supplierKey: Map<number, SupplierKey>;
  account: Record<SupplierKey, number>;
  currency: Record<SupplierKey, number>;
  tier: Record<TierKey, number>;
  rule: Record<TierKey, { id: number; tier: number; percentage: string; suppliers: number[] }>;
  /** The agent edit form of each tiered agent as the form posts it back (blank password: kept). */
  agentForm: Record<TieredKey, Record<string, string>>;
}

export async function buildWorld(): Promise<World> {
  const shared = await buildSharedWorld({ ...PAYING, admins: ['Ada Admin'] });
  const { t, admin, as, agent, supplier, account, cur, gold, goldRule } = shared;
  const q = shared.q<Row>;
  const currency = { sunwing: cur.CAD!, transat: cur.CAD!, tui: cur.GBP! };
  const silver = await insertTier(t.db, 'Silver');
  const goldSuppliers = [supplier.sunwing, supplier.tui];
  const silverSuppliers = [supplier.sunwing, supplier.transat];
  const rule = {
    gold: { id: goldRule, tier: gold, percentage: '12.5', suppliers: goldSuppliers },
    silver: {
      id: await insertRule(t.db, 'tier', silver, '20', silverSuppliers),
      tier: silver,
      percentage: '20',
      suppliers: silverSuppliers,
    },
  };
  await q(`update agents set joined_on = $2 where id = any($1)`, [[agent.ana, agent.otto], JOINED_ON]);

  const w: World = {
    t,
    q,
    admin,
    as,
    agent,
    agentKey: new Map(AGENTS.map((k) => [agent[k], k])),
    supplier,
    supplierKey: new Map(SUPPLIERS.map((k) => [supplier[k], k])),
    account,
    currency,
    tier: { gold, silver },
    rule,
    agentForm: { ana: {}, otto: {} },
  };
  for (const k of TIERED) {
    w.agentForm[k] = await agentEditForm(w, agent[k]);
    // The form as it will be posted saves without a change (else every tier change would be a 422).
    const res = await admin.post(`/agents/${agent[k]}`, { multipart: { ...w.agentForm[k], _method: 'PUT' } });
    if (res.statusCode !== 200) throw new Error(`agent form of ${k}: ${res.body}`);
  }
  await resetMoney(w);
  return w;
}

/** `GET /agents/{id}` as the edit form posts it back, blank required fields filled in once. */
async function agentEditForm(w: World, id: number): Promise<Record<string, string>> {
  const d = (await w.admin.get(`/agents/${id}`)).json().data as Row;
  const text = (k: string, fallback = '') =>
    d[k] === null || d[k] === undefined || d[k] === '' ? fallback : String(d[k]);
  return {
    full_name: text('full_name', (d.user as Row).name as string),
    nickname: text('nickname'),
    home_address: text('home_address', '1 Main St, Toronto'),
    phone_number: text('phone_number', '416-555-0100'),
    fareconnect_email: text('fareconnect_email', `agent${id}@example.test`),
    personal_email: text('personal_email'),
    date_of_birth: text('date_of_birth', '1985-03-12'),
    sin_number: text('sin_number', '046454286'),
    fareconnect_number: text('fareconnect_number'),
    country_id: text('country_id'),
    state_id: text('state_id'),
    inactive: d.inactive ? '1' : '0',
    commission_tier_id: text('commission_tier_id'),
    commission_percentage: text('commission_percentage'),
    commission_fixed: text('commission_fixed'),
    commission_type: text('commission_type', 'percentage'),
    status: text('status', 'active'),
    has_gst: d.has_gst ? '1' : '0',
    gst_number: text('gst_number'),
    password: '',
    password_confirmation: '',
  };
}

/**
 * Back to the world as built, in one statement batch on one connection: the money tables emptied (the
 * append-only triggers of payout_items and audit_logs do not fire for a replica session), the tiers
 * and rules as they were. About 30 ms, against ~1 s for a new database copy and world.
 */
export async function resetMoney(w: World): Promise<void> {
  await w.t.db.$client.query(`
    begin;
    set local session_replication_role = replica;
    truncate bookings, actual_commissions, transactions, payouts, payout_items, claim_requests, audit_logs,
             stored_files, booking_groups, import_jobs, import_rows, report_day_totals, report_dirty_days,
             report_day_refs, report_month_refs, report_year_refs, report_paid_days, report_cum_refs,
             booking_counts, agent_tier_history, booking_follow_ups, match_suggestion_rejections, statements,
             statement_mappings;
    update agents set commission_tier_id = ${w.tier.gold} where id in (${w.agent.ana}, ${w.agent.otto});
    update commission_rules set percentage = ${w.rule.gold.percentage} where id = ${w.rule.gold.id};
    update commission_rules set percentage = ${w.rule.silver.percentage} where id = ${w.rule.silver.id};
    commit;`);
}
