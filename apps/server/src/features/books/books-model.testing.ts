/**
 * The model-based test of the money (STYLE.md "Invariants, checked after every step"): the world, the
 * reset between sequences, the model, and one fast-check command per operation an admin or an agent can
 * do to the money through the real routes. After every request: no 5xx, a refusal (4xx) wrote nothing
 * (every data table's fingerprint as it was), and `checkBooks` finds no violation of DOMAIN.md's six
 * money invariants over the whole database.
 *
 * The model is far simpler than the system: which bookings exist (reference, supplier, who booked,
 * live or cancelled), which supplier transactions and claims exist, what the payouts the server accepted
 * took from each booking (a single payout's answer must say that much paid). It picks what a command
 * acts on; amounts that depend on the books (what is available now) are read from the routes an admin
 * reads them from (the payout modal, the bulk screens), as a person would.
 *
 * Between sequences the money tables are emptied (resetMoney), not the database copied: the world of
 * suppliers, tiers, agents and accounts is built once per file.
 */
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import {
  moneyFromDb,
  moneyToString,
  PAYOUT_MESSAGES,
  percentFromDb,
  percentToString,
  type Cents,
  type Percent,
} from '@app/domain';
import { todayUtc } from '../../clock';
import { insertRule, insertTier } from '../../test/factories';
import { PNG, tableFingerprint, writtenTables } from '../../test/hostile';
import type { TestApp, TestClient } from '../../test/test-app';
import {
  AGENTS,
  buildWorld as buildSharedWorld,
  PAYING,
  SUPPLIERS,
  type AgentKey,
  type SupplierKey,
} from '../../test/world';
import { checkBooks, type BooksReport } from './index';

export { AGENTS, SUPPLIERS, type AgentKey, type SupplierKey };
/** The agents whose tier a command changes (Pat earns from his own default, Sam through Pat). */
const TIERED = ['ana', 'otto'] as const;
type TieredKey = (typeof TIERED)[number];
type TierKey = 'gold' | 'silver';

/** Booking references: a small pool, so shared references and duplicates happen often. */
export const REFERENCES = ['MB-1', 'MB-2', 'MB-3', 'MB-4', 'MB-5'] as const;
/** How a supplier may write a reference on a payment: as booked, lower case, padded (matching trims and ignores case). */
const SPELLINGS = [(r: string) => r, (r: string) => r.toLowerCase(), (r: string) => ` ${r} `] as const;
const BOOKING_DATES = ['2025-12-15', '2026-03-01', '2026-06-15', '2026-09-30', '2026-11-02'] as const;
/** Where every tiered agent's first tier starts (a tier change may not start before it). */
const JOINED_ON = '2025-11-01';

