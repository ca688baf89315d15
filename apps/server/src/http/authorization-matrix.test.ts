/**
 * The authorization matrix (CONTRACT.md §2 and §4): every operation of the OpenAPI document × {anonymous,
 * agent, sub-agent, another agent, admin, super-admin} → the status expected, on realistic rows: agent
 * Ana's booking, one her sub-agent Sam made through a supplier he reaches via Ana (registered under Ana,
 * Sam earning the split), and one of Otto, another agent. Reads that list rows show an agent only the
 * rows they earn from or own. Every write without the CSRF token is a 419. A refusal writes nothing.
 *
 * The permissions map the server enforces is each route's `access` (public, user, admin: `runRoute`),
 * published as `x-access` in the OpenAPI document; the ownership rules live in the handlers. EXPECTED
 * below is the table this test reads: one entry per `METHOD path` of the document. A route added without
 * an entry fails here with the list of what is missing; an entry that contradicts `x-access` fails too.
 * The POST twin of a PUT/DELETE (`_method` override) is sent with the same cases and must answer alike.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi';
import type { AppContext } from './app';
import { routeModules } from '../routes';
import {
  asForm,
  asMultipart,
  judge,
  openApiOperations,
  operationKey,
  PNG,
  sendRaw,
  tableFingerprint,
  writtenTables,
  type HostileBody,
  type Json,
  type Operation,
} from '../test/hostile';
import { idFromAnswer, queuedOnly } from '../test/hostile-world';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app';

const ROLES = ['anonymous', 'agent', 'subAgent', 'otherAgent', 'admin', 'superAdmin'] as const;
type Role = (typeof ROLES)[number];
type SignedInRole = Exclude<Role, 'anonymous'>;
type Statuses = Record<Role, number>;

interface World {
  t: TestApp;
  clients: Record<Role, TestClient>;
  credentials: Record<SignedInRole, { email: string; password: string }>;
  /** The agent id of each role (null for anonymous and the admins). */
  agentOf: Record<Role, number | null>;
  currency: number;
  gold: number;
  sunwing: number;
  transat: number;
  rule: number;
  bookingA: number;
  bookingS: number;
  bookingB: number;
  groupA: number;
  groupB: number;
  account: number;
  transaction: number;
  importJob: string;
}

interface Req {
  url: string;
  body?: HostileBody;
}

interface Case {
  what: string;
  expect: Statuses;
  request: (w: World, role: Role) => Req | Promise<Req>;
  /** On an expected success: what the answer must (and must not) contain for this role. */
  check?: (w: World, role: Role, res: LightMyRequestResponse) => void | Promise<void>;
  /** The request ends the session (sign-out): sign the role in again afterwards. */
  endsSession?: boolean;
  /** A write that only says what it would do (a preview): its success writes nothing either. */
  writesNothing?: boolean;
}

/* ------------------------------------------------------------------------------------ shorthands */

const everyone = (s: number): Statuses => ({
  anonymous: s,
  agent: s,
  subAgent: s,
  otherAgent: s,
  admin: s,
  superAdmin: s,
});
/** access 'user': signed in, whoever. */
const signedIn = (s: number): Statuses => ({ ...everyone(s), anonymous: 401 });
/** access 'admin' (CONTRACT.md §4: writes and admin screens). */
const adminOnly = (s: number): Statuses => ({
  anonymous: 401,
  agent: 403,
  subAgent: 403,
  otherAgent: 403,
  admin: s,
  superAdmin: s,
});
/** access 'user' with an ownership rule in the handler: what each agent gets; the admins get `admins`. */
const owned = (agents: Pick<Statuses, 'agent' | 'subAgent' | 'otherAgent'>, admins = 200): Statuses => ({
  anonymous: 401,
  ...agents,
  admin: admins,
  superAdmin: admins,
});

const json = (value: Json): HostileBody => ({ kind: 'json', value });
const unique = () => crypto.randomBytes(4).toString('hex').toUpperCase();
/** A GET of `url` (which may depend on the world and the role). */
const get =
  (url: string | ((w: World, role: Role) => string)) =>
  (w: World, role: Role): Req => ({ url: typeof url === 'string' ? url : url(w, role) });
/** A write to `url` with `body` (both may depend on the world and the role). */
const send =
  (url: string | ((w: World, role: Role) => string), body: (w: World, role: Role) => HostileBody) =>
  (w: World, role: Role): Req => ({ url: typeof url === 'string' ? url : url(w, role), body: body(w, role) });
/** The agent a role acts for in a request that names one: itself, or Ana for the admins. */
const selfOrAna = (w: World, role: Role) => w.agentOf[role] ?? w.agentOf.agent!;

/** The reports' widest range. */
const ALL_TIME = 'start_date=1900-01-01&end_date=2100-12-31';
/** A card's lines: an agent sees only their own, whatever agent_id they send; an admin the agent asked for. */
const reportLinesOf = (w: World, role: Role, res: LightMyRequestResponse) => {
  const agent = w.agentOf[role] ?? w.agentOf.otherAgent;
  for (const line of res.json().bookings.data as { agent_id: number }[]) expect(line.agent_id).toBe(agent);
};

/* ------------------------------------------------------------------ rows a case works on (fresh) */

const adminOf = (w: World) => w.clients.admin;

const agentForm = (w: World, tag: string) => ({
  full_name: `Agent ${tag}`,
  home_address: '1 Main St',
  phone_number: '416-555-0100',
  fareconnect_email: `agent-${tag.toLowerCase()}@example.test`,
  date_of_birth: '1980-01-01',
  sin_number: '046454286',
  fareconnect_number: `FC-${tag}`,
  commission_tier_id: String(w.gold),
  password: 'long-enough-pw',
  password_confirmation: 'long-enough-pw',
});

async function freshAgent(w: World): Promise<number> {
  return idFromAnswer(await adminOf(w).post('/agents', { multipart: agentForm(w, unique()) }));
}

async function freshSupplier(w: World): Promise<number> {
  return idFromAnswer(
    await adminOf(w).post('/suppliers', { json: { name: `Scratch ${unique()}`, currency_id: w.currency } }),
  );
}

/** A pending booking of Otto's, in no group, that nobody else can see. */
async function freshBookingOfOtto(w: World): Promise<number> {
  return idFromAnswer(
    await w.clients.otherAgent.post('/bookings', {
      multipart: bookingFields(w, { supplier_id: String(w.sunwing) }),
    }),
  );
}

async function freshAdminBooking(w: World): Promise<number> {
  return idFromAnswer(
    await adminOf(w).post('/bookings', {
      multipart: bookingFields(w, { supplier_id: String(w.sunwing), primary_agent_id: String(w.agentOf.agent) }),
    }),
  );
}

async function freshRule(w: World): Promise<number> {
  return idFromAnswer(
    await adminOf(w).post('/commissions', {
      json: {
        commission_type: 'agent',
        general_id: w.agentOf.otherAgent,
        percentage: '5',
        suppliers: [await freshSupplier(w)],
      },
    }),
  );
}

async function freshAccount(w: World): Promise<number> {
  return idFromAnswer(
    await adminOf(w).post('/accounts', {
      json: {
        name: `Account ${unique()}`,
        accountable_type: 'supplier',
        accountable_id: w.sunwing,
        currency_id: w.currency,
      },
    }),
  );
}

/** A sub-agent link Ana → a new agent. */
async function freshLinkOfAna(w: World): Promise<number> {
  const sub = await freshAgent(w);
  const res = await w.clients.agent.post(`/agents/${w.agentOf.agent}/sub-agents`, {
    multipart: { sub_agent_id: String(sub), split_percentage: '50' },
  });
  if (res.statusCode !== 200) throw new Error(`link: ${res.body}`);
  return sub;
}

