import { daysPastDue, moneyFromDb, outstandingCommission, parseMoney, type Cents } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinTodayForTests } from '../../clock';
import { createPayment, freshReference } from '../../test/factories';
import { buildWorld, type World } from '../../test/world';

/**
 * Overdue commissions (issue 24 §4): which bookings are overdue (the domain's rules, as the report's SQL
 * applies them to the stored net received), the aging buckets per supplier and currency, paging, filters,
 * the CSV, the follow-up notes, the suppliers' due days, and that a payment arriving takes a booking off.
 */
let w: World & { ana: World['as']['ana']; admin2: World['admin']; transat: number; tui: number };
const TODAY = '2026-06-30';
const tag = freshReference('OD').replace(/-/g, '');
const id: Record<string, number> = {};

const booking = async (supplier: number, name: string, amount: string, date: string, extra = {}) => {
  const res = await w.admin.post('/bookings', {
    json: {
      booking_reference: `${tag}${name}`,
      supplier_id: supplier,
      booking_date: date,
      customer_name: `Client ${name}`,
      booking_amount: amount,
      status: 'confirmed',
      primary_agent_id: w.ana.agentId,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  id[name] = res.json().data.id as number;
};
/** A supplier's completed credit (or what `opts` says) through `POST /transactions`. */
const pay = (account: number, name: string, amount: string, opts: { type?: 'debit'; partial?: boolean } = {}) =>
  createPayment(w.admin, {
    account,
    currency: w.accountCurrency[account]!,
    reference: `${tag}${name}`,
    amount,
    ...opts,
  });

beforeAll(async () => {
  pinTodayForTests(TODAY);
  const world = await buildWorld({ admins: ['Ada Admin', 'Bob Admin'] });
  w = {
    ...world,
    ana: world.as.ana,
    admin2: world.admins[1]!,
    transat: world.supplier.transat,
    tui: world.supplier.tui,
  };
  // TUI's commission is due 30 days after the booking; Transat keeps the default 60.
  const tui = await w.admin.request('PUT', `/suppliers/${w.tui}`, {
    json: { name: 'TUI UK', currency_id: w.cur.GBP, commission_due_days: '30' },
  });
  expect(tui.statusCode, tui.body).toBe(200);
  expect(tui.json().data.commission_due_days).toBe(30);

  await booking(w.transat, 'A', '100.00', '2026-03-01'); // due 04-30: 61 days, nothing in
  await booking(w.transat, 'B', '200.00', '2026-04-15'); // due 06-14: 16 days, 50 of 200 in (partial)
  await pay(w.account.transat, 'B', '50.00', { partial: true });
  await booking(w.transat, 'C', '80.00', '2026-03-01'); // paid in full
  await pay(w.account.transat, 'C', '80.00');
  await booking(w.transat, 'D', '90.00', '2026-03-01'); // cancelled below
  await booking(w.transat, 'E', '70.00', '2026-05-15'); // due 07-14: not yet
  await booking(w.transat, 'F', '-30.00', '2026-01-01'); // a refund: owed to the supplier
  await booking(w.transat, 'G', '120.00', '2026-01-01'); // overpaid
  await pay(w.account.transat, 'G', '150.00');
  await booking(w.transat, 'H', '60.00', '2026-01-01'); // due 03-02: 120 days, 40 of 60 in (mismatch)
  await pay(w.account.transat, 'H', '40.00');
  await booking(w.transat, 'I', '60.00', '2026-01-01'); // 40 in, then reconciled: nothing more to come
  await pay(w.account.transat, 'I', '40.00');
  await booking(w.transat, 'P', '100.00', '2026-01-01'); // 100 in, then the money taken back: 0 in
  await pay(w.account.transat, 'P', '100.00');
  await pay(w.account.transat, 'P', '100.00', { type: 'debit' });
  await booking(w.tui, 'J', '50.00', '2026-05-01'); // due 05-31: 30 days
  await booking(w.tui, 'K', '10.00', '2026-04-30'); // due 05-30: 31 days

  const cancel = await w.admin.post(`/bookings/${id.D}/cancel`, { json: { cancellation_note: 'Customer cancelled' } });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const reconcile = await w.admin.post('/bulk-payouts/reconcile', { json: { bookings: [{ booking_id: id.I }] } });
  expect(reconcile.statusCode, reconcile.body).toBe(200);
});

afterAll(() => pinTodayForTests(null));

type Row = {
  booking_id: number;
  booking_reference: string;
  days_past_due: number;
  bucket: string;
  gross: number;
  received: number;
  outstanding: number;
  due_date: string;
  booking_date: string;
  next_follow_up_date: string | null;
  follow_up_count: number;
  last_follow_up: { note: string; user_name: string | null; next_follow_up_date: string | null } | null;
};
const list = async (query = '') => {
  const res = await w.admin.get(`/api/reports/overdue-commissions/bookings?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { as_of: string; bookings: { data: Row[]; total: number; per_page: number; last_page: number } };
};
const names = (page: Awaited<ReturnType<typeof list>>) =>
  page.bookings.data.map((r) => r.booking_reference.slice(tag.length));

describe('which bookings are overdue', () => {
  it('lists the live bookings missing money past their due date, most overdue first', async () => {
    const page = await list();
    expect(page.as_of).toBe(TODAY);
    expect(names(page)).toEqual(['H', 'P', 'A', 'K', 'J', 'B']);
    expect(page.bookings).toMatchObject({ total: 6, per_page: 25, last_page: 1 });
    const byName = Object.fromEntries(page.bookings.data.map((r) => [r.booking_reference.slice(tag.length), r]));
    expect(byName.A).toMatchObject({
      booking_date: '2026-03-01',
      due_date: '2026-04-30',
      days_past_due: 61,
      bucket: '61_90',
      gross: 100,
      received: 0,
      outstanding: 100,
      supplier_name: 'Transat',
      agent_name: 'Ana Agent',
      currency_code: 'CAD',
      follow_up_count: 0,
      last_follow_up: null,
    });
    expect(byName.B).toMatchObject({ days_past_due: 16, bucket: '0_30', received: 50, outstanding: 150 });
    expect(byName.H).toMatchObject({ days_past_due: 120, bucket: '90_plus', received: 40, outstanding: 20 });
    expect(byName.P).toMatchObject({ received: 0, outstanding: 100 });
    expect(byName.J).toMatchObject({ due_date: '2026-05-31', days_past_due: 30, bucket: '0_30', currency_code: 'GBP' });
    expect(byName.K).toMatchObject({ days_past_due: 31, bucket: '31_60' });
  });

  it('agrees with the domain rules on every row', async () => {
    const dueDays: Record<string, number> = { CAD: 60, GBP: 30 };
    for (const r of (await list()).bookings.data as (Row & { currency_code: string })[]) {
      const cents = (n: number) => (parseMoney(n.toFixed(2)) as { ok: true; value: Cents }).value;
      expect(outstandingCommission(cents(r.gross), cents(r.received))).toBe(cents(r.outstanding));
      expect(
        daysPastDue(
          {
            status: 'confirmed',
            is_reconciled: false,
            gross: cents(r.gross),
            received: cents(r.received),
            booking_date: r.booking_date,
            due_days: dueDays[r.currency_code]!,
          },
          TODAY,
        ),
      ).toBe(r.days_past_due);
    }
  });

  it('adds them up per supplier and per currency, in the four buckets', async () => {
    const res = await w.admin.get('/api/reports/overdue-commissions');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.as_of).toBe(TODAY);
    const zero = { count: 0, outstanding: 0 };
    expect(data.suppliers).toEqual([
      {
        supplier_id: w.transat,
        supplier_name: 'Transat',
        currency_code: 'CAD',
        currency_symbol: expect.any(String),
        due_days: 60,
        count: 4,
        outstanding: 370,
        buckets: {
          '0_30': { count: 1, outstanding: 150 },
          '31_60': zero,
          '61_90': { count: 1, outstanding: 100 },
          '90_plus': { count: 2, outstanding: 120 },
        },
      },
      {
        supplier_id: w.tui,
        supplier_name: 'TUI UK',
        currency_code: 'GBP',
        currency_symbol: '£',
        due_days: 30,
        count: 2,
        outstanding: 60,
        buckets: {
          '0_30': { count: 1, outstanding: 50 },
          '31_60': { count: 1, outstanding: 10 },
          '61_90': zero,
          '90_plus': zero,
        },
      },
    ]);
    expect(
      data.totals.map((t: { currency_code: string; outstanding: number }) => [t.currency_code, t.outstanding]),
    ).toEqual([
      ['CAD', 370],
      ['GBP', 60],
    ]);
    const one = (await w.admin.get(`/api/reports/overdue-commissions?supplier_id=${w.tui}`)).json().data;
    expect(one.suppliers.map((s: { supplier_id: number }) => s.supplier_id)).toEqual([w.tui]);
  });

  it('filters by supplier, bucket and search, sorts and pages', async () => {
    expect(names(await list(`supplier_id=${w.tui}`))).toEqual(['K', 'J']);
    expect(names(await list('bucket=0_30'))).toEqual(['J', 'B']);
    expect(names(await list('bucket=90_plus'))).toEqual(['H', 'P']);
    expect(names(await list(`search=${tag}A`))).toEqual(['A']);
    expect(names(await list('search=client%20k'))).toEqual(['K']);
    expect(names(await list('sort=outstanding&direction=desc'))).toEqual(['B', 'P', 'A', 'J', 'H', 'K']);
    expect(names(await list('sort=days_past_due&direction=asc'))).toEqual(['B', 'J', 'K', 'A', 'P', 'H']);
    const p2 = await list('per_page=10&page=1&sort=booking_reference&direction=asc');
    expect(names(p2)).toEqual(['A', 'B', 'H', 'J', 'K', 'P']);
    expect((await list('page=2&per_page=10')).bookings.data).toEqual([]);
  });

  it('refuses an unknown bucket or supplier id with a 422 and a clear message', async () => {
    const res = await w.admin.get('/api/reports/overdue-commissions/bookings?bucket=100');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.bucket).toEqual(['The selected aging bucket is invalid.']);
    expect((await w.admin.get('/api/reports/overdue-commissions?supplier_id=abc')).statusCode).toBe(422);
  });

  it('is for admins only', async () => {
    for (const url of [
      '/api/reports/overdue-commissions',
      '/api/reports/overdue-commissions/bookings',
      '/api/reports/overdue-commissions/export',
      `/api/bookings/${id.A}/follow-ups`,
    ])
      expect((await w.ana.get(url)).statusCode, url).toBe(403);
    expect((await w.ana.post(`/api/bookings/${id.A}/follow-ups`, { json: { note: 'x' } })).statusCode).toBe(403);
  });
});

describe('the CSV for the supplier', () => {
  it('writes every overdue booking of the filters, most overdue first, with exact amounts', async () => {
    const res = await w.admin.get(`/api/reports/overdue-commissions/export?supplier_id=${w.transat}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="overdue-commissions-transat-${TODAY}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\ufeffSupplier,Booking reference,Customer name,Booking date,Due date,Days past due,Gross commission,Received,Outstanding,Currency,Last follow-up,Next follow-up',
    );
    expect(lines.slice(1, -1).map((l) => l.split(',')[1]!.slice(tag.length))).toEqual(['H', 'P', 'A', 'B']);
    expect(lines[1]).toBe(`Transat,${tag}H,Client H,2026-01-01,2026-03-02,120,60.00,40.00,20.00,CAD,,`);
  });
});