type Row = Record<string, unknown>;

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
             stored_files, booking_groups, import_jobs, report_day_totals, report_dirty_days, agent_tier_history;
    update agents set commission_tier_id = ${w.tier.gold} where id in (${w.agent.ana}, ${w.agent.otto});
    update commission_rules set percentage = ${w.rule.gold.percentage} where id = ${w.rule.gold.id};
    update commission_rules set percentage = ${w.rule.silver.percentage} where id = ${w.rule.silver.id};
    commit;`);
}

/* --------------------------------------------------------------------------------------- model */

export interface MBooking {
  id: number;
  reference: string;
  supplier: SupplierKey;
  /** Who it was booked for: the sub-agent of a via-parent booking, else the primary agent. */
  booker: AgentKey;
  live: boolean;
  refund: boolean;
  /** Cents of gross the payouts the server accepted took from it: what `paid_amount` must say. */
  paid: number;
}
export interface MTransaction {
  id: number;
  supplier: SupplierKey;
  reference: string;
  type: 'credit' | 'debit';
  amount: string;
  partial: boolean;
  status: string;
}
export interface MClaim {
  id: number;
  transaction: number;
  pending: boolean;
}
export interface Model {
  bookings: MBooking[];
  transactions: MTransaction[];
  claims: MClaim[];
  payouts: number;
  tierStart: Record<TieredKey, string>;
  /** The next reference outside the shared pool. */
  fresh: number;
}

export const emptyModel = (): Model => ({
  bookings: [],
  transactions: [],
  claims: [],
  payouts: 0,
  tierStart: { ana: JOINED_ON, otto: JOINED_ON },
  fresh: 1,
});

/** What one command run sees: the world, the requests sent so far in this sequence, and the tally. */
export interface Real {
  w: World;
  log: string[];
  tally: Map<string, number>;
  /** Where the time goes (ms, summed over the run): the writes, the reads, the fingerprints, checkBooks. */
  ms: Record<'write' | 'read' | 'fingerprint' | 'check', number>;
  /** The bookings the last check listed as to claw back (overpaid after supplier money was taken back). */
  clawBack?: number[];
}

export const newTimes = (): Real['ms'] => ({ write: 0, read: 0, fingerprint: 0, check: 0 });

async function timed<T>(r: Real, what: keyof Real['ms'], f: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await f();
  } finally {
    r.ms[what] += performance.now() - started;
  }
}

/* -------------------------------------------------------------------------------- the checks */

export class BooksFailure extends Error {}

const compact = (body: unknown) =>
  JSON.stringify(body, (_k, v: unknown) => (Buffer.isBuffer(v) ? '<png>' : v)).replace(/"<png>"/g, '<png>');

type Request =
  | { method: 'GET'; url: string }
  | { method: 'POST'; url: string; json: unknown }
  | {
      method: 'POST';
      url: string;
      multipart: Record<string, string | { filename: string; contentType: string; data: Buffer }>;
    };

export interface Sent {
  res: LightMyRequestResponse;
  body: Row;
}

function describe(who: string, req: Request) {
  const body = 'json' in req ? req.json : 'multipart' in req ? req.multipart : undefined;
  return `${who} ${req.method} ${req.url}${body === undefined ? '' : ` ${compact(body)}`}`;
}

async function send(client: TestClient, req: Request) {
  if (req.method === 'GET') return client.get(req.url);
  if ('json' in req) return client.post(req.url, { json: req.json });
  return client.post(req.url, { multipart: req.multipart });
}

function fail(r: Real, what: string, extra?: unknown): never {
  throw new BooksFailure(
    `${what}\n${extra === undefined ? '' : `${typeof extra === 'string' ? extra : JSON.stringify(extra, null, 2)}\n`}` +
      `-- the requests of this sequence:\n${r.log.map((l, i) => `${String(i + 1).padStart(3)}. ${l}`).join('\n')}`,
  );
}

const bodyOf = (res: LightMyRequestResponse): Row => {
  try {
    return res.json() as Row;
  } catch {
    return {};
  }
};

/** A read a command needs to build its request (the payout modal, the form): must answer 200. */
async function read(r: Real, who: TestClient, url: string): Promise<Row> {
  const res = await timed(r, 'read', () => who.get(url));
  if (res.statusCode !== 200) fail(r, `GET ${url} answered ${res.statusCode}`, res.body.slice(0, 2000));
  return bodyOf(res);
}

/**
 * One write, judged: below 500; a refusal (4xx) wrote nothing; a bulk answer whose rows all failed
 * wrote nothing and no row failed unexpectedly; after a write, the books balance (checkBooks: no
 * violation; after a refusal the database is as the last check found it).
 */
export async function step(r: Real, kind: string, who: string, client: TestClient, req: Request): Promise<Sent> {
  const before = await timed(r, 'fingerprint', () => tableFingerprint(r.w.t.db));
  const res = await timed(r, 'write', () => send(client, req));
  const body = bodyOf(res);
  const line = `${describe(who, req)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  r.log.push(line);
  const why = process.env.BOOKS_MODEL_WHY ? ` ${reason(res, body)}` : '';
  const key = `${kind} ${res.statusCode}${Array.isArray(body.results) ? ` ${summary(body)}` : ''}${why}`;
  r.tally.set(key, (r.tally.get(key) ?? 0) + 1);
  if (res.statusCode >= 500) fail(r, `a ${res.statusCode} answer`, res.body.slice(0, 4000));
  const results = Array.isArray(body.results) ? (body.results as { status: string; message: string }[]) : null;
  if (results?.some((x) => x.message === PAYOUT_MESSAGES.unexpected))
    fail(r, 'a bulk row failed unexpectedly (the 5xx of a bulk answer)', body);
  const refused = res.statusCode >= 400 || (results !== null && results.every((x) => x.status === 'error'));
  if (refused) {
    const wrote = writtenTables(before, await timed(r, 'fingerprint', () => tableFingerprint(r.w.t.db)));
    if (wrote.length) fail(r, `a refusal wrote: ${wrote.join(', ')}`);
    // Nothing changed: the books are as the last check found them.
    return { res, body };
  }
  await books(r);
  return { res, body };
}

/** Why a request was refused (BOOKS_MODEL_WHY=1 adds it to the tally): its message, or its bulk rows' messages. */
const reason = (res: LightMyRequestResponse, body: Row) =>
  Array.isArray(body.results)
    ? [...new Set((body.results as { message: string }[]).map((x) => x.message))].join(' | ')
    : res.statusCode >= 400
      ? String(body.message ?? res.body.slice(0, 120))
      : '';

const summary = (body: Row) => {
  const results = body.results as { status: string }[];
  const ok = results.filter((x) => x.status === 'success').length;
  return ok === 0 ? 'none' : ok === results.length ? 'all' : 'some';
};

export async function books(r: Real): Promise<BooksReport> {
  const report = await timed(r, 'check', () => checkBooks(r.w.t.db));
  r.clawBack = report.to_claw_back.map((c) => c.booking_id);
  if (!report.ok || report.violations.length) fail(r, 'checkBooks found violations', report);
  return report;
}

/* ------------------------------------------------------------------------------- helpers */

/*
 * The model counts money in whole cents (integers, exact in a JS number far beyond any amount here): read
 * and written through the domain's exact decimal parsing and formatting, never by scaling a float.
 */
/** 2-decimal text of cents. */
export const money = (cents: number) => moneyToString(BigInt(cents) as Cents);
/** Cents of a 2-decimal amount as the API answers it (a JSON number or a numeric string). */
// eslint-disable-next-line no-restricted-syntax -- the model's integer cents, exact below 2^53
const cents = (n: unknown) => Number(moneyFromDb(String(n)));
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A booking answer into the model's terms. */
function modelBooking(w: World, d: Row): MBooking {
  const booker = (d.sub_agent_id as number | null) ?? (d.primary_agent_id as number);
  return {
    id: d.id as number,
    reference: d.booking_reference as string,
    supplier: w.supplierKey.get(d.supplier_id as number)!,
    booker: w.agentKey.get(booker)!,
    live: d.status !== 'cancelled',
    refund: cents(d.booking_amount) < 0,
    paid: 0,
  };
}

