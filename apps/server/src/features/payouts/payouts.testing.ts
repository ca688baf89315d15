/**
 * The world the payout API tests pay out of, built through the real routes where there is one
 * (bookings through `POST /bookings`, so lines come from the commission engine; supplier payments
 * through `POST /transactions`, so match statuses are the matching's):
 * - Sunwing (CAD) and TUI (GBP): tier Gold at 12.5%; Transat (CAD): Pat's own 70%, booked by Sam
 *   through Pat at a 40% split;
 * - Ana (Gold, GST), Otto (Gold, no account), Pat (GST, parent), Sam (sub-agent);
 * - supplier accounts for the three suppliers; agent accounts for Ana (CAD and GBP), Pat and Sam (CAD).
 */
import type { QueryResultRow } from 'pg';
import { expect } from 'vitest';
import { insertRule } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';

export interface World {
  t: TestApp;
  admin: TestClient & { userId: number };
  agent: TestClient;
  cur: Record<string, number>;
  sunwing: number;
  transat: number;
  tui: number;
  ana: number;
  otto: number;
  pat: number;
  sam: number;
  acc: Record<'sunwing' | 'transat' | 'tui' | 'anaCad' | 'anaGbp' | 'pat' | 'sam', number>;
  q: (text: string, params?: unknown[]) => Promise<QueryResultRow[]>;
}

export async function buildWorld(): Promise<World> {
  const t = await createTestApp();
  const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
  const cur = Object.fromEntries((await q('select code, id from currencies')).map((r) => [r.code, r.id]));
  const supplier = async (name: string, currency: string) =>
    (await q(`insert into suppliers (name, currency_id) values ($1, $2) returning id`, [name, cur[currency]]))[0]!
      .id as number;
  const sunwing = await supplier('Sunwing', 'CAD');
  const transat = await supplier('Transat', 'CAD');
  const tui = await supplier('TUI UK', 'GBP');
  const gold = (await q(`insert into commission_tiers (name) values ('Gold') returning id`))[0]!.id;
  await insertRule(t.db, 'tier', gold, '12.5', [sunwing, tui]);

  const admin = await t.signedIn('admin');
  const agent = await t.signedIn('agent', { tier: 'Gold', name: 'Ana Agent' });
  const ana = agent.agentId!;
  const otto = (await t.signedIn('agent', { tier: 'Gold', name: 'Otto Other' })).agentId!;
  const pat = (await t.signedIn('agent', { name: 'Pat Parent' })).agentId!;
  const sam = (await t.signedIn('agent', { name: 'Sam Sub' })).agentId!;
  await q(`update agents set has_gst = true where id = any($1)`, [[ana, pat]]);
  await q(`update agents set commission_percentage = 70 where id = $1`, [pat]);
  const link = (
    await q(
      `insert into sub_agent_links (parent_agent_id, sub_agent_id, split_percentage) values ($1, $2, 40) returning id`,
      [pat, sam],
    )
  )[0]!.id;
  await q(`insert into sub_agent_link_suppliers values ($1, $2)`, [link, transat]);

  const account = async (name: string, type: string, owner: number, currency: string) => {
    const res = await admin.post('/accounts', {
      json: { name, accountable_type: type, accountable_id: owner, currency_id: cur[currency] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const acc = {
    sunwing: await account('Sunwing CAD', 'supplier', sunwing, 'CAD'),
    transat: await account('Transat CAD', 'supplier', transat, 'CAD'),
    tui: await account('TUI GBP', 'supplier', tui, 'GBP'),
    anaCad: await account('Ana CAD', 'agent', ana, 'CAD'),
    anaGbp: await account('Ana GBP', 'agent', ana, 'GBP'),
    pat: await account('Pat CAD', 'agent', pat, 'CAD'),
    sam: await account('Sam CAD', 'agent', sam, 'CAD'),
  };
  return { t, admin, agent, cur, sunwing, transat, tui, ana, otto, pat, sam, acc, q };
}

let n = 0;
/** A fresh booking reference. */
export const ref = (prefix = 'PO') =>
  `${prefix}-${String(++n).padStart(4, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

/** An admin's booking through `POST /bookings` (the engine computes the lines); returns its id. */
export async function createBooking(
  w: World,
  over: { agent: number; supplier: number; amount: string; reference?: string } & Record<string, unknown>,
): Promise<{ id: number; reference: string }> {
  const { agent, supplier, amount, reference = ref(), ...rest } = over;
  const res = await w.admin.post('/bookings', {
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

/** A supplier payment through `POST /transactions` (completed; credit unless said). */
export async function supplierPayment(
  w: World,
  account: number,
  reference: string,
  amount: string,
  opts: { type?: 'credit' | 'debit'; partial?: boolean; currency?: string } = {},
) {
  const res = await w.admin.post('/transactions', {
    multipart: {
      account_id: String(account),
      transaction_type: opts.type ?? 'credit',
      currency_id: String(w.cur[opts.currency ?? 'CAD']),
      amount,
      reference_number: reference,
      status: 'completed',
      is_partial: opts.partial ? '1' : '0',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A booking and the supplier's full payment of it: ready to pay out. */
export async function paidBooking(
  w: World,
  over: { agent: number; supplier: number; amount: string } & Record<string, unknown>,
  account: number,
  currency = 'CAD',
) {
  const b = await createBooking(w, over);
  const negative = over.amount.startsWith('-');
  await supplierPayment(w, account, b.reference, negative ? over.amount.slice(1) : over.amount, {
    type: negative ? 'debit' : 'credit',
    currency,
  });
  return b;
}

/** Row counts that a refused payout must leave as they were. */
export async function counts(w: World) {
  const rows = await w.q(`select
      (select count(*)::int from payouts) as payouts,
      (select count(*)::int from payout_items) as items,
      (select count(*)::int from transactions) as transactions,
      (select count(*)::int from actual_commissions where status = 'paid') as paid_lines,
      (select coalesce(sum(paid_amount), 0)::text from bookings) as booking_paid,
      (select count(*)::int from audit_logs where action = 'payout') as audits`);
  return rows[0]!;
}

/** Every payout record's total equals the sum of its items. */
export async function expectRecordTotalsMatchItems(w: World) {
  const bad = await w.q(`
    select p.id, p.total_amount::text, coalesce(sum(i.total), 0)::text as items
      from payouts p left join payout_items i on i.payout_id = p.id
     group by p.id having p.total_amount <> coalesce(sum(i.total), 0)`);
  expect(bad).toEqual([]);
}