describe('follow-up notes', () => {
  it('adds a note with who and when, shows the latest on the list, and audits it', async () => {
    const first = await w.admin.post(`/api/bookings/${id.A}/follow-ups`, {
      json: { note: 'Emailed accounts payable', next_follow_up_date: '' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'success',
      message: 'Follow-up note added.',
      data: { booking_id: id.A, note: 'Emailed accounts payable', next_follow_up_date: null, user_name: 'Ada Admin' },
    });
    const second = await w.admin2.post(`/api/bookings/${id.A}/follow-ups`, {
      form: { note: '  Called Marie: paying next run  ', next_follow_up_date: '2026-07-10' },
    });
    expect(second.statusCode, second.body).toBe(200);

    const notes = (await w.admin.get(`/api/bookings/${id.A}/follow-ups`)).json().data;
    expect(notes.map((n: { note: string }) => n.note)).toEqual([
      'Called Marie: paying next run',
      'Emailed accounts payable',
    ]);
    expect(notes[0]).toMatchObject({ user_name: 'Bob Admin', next_follow_up_date: '2026-07-10' });
    expect(notes[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const row = (await list(`search=${tag}A`)).bookings.data[0]!;
    expect(row).toMatchObject({
      follow_up_count: 2,
      next_follow_up_date: '2026-07-10',
      last_follow_up: { note: 'Called Marie: paying next run', user_name: 'Bob Admin' },
    });
    expect(names(await list('sort=next_follow_up_date&direction=asc'))[0]).toBe('A');
    const csv = (await w.admin.get(`/api/reports/overdue-commissions/export?search=${tag}A`)).body;
    expect(csv).toContain(',CAD,Called Marie: paying next run,2026-07-10\r\n');

    const audits = await w.q(
      `select action, entity_id from audit_logs where entity_type = 'booking' and action = 'follow_up' and entity_id = $1`,
      [String(id.A)],
    );
    expect(audits).toHaveLength(2);
  });

  it('refuses a blank note, a past or impossible date, and an unknown booking, writing nothing', async () => {
    const before = (await w.q(`select count(*)::int as n from booking_follow_ups`))[0]!.n;
    const blank = await w.admin.post(`/api/bookings/${id.B}/follow-ups`, { json: { note: '   ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.note).toEqual(['The note field is required.']);
    const past = await w.admin.post(`/api/bookings/${id.B}/follow-ups`, {
      json: { note: 'x', next_follow_up_date: '2026-06-29' },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.next_follow_up_date).toEqual(['The next follow-up date must be today or later.']);
    const impossible = await w.admin.post(`/api/bookings/${id.B}/follow-ups`, {
      json: { note: 'x', next_follow_up_date: '2026-02-30' },
    });
    expect(impossible.statusCode).toBe(422);
    expect((await w.admin.post('/api/bookings/2147483647/follow-ups', { json: { note: 'x' } })).statusCode).toBe(404);
    expect((await w.admin.get('/api/bookings/2147483647/follow-ups')).statusCode).toBe(404);
    expect((await w.q(`select count(*)::int as n from booking_follow_ups`))[0]!.n).toBe(before);
  });
});

describe('what moves a booking off the report', () => {
  it('the rest of its money arriving, and its supplier allowing more days', async () => {
    await pay(w.account.transat, 'B', '150.00', { partial: true });
    expect(names(await list())).not.toContain('B');
    const stored = await w.q(`select transaction_net::text as net from bookings where id = $1`, [id.B]);
    expect(moneyFromDb(stored[0]!.net as string)).toBe(20000n);

    // Written as the spec shows it (no due days): TUI keeps its 30.
    const same = await w.admin.request('PUT', `/suppliers/${w.tui}`, {
      json: { name: 'TUI UK', currency_id: w.cur.GBP },
    });
    expect(same.json().data.commission_due_days).toBe(30);
    const longer = await w.admin.request('PUT', `/suppliers/${w.tui}`, {
      json: { name: 'TUI UK', currency_id: w.cur.GBP, commission_due_days: 90 },
    });
    expect(longer.json().data.commission_due_days).toBe(90);
    expect(names(await list(`supplier_id=${w.tui}`))).toEqual([]);

    const bad = await w.admin.request('PUT', `/suppliers/${w.tui}`, {
      json: { name: 'TUI UK', currency_id: w.cur.GBP, commission_due_days: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.commission_due_days).toEqual([
      'The commission due days must be a whole number of days from 1 to 3650.',
    ]);
  });
});

describe('paging through many suppliers', () => {
  it('gives the same order page by page as one sort of every row, in both directions', async () => {
    // 22 bookings over Transat (due after 60 days) and TUI (90 by now): due dates interleave across suppliers.
    const made: { name: string; due: string; date: string }[] = [];
    for (let i = 0; i < 22; i++) {
      const supplier = i % 2 === 0 ? w.transat : w.tui;
      const date = new Date(Date.UTC(2025, 10, 1) + i * 5 * 86_400_000 * (i % 3 === 0 ? 1 : 0.6))
        .toISOString()
        .slice(0, 10);
      const name = `M${String(i).padStart(2, '0')}`;
      await booking(supplier, name, `${10 + i}.00`, date);
      const due = new Date(Date.parse(date) + (supplier === w.transat ? 60 : 90) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      made.push({ name, due, date });
    }
    const byId = (a: { name: string }, b: { name: string }) => id[a.name]! - id[b.name]!;
    const expected = {
      'days_past_due&direction=desc': [...made].sort((a, b) => a.due.localeCompare(b.due) || byId(a, b)),
      'days_past_due&direction=asc': [...made].sort((a, b) => b.due.localeCompare(a.due) || byId(b, a)),
      'booking_date&direction=asc': [...made].sort((a, b) => a.date.localeCompare(b.date) || byId(a, b)),
      'booking_date&direction=desc': [...made].sort((a, b) => b.date.localeCompare(a.date) || byId(b, a)),
    };
    for (const [sort, rows] of Object.entries(expected)) {
      const paged: string[] = [];
      for (const page of [1, 2, 3])
        paged.push(...names(await list(`search=${tag}M&per_page=10&page=${page}&sort=${sort}`)));
      expect(paged, sort).toEqual(rows.map((r) => r.name));
    }
    expect((await list(`search=${tag}M&per_page=10&page=3`)).bookings).toMatchObject({ total: 22, last_page: 3 });
    const late = made.filter((m) => Date.parse(TODAY) - Date.parse(m.due) > 90 * 86_400_000).map((m) => m.name);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(22);
    const inBucket = await list(`search=${tag}M&per_page=100&bucket=90_plus`);
    expect(names(inBucket).sort()).toEqual(late.sort());
  });
});