/** A booking created or saved: what was paid on it stays (no edit moves it). */
const upsert = (m: Model, b: MBooking) => {
  const i = m.bookings.findIndex((x) => x.id === b.id);
  if (i >= 0) m.bookings[i] = { ...b, paid: m.bookings[i]!.paid };
  else m.bookings.push(b);
};

/** Credits the model thinks nothing claims yet (no booking of the supplier on that reference, no pending claim). */
function unmatchedCredits(m: Model): MTransaction[] {
  return m.transactions.filter(
    (t) =>
      t.type === 'credit' &&
      !m.bookings.some((b) => b.supplier === t.supplier && norm(b.reference) === norm(t.reference)) &&
      !m.claims.some((c) => c.pending && c.transaction === t.id),
  );
}

const norm = (s: string) => s.trim().toUpperCase();

/** Live bookings that a completed supplier transaction on their reference may fund (as far as the model knows). */
const fundedBookings = (m: Model) =>
  m.bookings.filter(
    (b) =>
      b.live &&
      m.transactions.some(
        (t) => t.status === 'completed' && t.supplier === b.supplier && norm(t.reference) === norm(b.reference),
      ),
  );

/**
 * A booking to pay out: mostly one the bulk payout screen lists (what an admin would pick from) or the
 * books check lists as to claw back, else one the model thinks funded, else any (a refusal, mostly).
 */
async function payable(m: Model, r: Real, i: number, prefer: boolean): Promise<MBooking> {
  if (!prefer) return pick(m.bookings, i);
  const res = await timed(r, 'read', () =>
    r.w.admin.post('/bulk-payouts/search', { json: { mode: 'payout', personal: true } }),
  );
  if (res.statusCode !== 200) fail(r, `the payout search answered ${res.statusCode}`, res.body.slice(0, 2000));
  // The screen lists what can be paid now; the books check lists what is to be clawed back.
  const listed = new Set([
    ...((bodyOf(res).bookings ?? []) as Row[]).map((b) => b.id as number),
    ...(r.clawBack ?? []),
  ]);
  const shown = m.bookings.filter((b) => listed.has(b.id));
  const funded = fundedBookings(m);
  return pick(shown.length ? shown : funded.length ? funded : m.bookings, i);
}

const claimCandidates = (m: Model, preferUnmatched: boolean) => {
  const unmatched = unmatchedCredits(m);
  const credits = m.transactions.filter((t) => t.type === 'credit');
  return preferUnmatched && unmatched.length ? unmatched : credits.length ? credits : m.transactions;
};

/* ------------------------------------------------------------------------------ commands */

class Op implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly label: string,
    private readonly ok: (m: Model) => boolean,
    private readonly body: (m: Model, r: Real) => Promise<void>,
  ) {}
  check(m: Readonly<Model>) {
    return this.ok(m as Model);
  }
  run(m: Model, r: Real) {
    return this.body(m, r);
  }
  toString() {
    return this.label;
  }
}

