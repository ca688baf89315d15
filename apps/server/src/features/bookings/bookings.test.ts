import { BOOKING_REFERENCE_MESSAGE } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { backfillMatchStatuses, refreshMatchStatusesForReferences } from '../transactions';
import { auditRows, type TestApp, type TestClient } from '../../test/test-app';
import { createPayment } from '../../test/factories';
import { bookingsTestWorld } from './bookings.testing';

let t: TestApp;
let admin: TestClient;
let agent: TestClient & { agentId: number | null; userId: number };
let other: TestClient & { agentId: number | null };
let sub: TestClient & { agentId: number | null };
let parentId: number;
let sunwing: number; // CAD, format SW0000000, tier rule 12.5
let transat: number; // CAD, no rules: nobody has a rate

let cad: number;
let swAcc: number; // Sunwing CAD
let tsAcc: number; // Transat CAD

beforeAll(async () => {
  // The bookings world (Sunwing's format, a 60% split) with its suppliers' accounts.
  const w = await bookingsTestWorld({ supplierAccounts: true });
  ({ t, admin, sunwing, transat, ana: agent, otto: other, sam: sub } = w);
  parentId = w.agent.pat;
  cad = w.cur.CAD!;
  ({ sunwing: swAcc, transat: tsAcc } = w.account);
});

const form = (over: Record<string, unknown> = {}) => ({
  booking_reference: 'SW1234567',
  supplier_id: sunwing,
  booking_date: '2026-03-01',
  customer_name: 'Jean Client',
  booking_amount: '333.33',
  status: 'pending',
  ...over,
});

