/**
 * The world the report tests read, built through the real routes (bookings through `POST /bookings`, so
 * lines come from the commission engine; supplier payments through `POST /transactions`, so match
 * statuses are the matching's; payouts and reconciles through the payout routes):
 * - Sunwing and Transat (CAD), TUI UK (GBP); tier Gold at 12.5% on Sunwing and TUI;
 * - Ana (Gold, GST), Otto (Gold, no GST), Pat (own 70%, GST, parent), Sam (Pat's sub-agent on Transat, 40%);
 * - every agent has an account in CAD and GBP, every supplier one in its currency.
 * Bookings are dated `DAY` (10 days ago: inside the default range) unless a test says otherwise.
 */
import { addDays } from '@app/domain';
import type { QueryResultRow } from 'pg';
import { expect } from 'vitest';
import { todayUtc } from '../../clock';
import { insertRule } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';

export const DAY = addDays(todayUtc(), -10);

type Agent = 'ana' | 'otto' | 'pat' | 'sam';
type Supplier = 'sunwing' | 'transat' | 'tui';

export interface ReportWorld {
  t: TestApp;
  admin: TestClient;
  as: Record<Agent, TestClient & { agentId: number | null }>;
  agent: Record<Agent, number>;
  supplier: Record<Supplier, number>;
  account: Record<Supplier, number>;
  cur: Record<string, number>;
  q: (text: string, params?: unknown[]) => Promise<QueryResultRow[]>;
}