const args = (a: Record<string, unknown>) =>
  Object.entries(a)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : compact(v)}`)
    .join(', ');
const op = <A extends Record<string, unknown>>(
  name: string,
  arb: fc.Arbitrary<A>,
  ok: (m: Model) => boolean,
  body: (m: Model, r: Real, a: A) => Promise<void>,
) => arb.map((a) => new Op(`${name}({${args(a)}})`, ok, (m, r) => body(m, r, a)));

const anyBooking = (m: Model) => m.bookings.length > 0;
const anyTransaction = (m: Model) => m.transactions.length > 0;
const always = () => true;

const amountCents = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(100_00, 250_00, 99_99, 1, 1234_56, 40_00) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 5000_00 }) },
);
const refIndex = fc.nat({ max: REFERENCES.length - 1 });
const supplierKey = fc.constantFrom(...SUPPLIERS);
const agentKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<AgentKey>('ana', 'pat', 'sam') },
  { weight: 1, arbitrary: fc.constant<AgentKey>('otto') },
);
/** Who books a supplier with a rate: the tier's agents on Sunwing and TUI, Sam (through Pat) and Pat on Transat. */
const FIT: Record<SupplierKey, readonly AgentKey[]> = {
  sunwing: ['ana', 'ana', 'pat', 'otto'],
  tui: ['ana', 'pat'],
  transat: ['sam', 'sam', 'pat'],
};
/** Mostly an agent with a rate for the supplier (a number: FIT's choice), else anyone (a zero rate, a refusal). */
const agentChoice = fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 11 }) }, { weight: 1, arbitrary: agentKey });
const agentFor = (supplier: SupplierKey, choice: number | AgentKey): AgentKey =>
  typeof choice === 'number' ? pick(FIT[supplier], choice) : choice;
/** A reference from the shared pool (an index) or, mostly, one no booking of the sequence has used (null). */
const refChoice = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: refIndex });
const referenceOf = (m: Model, ref: number | null) => (ref === null ? `MB-${100 + m.fresh++}` : REFERENCES[ref]!);
const bookingDate = fc.constantFrom(...BOOKING_DATES);
const index = fc.nat({ max: 1000 });
/** Four in five: a payout of a booking the payout screen lists, a payment of a booking not paid yet. */
const preferFunded = fc.nat({ max: 4 }).map((n) => n > 0);

const newBookingArgs = {
  agent: agentChoice,
  supplier: supplierKey,
  ref: refChoice,
  amount: amountCents,
  /** One admin booking in four is a refund (negative gross); one agent booking in eight tries (refused). */
  refund: fc.nat({ max: 7 }),
  status: fc.constantFrom('pending', 'confirmed'),
  date: bookingDate,
};

interface NewBooking {
  agent: number | AgentKey;
  supplier: SupplierKey;
  ref: number | null;
  amount: number;
  refund: number;
  status: string;
  date: string;
}

/** `POST /bookings` by the admin (refunds too) or by an agent for themselves; the booking, when created. */
async function newBooking(m: Model, r: Real, by: 'admin' | 'agent', a: NewBooking): Promise<MBooking | null> {
  const admin = by === 'admin';
  const agent = agentFor(a.supplier, a.agent);
  const { res, body } = await step(
    r,
    `createBooking(${by})`,
    admin ? 'admin' : agent,
    admin ? r.w.admin : r.w.as[agent],
    {
      method: 'POST',
      url: '/bookings',
      json: {
        booking_reference: referenceOf(m, a.ref),
        supplier_id: r.w.supplier[a.supplier],
        booking_date: a.date,
        customer_name: 'Model Client',
        booking_amount: money(a.refund < (admin ? 2 : 1) ? -a.amount : a.amount),
        status: a.status,
        ...(admin ? { primary_agent_id: r.w.agent[agent] } : {}),
      },
    },
  );
  if (res.statusCode !== 200) return null;
  const b = modelBooking(r.w, body.data as Row);
  upsert(m, b);
  return b;
}

/** Admin (refunds too) or an agent for themselves: a new booking. */
const createBooking = op(
  'createBooking',
  fc.record({ by: fc.constantFrom<'admin' | 'agent'>('admin', 'admin', 'admin', 'agent'), ...newBookingArgs }),
  always,
  async (m, r, a) => {
    await newBooking(m, r, a.by, a);
  },
);

/** The booking form read back and posted with changes: by the admin, the agent it was booked for, or another agent (404). */
const editBooking = op(
  'editBooking',
  fc.record({
    pick: index,
    by: fc.constantFrom('admin', 'admin', 'owner', 'other'),
    amount: fc.option(amountCents, { freq: 2 }),
    negate: fc.boolean(),
    ref: fc.option(refIndex, { freq: 3 }),
    supplier: fc.option(supplierKey, { freq: 4 }),
    status: fc.option(fc.constantFrom('pending', 'confirmed'), { freq: 2 }),
    date: fc.option(bookingDate, { freq: 3 }),
    agent: fc.option(agentKey, { freq: 5 }),
  }),
  anyBooking,
  async (m, r, a) => {
    const b = pick(m.bookings, a.pick);
    const cur = (await read(r, r.w.admin, `/bookings/${b.id}`)).data as Row;
    const who = a.by === 'admin' ? 'admin' : a.by === 'owner' ? b.booker : b.booker === 'ana' ? 'otto' : 'ana';
    const gross = a.amount === null ? cents(cur.booking_amount) : a.negate ? -a.amount : a.amount;
    const { res, body } = await step(r, `editBooking(${a.by})`, who, who === 'admin' ? r.w.admin : r.w.as[who], {
      method: 'POST',
      url: `/bookings/${b.id}`,
      json: {
        _method: 'PUT',
        booking_reference: a.ref === null ? cur.booking_reference : REFERENCES[a.ref],
        supplier_id: a.supplier === null ? cur.supplier_id : r.w.supplier[a.supplier],
        booking_date: a.date ?? cur.booking_date,
        customer_name: cur.customer_name,
        booking_amount: money(gross),
        status: a.status ?? cur.status,
        ...(who === 'admin' ? { primary_agent_id: r.w.agent[a.agent ?? b.booker] } : {}),
      },
    });
    if (res.statusCode === 200) upsert(m, modelBooking(r.w, body.data as Row));
  },
);

const cancelBooking = op('cancelBooking', fc.record({ pick: index }), anyBooking, async (m, r, a) => {
  const b = pick(m.bookings, a.pick);
  const { res } = await step(r, 'cancelBooking', 'admin', r.w.admin, {
    method: 'POST',
    url: `/bookings/${b.id}/cancel`,
    json: { cancellation_note: 'Model cancels' },
  });
  if (res.statusCode === 200) b.live = false;
});

/** `POST {path}/{id}` with `_method: DELETE` by the admin, on a row of the model's list; gone from it when deleted. */
const deleteOp = (name: string, list: (m: Model) => { id: number }[], path: string) =>
  op(
    name,
    fc.record({ pick: index }),
    (m) => list(m).length > 0,
    async (m, r, a) => {
      const row = pick(list(m), a.pick);
      const { res } = await step(r, name, 'admin', r.w.admin, {
        method: 'POST',
        url: `${path}/${row.id}`,
        json: { _method: 'DELETE' },
      });
      if (res.statusCode === 200) list(m).splice(list(m).indexOf(row), 1);
    },
  );

const deleteBooking = deleteOp('deleteBooking', (m) => m.bookings, '/bookings');

/** The transaction form of a supplier payment. */
const transactionForm = (w: World, t: Omit<MTransaction, 'id'>) => ({
  account_id: String(w.account[t.supplier]),
  transaction_type: t.type,
  currency_id: String(w.currency[t.supplier]),
  amount: t.amount,
  reference_number: t.reference,
  status: t.status,
  is_partial: t.partial ? '1' : '0',
});

async function postTransaction(m: Model, r: Real, kind: string, t: Omit<MTransaction, 'id'>): Promise<void> {
  const { res, body } = await step(r, kind, 'admin', r.w.admin, {
    method: 'POST',
    url: '/transactions',
    multipart: transactionForm(r.w, t),
  });
  if (res.statusCode === 200) m.transactions.push({ ...t, id: (body.data as Row).id as number });
}

/** A supplier payment on a reference of the pool (a booking's or not), any amount. */
const addTransaction = op(
  'addTransaction',
  fc.record({
    supplier: supplierKey,
    ref: refIndex,
    spelling: fc.nat({ max: SPELLINGS.length - 1 }),
    type: fc.constantFrom('credit', 'credit', 'debit'),
    amount: amountCents,
    partial: fc.nat({ max: 3 }).map((n) => n === 0),
    status: fc.constantFrom('completed', 'completed', 'completed', 'pending'),
  }),
  always,
  (m, r, a) =>
    postTransaction(m, r, 'addTransaction', {
      supplier: a.supplier,
      reference: SPELLINGS[a.spelling]!(REFERENCES[a.ref]!),
      type: a.type,
      amount: money(a.amount),
      partial: a.partial,
      status: a.status,
    }),
);

type FundKind = 'exact' | 'part' | 'over' | 'under';
const fundKind = fc.constantFrom<FundKind>('exact', 'exact', 'exact', 'exact', 'part', 'part', 'over', 'under');
const spelling = fc.nat({ max: SPELLINGS.length - 1 });

/**
 * The supplier pays a booking as it now stands (its gross read back): all of it, a part flagged
 * partial, a little more or a little less; a debit for a refund booking.
 */
async function fund(m: Model, r: Real, b: MBooking, kind: FundKind, spelled: number) {
  const cur = (await read(r, r.w.admin, `/bookings/${b.id}`)).data as Row;
  const gross = Math.abs(cents(cur.booking_amount));
  const amount =
    kind === 'exact'
      ? gross
      : kind === 'part'
        ? Math.floor(gross * 0.4)
        : kind === 'over'
          ? gross + 10_00
          : gross - 10_00;
  await postTransaction(m, r, `fundBooking(${kind})`, {
    supplier: r.w.supplierKey.get(cur.supplier_id as number)!,
    reference: SPELLINGS[spelled]!(cur.booking_reference as string),
    type: cents(cur.booking_amount) < 0 ? 'debit' : 'credit',
    amount: money(Math.max(1, amount)),
    partial: kind === 'part',
    status: 'completed',
  });
}

/** Bookings with no supplier transaction on their reference yet (as far as the model knows). */
const unfunded = (m: Model) =>
  m.bookings.filter(
    (b) => b.live && !m.transactions.some((t) => t.supplier === b.supplier && norm(t.reference) === norm(b.reference)),
  );

/** A supplier payment of a booking: mostly one not paid yet. */
const fundBooking = op(
  'fundBooking',
  fc.record({ pick: index, prefer: preferFunded, kind: fundKind, spelling }),
  anyBooking,
  async (m, r, a) => {
    const fresh = a.prefer ? unfunded(m) : [];
    await fund(m, r, pick(fresh.length ? fresh : m.bookings, a.pick), a.kind, a.spelling);
  },
);

/** An admin's booking and, at once, the supplier's payment of it (the common path to a payout). */
const createFundedBooking = op(
  'createFundedBooking',
  fc.record({ ...newBookingArgs, kind: fundKind, spelling }),
  always,
  async (m, r, a) => {
    const b = await newBooking(m, r, 'admin', a);
    if (b) await fund(m, r, b, a.kind, a.spelling);
  },
);

/** The transaction form posted back with one change: amount, reference, partial flag or status (reversed too). */
const editTransaction = op(
  'editTransaction',
  fc.record({
    pick: index,
    change: fc.constantFrom('amount', 'reference', 'partial', 'status', 'status'),
    amount: amountCents,
    ref: refIndex,
    status: fc.constantFrom('reversed', 'reversed', 'failed', 'pending', 'completed'),
  }),
  anyTransaction,
  async (m, r, a) => {
    const t = pick(m.transactions, a.pick);
    const next: MTransaction = {
      ...t,
      ...(a.change === 'amount' ? { amount: money(a.amount) } : {}),
      ...(a.change === 'reference' ? { reference: REFERENCES[a.ref]! } : {}),
      ...(a.change === 'partial' ? { partial: !t.partial } : {}),
      ...(a.change === 'status' ? { status: a.status } : {}),
    };
    const { res } = await step(
      r,
      `editTransaction(${a.change === 'status' ? a.status : a.change})`,
      'admin',
      r.w.admin,
      {
        method: 'POST',
        url: `/transactions/${t.id}`,
        multipart: { _method: 'PUT', ...transactionForm(r.w, next) },
      },
    );
    if (res.statusCode === 200) Object.assign(t, next);
  },
);

/** There is no delete route for transactions (yet): a 405 that must write nothing; if one appears, it is judged too. */
const deleteTransaction = deleteOp('deleteTransaction', (m) => m.transactions, '/transactions');

type AmountKind = 'full' | 'part' | 'over' | 'zero' | 'wrongSign';
const amountKind = fc.constantFrom<AmountKind>('full', 'full', 'part', 'part', 'part', 'over', 'zero', 'wrongSign');
const fraction = fc.integer({ min: 1, max: 9 });

/** A payout amount from the available amount the screen showed. */
function payoutAmount(available: number, kind: AmountKind, tenths: number): number {
  const sign = available < 0 ? -1 : 1;
  switch (kind) {
    case 'full':
      return available;
    case 'part':
      return Math.trunc((available * tenths) / 10) || sign;
    case 'over':
      return available + sign;
    case 'zero':
      return 0;
    case 'wrongSign':
      return -available || -1;
  }
}

/** The payout modal: read the available amount, pay all or part of it (or a refused amount). */
const singlePayout = op(
  'singlePayout',
  fc.record({ pick: index, prefer: preferFunded, kind: amountKind, tenths: fraction, described: fc.boolean() }),
  anyBooking,
  async (m, r, a) => {
    const b = await payable(m, r, a.pick, a.prefer);
    const info = await read(r, r.w.admin, `/bookings/${b.id}/payout-info`);
    const available = cents((info.payout as Row).available_amount);
    const remaining = cents((info.booking as Row).remaining_amount);
    const amount = payoutAmount(available, a.kind, a.tenths);
    const { res, body } = await step(r, `singlePayout(${a.kind})`, 'admin', r.w.admin, {
      method: 'POST',
      url: `/bookings/${b.id}/process-payout`,
      json: {
        payout_amount: money(amount),
        ...(a.described ? { description: `Model payout ${b.reference}` } : {}),
        is_partial: amount !== remaining,
      },
    });
    if (res.statusCode !== 200) return;
    m.payouts += 1;
    b.paid += amount;
    // The model's one sum: what was paid is the payouts accepted, whatever happened in between.
    if (cents(body.paid_amount) !== b.paid)
      fail(
        r,
        `booking ${b.id}: the payouts accepted add up to ${money(b.paid)}, the answer says paid ${money(cents(body.paid_amount))}`,
      );
  },
);

type CustomKind = 'own' | 'shift' | 'bad';
/** Ten-thousandths of a percentage as the API answers it, and back to its text (exact, as money above). */
// eslint-disable-next-line no-restricted-syntax -- the model's integer percentage units
const percent4 = (n: unknown) => Number(percentFromDb(String(n)));
const percentText = (p: number) => percentToString(BigInt(p) as Percent);

/** The bulk screen's custom split from the booking's lines: their own percentages, one moved by 1 point, or not adding up to 100. */
function customSplit(lines: Row[], kind: CustomKind) {
  const own = lines.map((l) => ({ commission_id: l.id as number, p: percent4(l.percentage) }));
  if (kind === 'shift' && own[0]) own[0].p = Math.min(100_0000, own[0].p + 1_0000);
  const agents = own.reduce((s, l) => s + l.p, 0);
  const company = Math.max(0, 100_0000 - agents) + (kind === 'bad' ? 5_0000 : 0);
  return {
    use_custom_commission: true,
    custom_commissions: own.map((l) => ({ commission_id: l.commission_id, percentage: percentText(l.p) })),
    company_percentage: percentText(company),
  };
}

const payoutDate = fc.constantFrom('none', 'none', 'today', 'past', 'tomorrow', 'future');
const dateOf = (d: string) =>
  d === 'none'
    ? null
    : d === 'today'
      ? todayUtc()
      : d === 'past'
        ? addDays(todayUtc(), -20)
        : d === 'tomorrow'
          ? addDays(todayUtc(), 1)
          : addDays(todayUtc(), 200);

/**
 * The bulk payout screen: one to three bookings, each with an amount from its available amount (after a
 * reconcile when asked: the net received less what was paid), a custom split or not; a payout date
 * (none, today, past, or future: refused).
 */
const bulkPayoutOf = (name: string, reconcile: fc.Arbitrary<boolean>) =>
  op(
    name,
    fc.record({
      rows: fc.array(
        fc.record({
          pick: index,
          prefer: preferFunded,
          kind: amountKind,
          tenths: fraction,
          reconcile,
          custom: fc.option(fc.constantFrom<CustomKind>('own', 'shift', 'shift', 'bad'), { freq: 2 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      date: payoutDate,
      /** Now and then the first booking twice in one request (refused for the second). */
      twice: fc.nat({ max: 9 }).map((n) => n === 0),
    }),
    anyBooking,
    async (m, r, a) => {
      const rows: Row[] = [];
      const toReconcile = a.rows.some((x) => x.reconcile) ? await reconcileView(r) : [];
      for (const x of a.rows) {
        const b = await payable(m, r, x.pick, x.prefer);
        if (rows.some((row) => row.booking_id === b.id)) continue;
        const info = await read(r, r.w.admin, `/bookings/${b.id}/payout-info`);
        const payout = info.payout as Row;
        const seen = toReconcile.find((v) => v.id === b.id);
        const available =
          x.reconcile && seen
            ? cents(seen.transaction_amount) - cents(seen.paid_amount)
            : cents(payout.available_amount);
        rows.push({
          booking_id: b.id,
          payout_amount: money(payoutAmount(available, x.kind, x.tenths)),
          reconcile: x.reconcile,
          ...(x.custom ? customSplit(payout.lines as Row[], x.custom) : {}),
        });
      }
      if (a.twice) rows.push({ ...rows[0] });
      const date = dateOf(a.date);
      const { res, body } = await step(r, `bulkPayout(${a.date})`, 'admin', r.w.admin, {
        method: 'POST',
        url: '/bulk-payouts/process',
        json: { payouts: rows, description: 'Model bulk payout', payout_date: date },
      });
      const results = (body.results ?? []) as { booking_id: number; status: string }[];
      const paid = results.filter((x) => x.status === 'success').length;
      results.forEach((x, i) => {
        const booking = m.bookings.find((b) => b.id === x.booking_id);
        if (x.status === 'success' && booking) booking.paid += cents(rows[i]!.payout_amount);
      });
      if (date !== null && date > todayUtc() && res.statusCode === 200 && paid > 0)
        fail(r, `a payout dated ${date} (after today) was accepted`, body);
      if (res.statusCode === 200) m.payouts += paid;
    },
  );
const bulkPayout = bulkPayoutOf('bulkPayout', fc.constant(false));
/** Bulk payout rows that reconcile first (one in two). */
const bulkReconcilePayout = bulkPayoutOf('bulkReconcilePayout', fc.boolean());

/** The reconcile screen's search: the bookings whose received amount differs from their gross. */
async function reconcileView(r: Real): Promise<Row[]> {
  const res = await timed(r, 'read', () =>
    r.w.admin.post('/bulk-payouts/search', { json: { mode: 'reconcile', personal: true } }),
  );
  if (res.statusCode !== 200) fail(r, `the reconcile search answered ${res.statusCode}`, res.body.slice(0, 2000));
  return (bodyOf(res).bookings ?? []) as Row[];
}

/** The reconcile screen: gross := net received, with the net the screen showed (sometimes stale) or none. */
const reconcile = op(
  'reconcile',
  fc.record({
    picks: fc.array(index, { minLength: 1, maxLength: 3 }),
    /** Mostly bookings the reconcile screen lists, else any. */
    prefer: preferFunded,
    shown: fc.constantFrom('none', 'shown', 'shown', 'stale'),
  }),
  anyBooking,
  async (m, r, a) => {
    const view = await reconcileView(r);
    const listed = a.prefer ? m.bookings.filter((b) => view.some((v) => v.id === b.id)) : [];
    const ids = [...new Set(a.picks.map((i) => pick(listed.length ? listed : m.bookings, i).id))];
    const rows = ids.map((id) => {
      const seen = view.find((v) => v.id === id);
      const net = seen ? cents(seen.transaction_amount) : 0;
      return {
        booking_id: id,
        ...(a.shown === 'none' ? {} : { transaction_amount: money(a.shown === 'stale' ? net + 1_00 : net) }),
      };
    });
    await step(r, `reconcile(${a.shown})`, 'admin', r.w.admin, {
      method: 'POST',
      url: '/bulk-payouts/reconcile',
      json: { bookings: rows, description: 'Model reconcile' },
    });
  },
);

/** An agent claims a credit (one the model thinks unmatched, mostly): a pending request. */
const agentClaim = op(
  'agentClaim',
  fc.record({
    pick: index,
    by: fc.constantFrom<AgentKey>('ana', 'ana', 'sam', 'pat', 'otto'),
    preferUnmatched: fc.nat({ max: 4 }).map((n) => n > 0),
    date: bookingDate,
  }),
  anyTransaction,
  async (m, r, a) => {
    const t = pick(claimCandidates(m, a.preferUnmatched), a.pick);
    const reference = t.reference.trim().toUpperCase();
    const { res, body } = await step(r, 'agentClaim', a.by, r.w.as[a.by], {
      method: 'POST',
      url: '/api/unclaimed-bookings',
      multipart: {
        reference_number: t.reference,
        booking_data: JSON.stringify({
          transaction_id: t.id,
          booking_reference: reference,
          customer_name: 'Claimed Client',
          booking_date: a.date,
          notes: 'Booked by phone',
        }),
        booking_receipt: { filename: 'receipt.png', contentType: 'image/png', data: PNG },
      },
    });
    if (res.statusCode === 200)
      m.claims.push({ id: (body.data as Row).id as number, transaction: t.id, pending: true });
  },
);

/** The admin approves (the booking is created) or rejects a claim; a decided one is refused. */
const decideClaim = op(
  'decideClaim',
  fc.record({ pick: index, approve: fc.boolean(), decided: fc.nat({ max: 5 }).map((n) => n === 0) }),
  (m) => m.claims.length > 0,
  async (m, r, a) => {
    const pending = m.claims.filter((c) => c.pending);
    const c = pick(a.decided || !pending.length ? m.claims : pending, a.pick);
    const { res, body } = await step(r, a.approve ? 'approveClaim' : 'rejectClaim', 'admin', r.w.admin, {
      method: 'POST',
      url: `/api/unclaimed-bookings/${c.id}/${a.approve ? 'approve' : 'reject'}`,
      json: a.approve ? {} : { reason: 'Not ours' },
    });
    if (res.statusCode !== 200) return;
    c.pending = false;
    const bookingId = (body.data as Row).booking_id as number | null;
    if (a.approve && bookingId !== null)
      upsert(m, modelBooking(r.w, (await read(r, r.w.admin, `/bookings/${bookingId}`)).data as Row));
  },
);

/** The admin claims a credit directly: `POST /bookings` with is_claimed_booking on the credit's reference and amount. */
const adminClaim = op(
  'adminClaim',
  fc.record({
    pick: index,
    agent: agentChoice,
    preferUnmatched: fc.nat({ max: 4 }).map((n) => n > 0),
    otherAmount: fc.option(amountCents, { freq: 4 }),
    date: bookingDate,
  }),
  anyTransaction,
  async (m, r, a) => {
    const t = pick(claimCandidates(m, a.preferUnmatched), a.pick);
    const { res, body } = await step(r, 'adminClaim', 'admin', r.w.admin, {
      method: 'POST',
      url: '/bookings',
      json: {
        booking_reference: t.reference.trim().toUpperCase(),
        supplier_id: r.w.supplier[t.supplier],
        booking_date: a.date,
        customer_name: 'Claimed Client',
        booking_amount: a.otherAmount === null ? t.amount : money(a.otherAmount),
        status: 'pending',
        primary_agent_id: r.w.agent[agentFor(t.supplier, a.agent)],
        is_claimed_booking: '1',
      },
    });
    if (res.statusCode === 200) upsert(m, modelBooking(r.w, body.data as Row));
  },
);

/** The agent form with a new tier from a start date in the past (mostly after the current tier's start). */
const tierChange = op(
  'tierChange',
  fc.record({
    agent: fc.constantFrom<TieredKey>('ana', 'ana', 'otto'),
    tier: fc.constantFrom<TierKey>('gold', 'silver'),
    days: fc.integer({ min: -20, max: 400 }),
  }),
  always,
  async (m, r, a) => {
    const start = [addDays(m.tierStart[a.agent], a.days), todayUtc()].sort()[0]!;
    const { res, body } = await step(r, 'tierChange', 'admin', r.w.admin, {
      method: 'POST',
      url: `/agents/${r.w.agent[a.agent]}`,
      multipart: {
        ...r.w.agentForm[a.agent],
        _method: 'PUT',
        commission_tier_id: String(r.w.tier[a.tier]),
        tier_change_reason: 'Model tier change',
        tier_start_date: start,
      },
    });
    if (res.statusCode === 200 && body.tier_change) m.tierStart[a.agent] = start;
  },
);

/** A tier rule's percentage changed (`POST /commissions/{id}` with _method PUT). */
const ruleChange = op(
  'ruleChange',
  fc.record({
    rule: fc.constantFrom<TierKey>('gold', 'silver'),
    percentage: fc.constantFrom('0', '5', '12.5', '15.75', '20', '33.33', '100'),
  }),
  always,
  async (_m, r, a) => {
    const rule = r.w.rule[a.rule];
    await step(r, 'ruleChange', 'admin', r.w.admin, {
      method: 'POST',
      url: `/commissions/${rule.id}`,
      json: {
        _method: 'PUT',
        commission_type: 'tier',
        general_id: rule.tier,
        percentage: a.percentage,
        suppliers: rule.suppliers,
      },
    });
  },
);

export const COMMANDS = {
  createBooking: { weight: 4, arbitrary: createBooking },
  createFundedBooking: { weight: 5, arbitrary: createFundedBooking },
  editBooking: { weight: 3, arbitrary: editBooking },
  cancelBooking: { weight: 1, arbitrary: cancelBooking },
  deleteBooking: { weight: 1, arbitrary: deleteBooking },
  addTransaction: { weight: 3, arbitrary: addTransaction },
  fundBooking: { weight: 3, arbitrary: fundBooking },
  editTransaction: { weight: 2, arbitrary: editTransaction },
  deleteTransaction: { weight: 1, arbitrary: deleteTransaction },
  singlePayout: { weight: 7, arbitrary: singlePayout },
  bulkPayout: { weight: 3, arbitrary: bulkPayout },
  bulkReconcilePayout: { weight: 1, arbitrary: bulkReconcilePayout },
  reconcile: { weight: 2, arbitrary: reconcile },
  agentClaim: { weight: 2, arbitrary: agentClaim },
  decideClaim: { weight: 2, arbitrary: decideClaim },
  adminClaim: { weight: 1, arbitrary: adminClaim },
  tierChange: { weight: 1, arbitrary: tierChange },
  ruleChange: { weight: 1, arbitrary: ruleChange },
};

/**
 * Sequences of money operations; the frequent ones (bookings, payments, payouts) weigh more. `without`
 * leaves commands out (BOOKS_MODEL_WITHOUT=reconcile,…: explore past a known failure).
 */
export function moneyCommands(maxCommands: number, opts: { replayPath?: string; without?: string[] } = {}) {
  const unknown = (opts.without ?? []).filter((n) => !(n in COMMANDS));
  if (unknown.length) throw new Error(`no such command: ${unknown.join(', ')}`);
  const arbs = Object.entries(COMMANDS)
    .filter(([name]) => !opts.without?.includes(name))
    .map(([, c]) => c);
  const replay = opts.replayPath ? { replayPath: opts.replayPath } : {};
  return new AtLeast(fc.commands([fc.oneof(...arbs)], { maxCommands, size: 'max', ...replay }), 5);
}

/**
 * Generates sequences of at least `min` commands (drawing again from the same random stream, so a seed
 * still replays), and shrinks them as fc.commands does, below `min` too: a shrunk failure keeps only
 * the commands it needs.
 */
class AtLeast<T> extends fc.Arbitrary<Iterable<T>> {
  constructor(
    private readonly inner: fc.Arbitrary<Iterable<T>>,
    private readonly min: number,
  ) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<Iterable<T>> {
    for (;;) {
      const v = this.inner.generate(mrng, biasFactor);
      if ([...v.value_].length >= this.min) return v;
    }
  }
  canShrinkWithoutContext(value: unknown): value is Iterable<T> {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: Iterable<T>, context: unknown): fc.Stream<fc.Value<Iterable<T>>> {
    return this.inner.shrink(value, context);
  }
}
