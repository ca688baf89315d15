/**
 * The test world's factories: one row each, plain arguments with defaults a test overrides. Reference rows
 * a test needs as they are (suppliers, tiers, rules, sub-agent links) are written straight into the
 * database; what has a route a person uses (accounts, bookings, supplier payments, payouts) goes through
 * it, so lines come from the commission engine and match statuses from the matching. `world.ts` composes
 * them into the cast most features share.
 */
import type { QueryResult } from 'pg';
import { expect } from 'vitest';
import type { Db } from '../db/client';
import type { TestApp, TestClient } from './test-app';

/** pg's own row type for a query nobody typed (each column `any`). */
type UntypedRow = QueryResult['rows'][number];

/** `q(text, params)`: the rows of a query on this database (typed by the caller where it matters). */
export const queryRows =
  (db: Db) =>
  async <T = UntypedRow>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await db.$client.query(text, params)).rows as T[];

export type Query = ReturnType<typeof queryRows>;

/** `one(text, params)`: the first row of a query that returns one. */
export const queryOne = (db: Db) => {
  const q = queryRows(db);
  return async <T = UntypedRow>(text: string, params: unknown[] = []): Promise<T> => (await q<T>(text, params))[0]!;
};

export type QueryOne = ReturnType<typeof queryOne>;

/** `count(table)`: how many rows a table of this database holds. */
export const countRows =
  (db: Db) =>
  async (table: string): Promise<number> =>
    (await queryOne(db)<{ n: number }>(`select count(*)::int as n from ${table}`)).n;