/** A payout record paying Ana's line of her booking (written once, as a payout writes it: record and item). */
let anaPayout: Promise<number> | null = null;
function payoutOfAna(w: World): Promise<number> {
  anaPayout ??= (async () => {
    // One statement, so one transaction: the record's total equals its items at commit (DOMAIN.md invariant 4).
    const { rows } = await w.t.db.$client.query(
      `with p as (
         insert into payouts (name, payout_date, currency_id, total_amount, kind)
         values ('Matrix payout', '2026-03-02', $1, 10.50, 'single') returning id)
       insert into payout_items (payout_id, booking_id, actual_commission_id, agent_id, gross_portion, percentage,
                                 commission, gst, total)
       select p.id, ac.booking_id, ac.id, ac.agent_id, 100, 10, 10, 0.50, 10.50
         from p, actual_commissions ac where ac.booking_id = $2 and ac.agent_id = $3
       returning payout_id`,
      [w.currency, w.bookingA, w.agentOf.agent],
    );
    const id = rows[0]!.payout_id as number;
    return id;
  })();
  return anaPayout;
}

/** A Transat account (Ana, Otto and, through Ana, Sam can book Transat): unmatched credits to claim land there. */
let transatAccount: Promise<number> | null = null;
/** A fresh unmatched credit on Transat; its id and reference. */
async function freshCredit(w: World): Promise<{ id: number; reference: string }> {
  transatAccount ??= (async () =>
    idFromAnswer(
      await adminOf(w).post('/accounts', {
        json: { name: 'Transat CAD', accountable_type: 'supplier', accountable_id: w.transat, currency_id: w.currency },
      }),
    ))();
  const reference = `MX-CL-${unique()}`;
  const id = idFromAnswer(
    await adminOf(w).post('/transactions', {
      multipart: {
        account_id: String(await transatAccount),
        transaction_type: 'credit',
        status: 'completed',
        currency_id: String(w.currency),
        amount: '20.00',
        reference_number: reference,
      },
    }),
  );
  return { id, reference };
}

/** The claim form's fields of a credit (its receipt is a PNG). */
const claimFields = (credit: { id: number; reference: string }) => ({
  reference_number: credit.reference,
  booking_data: JSON.stringify({
    transaction_id: credit.id,
    booking_reference: credit.reference,
    customer_name: 'Jean Client',
    booking_date: '2026-03-01',
  }),
});
const claimForm = (credit: { id: number; reference: string }) =>
  asMultipart(claimFields(credit), [
    { name: 'booking_receipt', value: PNG, filename: 'receipt.png', contentType: 'image/png' },
  ]);

/** A fresh pending claim of Ana's. */
async function freshClaimOfAna(w: World): Promise<number> {
  const fields = claimFields(await freshCredit(w));
  return idFromAnswer(
    await w.clients.agent.post('/api/unclaimed-bookings', {
      multipart: { ...fields, booking_receipt: { filename: 'receipt.png', contentType: 'image/png', data: PNG } },
    }),
  );
}
/** One claim of Ana's with its receipt, made once. */
let anaClaim: Promise<number> | null = null;

const bookingFields = (w: World, over: Record<string, string> = {}) => ({
  booking_reference: `MX-${unique()}`,
  booking_date: '2026-03-01',
  customer_name: 'Jean Client',
  booking_amount: '100.00',
  supplier_id: String(w.sunwing),
  ...over,
});

const agentRows = async (w: World, sql: string, agentId: number) =>
  (await w.t.db.$client.query<{ id: number }>(sql, [agentId])).rows.map((r) => r.id);
/** Bookings an agent earns from: as primary agent or as sub-agent. */
const bookingsOf = (w: World, agentId: number) =>
  agentRows(w, 'select id from bookings where primary_agent_id = $1 or sub_agent_id = $1', agentId);
const groupsOf = (w: World, agentId: number) =>
  agentRows(w, 'select id from booking_groups where agent_id = $1', agentId);

/** A new booking as `role` would post it (Sam's through Transat, the supplier he reaches via Ana). */
const newBooking = (w: World, role: Role, primary: number | null): Req => ({
  url: '/bookings',
  body: asMultipart(
    bookingFields(w, {
      supplier_id: String(role === 'subAgent' ? w.transat : w.sunwing),
      ...(primary === null ? {} : { primary_agent_id: String(primary) }),
    }),
  ),
});

/**
 * Whom the new booking is registered under: an agent's own booking is theirs whatever primary agent
 * was posted, Sam's goes under Ana with Sam as sub-agent, an admin's under the agent named.
 */
async function expectRegistered(w: World, role: Role, res: LightMyRequestResponse, named: number) {
  const { rows } = await w.t.db.$client.query('select primary_agent_id, sub_agent_id from bookings where id = $1', [
    idFromAnswer(res),
  ]);
  const expected =
    role === 'subAgent'
      ? { primary_agent_id: w.agentOf.agent, sub_agent_id: w.agentOf.subAgent }
      : { primary_agent_id: w.agentOf[role] ?? named, sub_agent_id: null };
  expect(rows[0]).toEqual(expected);
}

interface Line {
  agent_id: number;
}
/** Ana and Sam each read their own line of Sam's booking; the admins read both. */
function expectOwnLines(w: World, role: Role, lines: Line[]) {
  const own = w.agentOf[role];
  const expected = own === null ? [w.agentOf.agent, w.agentOf.subAgent] : [own];
  expect(lines.map((l) => l.agent_id).sort()).toEqual(expected.sort());
}

/** The fixture rows each role must see in a list (and, for agents, nothing beyond what they own). */
const fixtureBookings = (w: World): Record<Role, number[]> => ({
  anonymous: [],
  agent: [w.bookingA, w.bookingS],
  subAgent: [w.bookingS],
  otherAgent: [w.bookingB],
  admin: [w.bookingA, w.bookingS, w.bookingB],
  superAdmin: [w.bookingA, w.bookingS, w.bookingB],
});
const fixtureGroups = (w: World): Record<Role, number[]> => ({
  anonymous: [],
  agent: [w.groupA],
  subAgent: [],
  otherAgent: [w.groupB],
  admin: [w.groupA, w.groupB],
  superAdmin: [w.groupA, w.groupB],
});

/**
 * For an agent: every id listed is one of theirs (`own`), and none of the other agents' fixture rows
 * appears; for every role: its own fixture rows are there.
 */
function expectOnlyOwn(role: Role, listed: number[], own: number[] | null, mustSee: number[], others: number[]) {
  expect(listed, `${role} sees their rows`).toEqual(expect.arrayContaining(mustSee));
  if (own === null) return;
  expect(
    listed.filter((id) => !own.includes(id)),
    `${role} sees rows that are not theirs`,
  ).toEqual([]);
  expect(
    listed.filter((id) => others.includes(id)),
    `${role} sees other agents' rows`,
  ).toEqual([]);
}

const othersOf = (all: Record<Role, number[]>, role: Role) =>
  [...new Set(ROLES.filter((r) => r !== role).flatMap((r) => all[r]))].filter((id) => !all[role].includes(id));

const checkBookingList =
  (ids: (body: unknown) => number[]) => async (w: World, role: Role, res: LightMyRequestResponse) => {
    const agentId = w.agentOf[role];
    const all = fixtureBookings(w);
    expectOnlyOwn(
      role,
      ids(res.json()),
      agentId === null ? null : await bookingsOf(w, agentId),
      all[role],
      othersOf(all, role),
    );
  };

const checkGroupList =
  (ids: (body: unknown) => number[]) => async (w: World, role: Role, res: LightMyRequestResponse) => {
    const agentId = w.agentOf[role];
    const all = fixtureGroups(w);
    expectOnlyOwn(
      role,
      ids(res.json()),
      agentId === null ? null : await groupsOf(w, agentId),
      all[role],
      othersOf(all, role),
    );
  };

const dataIds = (body: unknown) => (body as { data: { id: number }[] }).data.map((r) => r.id);

/* ------------------------------------------------------------------------------ the expectations */

/**
 * One entry per operation of the OpenAPI document (`METHOD /path/{param}`): the cases sent to it and the
 * status each role gets. Admins' cells are real requests (2xx), or a 422/404 from the handler where a
 * success needs more than the matrix's rows: either way the access check let them through.
 */
