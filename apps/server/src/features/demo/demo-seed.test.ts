import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestClient } from '../../test/test-app';
import { findTransactionStatuses } from '../transactions';
import { seedDemo } from './demo-seed';

describe('the demo dataset', () => {
  it('stores every booking match status as the matching rule computes it', async () => {
    const { db } = await createTestDatabase();
    await seedDemo(db);
    const { rows } = await db.$client.query<{ id: number; booking_reference: string; s: string | null; net: string }>(
      'select id, booking_reference, transaction_match_status as s, transaction_net::text as net from bookings order by booking_reference',
    );
    expect(rows).toHaveLength(17);
    const live = await findTransactionStatuses(
      db,
      rows.map((r) => r.id),
    );
    expect(rows.map((r) => [r.booking_reference, r.s])).toEqual(
      rows.map((r) => [r.booking_reference, live.get(r.id)!.status]),
    );
    // What the matched transactions add up to is stored with the status (overdue commissions read it).
    expect(rows.map((r) => [r.booking_reference, Number(r.net)])).toEqual(
      rows.map((r) => [r.booking_reference, live.get(r.id)!.net_amount]),
    );
    // The demo's payments: full ones, a partial one, one short of the amount, one above it, a refund's debit.
    const byRef = Object.fromEntries(rows.map((r) => [r.booking_reference, r.s]));
    expect(byRef).toMatchObject({
      'AC-482913': 'match',
      TS7Q2K9L: 'partial',
      'J2-88213': 'mismatch',
      '40218876': 'match',
      SW4472290: 'match',
      '40220417': 'mismatch',
      TSRF2026: 'match',
      SW4471208: 'no_transaction',
      'AC-519004': 'no_transaction',
      // Overdue commissions to try: nothing received, and 400.00 of 890.00.
      'AC-377120': 'no_transaction',
      'BAKT-2290': 'no_transaction',
      SW4460318: 'partial',
    });
    expect(rows.filter((r) => r.s === 'no_transaction')).toHaveLength(9);
    expect(rows.find((r) => r.booking_reference === 'SW4460318')!.net).toBe('400.00');
  });
});