/** Currency ids by ISO code ('CAD', 'GBP', …) as the migrations seed them. */
export async function currencyIds(db: Db): Promise<Record<string, number>> {
  const rows = await queryRows(db)<{ code: string; id: number }>('select code, id from currencies');
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

/** A supplier (CAD and no booking number format unless said); its id. */
export async function insertSupplier(
  db: Db,
  o: { name: string; currency?: string; booking_number_format?: string | null },
): Promise<number> {
  const currency = (await currencyIds(db))[o.currency ?? 'CAD'];
  return insertRow(db, 'suppliers', {
    name: o.name,
    currency_id: currency,
    ...(o.booking_number_format ? { booking_number_format: o.booking_number_format } : {}),
  });
}

/** A commission tier (no rule yet: `insertRule` gives it one); its id. */
export function insertTier(db: Db, name: string): Promise<number> {
  return insertRow(db, 'commission_tiers', { name });
}

/** A sub-agent link: `sub` books the `suppliers` through `parent`, who passes on `split` percent; its id. */
export async function insertSubAgentLink(
  db: Db,
  o: { parent: number; sub: number; split: string; suppliers: number[] },
): Promise<number> {
  const id = await insertRow(db, 'sub_agent_links', {
    parent_agent_id: o.parent,
    sub_agent_id: o.sub,
    split_percentage: o.split,
  });
  for (const s of o.suppliers) await db.$client.query('insert into sub_agent_link_suppliers values ($1, $2)', [id, s]);
  return id;
}

export type AgentClient = TestClient & { userId: number; agentId: number };

/** An agent signed in (in a tier, GST-registered, with a default percentage when said); the client. */
export async function signedInAgent(
  t: TestApp,
  o: { name: string; tier?: string; gst?: boolean; commission_percentage?: string },
): Promise<AgentClient> {
  const client = await t.signedIn('agent', { name: o.name, ...(o.tier ? { tier: o.tier } : {}) });
  const id = client.agentId!;
  if (o.gst) await t.db.$client.query('update agents set has_gst = true where id = $1', [id]);
  if (o.commission_percentage !== undefined)
    await t.db.$client.query('update agents set commission_percentage = $2 where id = $1', [
      id,
      o.commission_percentage,
    ]);
  return Object.assign(client, { agentId: id });
}

/** An account of a supplier or an agent through `POST /accounts`; its id. */
export async function createAccount(
  admin: TestClient,
  o: { name: string; type: 'supplier' | 'agent'; owner: number; currency: number },
): Promise<number> {
  const res = await admin.post('/accounts', {
    json: { name: o.name, accountable_type: o.type, accountable_id: o.owner, currency_id: o.currency },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

let references = 0;
/** A fresh booking reference in the booking reference alphabet (`PREFIX-0001ABC`). */
export const freshReference = (prefix = 'BK') =>
  `${prefix}-${String(++references).padStart(4, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

/** An admin's booking through `POST /bookings` (confirmed, dated 2026-03-01 unless said); its id and reference. */
export async function createBooking(
  admin: TestClient,
  o: { agent: number; supplier: number; amount: string; reference?: string } & Record<string, unknown>,
): Promise<{ id: number; reference: string }> {
  const { agent, supplier, amount, reference = freshReference(), ...rest } = o;
  const res = await admin.post('/bookings', {
    json: {
      booking_reference: reference,
      supplier_id: supplier,
      booking_date: '2026-03-01',
      customer_name: 'Jean Client',
      booking_amount: amount,
      status: 'confirmed',
      primary_agent_id: agent,
      ...rest,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, reference };
}

/**
 * A supplier payment (a transaction on an account) through `POST /transactions`: a completed credit unless
 * said; `partial` and `description` are sent only when given. Its id.
 */
export async function createPayment(
  admin: TestClient,
  o: {
    account: number;
    currency: number;
    reference: string;
    amount: string;
    type?: 'credit' | 'debit';
    status?: string;
    partial?: boolean;
    description?: string;
  },
): Promise<number> {
  const res = await admin.post('/transactions', {
    multipart: {
      account_id: String(o.account),
      transaction_type: o.type ?? 'credit',
      currency_id: String(o.currency),
      amount: o.amount,
      reference_number: o.reference,
      status: o.status ?? 'completed',
      ...(o.description !== undefined ? { description: o.description } : {}),
      ...(o.partial !== undefined ? { is_partial: o.partial ? '1' : '0' } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** A bulk payout run of these amounts (gross terms) dated `date`, every row paid; the payout ids. */
export async function createPayouts(
  admin: TestClient,
  payouts: { booking: number; amount: string }[],
  date: string,
): Promise<number[]> {
  const res = await admin.post('/bulk-payouts/process', {
    json: {
      payouts: payouts.map((p) => ({ booking_id: p.booking, payout_amount: p.amount })),
      description: `Run ${date}`,
      payout_date: date,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(
    res.json().results.every((r: { status: string }) => r.status === 'success'),
    res.body,
  ).toBe(true);
  return res.json().payout_ids as number[];
}

/**
 * Rows written straight into the database for tests that exercise a service below the HTTP layer
 * (the engine, recalculation). Plain objects with overrides; API tests create through the API.
 */
export async function insertRow(db: Db, table: string, cols: Record<string, unknown>): Promise<number> {
  const keys = Object.keys(cols);
  const { rows } = await db.$client.query<{ id: number }>(
    `insert into ${table} (${keys.join(',')}) values (${keys.map((_, i) => `$${i + 1}`).join(',')}) returning id`,
    Object.values(cols),
  );
  return rows[0]!.id;
}

/** A booking as it stands before the engine has run: no commission yet (recalculate it to get some). */
export function insertBooking(
  db: Db,
  cols: { primary_agent_id: number; supplier_id: number; booking_amount: string } & Record<string, unknown>,
): Promise<number> {
  return insertRow(db, 'bookings', {
    booking_reference: `REF-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    customer_name: 'Test Customer',
    booking_date: '2026-03-01',
    expected_commission: '0',
    commission_percentage: '0',
    rate_source: 'none',
    // A completed booking is one paid out in full (the database refuses it otherwise: DOMAIN.md invariant 1).
    ...(cols.status === 'completed' && cols.paid_amount === undefined ? { paid_amount: cols.booking_amount } : {}),
    ...cols,
  });
}

/** A commission rule of a tier or an agent listing the given suppliers. */
export async function insertRule(
  db: Db,
  type: 'tier' | 'agent',
  owner: number,
  percentage: string,
  suppliers: number[],
) {
  const id = await insertRow(db, 'commission_rules', { commission_type: type, general_id: owner, percentage });
  for (const s of suppliers) {
    await db.$client.query(
      'insert into commission_rule_suppliers (rule_id, supplier_id, commission_type, general_id) values ($1, $2, $3, $4)',
      [id, s, type, owner],
    );
  }
  return id;
}

export async function expectedCommissionOf(db: Db, bookingId: number): Promise<string> {
  const { rows } = await db.$client.query<{ e: string }>(
    'select expected_commission::text as e from bookings where id = $1',
    [bookingId],
  );
  return rows[0]!.e;
}