const EXPECTED: Record<string, Case[]> = {
  /* auth */
  'GET /api/session': [{ what: 'the session', expect: everyone(200), request: get('/api/session') }],
  'POST /login': [{ what: 'no credentials', expect: everyone(422), request: send('/login', () => json({})) }],
  'POST /logout': [{ what: 'sign out', expect: everyone(200), request: () => ({ url: '/logout' }), endsSession: true }],
  'GET /api/user/roles': [
    {
      what: 'own roles',
      expect: signedIn(200),
      request: get('/api/user/roles'),
      check: (w, role, res) => expect(res.json().agent_id).toBe(w.agentOf[role]),
    },
  ],
  'POST /api/user/password': [
    {
      what: 'wrong current password',
      expect: signedIn(422),
      request: send('/api/user/password', () =>
        json({
          current_password: 'not-the-password',
          password: 'a-new-long-pw',
          password_confirmation: 'a-new-long-pw',
        }),
      ),
    },
  ],

  /* reference data */
  'GET /api/currencies': [{ what: 'list', expect: signedIn(200), request: get('/api/currencies') }],
  'GET /api/countries': [{ what: 'list', expect: signedIn(200), request: get('/api/countries') }],
  'GET /api/countries/{id}/states': [
    { what: 'states', expect: signedIn(200), request: get('/api/countries/1/states') },
  ],
  'GET /api/commission-tiers': [{ what: 'list', expect: signedIn(200), request: get('/api/commission-tiers') }],
  'POST /commission-tiers': [
    {
      what: 'create',
      expect: adminOnly(200),
      request: send('/commission-tiers', () => asForm({ name: `Tier ${unique()}` })),
    },
  ],
  'PUT /commission-tiers/{id}': [
    {
      what: 'update Gold',
      expect: adminOnly(200),
      request: send(
        (w) => `/commission-tiers/${w.gold}`,
        () => asForm({ name: 'Gold', description: 'Top' }),
      ),
    },
  ],
  'GET /api/suppliers': [{ what: 'list', expect: signedIn(200), request: get('/api/suppliers') }],
  'GET /suppliers-list': [{ what: 'list', expect: signedIn(200), request: get('/suppliers-list') }],
  'POST /suppliers': [
    {
      what: 'create',
      expect: adminOnly(200),
      request: send('/suppliers', (w) => asForm({ name: `Air ${unique()}`, currency_id: String(w.currency) })),
    },
  ],
  'PUT /suppliers/{id}': [
    {
      what: 'update',
      expect: adminOnly(200),
      request: async (w) => ({
        url: `/suppliers/${await freshSupplier(w)}`,
        body: asForm({ name: `Air ${unique()}`, currency_id: String(w.currency) }),
      }),
    },
  ],
  'GET /api/settings': [
    {
      what: 'read: the accounting settings and the auto-accept threshold for admins only',
      expect: signedIn(200),
      request: get('/api/settings'),
      check: (_w, role, res) => {
        const keys = Object.keys(res.json().data);
        const admin = role === 'admin' || role === 'superAdmin';
        expect(keys.includes('agency_name')).toBe(admin);
        expect(keys.includes('auto_accept_score')).toBe(admin);
      },
    },
  ],
  'POST /settings': [
    {
      what: 'GST rate',
      expect: adminOnly(200),
      request: send('/settings', () => asForm({ gst_rate: '5' })),
    },
    {
      what: 'GST rate, agency name, QuickBooks accounts and auto-accept threshold',
      expect: adminOnly(200),
      request: send('/settings', () =>
        json({
          gst_rate: '5',
          agency_name: 'Travel Host Agency',
          quickbooks_commission_account: 'Commission Expense',
          quickbooks_gst_account: 'GST/HST Receivable',
          quickbooks_clearing_account: 'Telpay Clearing',
          quickbooks_date_format: 'MM/DD/YYYY',
          auto_accept_score: 90,
        }),
      ),
    },
  ],
  'POST /api/reports/excel': [
    {
      what: 'a Telpay & QuickBooks workbook of all time (writes nothing)',
      expect: adminOnly(200),
      writesNothing: true,
      request: send('/api/reports/excel', () =>
        json({ start_date: '1900-01-01', end_date: '2100-12-31', report_type: 'bookings' }),
      ),
      check: (_w, _role, res) => expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK'),
    },
    {
      what: 'the QuickBooks journal CSV',
      expect: adminOnly(200),
      writesNothing: true,
      request: send('/api/reports/excel', () =>
        json({ start_date: '1900-01-01', end_date: '2100-12-31', report_type: 'bookings', format: 'quickbooks_csv' }),
      ),
    },
  ],

  /* bookings */
  'GET /bookings': [
    {
      what: 'list: only the bookings one earns from',
      expect: signedIn(200),
      request: get('/bookings?per_page=100'),
      check: checkBookingList(dataIds),
    },
  ],
  'POST /bookings': [
    {
      what: 'create: an agent books for themself, Sam through Ana',
      expect: signedIn(200),
      request: (w, role) => newBooking(w, role, w.agentOf[role] === null ? w.agentOf.agent! : null),
      check: (w, role, res) => expectRegistered(w, role, res, w.agentOf.agent!),
    },
    {
      what: "create naming Otto as primary agent: an agent's booking stays theirs",
      expect: signedIn(200),
      request: (w, role) => newBooking(w, role, w.agentOf.otherAgent!),
      check: (w, role, res) => expectRegistered(w, role, res, w.agentOf.otherAgent!),
    },
  ],
  'GET /bookings/{id}': [
    {
      what: "Ana's booking",
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: get((w) => `/bookings/${w.bookingA}`),
      check: (w, _role, res) => expect(res.json().data.id).toBe(w.bookingA),
    },
    {
      what: "Sam's booking through Ana: each sees their own commission line",
      expect: owned({ agent: 200, subAgent: 200, otherAgent: 404 }),
      request: get((w) => `/bookings/${w.bookingS}`),
      check: (w, role, res) =>
        expectOwnLines(w, role, (res.json() as { data: { actual_commissions: Line[] } }).data.actual_commissions),
    },
    {
      what: "Otto's booking",
      expect: owned({ agent: 404, subAgent: 404, otherAgent: 200 }),
      request: get((w) => `/bookings/${w.bookingB}`),
    },
    {
      what: 'no such booking',
      expect: owned({ agent: 404, subAgent: 404, otherAgent: 404 }, 404),
      request: get('/bookings/999999'),
    },
  ],
  'PUT /bookings/{id}': [
    {
      what: "Ana's booking",
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: send(
        (w) => `/bookings/${w.bookingA}`,
        (w) =>
          asMultipart(bookingFields(w, { booking_reference: 'MX-ANA-1', primary_agent_id: String(w.agentOf.agent) })),
      ),
    },
    {
      what: "Sam's booking through Ana",
      expect: owned({ agent: 200, subAgent: 200, otherAgent: 404 }),
      request: send(
        (w) => `/bookings/${w.bookingS}`,
        (w) =>
          asMultipart(
            bookingFields(w, {
              booking_reference: 'MX-SAM-1',
              supplier_id: String(w.transat),
              primary_agent_id: String(w.agentOf.agent),
            }),
          ),
      ),
    },
  ],
  'DELETE /bookings/{id}': [
    {
      what: 'a pending booking',
      expect: adminOnly(200),
      request: async (w) => ({ url: `/bookings/${await freshAdminBooking(w)}` }),
    },
  ],
  'POST /bookings/{id}/cancel': [
    {
      what: 'a pending booking',
      expect: adminOnly(200),
      request: async (w) => ({
        url: `/bookings/${await freshAdminBooking(w)}/cancel`,
        body: asForm({ cancellation_note: 'Changed plans' }),
      }),
    },
  ],
  'GET /bookings/{id}/receipt': [
    {
      what: "Ana's receipt",
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: get((w) => `/bookings/${w.bookingA}/receipt`),
      check: (_w, _role, res) => expect(res.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8)),
    },
  ],
  'POST /bookings/transaction-status': [
    {
      what: 'statuses of the three bookings: only those one sees',
      expect: signedIn(200),
      request: send('/bookings/transaction-status', (w) => json({ booking_ids: [w.bookingA, w.bookingS, w.bookingB] })),
      check: (w, role, res) =>
        expect(Object.keys(res.json()).map(Number).sort()).toEqual([...fixtureBookings(w)[role]].sort()),
    },
  ],
  'POST /api/check-booking-reference': [
    {
      what: 'reference check',
      expect: signedIn(200),
      request: send('/api/check-booking-reference', () => json({ booking_reference: 'MX-NONE' })),
    },
  ],
  'POST /api/check-duplicate-booking-supplier': [
    {
      what: 'duplicate check',
      expect: adminOnly(200),
      request: send('/api/check-duplicate-booking-supplier', (w) =>
        json({ reference_number: 'MX-ANA-1', supplier_id: w.sunwing }),
      ),
    },
  ],
  'GET /api/booking-suppliers': [
    {
      what: 'own suppliers',
      expect: signedIn(200),
      request: get((w, role) => `/api/booking-suppliers?agent_id=${selfOrAna(w, role)}`),
    },
    {
      what: "Otto's suppliers",
      expect: owned({ agent: 403, subAgent: 403, otherAgent: 200 }),
      request: get((w) => `/api/booking-suppliers?agent_id=${w.agentOf.otherAgent}`),
    },
  ],

  /* commissions */
  'GET /commissions': [{ what: 'list', expect: adminOnly(200), request: get('/commissions') }],
  'GET /commissions/options': [
    { what: 'options', expect: adminOnly(200), request: get('/commissions/options?type=tier') },
  ],
  'GET /commissions/rates': [
    {
      what: 'own rate',
      expect: signedIn(200),
      request: get((w, role) => `/commissions/rates?agent_id=${selfOrAna(w, role)}&supplier_id=${w.transat}`),
    },
    {
      what: "Otto's rate",
      expect: owned({ agent: 403, subAgent: 403, otherAgent: 200 }),
      request: get((w) => `/commissions/rates?agent_id=${w.agentOf.otherAgent}&supplier_id=${w.sunwing}`),
    },
  ],
  'POST /commissions': [
    {
      what: 'create',
      expect: adminOnly(200),
      request: async (w) => ({
        url: '/commissions',
        body: json({
          commission_type: 'agent',
          general_id: w.agentOf.otherAgent,
          percentage: '5',
          suppliers: [await freshSupplier(w)],
        }),
      }),
    },
  ],
  'POST /commissions/preview': [
    {
      what: 'what creating a rule would recalculate',
      expect: adminOnly(200),
      writesNothing: true,
      request: send('/commissions/preview', (w) =>
        json({ commission_type: 'agent', general_id: w.agentOf.agent, percentage: '20', suppliers: [w.sunwing] }),
      ),
    },
  ],
  'POST /commissions/{id}/preview': [
    {
      what: 'what editing the Gold rule would recalculate',
      expect: adminOnly(200),
      writesNothing: true,
      request: send(
        (w) => `/commissions/${w.rule}/preview`,
        (w) =>
          json({ commission_type: 'tier', general_id: w.gold, percentage: '15', suppliers: [w.sunwing, w.transat] }),
      ),
    },
  ],
  'GET /commissions/{id}/delete-preview': [
    {
      what: 'what deleting the Gold rule would recalculate',
      expect: adminOnly(200),
      request: get((w) => `/commissions/${w.rule}/delete-preview`),
    },
  ],
  'GET /commissions/{id}': [
    { what: 'Gold rule', expect: adminOnly(200), request: get((w) => `/commissions/${w.rule}`) },
  ],
  'PUT /commissions/{id}': [
    {
      what: 'update',
      expect: adminOnly(200),
      request: async (w) => ({
        url: `/commissions/${await freshRule(w)}`,
        body: json({
          commission_type: 'agent',
          general_id: w.agentOf.otherAgent,
          percentage: '6',
          suppliers: [await freshSupplier(w)],
        }),
      }),
    },
  ],
  'DELETE /commissions/{id}': [
    { what: 'delete', expect: adminOnly(200), request: async (w) => ({ url: `/commissions/${await freshRule(w)}` }) },
  ],
  'GET /bookings/{id}/commission-explanation': [
    {
      what: "Ana's booking",
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: get((w) => `/bookings/${w.bookingA}/commission-explanation`),
    },
    {
      what: "Sam's booking through Ana: each sees their own commission line",
      expect: owned({ agent: 200, subAgent: 200, otherAgent: 404 }),
      request: get((w) => `/bookings/${w.bookingS}/commission-explanation`),
      check: (w, role, res) => expectOwnLines(w, role, (res.json() as { lines: Line[] }).lines),
    },
  ],

  /* agents */
  'GET /agents': [{ what: 'list', expect: adminOnly(200), request: get('/agents') }],
  'GET /agents-list': [
    {
      what: 'options: an agent gets only themself',
      expect: signedIn(200),
      request: get('/agents-list'),
      check: (w, role, res) => {
        const listed = dataIds(res.json());
        const own = w.agentOf[role];
        if (own !== null) expect(listed).toEqual([own]);
        else
          expect(listed).toEqual(expect.arrayContaining([w.agentOf.agent, w.agentOf.subAgent, w.agentOf.otherAgent]));
      },
    },
  ],
  'POST /agents': [
    {
      what: 'create',
      expect: adminOnly(200),
      request: send('/agents', (w) => asMultipart(agentForm(w, unique()))),
    },
  ],
  'GET /agents/{id}': [
    {
      what: 'Ana',
      expect: owned({ agent: 200, subAgent: 403, otherAgent: 403 }),
      request: get((w) => `/agents/${w.agentOf.agent}`),
    },
  ],
  'PUT /agents/{id}': [
    {
      what: 'update an agent',
      expect: adminOnly(200),
      request: async (w) => {
        const tag = unique();
        const res = await adminOf(w).post('/agents', { multipart: agentForm(w, tag) });
        const { password: _p, password_confirmation: _c, ...form } = agentForm(w, tag);
        return { url: `/agents/${idFromAnswer(res)}`, body: asMultipart({ ...form, nickname: 'Changed' }) };
      },
    },
  ],
  'GET /agents/{id}/tier-history': [
    {
      what: 'Ana',
      expect: owned({ agent: 200, subAgent: 403, otherAgent: 403 }),
      request: get((w) => `/agents/${w.agentOf.agent}/tier-history`),
    },
  ],
  'GET /agents/{id}/sub-agents': [
    {
      what: "Ana's sub-agents",
      expect: owned({ agent: 200, subAgent: 403, otherAgent: 403 }),
      request: get((w) => `/agents/${w.agentOf.agent}/sub-agents`),
      check: (w, _role, res) =>
        expect(res.json().data.map((l: { parent_agent_id: number }) => l.parent_agent_id)).toEqual(
          expect.arrayContaining([w.agentOf.agent]),
        ),
    },
  ],
  'POST /agents/{id}/sub-agents': [
    {
      what: 'link a new agent under Ana',
      expect: owned({ agent: 200, subAgent: 403, otherAgent: 403 }),
      request: async (w) => ({
        url: `/agents/${w.agentOf.agent}/sub-agents`,
        body: asMultipart({ sub_agent_id: String(await freshAgent(w)), split_percentage: '50' }),
      }),
    },
  ],
  'PUT /agents/{id}/sub-agents/{subAgentId}': [
    {
      what: "Ana's link to Sam",
      expect: owned({ agent: 200, subAgent: 403, otherAgent: 403 }),
      request: send(
        (w) => `/agents/${w.agentOf.agent}/sub-agents/${w.agentOf.subAgent}`,
        (w) => asMultipart({ split_percentage: '60', suppliers: [String(w.transat)] }),
      ),
    },
  ],
  'DELETE /agents/{id}/sub-agents/{subAgentId}': [
    {
      what: 'a link of Ana',
      expect: owned({ agent: 200, subAgent: 403, otherAgent: 403 }),
      request: async (w) => ({ url: `/agents/${w.agentOf.agent}/sub-agents/${await freshLinkOfAna(w)}` }),
    },
  ],
  'POST /agents-bulk-import': [
    {
      what: 'no file',
      expect: adminOnly(422),
      request: send('/agents-bulk-import', () => asMultipart({ note: 'x' })),
    },
  ],
  'GET /agents-bulk-import/template': [
    { what: 'template', expect: adminOnly(200), request: get('/agents-bulk-import/template') },
  ],

  /* booking groups */
  'GET /api/booking-groups': [
    {
      what: 'options: own groups only',
      expect: signedIn(200),
      request: get('/api/booking-groups'),
      check: checkGroupList(dataIds),
    },
  ],
  'GET /booking-groups': [
    {
      what: 'list: own groups only',
      expect: signedIn(200),
      request: get('/booking-groups?per_page=100'),
      check: checkGroupList(dataIds),
    },
  ],
  'GET /booking-groups/{id}': [
    {
      what: "Ana's group",
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: get((w) => `/booking-groups/${w.groupA}`),
    },
  ],
  'POST /booking-groups': [
    {
      what: 'an empty group of one’s own',
      expect: signedIn(200),
      request: send('/booking-groups', () => json({ name: `Group ${unique()}`, selectedBookings: [] })),
      check: async (w, role, res) => {
        const { rows } = await w.t.db.$client.query('select agent_id from booking_groups where id = $1', [
          idFromAnswer(res),
        ]);
        expect(rows[0].agent_id).toBe(w.agentOf[role]);
      },
    },
    {
      what: "a group with Otto's booking in it",
      expect: owned({ agent: 422, subAgent: 422, otherAgent: 200 }),
      request: async (w) => ({
        url: '/booking-groups',
        body: json({ name: `Group ${unique()}`, selectedBookings: [await freshBookingOfOtto(w)] }),
      }),
    },
  ],
  'PUT /booking-groups/{id}': [
    {
      what: "Ana's group",
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: send(
        (w) => `/booking-groups/${w.groupA}`,
        (w) => json({ name: 'Ana trip', selectedBookings: [w.bookingA] }),
      ),
    },
  ],
  'GET /bookings-available-for-group': [
    {
      what: 'only bookings one earns from',
      expect: signedIn(200),
      request: get('/bookings-available-for-group'),
      check: async (w, role, res) => {
        const agentId = w.agentOf[role];
        if (agentId === null) return;
        const own = await bookingsOf(w, agentId);
        expect(dataIds(res.json()).filter((id) => !own.includes(id))).toEqual([]);
      },
    },
  ],

  /* accounts */
  'GET /accounts': [{ what: 'list', expect: adminOnly(200), request: get('/accounts') }],
  'GET /accounts/{id}': [{ what: 'one', expect: adminOnly(200), request: get((w) => `/accounts/${w.account}`) }],
  'POST /accounts': [
    {
      what: 'create',
      expect: adminOnly(200),
      request: send('/accounts', (w) =>
        asForm({
          name: `Account ${unique()}`,
          accountable_type: 'supplier',
          accountable_id: String(w.sunwing),
          currency_id: String(w.currency),
        }),
      ),
    },
  ],
  'PUT /accounts/{id}': [
    {
      what: 'update',
      expect: adminOnly(200),
      request: async (w) => ({
        url: `/accounts/${await freshAccount(w)}`,
        body: asForm({
          name: `Account ${unique()}`,
          accountable_type: 'supplier',
          accountable_id: String(w.sunwing),
          currency_id: String(w.currency),
        }),
      }),
    },
  ],
  'DELETE /accounts/{id}': [
    {
      what: 'an unused account',
      expect: adminOnly(200),
      request: async (w) => ({ url: `/accounts/${await freshAccount(w)}` }),
    },
  ],
  'POST /accounts/transactions/currency-summary': [
    {
      what: 'summary',
      expect: adminOnly(200),
      request: send('/accounts/transactions/currency-summary', (w) => json({ account_ids: [w.account] })),
    },
  ],

  /* transactions */
  'GET /transactions': [{ what: 'list', expect: adminOnly(200), request: get('/transactions') }],
  'POST /transactions': [
    {
      what: 'a credit',
      expect: adminOnly(200),
      request: send('/transactions', (w) =>
        asMultipart({
          account_id: String(w.account),
          transaction_type: 'credit',
          status: 'completed',
          currency_id: String(w.currency),
          amount: '5.00',
          reference_number: `MX-${unique()}`,
        }),
      ),
    },
  ],
  'GET /transactions/{id}': [
    { what: 'one', expect: adminOnly(200), request: get((w) => `/transactions/${w.transaction}`) },
  ],
  'PUT /transactions/{id}': [
    {
      what: 'update',
      expect: adminOnly(200),
      request: send(
        (w) => `/transactions/${w.transaction}`,
        (w) =>
          asMultipart({
            account_id: String(w.account),
            transaction_type: 'credit',
            status: 'completed',
            currency_id: String(w.currency),
            amount: '5.00',
            reference_number: 'MX-TX-1',
          }),
      ),
    },
  ],
  'GET /transactions/{id}/reference-image': [
    {
      what: 'the image',
      expect: adminOnly(200),
      request: get((w) => `/transactions/${w.transaction}/reference-image`),
    },
  ],
  'POST /transactions/store-bulk': [
    {
      what: 'one row',
      expect: adminOnly(200),
      request: send('/transactions/store-bulk', (w) =>
        json({ account_id: w.account, transactions: [{ reference_number: `MX-${unique()}`, amount: '1.00' }] }),
      ),
    },
  ],
  'POST /transactions-bulk-update': [
    {
      what: 'status',
      expect: adminOnly(200),
      request: send('/transactions-bulk-update', (w) =>
        json({ transaction_ids: [w.transaction], status: 'completed' }),
      ),
    },
  ],
  'POST /api/check-unclaimed-transaction': [
    {
      what: 'check',
      expect: adminOnly(200),
      request: send('/api/check-unclaimed-transaction', (w) =>
        json({ reference_number: 'MX-NONE', supplier_id: w.sunwing }),
      ),
    },
  ],
  'POST /api/transactions/import': [
    {
      what: 'a statement',
      expect: adminOnly(200),
      request: send('/api/transactions/import', (w) =>
        asMultipart({ account_id: String(w.account), status: 'completed' }, [
          { name: 'file', value: `MX-${unique()},10.00\n`, filename: 'statement.csv', contentType: 'text/csv' },
        ]),
      ),
    },
  ],
  'GET /api/accounts/{id}/statement-mapping': [
    {
      what: "a supplier account's saved statement mapping",
      expect: adminOnly(200),
      request: get((w) => `/api/accounts/${w.account}/statement-mapping`),
    },
  ],
  'POST /api/statements/preview': [
    {
      what: 'a statement read without writing',
      expect: adminOnly(200),
      request: send('/api/statements/preview', (w) =>
        asMultipart({ account_id: String(w.account) }, [
          { name: 'file', value: 'Ref,Amount\nMX-1,10.00\n', filename: 'statement.csv', contentType: 'text/csv' },
        ]),
      ),
      check: (_w, _role, res) => expect(res.json().data.line_count).toBe(1),
    },
  ],
  'POST /api/statements/import': [
    {
      what: 'a statement in its own layout',
      expect: adminOnly(200),
      request: send('/api/statements/import', (w) =>
        asMultipart(
          {
            account_id: String(w.account),
            mapping: JSON.stringify({ skip_rows: 1, reference_column: 0, amount_mode: 'amount', amount_column: 1 }),
          },
          [
            {
              name: 'file',
              value: `Ref,Amount\nMX-${unique()},10.00\n`,
              filename: 'statement.csv',
              contentType: 'text/csv',
            },
          ],
        ),
      ),
    },
  ],
  'GET /api/statements': [{ what: 'the imported statements', expect: adminOnly(200), request: get('/api/statements') }],
  'GET /api/statements/{id}': [{ what: 'none yet', expect: adminOnly(404), request: get('/api/statements/999999') }],
  'GET /api/transactions/import/status/{jobId}': [
    {
      what: "the admin's own import (another admin's is not found)",
      expect: { ...adminOnly(200), superAdmin: 404 },
      request: get((w) => `/api/transactions/import/status/${w.importJob}`),
    },
  ],

  /* payouts (CONTRACT.md §4: admin only) */
  'GET /bookings/{id}/payout-info': [
    { what: "Ana's booking", expect: adminOnly(200), request: get((w) => `/bookings/${w.bookingA}/payout-info`) },
  ],
  'POST /bookings/{id}/process-payout': [
    {
      what: 'more than is available',
      expect: adminOnly(422),
      request: send(
        (w) => `/bookings/${w.bookingA}/process-payout`,
        () => json({ payout_amount: '999999.00' }),
      ),
    },
  ],
  'GET /api/payouts': [{ what: 'list', expect: adminOnly(200), request: get('/api/payouts') }],
  'GET /api/payouts/{id}': [{ what: 'none yet', expect: adminOnly(404), request: get('/api/payouts/999999') }],
  'POST /bulk-payouts/search': [
    {
      what: 'search',
      expect: adminOnly(200),
      request: send('/bulk-payouts/search', () => json({ mode: 'payout' })),
    },
  ],
  'POST /bulk-payouts/process': [
    {
      what: "Otto's booking, more than is available",
      expect: adminOnly(200),
      request: send('/bulk-payouts/process', (w) =>
        json({ payouts: [{ booking_id: w.bookingB, payout_amount: '999999.00' }] }),
      ),
    },
  ],
  'POST /bulk-payouts/reconcile': [
    {
      what: "Otto's booking",
      expect: adminOnly(200),
      request: send('/bulk-payouts/reconcile', (w) => json({ bookings: [{ booking_id: w.bookingB }] })),
    },
  ],
  /* claims (issue 13; CONTRACT.md §3 review paths, §4: agents claim as a request, admins review) */
  'POST /api/unclaimed-bookings': [
    {
      what: "claim a fresh unmatched Transat credit (Sam's through Ana); admins claim with POST /bookings",
      expect: owned({ agent: 200, subAgent: 200, otherAgent: 200 }, 403),
      request: async (w) => ({ url: '/api/unclaimed-bookings', body: claimForm(await freshCredit(w)) }),
      check: (w, role, res) => expect(res.json().data.agent.id).toBe(w.agentOf[role]),
    },
  ],
  'GET /api/unclaimed-bookings/search': [
    {
      what: 'an unmatched credit by reference',
      expect: signedIn(200),
      request: get('/api/unclaimed-bookings/search?reference_number=mx-tx-1'),
      check: (w, _role, res) => expect(res.json().data.transaction.id).toBe(w.transaction),
    },
  ],
  'GET /api/unclaimed-bookings': [
    { what: 'pending claims', expect: adminOnly(200), request: get('/api/unclaimed-bookings?status=all') },
  ],
  'GET /api/unclaimed-bookings/mine': [
    {
      what: "one's own claims",
      expect: owned({ agent: 200, subAgent: 200, otherAgent: 200 }, 403),
      request: async (w) => {
        anaClaim ??= freshClaimOfAna(w);
        await anaClaim;
        return { url: '/api/unclaimed-bookings/mine?per_page=100' };
      },
      check: (w, role, res) => {
        const agents = (res.json().data as { agent: { id: number } }[]).map((c) => c.agent.id);
        expect(agents.filter((a) => a !== w.agentOf[role])).toEqual([]);
        if (role === 'agent') expect(agents.length).toBeGreaterThan(0);
      },
    },
  ],
  'POST /api/unclaimed-bookings/{id}/approve': [
    {
      what: "a fresh pending claim of Ana's",
      expect: adminOnly(200),
      request: async (w) => ({ url: `/api/unclaimed-bookings/${await freshClaimOfAna(w)}/approve` }),
    },
  ],
  'POST /api/unclaimed-bookings/{id}/reject': [
    {
      what: "a fresh pending claim of Ana's, with a reason",
      expect: adminOnly(200),
      request: async (w) => ({
        url: `/api/unclaimed-bookings/${await freshClaimOfAna(w)}/reject`,
        body: json({ reason: 'No such trip' }),
      }),
    },
  ],
  'GET /api/unclaimed-bookings/{id}/receipt': [
    {
      what: "the receipt of Ana's claim",
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: async (w) => {
        anaClaim ??= freshClaimOfAna(w);
        return { url: `/api/unclaimed-bookings/${await anaClaim}/receipt` };
      },
      check: (_w, _role, res) => expect(res.headers['x-frame-options']).toBe('SAMEORIGIN'),
    },
    {
      what: 'no such claim',
      expect: owned({ agent: 404, subAgent: 404, otherAgent: 404 }, 404),
      request: get('/api/unclaimed-bookings/999999/receipt'),
    },
  ],
  'GET /api/reports/unmatched-transactions': [
    {
      what: 'all time, two suppliers',
      expect: adminOnly(200),
      request: get(
        (w) =>
          `/api/reports/unmatched-transactions?${ALL_TIME}&include_suppliers[]=${w.sunwing}&include_suppliers[]=${w.transat}`,
      ),
      check: (w, _role, res) => expect((res.json().data as { id: number }[]).map((t) => t.id)).toContain(w.transaction),
    },
  ],
  'GET /api/reports/unmatched-transactions/export': [
    {
      what: 'all time, as CSV',
      expect: adminOnly(200),
      request: get(`/api/reports/unmatched-transactions/export?${ALL_TIME}`),
      check: (_w, _role, res) => {
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.body.split('\r\n').length).toBeGreaterThan(2);
      },
    },
  ],
  'GET /api/reports/overdue-commissions': [
    {
      what: 'per supplier and currency, in aging buckets',
      expect: adminOnly(200),
      request: get('/api/reports/overdue-commissions'),
      check: (_w, _role, res) => expect(res.json().data.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/),
    },
  ],
  'GET /api/reports/overdue-commissions/bookings': [
    {
      what: 'one page of overdue bookings',
      expect: adminOnly(200),
      request: get('/api/reports/overdue-commissions/bookings?per_page=10'),
      check: (_w, _role, res) => expect(res.json().bookings.per_page).toBe(10),
    },
  ],
  'GET /api/reports/overdue-commissions/export': [
    {
      what: 'as CSV',
      expect: adminOnly(200),
      request: get('/api/reports/overdue-commissions/export'),
      check: (_w, _role, res) => expect(res.body.startsWith('\ufeffSupplier,Booking reference')).toBe(true),
    },
  ],
  'GET /api/reports/match-suggestions': [
    {
      what: 'the suggestions for an unmatched credit',
      expect: adminOnly(200),
      request: (w) => ({ url: `/api/reports/match-suggestions?transaction_ids=${w.transaction}` }),
      check: (_w, _role, res) => expect(Array.isArray(res.json().data)).toBe(true),
    },
  ],
  'GET /api/bookings/{id}/match-suggestions': [
    {
      what: "another agent's booking: the credits that may be its money",
      expect: adminOnly(200),
      request: (w) => ({ url: `/api/bookings/${w.bookingB}/match-suggestions` }),
      check: (_w, _role, res) => expect(Array.isArray(res.json().data.suggestions)).toBe(true),
    },
  ],
  'POST /api/transactions/{id}/accept-suggestion': [
    {
      what: 'a booking that does not exist (refused, nothing changed)',
      expect: adminOnly(422),
      request: send(
        (w) => `/api/transactions/${w.transaction}/accept-suggestion`,
        () => json({ booking_ids: [2_000_000_000] }),
      ),
      check: (_w, _role, res) => expect(res.json().errors.booking_ids).toEqual(['The selected bookings are invalid.']),
    },
  ],
  'POST /api/transactions/{id}/reject-suggestion': [
    {
      what: 'a booking that does not exist (refused, nothing changed)',
      expect: adminOnly(422),
      request: send(
        (w) => `/api/transactions/${w.transaction}/reject-suggestion`,
        () => json({ booking_ids: [2_000_000_000] }),
      ),
    },
  ],
  'POST /api/reports/match-suggestions/accept-all/preview': [
    {
      what: 'what accepting all at 95 would do',
      expect: adminOnly(200),
      request: send('/api/reports/match-suggestions/accept-all/preview', () => json({ min_score: 95 })),
      check: (_w, _role, res) => expect(res.json().data.min_score).toBe(95),
    },
  ],
  'POST /api/reports/match-suggestions/accept-all': [
    {
      what: 'an item whose booking does not exist (left, with the reason)',
      expect: adminOnly(200),
      request: send('/api/reports/match-suggestions/accept-all', (w) =>
        json({ min_score: 95, items: [{ transaction_id: w.transaction, booking_ids: [2_000_000_000] }] }),
      ),
      check: (_w, _role, res) => expect(res.json().data.accepted).toEqual([]),
    },
  ],
  'GET /api/bookings/{id}/follow-ups': [
    {
      what: "another agent's booking's notes",
      expect: adminOnly(200),
      request: (w) => ({ url: `/api/bookings/${w.bookingB}/follow-ups` }),
      check: (_w, _role, res) => expect(Array.isArray(res.json().data)).toBe(true),
    },
  ],
  'POST /api/bookings/{id}/follow-ups': [
    {
      what: 'a note on a booking',
      expect: adminOnly(200),
      request: send(
        (w) => `/api/bookings/${w.bookingB}/follow-ups`,
        () => json({ note: 'Chased by email', next_follow_up_date: '' }),
      ),
      check: (w, _role, res) => expect(res.json().data.booking_id).toBe(w.bookingB),
    },
  ],
  'GET /api/reports/commission-summary': [
    {
      what: "all time, another agent's id sent",
      expect: signedIn(200),
      request: get((w) => `/api/reports/commission-summary?${ALL_TIME}&agent_id=${w.agentOf.otherAgent}`),
      check: (w, role, res) => {
        if (w.agentOf[role] !== null) expect(res.json().totals.cancelled).toEqual([]);
      },
    },
  ],
  ...Object.fromEntries(
    (['pending', 'confirmed', 'paid'] as const).map((card) => [
      `GET /api/reports/${card}-bookings`,
      [
        {
          what: "all time, another agent's id sent",
          expect: signedIn(200),
          request: get((w) => `/api/reports/${card}-bookings?${ALL_TIME}&agent_id=${w.agentOf.otherAgent}`),
          check: reportLinesOf,
        },
      ],
    ]),
  ),
  'GET /api/reports/cancelled-bookings': [
    { what: 'all time', expect: adminOnly(200), request: get(`/api/reports/cancelled-bookings?${ALL_TIME}`) },
  ],
  'GET /api/reports/commission-charts': [
    {
      what: "all time, another agent's id sent",
      expect: signedIn(200),
      request: get((w) => `/api/reports/commission-charts?${ALL_TIME}&agent_id=${w.agentOf.otherAgent}`),
      check: (w, role, res) => {
        const own = w.agentOf[role];
        for (const c of res.json().data as { by_agent: { agent_id: number | null }[] }[])
          for (const a of c.by_agent) if (own !== null) expect(a.agent_id).toBe(own);
      },
    },
  ],
  'GET /api/reports/available-payouts': [
    { what: 'list', expect: signedIn(200), request: get('/api/reports/available-payouts') },
  ],
  'GET /api/reports/payout-pdf/{payoutId}': [
    {
      what: 'a payout that paid Ana only',
      expect: owned({ agent: 200, subAgent: 404, otherAgent: 404 }),
      request: async (w) => ({ url: `/api/reports/payout-pdf/${await payoutOfAna(w)}` }),
      check: (_w, _role, res) => expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-'),
    },
    {
      what: 'no such payout',
      expect: owned({ agent: 404, subAgent: 404, otherAgent: 404 }, 404),
      request: get('/api/reports/payout-pdf/999999'),
    },
  ],
  'GET /api/reports/next-payout-pdf': [
    {
      what: "all time, another agent's id sent",
      expect: signedIn(200),
      request: get((w) => `/api/reports/next-payout-pdf?${ALL_TIME}&agent_id=${w.agentOf.otherAgent}`),
      check: (_w, _role, res) => expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-'),
    },
  ],
};