describe('demo agents', () => {
  it("pass the agent form's checks as stored: each one's edit form saves back unchanged", async () => {
    const app = await createTestApp();
    await seedDemo(app.db);
    const admin = app.client();
    await admin.post('/login', { json: { email: 'admin@example.com', password: 'admin-demo' } });
    const { rows } = await app.db.$client.query<{ id: number }>('select id from agents order by id');
    expect(rows).toHaveLength(4);
    for (const { id } of rows) {
      const agent = (await admin.get(`/agents/${id}`)).json().data as Record<string, unknown>;
      // What the form posts: every field as text, a blank password (kept).
      const form = Object.fromEntries(
        Object.entries(agent)
          .filter(([, v]) => typeof v !== 'object' || v === null)
          .map(([k, v]) => [k, v === null ? '' : typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]),
      );
      const res = await admin.post(`/agents/${id}`, {
        multipart: { ...form, _method: 'PUT', password: '', password_confirmation: '' },
      });
      expect(res.statusCode, `${String(agent.full_name)}: ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ sin_number: agent.sin_number, phone_number: agent.phone_number });
    }
  });
});

describe('claims in the demo', () => {
  it('has three unmatched credits of different suppliers in the last 30 days of its dates, to claim', async () => {
    const app = await createTestApp();
    await seedDemo(app.db);
    const admin = app.client();
    await admin.post('/login', { json: { email: 'admin@example.com', password: 'admin-demo' } });
    const res = await admin.get('/api/reports/unmatched-transactions?start_date=2026-10-25&end_date=2026-11-24');
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { data: { reference_number: string; supplier_name: string; amount: number }[] }).data;
    expect(rows.map((t) => [t.reference_number, t.supplier_name, t.amount])).toEqual([
      ['40221958', 'TUI UK', 389.75],
      ['SW9911873', 'Sunwing Vacations', 318.4],
      ['AC-604417', 'Air Canada Vacations', 1265],
    ]);
  });
});

describe('match suggestions in the demo', () => {
  it("has a statement of noisy lines: three clear for 'Accept all' at 90, one for a person", async () => {
    const app = await createTestApp();
    await seedDemo(app.db);
    const admin = app.client();
    await admin.post('/login', { json: { email: 'admin@example.com', password: 'admin-demo' } });
    const list = await admin.get('/api/reports/unmatched-transactions?start_date=2026-11-25&end_date=2026-11-25');
    const credits = (list.json() as { data: { id: number; reference_number: string }[] }).data;
    expect(credits.map((c) => c.reference_number).sort()).toEqual([
      'J2-90141',
      'SW 4471208 / SW 4471562',
      'TUI 40219940 FORTIN',
      'baxy 4412',
    ]);
    const res = await admin.get(`/api/reports/match-suggestions?transaction_ids=${credits.map((c) => c.id).join(',')}`);
    type Suggestion = { bookings: { booking_reference: string }[]; score: number; auto_accept: boolean };
    const best = new Map(
      (res.json().data as { transaction_id: number; suggestions: Suggestion[] }[]).map((d) => [
        credits.find((c) => c.id === d.transaction_id)!.reference_number,
        d.suggestions[0]!,
      ]),
    );
    const summary = (reference: string) => {
      const s = best.get(reference)!;
      return [s.bookings.map((b) => b.booking_reference), s.auto_accept];
    };
    expect(summary('SW 4471208 / SW 4471562')).toEqual([['SW4471208', 'SW4471562'], true]);
    expect(summary('TUI 40219940 FORTIN')).toEqual([['40219940'], true]);
    expect(summary('baxy 4412')).toEqual([['BAXY-4412'], true]);
    expect(summary('J2-90141')).toEqual([['J2-90114'], false]);
    const preview = await admin.post('/api/reports/match-suggestions/accept-all/preview', {
      json: { min_score: 90, start_date: '2026-11-25', end_date: '2026-11-25' },
    });
    expect(preview.json().data.items).toHaveLength(3);
  });
});

describe('payouts in the demo', () => {
  type Info = {
    booking: { reference: string; booking_amount: number; paid_amount: number; remaining_amount: number };
    payout: {
      available_amount: number;
      can_payout: boolean;
      reason: string | null;
      agents_without_accounts: { agent_name: string }[];
      commission_breakdown: {
        agent_name: string;
        percentage: number;
        amount: number;
        gst_amount: number;
        total: number;
      }[];
    };
  };
  let app: TestApp;
  let admin: TestClient;
  let ids: Map<string, number>;
  const info = async (reference: string) => {
    const res = await admin.get(`/bookings/${ids.get(reference)}/payout-info`);
    expect(res.statusCode).toBe(200);
    return res.json() as Info;
  };

  it('gives every agent an account in each currency their bookings use', async () => {
    app = await createTestApp();
    await seedDemo(app.db);
    admin = app.client();
    expect(
      (await admin.post('/login', { json: { email: 'admin@example.com', password: 'admin-demo' } })).statusCode,
    ).toBe(200);
    const { rows: bookings } = await app.db.$client.query<{ id: number; booking_reference: string }>(
      'select id, booking_reference from bookings',
    );
    ids = new Map(bookings.map((b) => [b.booking_reference, b.id]));

    const { rows: accounts } = await app.db.$client.query<{ agent: string; currency: string; number: string }>(`
      select u.name as agent, c.code as currency, a.account_number as number
        from accounts a join agents g on g.id = a.accountable_id join users u on u.id = g.user_id
        join currencies c on c.id = a.currency_id
       where a.accountable_type = 'agent' order by u.name, c.code`);
    expect(accounts.map((a) => [a.agent, a.currency])).toEqual([
      ['Amelia Singh', 'CAD'], // her overdue Air Canada booking, AC-377120
      ['Amelia Singh', 'GBP'],
      ['Liam Chen', 'CAD'],
      ['Liam Chen', 'GBP'],
      ['Noah Gagnon', 'CAD'], // his Sunwing and Transat bookings through Olivia
      ['Noah Gagnon', 'GBP'],
      ['Olivia Tremblay', 'CAD'],
    ]);
    expect(accounts[0]!.number).toMatch(/^AGT-\d{4}-CAD$/);
    // So no booking's payout is blocked by a missing account.
    for (const reference of ids.keys()) expect((await info(reference)).payout.agents_without_accounts).toEqual([]);
  });

  it('has bookings to pay now (one paid only in part), a refund to claw back, and bookings to reconcile', async () => {
    const payable: [string, number][] = [];
    for (const reference of [...ids.keys()].sort()) {
      const i = await info(reference);
      if (i.payout.can_payout) payable.push([reference, i.payout.available_amount]);
    }
    expect(payable).toEqual([
      ['40218876', 845.2],
      ['AC-482913', 1842.5],
      ['SW4460318', 400], // Sunwing paid 400.00 of 890.00 (partial, and the rest overdue)
      ['SW4472290', 1120],
      ['TS7Q2K9L', 700], // Transat paid 700.00 of 1,455.00 (a partial payment)
      ['TSRF2026', -150], // the refund: a clawback
    ]);
    // Olivia (GST registered) gets 75% of Air Canada and 5% GST on it; Noah 40% of her side through her.
    expect((await info('AC-482913')).payout.commission_breakdown).toEqual([
      {
        agent_id: expect.any(Number),
        agent_name: 'Olivia Tremblay',
        percentage: 75,
        amount: 1381.88,
        gst_amount: 69.09,
        total: 1450.97,
      },
    ]);
    expect((await info('TS7Q2K9L')).payout.commission_breakdown).toEqual([
      {
        agent_id: expect.any(Number),
        agent_name: 'Noah Gagnon',
        percentage: 30,
        amount: 210,
        gst_amount: 0,
        total: 210,
      },
      {
        agent_id: expect.any(Number),
        agent_name: 'Olivia Tremblay',
        percentage: 45,
        amount: 315,
        gst_amount: 15.75,
        total: 330.75,
      },
    ]);
    const refund = await info('TSRF2026');
    expect(refund.payout.commission_breakdown).toEqual([
      {
        agent_id: expect.any(Number),
        agent_name: 'Olivia Tremblay',
        percentage: 75,
        amount: -112.5,
        gst_amount: -5.63,
        total: -118.13,
      },
    ]);
    // J2-88213 is blocked by its mismatch, SW4471208 has no payment yet.
    expect((await info('J2-88213')).payout.reason).toBe(
      'The booking cannot be paid out while its transaction status is mismatch.',
    );
    expect((await info('SW4471208')).payout.reason).toBe(
      'The booking cannot be paid out while its transaction status is no transaction.',
    );

    const search = async (mode: 'payout' | 'reconcile') => {
      const res = await admin.post('/bulk-payouts/search', { json: { mode } });
      expect(res.statusCode).toBe(200);
      return (
        res.json() as { bookings: { booking_reference: string; booking_amount: number; transaction_amount: number }[] }
      ).bookings;
    };
    // Bulk payouts also offers the two bookings marked for reconciliation, to reconcile and pay in one step.
    expect((await search('payout')).map((b) => b.booking_reference).sort()).toEqual(
      [...payable.map(([r]) => r), '40220417', 'J2-88213'].sort(),
    );
    expect(
      (await search('reconcile'))
        .map((b) => [b.booking_reference, b.booking_amount, b.transaction_amount])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['40220417', 512.8, 540], // TUI UK paid more than booked
      ['J2-88213', 612.35, 600], // Jet2 paid less
      ['SW4460318', 890, 400],
      ['TS7Q2K9L', 1455, 700],
    ]);
  });

  it('claws the refund back: a credit of the commission and its GST on Olivia’s account', async () => {
    const res = await admin.post(`/bookings/${ids.get('TSRF2026')}/process-payout`, {
      json: { payout_amount: '-150.00', description: '', is_partial: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', is_partial: false, paid_amount: -150, remaining_amount: 0 });
    const after = await info('TSRF2026');
    expect(after.booking).toMatchObject({ paid_amount: -150, remaining_amount: 0 });
    expect(after.payout.can_payout).toBe(false);
    const { rows } = await app.db.$client.query<{ account: string; type: string; amount: string; reference: string }>(`
      select a.name as account, t.transaction_type as type, t.amount::text, t.reference_number as reference
        from transactions t join accounts a on a.id = t.account_id where a.accountable_type = 'agent'`);
    expect(rows).toEqual([
      { account: 'Olivia Tremblay commissions', type: 'credit', amount: '118.13', reference: 'TSRF2026' },
    ]);
  });
});
