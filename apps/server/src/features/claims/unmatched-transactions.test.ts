import { beforeAll, describe, expect, it } from 'vitest';
import { claim, claimsWorld, ref, type ClaimsWorld } from './claims.testing';

/**
 * GET /api/reports/unmatched-transactions (issue 13, spec §2 dashboard, §7, §9): DOMAIN.md's unmatched
 * credits with the table's filters, search, sort and paging; and transactions.matches_booking, which the
 * list reads, following every write that changes it.
 */
let w: ClaimsWorld;
const tag = ref('UM').replace(/-/g, '');
let ids: Record<string, number>;

beforeAll(async () => {
  w = await claimsWorld();
  // Six unmatched credits (two suppliers, two currencies, a spread of dates and amounts) and what is not.
  const pay = (account: number, name: string, amount: string, date: string, opts = {}) =>
    w.payment(account, `${tag}-${name}`, amount, { date, ...opts });
  ids = {
    a: await pay(w.acc.transat, 'A', '10.00', '2026-03-01'),
    b: await pay(w.acc.transat, 'B', '30.00', '2026-03-05'),
    c: await pay(w.acc.tui, 'C', '20.00', '2026-03-10'),
    d: await pay(w.acc.tui, 'D', '5.00', '2026-03-15'),
    e: await pay(w.acc.transat, 'E', '40.00', '2026-03-20'),
    f: await pay(w.acc.tui, 'F', '25.00', '2026-04-02'),
    debit: await pay(w.acc.transat, 'DEBIT', '1.00', '2026-03-02', { type: 'debit' }),
    pending: await pay(w.acc.transat, 'PENDING', '1.00', '2026-03-02', { status: 'pending' }),
    agent: await pay(w.acc.ana, 'AGENT', '1.00', '2026-03-02'),
  };
  await w.booking(w.transat, `${tag}-MATCHED`, '1.00', w.pat.agentId!);
  ids.matched = await pay(w.acc.transat, 'MATCHED', '1.00', '2026-03-02');
  ids.claimed = await pay(w.acc.transat, 'CLAIMED', '1.00', '2026-03-02');
  expect((await claim(w.pat, ids.claimed, `${tag}-CLAIMED`)).statusCode).toBe(200);
});