/* ------------------------------------------------------------------------------------- the world */

let w: World;
let operations: Operation[] = [];

/** The document as the routes build it: known when the tests are collected (the app serves the same). */
const documented = Object.entries(buildOpenApi(routeModules.flatMap((m) => m({} as AppContext))).paths).flatMap(
  ([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      access: (op as { 'x-access'?: string })['x-access'],
      override: (op as { 'x-method-override'?: string })['x-method-override'],
    })),
);

async function signIn(client: TestClient, c: { email: string; password: string }) {
  client.cookies.clear();
  client.csrfToken = null;
  const res = await client.post('/login', { json: c });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
}

beforeAll(async () => {
  const t = await createTestApp([], { jobs: queuedOnly });
  const password = 'correct horse battery';
  const as = async (role: 'admin' | 'super-admin' | 'agent', name: string, tier?: string) => {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${unique().toLowerCase()}@example.test`;
    const client = await t.signedIn(role, { email, name, password, ...(tier ? { tier } : {}) });
    return { client, credentials: { email, password } };
  };
  const admin = await as('admin', 'Ada Admin');
  const superAdmin = await as('super-admin', 'Sue Super');
  const currency = (
    (await admin.client.get('/api/currencies')).json() as { data: { id: number; code: string }[] }
  ).data.find((c) => c.code === 'CAD')!.id;
  const gold = idFromAnswer(await admin.client.post('/commission-tiers', { json: { name: 'Gold' } }));
  const supplier = async (name: string) =>
    idFromAnswer(await admin.client.post('/suppliers', { json: { name, currency_id: currency } }));
  const sunwing = await supplier('Sunwing');
  const transat = await supplier('Transat');
  const rule = idFromAnswer(
    await admin.client.post('/commissions', {
      json: { commission_type: 'tier', general_id: gold, percentage: '12.5', suppliers: [sunwing, transat] },
    }),
  );
  // Ana and Otto are Gold (Sunwing and Transat direct); Sam has no tier: he books Transat through Ana.
  const ana = await as('agent', 'Ana Agent', 'Gold');
  const sam = await as('agent', 'Sam Sub');
  const otto = await as('agent', 'Otto Other', 'Gold');
  const anonymous = t.client();
  await anonymous.session();
  w = {
    t,
    clients: {
      anonymous,
      agent: ana.client,
      subAgent: sam.client,
      otherAgent: otto.client,
      admin: admin.client,
      superAdmin: superAdmin.client,
    },
    credentials: {
      agent: ana.credentials,
      subAgent: sam.credentials,
      otherAgent: otto.credentials,
      admin: admin.credentials,
      superAdmin: superAdmin.credentials,
    },
    agentOf: {
      anonymous: null,
      agent: ana.client.agentId,
      subAgent: sam.client.agentId,
      otherAgent: otto.client.agentId,
      admin: null,
      superAdmin: null,
    },
    currency,
    gold,
    sunwing,
    transat,
    rule,
    // Set below, once the agents have made them.
    ...{ bookingA: 0, bookingS: 0, bookingB: 0, groupA: 0, groupB: 0, account: 0, transaction: 0, importJob: '' },
  };
  for (const c of Object.values(w.clients)) await c.session();

  // Ana takes Sam on as her sub-agent for Transat (60% to Sam); each agent records their own bookings.
  const linked = await ana.client.post(`/agents/${w.agentOf.agent}/sub-agents`, {
    multipart: { sub_agent_id: String(w.agentOf.subAgent), split_percentage: '60', suppliers: [String(transat)] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  w.bookingA = idFromAnswer(
    await ana.client.post('/bookings', {
      multipart: {
        ...bookingFields(w, { booking_reference: 'MX-ANA-1' }),
        booking_receipt: { filename: 'receipt.png', contentType: 'image/png', data: PNG },
      },
    }),
  );
  w.bookingS = idFromAnswer(
    await sam.client.post('/bookings', {
      multipart: bookingFields(w, { booking_reference: 'MX-SAM-1', supplier_id: String(transat) }),
    }),
  );
  w.bookingB = idFromAnswer(
    await otto.client.post('/bookings', { multipart: bookingFields(w, { booking_reference: 'MX-OTTO-1' }) }),
  );
  const registered = await t.db.$client.query('select primary_agent_id, sub_agent_id from bookings where id = $1', [
    w.bookingS,
  ]);
  expect(registered.rows[0]).toEqual({ primary_agent_id: w.agentOf.agent, sub_agent_id: w.agentOf.subAgent });
  w.groupA = idFromAnswer(
    await ana.client.post('/booking-groups', { json: { name: 'Ana trip', selectedBookings: [w.bookingA] } }),
  );
  w.groupB = idFromAnswer(
    await otto.client.post('/booking-groups', { json: { name: 'Otto trip', selectedBookings: [w.bookingB] } }),
  );
  w.account = await freshAccount(w);
  w.transaction = idFromAnswer(
    await admin.client.post('/transactions', {
      multipart: {
        account_id: String(w.account),
        transaction_type: 'credit',
        status: 'completed',
        currency_id: String(currency),
        amount: '5.00',
        reference_number: 'MX-TX-1',
        reference_image: { filename: 'slip.png', contentType: 'image/png', data: PNG },
      },
    }),
  );
  const started = await admin.client.post('/api/transactions/import', {
    multipart: {
      account_id: String(w.account),
      status: 'completed',
      file: { filename: 'statement.csv', contentType: 'text/csv', data: Buffer.from('MX-IMP-1,10.00\n') },
    },
  });
  expect(started.statusCode, started.body).toBe(200);
  w.importJob = (started.json() as { job_id: string }).job_id;
  operations = await openApiOperations(admin.client);
}, 120_000);

/* ------------------------------------------------------------------------------------ the runner */

/** The body of a POST twin: the same fields and `_method`. */
function withMethodOverride(body: HostileBody | undefined, method: string): HostileBody {
  if (!body) return { kind: 'form', fields: [['_method', method]] };
  switch (body.kind) {
    case 'json':
      return { kind: 'json', value: { ...(body.value as Record<string, unknown>), _method: method } };
    case 'form':
      return { kind: 'form', fields: [...body.fields, ['_method', method]] };
    case 'multipart':
      return { kind: 'multipart', parts: [...body.parts, { name: '_method', value: method }] };
    case 'raw':
      throw new Error('a raw body cannot carry _method');
  }
}

/** Sends one case as each role; returns every way the answers differ from what is expected. */
async function runCase(op: { method: string; path: string; override?: string | undefined }, c: Case) {
  const problems: string[] = [];
  for (const role of ROLES) {
    const req = await c.request(w, role);
    const method = op.override ? 'POST' : op.method;
    const body = op.override ? withMethodOverride(req.body, op.override) : req.body;
    const before = await tableFingerprint(w.t.db);
    const res = await sendRaw(w.t.app, w.clients[role], { method, url: req.url, ...(body ? { body } : {}) });
    const after = await tableFingerprint(w.t.db);
    const label = `${method} ${req.url} (${c.what}) as ${role}`;
    const expected = c.expect[role];
    if (res.statusCode !== expected)
      problems.push(`${label}: ${res.statusCode}, expected ${expected} — ${res.body.slice(0, 200)}`);
    for (const f of judge(label, res, before, after))
      problems.push(`${f.case}: ${f.status}${f.wrote ? ` wrote ${f.wrote.join(', ')}` : ''} — ${f.body}`);
    // A read, or a preview, writes nothing even when it succeeds.
    const wrote = writtenTables(before, after);
    if (res.statusCode < 400 && (method === 'GET' || c.writesNothing) && wrote.length)
      problems.push(`${label}: ${res.statusCode} but wrote ${wrote.join(', ')}`);
    if (res.statusCode === expected && expected < 300 && c.check) {
      try {
        await c.check(w, role, res);
      } catch (err) {
        problems.push(`${label}: ${(err as Error).message}`);
      }
    }
    if (c.endsSession && role !== 'anonymous') await signIn(w.clients[role], w.credentials[role]);
    if (c.endsSession) await w.clients[role].session();
  }
  return problems;
}

/** The entry of an operation; a POST twin reads the entry of the method it stands for. */
const entryOf = (op: { method: string; path: string; override?: string | undefined }) =>
  EXPECTED[operationKey({ method: op.override ?? op.method, path: op.path })];

describe('the authorization matrix covers the API', () => {
  it('has an entry for every operation of the OpenAPI document, and none for a route that is gone', () => {
    const served = operations.map(operationKey).sort();
    expect(served, 'the document served is the one the routes build').toEqual(documented.map(operationKey).sort());
    const missing = operations.filter((op) => !entryOf(op)).map(operationKey);
    expect(missing, 'operations without an entry in EXPECTED (authorization-matrix.test.ts)').toEqual([]);
    const own = new Set(operations.filter((op) => !op.override).map(operationKey));
    expect(
      Object.keys(EXPECTED).filter((k) => !own.has(k)),
      'entries for routes that no longer exist',
    ).toEqual([]);
  });

  it("agrees with each route's declared access (x-access)", () => {
    const contradictions: string[] = [];
    for (const op of operations.filter((o) => !o.override)) {
      for (const c of entryOf(op) ?? []) {
        const e = c.expect;
        const agentsRefused = e.agent === 403 && e.subAgent === 403 && e.otherAgent === 403;
        if (op.access === 'admin' && !(agentsRefused && e.anonymous === 401))
          contradictions.push(`${operationKey(op)} (${c.what}) is admin-only: anonymous 401 and every agent 403`);
        if (op.access === 'user' && e.anonymous !== 401)
          contradictions.push(`${operationKey(op)} (${c.what}) needs a signed-in user: anonymous 401`);
        if (op.access === 'public' && e.anonymous === 401)
          contradictions.push(`${operationKey(op)} (${c.what}) is public`);
        if (op.access !== 'admin' && op.access !== 'user' && op.access !== 'public')
          contradictions.push(`${operationKey(op)} declares no access`);
      }
    }
    expect(contradictions).toEqual([]);
  });
});

/**
 * The operations sent: each of the document's, and a POST with `_method` for a PUT or DELETE whose
 * override the document does not list as its own twin (one POST twin per address is documented).
 */
const documentedTwins = new Set(documented.filter((op) => op.override).map((op) => `${op.override} ${op.path}`));
const sent = [
  ...documented,
  ...documented
    .filter((op) => ['PUT', 'PATCH', 'DELETE'].includes(op.method) && !documentedTwins.has(operationKey(op)))
    .map((op) => ({ ...op, override: op.method, method: 'POST' })),
];

describe('every operation × every role answers as expected, and a refusal writes nothing', () => {
  for (const op of sent) {
    const label = op.override ? `${operationKey(op)} (_method=${op.override})` : operationKey(op);
    it(label, async () => {
      const cases = entryOf(op);
      expect(cases, `no entry in EXPECTED for ${operationKey(op)}`).toBeDefined();
      const problems: string[] = [];
      for (const c of cases!) problems.push(...(await runCase(op, c)));
      expect(problems).toEqual([]);
    });
  }
});

describe('CSRF (CONTRACT.md §2): every write without the token, or with a wrong one, is a 419', () => {
  it('for every non-GET operation, with the request that succeeds with the token, signed in or not; nothing is written', async () => {
    const problems: string[] = [];
    const writes = sent.filter((op) => op.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    for (const op of writes) {
      const [c] = entryOf(op) ?? [];
      if (!c) continue; // reported by the coverage test
      for (const role of ['anonymous', 'agent', 'admin'] as const) {
        for (const csrf of [false, 'forged-token'] as const) {
          const req = await c.request(w, role);
          const body = op.override ? withMethodOverride(req.body, op.override) : req.body;
          const before = await tableFingerprint(w.t.db);
          const res = await sendRaw(w.t.app, w.clients[role], {
            method: op.method,
            url: req.url,
            csrf,
            ...(body ? { body } : {}),
          });
          const after = await tableFingerprint(w.t.db);
          const label = `${operationKey(op)} as ${role} ${csrf === false ? 'without a token' : 'with a forged token'}`;
          if (res.statusCode !== 419) problems.push(`${label}: ${res.statusCode} — ${res.body.slice(0, 200)}`);
          else if (res.body !== JSON.stringify({ status: 'error', message: 'CSRF token mismatch.' }))
            problems.push(`${label}: ${res.body.slice(0, 200)}`);
          for (const f of judge(label, res, before, after)) problems.push(`${f.case}: wrote ${f.wrote?.join(', ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The sessions survived: nothing was signed out.
    expect((await w.clients.admin.get('/api/session')).json().authenticated).toBe(true);
  });
});