describe('creating bookings', () => {
  it('stores an agent booking as pending with its commission from the engine', async () => {
    const res = await agent.post('/bookings', { json: form() });
    expect(res.statusCode).toBe(200);
    const b = res.json().data;
    expect(res.json().message).toBe('Booking created successfully');
    expect(b).toMatchObject({
      status: 'pending',
      booking_amount: 333.33,
      expected_commission: 41.67,
      primary_agent_id: agent.agentId,
      commission_percentage: 12.5,
      rate_source: 'tier_rule',
    });
    expect(b.actual_commissions).toEqual([
      expect.objectContaining({
        agent_id: agent.agentId,
        amount: 41.67,
        gst_amount: 0,
        total_with_gst: 41.67,
        status: 'pending',
        role: 'primary',
      }),
    ]);
    expect(b.supplier).toMatchObject({ name: 'Sunwing', currency_symbol: 'C$', currency: { code: 'CAD' } });
    expect((await auditRows(t.db, 'booking')).at(-1)).toMatchObject({ action: 'create', entity_id: String(b.id) });
  });

  it('registers a sub-agent booking under the parent and splits the commission', async () => {
    const res = await sub.post('/bookings', {
      multipart: { ...strings(form({ supplier_id: transat, booking_reference: 'TR-1', booking_amount: '100.00' })) },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json().data;
    expect(b).toMatchObject({
      primary_agent_id: parentId,
      sub_agent_id: sub.agentId,
      is_sub_agent: true,
      expected_commission: 70,
      split_percentage: 60,
    });
    const lines = (booking: { actual_commissions: { agent_id: number; amount: number; role: string }[] }) =>
      booking.actual_commissions.map((l) => [l.agent_id, l.role, l.amount]);
    // The sub-agent reads his own line; the admin both (bookings-visibility.test.ts).
    expect(lines(b)).toEqual([[sub.agentId, 'sub_agent', 42]]);
    expect(lines((await admin.get(`/bookings/${b.id}`)).json().data)).toEqual([
      [sub.agentId, 'sub_agent', 42],
      [parentId, 'parent', 28],
    ]);
    // The sub-agent sees it in the list; the parent too.
    expect((await sub.get('/bookings')).json().data.map((r: { id: number }) => r.id)).toContain(b.id);
  });

  it('lets an admin choose the agent and status and record a refund', async () => {
    const res = await admin.post('/bookings', {
      json: form({
        booking_reference: 'SW7654321',
        booking_amount: '-100.00',
        status: 'confirmed',
        primary_agent_id: agent.agentId,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'confirmed', booking_amount: -100, expected_commission: -12.5 });
    expect(res.json().data.actual_commissions[0]).toMatchObject({ amount: -12.5, status: 'confirmed' });
  });

  it.each([
    ['a lowercase reference', { booking_reference: 'sw1234567' }, 'booking_reference', BOOKING_REFERENCE_MESSAGE],
    [
      'a reference off the supplier format',
      { booking_reference: 'SW12-4567' },
      'booking_reference',
      'Format should match: SW0000000',
    ],
    [
      'a reference of the wrong shape',
      { booking_reference: 'SW12345' },
      'booking_reference',
      'Format should match: SW0000000',
    ],
    [
      'an amount with a decimal comma',
      { booking_amount: '12,34' },
      'booking_amount',
      'The booking amount must be a number with at most 2 decimals.',
    ],
    [
      'an amount of 1e309',
      { booking_amount: '1e309' },
      'booking_amount',
      'The booking amount must be a number with at most 2 decimals.',
    ],
    [
      'a date that does not exist',
      { booking_date: '2024-13-01' },
      'booking_date',
      'The booking date is not a valid date (YYYY-MM-DD).',
    ],
    [
      'a negative amount from an agent',
      { booking_amount: '-5.00' },
      'booking_amount',
      'The booking amount field must be at least 0.',
    ],
    ['a supplier the agent cannot book', { supplier_id: transat, booking_reference: 'TR-9' }, 'supplier_id', null],
    [
      'a group that does not exist',
      { is_group_booking: '1', booking_group_id: '999999' },
      'booking_group_id',
      'The selected booking group is invalid.',
    ],
    ['a missing customer name', { customer_name: ' ' }, 'customer_name', 'The customer name field is required.'],
  ])('refuses %s with a field error and writes nothing', async (_name, over, field, message) => {
    const before = await t.count('bookings');
    const res = await agent.post('/bookings', { json: form(over) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toHaveLength(1);
    if (message) expect(res.json().errors[field][0]).toBe(message);
    expect(await t.count('bookings')).toBe(before);
  });

  it('creates a new group from text and reuses an existing one by id', async () => {
    const created = await agent.post('/bookings', {
      json: form({
        booking_reference: 'SW1111111',
        is_group_booking: true,
        booking_group_id: 'Group 2026-03-01-101010',
      }),
    });
    const groupId = created.json().data.booking_group.id;
    expect(created.json().data.booking_group.name).toBe('Group 2026-03-01-101010');
    const again = await agent.post('/bookings', {
      json: form({ booking_reference: 'SW2222222', is_group_booking: true, booking_group_id: groupId }),
    });
    expect(again.json().data.booking_group.id).toBe(groupId);
    // Another agent cannot attach to it.
    const stranger = await other.post('/bookings', {
      json: form({ booking_reference: 'SW3333333', is_group_booking: true, booking_group_id: groupId }),
    });
    expect(stranger.statusCode).toBe(422);
  });

  it('refuses a receipt over 5 MB and one that is not an image or PDF', async () => {
    const big = await agent.post('/bookings', {
      multipart: {
        ...strings(form({ booking_reference: 'SW4444444' })),
        booking_receipt: {
          filename: 'r.pdf',
          contentType: 'application/pdf',
          data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024)]),
        },
      },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File size should not exceed 5MB');
    const exe = await agent.post('/bookings', {
      multipart: {
        ...strings(form({ booking_reference: 'SW4444444' })),
        booking_receipt: {
          filename: 'receipt.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('MZ\x90\x00 not a pdf'),
        },
      },
    });
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.booking_receipt).toEqual(['The booking receipt must be a JPEG, PNG or PDF file.']);
    const ok = await agent.post('/bookings', {
      multipart: {
        ...strings(form({ booking_reference: 'SW4444444' })),
        booking_receipt: {
          filename: 'receipt.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n%%EOF'),
        },
      },
    });
    expect(ok.statusCode).toBe(200);
    const receipt = await agent.get(`/bookings/${ok.json().data.id}/receipt`);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect((await other.get(`/bookings/${ok.json().data.id}/receipt`)).statusCode).toBe(404);
  });
});

describe('editing', () => {
  it("refuses another agent's booking and keeps an agent's status", async () => {
    const mine = (await agent.post('/bookings', { json: form({ booking_reference: 'SW5555555' }) })).json().data;
    const res = await other.post(`/bookings/${mine.id}`, {
      json: { _method: 'PUT', ...form({ booking_reference: 'SW5555555', customer_name: 'Hijack' }) },
    });
    // As its read does: another agent's booking does not exist for this agent (a 403 would tell it does).
    expect(res.statusCode).toBe(404);
    await t.q(`update bookings set status = 'confirmed' where id = $1`, [mine.id]);
    const edit = await agent.post(`/bookings/${mine.id}`, {
      json: {
        _method: 'PUT',
        ...form({ booking_reference: 'SW5555555', booking_amount: '200.00', status: 'confirmed' }),
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      status: 'confirmed',
      expected_commission: 25,
      customer_name: 'Jean Client',
    });
    expect(edit.json().data.actual_commissions[0]).toMatchObject({ amount: 25, status: 'confirmed' });
  });
});

describe('the list', () => {
  it('filters, sorts and pages in SQL and scopes agents to their own bookings', async () => {
    const all = (await admin.get('/bookings?per_page=10&sort=booking_amount&direction=asc')).json();
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.per_page).toBe(10);
    expect(all.from).toBe(1);
    const amounts = all.data.map((b: { booking_amount: number }) => b.booking_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(all.data[0].actions).toMatchObject({ transactions_link: true });

    const mine = (await other.get('/bookings')).json();
    expect(mine.data.every((b: { primary_agent_id: number }) => b.primary_agent_id === other.agentId)).toBe(true);

    const searched = (await admin.get('/bookings?search=sw55')).json();
    expect(searched.data.map((b: { booking_reference: string }) => b.booking_reference)).toEqual(['SW5555555']);
    const filtered = (await admin.get(`/bookings?supplier_id=${transat}&status=pending`)).json();
    expect(filtered.data.map((b: { booking_reference: string }) => b.booking_reference)).toEqual(['TR-1']);
    const page2 = (await admin.get('/bookings?per_page=10&page=2')).json();
    expect(page2.data).toEqual([]);
    expect(page2.from).toBeNull();
    // Bad filter values fall back to defaults instead of failing the page.
    expect((await admin.get('/bookings?per_page=7&sort=password')).json()).toMatchObject({ per_page: 10 });
  });
});

describe('the search', () => {
  it('pages and counts its matches in one statement, in the order of every sort column', async () => {
    // 23 matches (three pages of 10) with ties on every sort column but the id, some on the reference.
    const names = ['Quillfeather, Ann', 'Quillfeather, Bob', 'Ann Quillfeather', 'Zoe Quillfeather'];
    const made: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await agent.post('/bookings', {
        json: form({
          booking_reference: i === 23 ? 'SW7770999' : `SW77700${String(i).padStart(2, '0')}`,
          customer_name: i === 23 ? 'Somebody Else' : i % 7 === 6 ? 'Quill Feather' : names[i % 4],
          booking_amount: ['120.00', '75.50', '980.00'][i % 3],
          booking_date: `2026-02-0${1 + (i % 5)}`,
        }),
      });
      expect(res.statusCode).toBe(200);
      made.push(res.json().data.id);
    }
    // 'Quill Feather' (3 of them) matches on the reference only: searched by 'SW777000' below.
    const everything = async (query: string) => {
      const out: { id: number; customer_name: string; booking_reference: string }[] = [];
      for (let page = 1; ; page++) {
        const body = (await admin.get(`/bookings?${query}&per_page=100&page=${page}`)).json();
        out.push(...body.data);
        if (page >= body.last_page) return { rows: out, total: body.total as number };
      }
    };
    for (const sort of [
      'booking_date',
      'booking_reference',
      'customer_name',
      'booking_amount',
      'expected_commission',
    ]) {
      for (const direction of ['asc', 'desc']) {
        // The unsearched list's order (two statements, no search) is the order the search must give.
        const listed = await everything(`sort=${sort}&direction=${direction}`);
        const expected = listed.rows
          .filter((r) => /quillf/i.test(r.customer_name) || /sw77700/i.test(r.booking_reference))
          .map((r) => r.id);
        expect(expected).toHaveLength(23);
        const paged: number[] = [];
        for (let page = 1; page <= 3; page++) {
          const body = (
            await admin.get(
              `/bookings?search=${page === 2 ? 'sw77700' : 'SW77700'}&sort=${sort}&direction=${direction}&page=${page}`,
            )
          ).json();
          expect(body).toMatchObject({ total: 23, last_page: 3, current_page: page, per_page: 10 });
          paged.push(...body.data.map((r: { id: number }) => r.id));
        }
        expect(paged, `${sort} ${direction}`).toEqual(expected);
      }
    }
    // A term too short for the trigram indexes (two statements) finds the same rows as the list holds.
    const all = await everything('sort=booking_date');
    const short = await everything('search=R%2C&sort=booking_date');
    expect(short.rows.map((r) => r.id)).toEqual(
      all.rows.filter((r) => /r,/i.test(r.customer_name) || /r,/i.test(r.booking_reference)).map((r) => r.id),
    );
    expect(short.total).toBe(short.rows.length);
    expect(short.total).toBeGreaterThanOrEqual(10);
    // Past the last page: no rows, and still the exact total.
    const past = (await admin.get('/bookings?search=quillf&page=9')).json();
    expect(past).toMatchObject({ data: [], total: 20, from: null });
    expect((await admin.get('/bookings?search=no-such-name-anywhere')).json()).toMatchObject({ data: [], total: 0 });
    // An agent searches only their own bookings; another agent finds none of these.
    expect((await agent.get('/bookings?search=quillf')).json().total).toBe(20);
    expect((await other.get('/bookings?search=quillf')).json()).toMatchObject({ data: [], total: 0 });
    // With a filter beside it: the reference matches too.
    const one = (await admin.get('/bookings?search=7770004&status=pending')).json();
    expect(one.data.map((r: { id: number }) => r.id)).toEqual([made[4]]);
    expect(one.total).toBe(1);
  });
});

describe('cancel and delete', () => {
  it('cancels with a note and cancels the unpaid lines; cancel twice is refused', async () => {
    const b = (
      await admin.post('/bookings', { json: form({ booking_reference: 'SW6666666', primary_agent_id: agent.agentId }) })
    ).json().data;
    expect((await agent.post(`/bookings/${b.id}/cancel`, { json: { cancellation_note: 'no' } })).statusCode).toBe(403);
    const res = await admin.post(`/bookings/${b.id}/cancel`, { json: { cancellation_note: 'Client changed plans' } });
    expect(res.json().message).toBe('Booking cancelled successfully');
    const after = (await admin.get(`/bookings/${b.id}`)).json().data;
    expect(after).toMatchObject({ status: 'cancelled', cancellation_note: 'Client changed plans' });
    expect(after.actual_commissions.every((l: { status: string }) => l.status === 'cancelled')).toBe(true);
    expect((await admin.post(`/bookings/${b.id}/cancel`, { json: {} })).statusCode).toBe(409);
  });

  it('refuses to delete a completed booking and deletes an open one, audited', async () => {
    const b = (
      await admin.post('/bookings', { json: form({ booking_reference: 'SW7777777', primary_agent_id: agent.agentId }) })
    ).json().data;
    // As a payout in full leaves it (the database refuses a completed booking with nothing paid).
    await t.q(`update bookings set status = 'completed', paid_amount = booking_amount where id = $1`, [b.id]);
    const refused = await admin.post(`/bookings/${b.id}`, { form: { _method: 'DELETE' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A completed booking cannot be deleted.');
    await t.q(`update bookings set status = 'pending', paid_amount = 0 where id = $1`, [b.id]);
    expect((await agent.post(`/bookings/${b.id}`, { json: { _method: 'DELETE' } })).statusCode).toBe(403);
    const ok = await admin.post(`/bookings/${b.id}`, { json: { _method: 'DELETE' } });
    expect(ok.statusCode).toBe(200);
    expect((await admin.get(`/bookings/${b.id}`)).statusCode).toBe(404);
    expect((await auditRows(t.db, 'booking')).filter((r) => r.entity_id === String(b.id)).map((r) => r.action)).toEqual(
      ['create', 'delete'],
    );
  });
});

describe('checks', () => {
  it('reports a reference already used, and duplicates with a supplier to admins only', async () => {
    expect(
      (await agent.post('/api/check-booking-reference', { json: { booking_reference: 'sw1234567' } })).json(),
    ).toEqual({ exists: true, message: 'A booking with reference SW1234567 already exists.' });
    expect(
      (await agent.post('/api/check-booking-reference', { json: { booking_reference: 'NOPE-1' } })).json().exists,
    ).toBe(false);
    const dup = (
      await admin.post('/api/check-duplicate-booking-supplier', {
        json: { reference_number: 'SW1234567', supplier_id: sunwing },
      })
    ).json();
    expect(dup).toMatchObject({
      has_duplicate: true,
      bookings: [expect.objectContaining({ agent_name: 'Ana Agent', booking_amount: 333.33 })],
    });
    expect(
      (
        await agent.post('/api/check-duplicate-booking-supplier', {
          json: { reference_number: 'SW1234567', supplier_id: sunwing },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers transaction status for visible bookings only', async () => {
    const ids = (await admin.get('/bookings?per_page=100')).json().data.map((b: { id: number }) => b.id);
    const res = (await other.post('/bookings/transaction-status', { json: { booking_ids: ids } })).json();
    const mine = (await other.get('/bookings?per_page=100')).json().data.map((b: { id: number }) => String(b.id));
    expect(Object.keys(res).sort()).toEqual(mine.sort());
  });
});

function strings(o: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}

describe('a JSON number too large for a double', () => {
  it('is refused, not stored as infinity', async () => {
    const before = await t.count('bookings');
    const body = JSON.stringify(form({ booking_reference: 'SW8888888' })).replace('"333.33"', '1e309');
    const res = await agent.post('/bookings', { raw: body, contentType: 'application/json' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.booking_amount).toHaveLength(1);
    expect(await t.count('bookings')).toBe(before);
  });
});

describe('groups made from the booking form', () => {
  it("belong to the agent who made them, also for a sub-agent's booking under the parent", async () => {
    const res = await sub.post('/bookings', {
      json: form({
        supplier_id: transat,
        booking_reference: 'TR-GROUP-1',
        booking_amount: '50.00',
        is_group_booking: true,
        booking_group_id: 'Sam trip',
      }),
    });
    expect(res.statusCode).toBe(200);
    const groups = (await sub.get('/api/booking-groups')).json().data as { id: number; name: string }[];
    expect(groups.map((g) => g.name)).toContain('Sam trip');
  });
});

describe('the stored transaction status (list filter)', () => {
  const stored = async (...ids: number[]) =>
    (await t.q('select id, transaction_match_status as s from bookings where id = any($1)', [ids])).reduce<
      Record<number, string | null>
    >((m, r) => ({ ...m, [r.id]: r.s }), {});
  const book = async (reference: string, amount: string, over: Record<string, unknown> = {}) => {
    const res = await admin.post('/bookings', {
      json: form({ booking_reference: reference, booking_amount: amount, primary_agent_id: agent.agentId, ...over }),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };
  const pay = (reference: string, amount: string) =>
    createPayment(admin, { account: swAcc, currency: cad, reference, amount, partial: false });

  it('follows every write that can change it, in the same transaction', async () => {
    const a = await book('SW3000001', '100.00');
    const b = await book('SW3000002', '100.00');
    const c = await book('SW3000003', '100.00');
    expect(await stored(a, b, c)).toEqual({ [a]: 'no_transaction', [b]: 'no_transaction', [c]: 'no_transaction' });

    // A single transaction (reference trimmed and case-insensitive) → match; a second → multiple.
    const t1 = await pay('sw3000001', '100.00');
    expect(await stored(a, b)).toEqual({ [a]: 'match', [b]: 'no_transaction' });
    const t2 = await pay('SW3000001', '100.00');
    expect((await stored(a))[a]).toBe('multiple_transactions');

    // Bulk status to failed: neither matches any more.
    const bulk = await admin.post('/transactions-bulk-update', {
      json: { transaction_ids: [t1, t2], status: 'failed' },
    });
    expect(bulk.statusCode).toBe(200);
    expect((await stored(a))[a]).toBe('no_transaction');

    // Bulk entry: two partial payments of 40 and 30 for b → partial.
    const rows = await admin.post('/transactions/store-bulk', {
      json: {
        account_id: swAcc,
        transactions: [
          { reference_number: 'SW3000002', amount: '40.00', is_partial: true },
          { reference_number: 'sw3000002', amount: '30.00', is_partial: true },
        ],
      },
    });
    expect(rows.statusCode).toBe(200);
    expect((await stored(b))[b]).toBe('partial');

    // Editing a transaction: completed again → a matches; its reference moved to c → a loses it, c gains it.
    const edit = (reference: string) =>
      admin.post(`/transactions/${t1}`, {
        multipart: {
          _method: 'PUT',
          account_id: String(swAcc),
          transaction_type: 'credit',
          currency_id: String(cad),
          amount: '100.00',
          reference_number: reference,
          status: 'completed',
          is_partial: '0',
        },
      });
    expect((await edit('SW3000001')).statusCode).toBe(200);
    expect(await stored(a, c)).toEqual({ [a]: 'match', [c]: 'no_transaction' });
    expect((await edit('SW3000003')).statusCode).toBe(200);
    expect(await stored(a, c)).toEqual({ [a]: 'no_transaction', [c]: 'match' });

    // Editing the booking's amount: match → mismatch (net 100 against 120.00).
    const put = await admin.post(`/bookings/${c}`, {
      json: {
        _method: 'PUT',
        ...form({ booking_reference: 'SW3000003', booking_amount: '120.00', primary_agent_id: agent.agentId }),
      },
    });
    expect(put.statusCode).toBe(200);
    expect((await stored(c))[c]).toBe('mismatch');
    // Its reference: moved onto t2's (failed) reference → nothing matches; back → mismatch again.
    const move = (reference: string) =>
      admin.post(`/bookings/${c}`, {
        json: {
          _method: 'PUT',
          ...form({ booking_reference: reference, booking_amount: '120.00', primary_agent_id: agent.agentId }),
        },
      });
    expect((await move('SW3000009')).statusCode).toBe(200);
    expect((await stored(c))[c]).toBe('no_transaction');
    expect((await move('SW3000003')).statusCode).toBe(200);
    expect((await stored(c))[c]).toBe('mismatch');

    // Cancelling does not change it (the rule does not look at the booking status).
    expect((await admin.post(`/bookings/${c}/cancel`, { json: { cancellation_note: 'x' } })).statusCode).toBe(200);
    expect((await stored(c))[c]).toBe('mismatch');

    // A booking recorded after its payment matches at once.
    await pay('SW3000004', '55.55');
    const d = await book('SW3000004', '55.55');
    expect((await stored(d))[d]).toBe('match');
  });

  it("follows an account's owner: Transat's payment matches a Sunwing booking once the account is Sunwing's", async () => {
    const e = await book('SW3000005', '70.00');
    await t.q(
      `insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status)
       values ($1, 'credit', $2, 70.00, 'SW3000005', 'completed')`,
      [tsAcc, cad],
    );
    // Inserted behind the services' back: nothing refreshed it (the backfill test below recomputes all).
    expect((await stored(e))[e]).toBe('no_transaction');
    const owner = (supplier: number) =>
      admin.post(`/accounts/${tsAcc}`, {
        form: {
          _method: 'PUT',
          name: 'Transat CAD',
          accountable_type: 'supplier',
          accountable_id: String(supplier),
          currency_id: String(cad),
        },
      });
    expect((await owner(sunwing)).statusCode).toBe(200);
    expect((await stored(e))[e]).toBe('match');
    expect((await owner(transat)).statusCode).toBe(200);
    expect((await stored(e))[e]).toBe('no_transaction');
  });

  it('filters the list on it: exactly the bookings the matching rule gives that status', async () => {
    const all = (await admin.get('/bookings?per_page=100')).json();
    expect(all.total).toBeLessThanOrEqual(100);
    const ids = all.data.map((r: { id: number }) => r.id);
    const live = (await admin.post('/bookings/transaction-status', { json: { booking_ids: ids } })).json() as Record<
      string,
      { status: string }
    >;
    const seen = new Set<string>();
    for (const status of ['match', 'partial', 'mismatch', 'no_transaction', 'multiple_transactions']) {
      const listed = (await admin.get(`/bookings?per_page=100&transaction_status=${status}`)).json();
      const expected = ids.filter((id: number) => live[id]!.status === status).sort((x: number, y: number) => x - y);
      expect(listed.data.map((r: { id: number }) => r.id).sort((x: number, y: number) => x - y)).toEqual(expected);
      expect(listed.total).toBe(expected.length);
      if (expected.length) seen.add(status);
    }
    // The data above has every status but multiple_transactions (its transactions were set to failed).
    expect([...seen].sort()).toEqual(['match', 'mismatch', 'no_transaction', 'partial']);

    // With other filters and a sort, and scoped to an agent's own bookings.
    const matched = (
      await admin.get('/bookings?transaction_status=match&search=SW300&sort=booking_reference&direction=asc')
    ).json();
    expect(matched.data.map((r: { booking_reference: string }) => r.booking_reference)).toEqual(['SW3000004']);
    expect((await other.get('/bookings?transaction_status=match')).json().total).toBe(0);
    expect(
      (await agent.get('/bookings?transaction_status=match&search=SW300')).json().data.map((r: { id: number }) => r.id),
    ).toEqual(matched.data.map((r: { id: number }) => r.id));
    // An unknown value is ignored, like the other enum filters.
    expect((await admin.get('/bookings?per_page=100&transaction_status=paid')).json().total).toBe(all.total);
  });

  it('is recomputed by the backfill where it is missing, with the same values', async () => {
    const before = await t.q('select id, transaction_match_status as s from bookings order by id');
    expect(before.every((r) => r.s !== null)).toBe(true);
    await t.q('update bookings set transaction_match_status = null');
    // Small batches: the cursor walks bookings sharing one date across batches.
    expect(await backfillMatchStatuses(t.db, 3)).toBe(before.length);
    expect(await t.q('select id, transaction_match_status as s from bookings order by id')).toEqual(before);
    expect(await backfillMatchStatuses(t.db)).toBe(0);
  });

  it('refreshes 5,000 references of one account in one call', async () => {
    const references = Array.from({ length: 4998 }, (_, i) => `SW9${String(i).padStart(6, '0')}`);
    references.push(' sw3000003 ', 'SW3000004');
    await t.q(`update bookings set transaction_match_status = 'match' where booking_reference = 'SW3000003'`);
    // Set-based, whatever the machine's load: a handful of statements for 5,000 references, not one per
    // reference. The matching code sends its SQL through tx.execute, which is counted here.
    let statements = 0;
    const n = await t.db.transaction((tx) => {
      const counted = new Proxy(tx, {
        get: (target, key, receiver) =>
          key === 'execute'
            ? (...args: Parameters<typeof tx.execute>) => ((statements += 1), target.execute(...args))
            : Reflect.get(target, key, receiver),
      });
      return refreshMatchStatusesForReferences(counted, [{ accountId: swAcc, references }]);
    });
    expect(statements).toBeGreaterThan(2);
    expect(statements).toBeLessThan(20);
    expect(n).toBe(2);
    expect(
      (await t.q(`select transaction_match_status as s from bookings where booking_reference = 'SW3000003'`))[0].s,
    ).toBe('mismatch');
  });
});