const list = async (query: string) => {
  const res = await w.admin.get(`/api/reports/unmatched-transactions?search=${tag}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; reference_number: string; amount: number }[];
    total: number;
    current_page: number;
    last_page: number;
    per_page: number;
    from: number | null;
    to: number | null;
  };
};
const names = (page: Awaited<ReturnType<typeof list>>) => page.data.map((t) => t.reference_number.split('-')[1]);

describe('the unmatched credits', () => {
  it('lists only completed credits on supplier accounts matching no booking and not claimed, newest first', async () => {
    const page = await list('');
    expect(names(page)).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    expect(page).toMatchObject({ total: 6, current_page: 1, last_page: 1, per_page: 10, from: 1, to: 6 });
    expect(page.data[0]).toEqual({
      id: ids.f,
      reference_number: `${tag}-F`,
      amount: 25,
      currency_code: 'GBP',
      currency_symbol: '£',
      transaction_date: '2026-04-02',
      supplier_id: w.tui,
      supplier_name: 'TUI UK',
      account_id: w.acc.tui,
      account_name: 'TUI GBP',
      description: `Payment ${tag}-F`,
    });
  });

  it('filters on the transaction date range (inclusive) and the included suppliers, in every spelling', async () => {
    expect(names(await list('start_date=2026-03-05&end_date=2026-03-15'))).toEqual(['D', 'C', 'B']);
    for (const q of [
      `include_suppliers[]=${w.tui}`,
      `include_suppliers=${w.tui}`,
      `include_suppliers%5B%5D=${w.tui}&include_suppliers%5B%5D=999999`,
    ])
      expect(names(await list(q))).toEqual(['F', 'D', 'C']);
    expect(names(await list(`include_suppliers=${w.tui},${w.transat}&end_date=2026-03-10`))).toEqual(['C', 'B', 'A']);
    expect(
      names(await list(`include_suppliers=${w.tui}&include_suppliers=${w.transat}&start_date=2026-03-20`)),
    ).toEqual(['F', 'E']);
  });

  it('searches the reference, the supplier and the account name', async () => {
    const bySupplier = await w.admin.get(`/api/reports/unmatched-transactions?search=tui%20uk&start_date=2026-03-01`);
    expect(bySupplier.json().data.map((t: { supplier_name: string }) => t.supplier_name)).toContain('TUI UK');
    expect(bySupplier.json().data.every((t: { supplier_name: string }) => t.supplier_name === 'TUI UK')).toBe(true);
    const byReference = (await w.admin.get(`/api/reports/unmatched-transactions?search=${tag.toLowerCase()}-c`)).json();
    expect(byReference.data.map((t: { id: number }) => t.id)).toEqual([ids.c]);
    const byAccount = (await w.admin.get('/api/reports/unmatched-transactions?search=Transat%20CAD')).json();
    expect(byAccount.data.every((t: { account_name: string }) => t.account_name === 'Transat CAD')).toBe(true);
    // LIKE's wildcards are text.
    expect((await w.admin.get('/api/reports/unmatched-transactions?search=%25')).json().total).toBe(0);
  });

  it('sorts by amount, reference, supplier and account, either way', async () => {
    expect(names(await list('sort=amount&direction=asc'))).toEqual(['D', 'A', 'C', 'F', 'B', 'E']);
    expect(names(await list('sort=amount&direction=desc'))).toEqual(['E', 'B', 'F', 'C', 'A', 'D']);
    expect(names(await list('sort=reference_number&direction=asc'))).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    // Names compare by the database's collation: what is checked is the grouping and the tie-break.
    for (const sort of ['supplier_name', 'account_name']) {
      const asc = names(await list(`sort=${sort}&direction=asc`));
      const groups = [asc.slice(0, 3).join(''), asc.slice(3).join('')].sort();
      expect(groups).toEqual(['ABE', 'CDF']);
      expect(names(await list(`sort=${sort}&direction=desc`))).toEqual([...asc].reverse());
    }
    expect(names(await list('sort=transaction_date&direction=asc'))).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('exports every unmatched credit of the filters and sort as CSV for the agents (admins only)', async () => {
    const res = await w.admin.get(
      `/api/reports/unmatched-transactions/export?search=${tag}&sort=amount&direction=desc&per_page=10&page=9`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="unclaimed-credits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Supplier,Reference,Customer name,Date,Amount,Currency,Account');
    // No paging: all six, in the list's sort; exact amounts with their currency.
    expect(lines.slice(1, -1).map((l) => l.split(',')[1]!.split('-')[1])).toEqual(['E', 'B', 'F', 'C', 'A', 'D']);
    expect(lines).toContain(`TUI UK,${tag}-F,,2026-04-02,25.00,GBP,TUI GBP`);
    expect(lines.at(-1)).toBe('');
    const tuiOnly = await w.admin.get(
      `/api/reports/unmatched-transactions/export?search=${tag}&include_suppliers=${w.tui}`,
    );
    expect(tuiOnly.body.split('\r\n').length - 2).toBe(3);
    expect((await w.pat.get('/api/reports/unmatched-transactions/export')).statusCode).toBe(403);
    expect((await w.admin.get('/api/reports/unmatched-transactions/export?end_date=2026-02-30')).statusCode).toBe(422);
  });

  it('pages (10 by default, 10/25/50/100)', async () => {
    const first = await list('per_page=10');
    expect(first.per_page).toBe(10);
    expect((await list('per_page=7')).per_page).toBe(10);
    expect((await list('per_page=25')).per_page).toBe(25);
    const beyond = await list('page=3');
    expect(beyond).toMatchObject({ data: [], total: 6, current_page: 3, last_page: 1, from: null, to: null });
  });

  it('refuses a supplier or a date that is not one', async () => {
    const res = await w.admin.get('/api/reports/unmatched-transactions?include_suppliers=abc&end_date=2026-02-30');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'include_suppliers.0': ['The selected suppliers are invalid.'],
      end_date: ['The end date is not a valid date (YYYY-MM-DD).'],
    });
  });
});

describe('transactions.matches_booking follows every write that changes it', () => {
  const flag = async (id: number) =>
    ((await w.q(`select matches_booking from transactions where id = $1`, [id]))[0] as { matches_booking: boolean })
      .matches_booking;
  const inList = async (id: number) =>
    (await w.admin.get(`/api/reports/unmatched-transactions?per_page=100&start_date=2026-05-01`))
      .json()
      .data.some((t: { id: number }) => t.id === id);

  it('a booking recorded after the payment, its reference changed, and its supplier changed', async () => {
    const reference = ref('MB');
    const tx = await w.payment(w.acc.transat, reference, '10.00', { date: '2026-05-02' });
    expect([await flag(tx), await inList(tx)]).toEqual([false, true]);
    const bookingId = await w.booking(w.transat, reference.toLowerCase().toUpperCase(), '10.00', w.pat.agentId!);
    expect([await flag(tx), await inList(tx)]).toEqual([true, false]);
    const edit = (over: Record<string, unknown>) =>
      w.admin.post(`/bookings/${bookingId}`, {
        json: {
          _method: 'PUT',
          booking_reference: reference,
          supplier_id: w.transat,
          booking_date: '2026-03-01',
          customer_name: 'Jean Client',
          booking_amount: '10.00',
          status: 'confirmed',
          primary_agent_id: w.pat.agentId,
          ...over,
        },
      });
    expect((await edit({ booking_reference: `${reference}-X` })).statusCode).toBe(200);
    expect([await flag(tx), await inList(tx)]).toEqual([false, true]);
    expect((await edit({})).statusCode).toBe(200);
    expect(await flag(tx)).toBe(true);
    expect((await edit({ supplier_id: w.tui, primary_agent_id: w.ana.agentId })).statusCode).toBe(200);
    expect([await flag(tx), await inList(tx)]).toEqual([false, true]);
  });

  it('a booking deleted', async () => {
    const reference = ref('MB');
    // A pending payment does not match (DOMAIN.md), so the booking may be deleted.
    const tx = await w.payment(w.acc.transat, reference, '10.00', { status: 'pending' });
    const bookingId = await w.booking(w.transat, reference, '10.00', w.pat.agentId!);
    expect(await flag(tx)).toBe(true);
    const del = await w.admin.post(`/bookings/${bookingId}`, { json: { _method: 'DELETE' } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await flag(tx)).toBe(false);
  });

  it("a transaction's reference changed, and an account's owner changed", async () => {
    const reference = ref('MB');
    await w.booking(w.tui, reference, '10.00');
    const tx = await w.payment(w.acc.transat, `${reference}-OLD`, '10.00', { date: '2026-05-03' });
    expect(await flag(tx)).toBe(false);
    const res = await w.admin.post(`/transactions/${tx}`, {
      multipart: {
        _method: 'PUT',
        account_id: String(w.acc.transat),
        transaction_type: 'credit',
        currency_id: String(w.cur.CAD),
        amount: '10.00',
        reference_number: reference,
        status: 'completed',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The booking is TUI's, the account Transat's: still unmatched.
    expect([await flag(tx), await inList(tx)]).toEqual([false, true]);
    const account = await w.admin.post('/accounts', {
      json: { name: 'Spare CAD', accountable_type: 'supplier', accountable_id: w.transat, currency_id: w.cur.CAD },
    });
    const spare = account.json().data.id as number;
    const onSpare = await w.payment(spare, reference, '10.00', { date: '2026-05-03', currency: 'CAD' });
    expect(await flag(onSpare)).toBe(false);
    const moved = await w.admin.post(`/accounts/${spare}`, {
      json: {
        _method: 'PUT',
        name: 'Spare CAD',
        accountable_type: 'supplier',
        accountable_id: w.tui,
        currency_id: w.cur.CAD,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await flag(onSpare), await inList(onSpare)]).toEqual([true, false]);
  });
});

describe('transactions.matches_booking under concurrent writers', () => {
  it('a booking recorded while its credit is being edited: both succeed and the credit ends matched', async () => {
    for (let i = 0; i < 5; i++) {
      const reference = ref('CC');
      const tx = await w.payment(w.acc.transat, reference, '10.00');
      const [edited, booked] = await Promise.all([
        w.admin2.post(`/transactions/${tx}`, {
          multipart: {
            _method: 'PUT',
            account_id: String(w.acc.transat),
            transaction_type: 'credit',
            currency_id: String(w.cur.CAD),
            amount: '10.00',
            reference_number: reference,
            status: 'completed',
            description: `Edited ${i}`,
          },
        }),
        w.admin.post('/bookings', {
          json: {
            booking_reference: reference,
            supplier_id: w.transat,
            booking_date: '2026-03-01',
            customer_name: 'Jean Client',
            booking_amount: '10.00',
            status: 'confirmed',
            primary_agent_id: w.pat.agentId,
          },
        }),
      ]);
      expect([edited.statusCode, booked.statusCode], `${edited.body} ${booked.body}`).toEqual([200, 200]);
      const [row] = await w.q(`select matches_booking from transactions where id = $1`, [tx]);
      expect(row!.matches_booking).toBe(true);
    }
  });
});