export async function buildReportWorld(): Promise<ReportWorld> {
  const t = await createTestApp();
  const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
  const cur = Object.fromEntries((await q('select code, id from currencies')).map((r) => [r.code, r.id])) as Record<
    string,
    number
  >;
  const newSupplier = async (name: string, currency: string) =>
    (await q(`insert into suppliers (name, currency_id) values ($1, $2) returning id`, [name, cur[currency]]))[0]!
      .id as number;
  const supplier = {
    sunwing: await newSupplier('Sunwing', 'CAD'),
    transat: await newSupplier('Transat', 'CAD'),
    tui: await newSupplier('TUI UK', 'GBP'),
  };
  const gold = (await q(`insert into commission_tiers (name) values ('Gold') returning id`))[0]!.id as number;
  await insertRule(t.db, 'tier', gold, '12.5', [supplier.sunwing, supplier.tui]);

  const admin = await t.signedIn('admin');
  const as = {
    ana: await t.signedIn('agent', { tier: 'Gold', name: 'Ana Agent' }),
    otto: await t.signedIn('agent', { tier: 'Gold', name: 'Otto Other' }),
    pat: await t.signedIn('agent', { name: 'Pat Parent' }),
    sam: await t.signedIn('agent', { name: 'Sam Sub' }),
  };
  const agent = { ana: as.ana.agentId!, otto: as.otto.agentId!, pat: as.pat.agentId!, sam: as.sam.agentId! };
  await q(`update agents set has_gst = true where id = any($1)`, [[agent.ana, agent.pat]]);
  await q(`update agents set commission_percentage = 70 where id = $1`, [agent.pat]);
  const link = (
    await q(
      `insert into sub_agent_links (parent_agent_id, sub_agent_id, split_percentage) values ($1, $2, 40) returning id`,
      [agent.pat, agent.sam],
    )
  )[0]!.id;
  await q(`insert into sub_agent_link_suppliers values ($1, $2)`, [link, supplier.transat]);

  const newAccount = async (name: string, type: string, owner: number, currency: string) => {
    const res = await admin.post('/accounts', {
      json: { name, accountable_type: type, accountable_id: owner, currency_id: cur[currency] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const account = {
    sunwing: await newAccount('Sunwing CAD', 'supplier', supplier.sunwing, 'CAD'),
    transat: await newAccount('Transat CAD', 'supplier', supplier.transat, 'CAD'),
    tui: await newAccount('TUI GBP', 'supplier', supplier.tui, 'GBP'),
  };
  for (const [name, id] of Object.entries(agent))
    for (const code of ['CAD', 'GBP']) await newAccount(`${name} ${code}`, 'agent', id, code);
  return { t, admin, as, agent, supplier, account, cur, q };
}

let n = 0;

/** An admin's booking through `POST /bookings`; returns its id and reference. */
export async function book(
  w: ReportWorld,
  o: { agent: Agent; supplier: Supplier; amount: string; date?: string; status?: string },
): Promise<{ id: number; reference: string }> {
  const reference = `RP-${String(++n).padStart(4, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const res = await w.admin.post('/bookings', {
    json: {
      booking_reference: reference,
      supplier_id: w.supplier[o.supplier],
      booking_date: o.date ?? DAY,
      customer_name: `Client ${n}`,
      booking_amount: o.amount,
      status: o.status ?? 'confirmed',
      primary_agent_id: w.agent[o.agent],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, reference };
}

/** A completed supplier payment (credit unless said) through `POST /transactions`. */
export async function receive(
  w: ReportWorld,
  supplier: Supplier,
  reference: string,
  amount: string,
  opts: { type?: 'credit' | 'debit'; partial?: boolean } = {},
) {
  const res = await w.admin.post('/transactions', {
    multipart: {
      account_id: String(w.account[supplier]),
      transaction_type: opts.type ?? 'credit',
      currency_id: String(w.cur[supplier === 'tui' ? 'GBP' : 'CAD']),
      amount,
      reference_number: reference,
      status: 'completed',
      is_partial: opts.partial ? '1' : '0',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A bulk payout of these amounts (gross terms) dated `date`; returns the payout ids. */
export async function payOut(w: ReportWorld, payouts: { booking: number; amount: string }[], date: string) {
  const res = await w.admin.post('/bulk-payouts/process', {
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

/** Bulk reconcile: gross := net received. */
export async function reconcile(w: ReportWorld, booking: number) {
  const res = await w.admin.post('/bulk-payouts/reconcile', { json: { bookings: [{ booking_id: booking }] } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().results[0].status, res.body).toBe('success');
}

/**
 * The bookings every report test reads (ids by name), covering each card and each way money arrives:
 * - `full`: Ana, Sunwing 1000.00 paid in full by the supplier (Next Payout);
 * - `splitPartial`: Sam via Pat, Transat 333.33, a partial payment of 100.01 then a payout of 50.00;
 * - `splitTwice`: Sam via Pat, Transat 999.99 paid in full, two partial payouts (300.00, 200.00);
 * - `gbp`: Ana, TUI 512.80 paid 540.00 (mismatch: Future);
 * - `gbpReconciled`: Ana, TUI 512.80 paid 540.00, reconciled, then 123.45 paid out;
 * - `reconciledThenDebit`: Otto, Sunwing 300.00, partial credit 250.00, reconciled, then a partial debit
 *   of 20.00 (partial again: available is what was received, 230.00, never more: DOMAIN.md invariant 2);
 * - `pending`: Otto, Sunwing 200.00, nothing received (Future);
 * - `completed`: Pat, Sunwing 80.00, paid in full and paid out (Past only);
 * - `refund`: Ana, Sunwing −100.00, the debit to the supplier made (Next Payout, negative);
 * - `cancelled`: Ana, Sunwing 450.00 cancelled (Cancelled);
 * - `old`: Ana, Sunwing 700.00 paid, dated 400 days ago (outside the default range).
 * Past payouts are dated `DAY` (inside the default range).
 */
export async function seedReportBookings(w: ReportWorld) {
  const full = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '1000.00' });
  await receive(w, 'sunwing', full.reference, '1000.00');

  const splitPartial = await book(w, { agent: 'sam', supplier: 'transat', amount: '333.33' });
  await receive(w, 'transat', splitPartial.reference, '100.01', { partial: true });
  await payOut(w, [{ booking: splitPartial.id, amount: '50.00' }], DAY);

  const splitTwice = await book(w, { agent: 'sam', supplier: 'transat', amount: '999.99' });
  await receive(w, 'transat', splitTwice.reference, '999.99');
  await payOut(w, [{ booking: splitTwice.id, amount: '300.00' }], DAY);
  await payOut(w, [{ booking: splitTwice.id, amount: '200.00' }], DAY);

  const gbp = await book(w, { agent: 'ana', supplier: 'tui', amount: '512.80' });
  await receive(w, 'tui', gbp.reference, '540.00');

  const gbpReconciled = await book(w, { agent: 'ana', supplier: 'tui', amount: '512.80' });
  await receive(w, 'tui', gbpReconciled.reference, '540.00');
  await reconcile(w, gbpReconciled.id);
  await payOut(w, [{ booking: gbpReconciled.id, amount: '123.45' }], DAY);

  const reconciledThenDebit = await book(w, { agent: 'otto', supplier: 'sunwing', amount: '300.00' });
  await receive(w, 'sunwing', reconciledThenDebit.reference, '250.00', { partial: true });
  await reconcile(w, reconciledThenDebit.id);
  await receive(w, 'sunwing', reconciledThenDebit.reference, '20.00', { type: 'debit', partial: true });

  const pending = await book(w, { agent: 'otto', supplier: 'sunwing', amount: '200.00', status: 'pending' });

  const completed = await book(w, { agent: 'pat', supplier: 'sunwing', amount: '80.00' });
  await receive(w, 'sunwing', completed.reference, '80.00');
  await payOut(w, [{ booking: completed.id, amount: '80.00' }], DAY);

  const refund = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '-100.00' });
  await receive(w, 'sunwing', refund.reference, '100.00', { type: 'debit' });

  const cancelled = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '450.00' });
  const res = await w.admin.post(`/bookings/${cancelled.id}/cancel`, { json: { cancellation_note: 'Trip cancelled' } });
  expect(res.statusCode, res.body).toBe(200);

  const old = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '700.00', date: addDays(todayUtc(), -400) });
  await receive(w, 'sunwing', old.reference, '700.00');

  return {
    full,
    splitPartial,
    splitTwice,
    gbp,
    gbpReconciled,
    reconciledThenDebit,
    pending,
    completed,
    refund,
    cancelled,
    old,
  };
}
