import { PAYOUT_MESSAGES } from '@app/domain';
import type { QueryResultRow } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '../../clock';
import { auditRows, type TestClient } from '../../test/test-app';
import {
  buildWorld,
  counts,
  createBooking,
  expectRecordTotalsMatchItems,
  paidBooking,
  ref,
  supplierPayment,
  type World,
} from './payouts.testing';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

const pay = (id: number | string, payout_amount: unknown, description = '') =>
  w.admin.post(`/bookings/${id}/process-payout`, { json: { payout_amount, description, is_partial: false } });

const lines = (bookingId: number) =>
  w.q(
    `select id, agent_id, amount::text, gst_amount::text, paid_amount::text, status, payment_date
       from actual_commissions where booking_id = $1 order by agent_id`,
    [bookingId],
  );
const items = (bookingId: number) =>
  w.q(
    `select i.agent_id, i.gross_portion::text, i.percentage::text, i.commission::text, i.gst::text, i.total::text,
            i.payout_id, t.account_id, t.transaction_type, t.amount::text as tx_amount, t.currency_id, t.status,
            t.reference_number, t.description, t.payout_id as tx_payout
       from payout_items i left join transactions t on t.id = i.transaction_id
      where i.booking_id = $1 order by i.id`,
    [bookingId],
  );
const booking = async (id: number) =>
  (
    await w.q(
      `select status, paid_amount::text, remaining_amount::text, booking_amount::text, transaction_match_status
         from bookings where id = $1`,
      [id],
    )
  )[0]!;

/** A refused payout: 422 with this message, and nothing written. */
async function expectRefused(id: number, amount: unknown, message: string) {
  const before = await counts(w);
  const res = await pay(id, amount);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().message).toBe(message);
  expect(await counts(w)).toEqual(before);
}

describe('payout info', () => {
  it('previews a whole payout: available amount, what each agent gets, can_payout', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00' }, w.acc.sunwing);
    const res = await w.admin.get(`/bookings/${b.id}/payout-info`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Payout information retrieved successfully',
      booking: {
        id: b.id,
        reference: b.reference,
        supplier: 'Sunwing',
        currency: { code: 'CAD', symbol: expect.any(String) },
        status: 'confirmed',
        booking_amount: 1000,
        expected_commission: 125,
        paid_amount: 0,
        remaining_amount: 1000,
        is_reconciled: false,
      },
      payout: {
        available_amount: 1000,
        commission_breakdown: [
          { agent_id: w.ana, agent_name: 'Ana Agent', percentage: 12.5, amount: 125, gst_amount: 6.25, total: 131.25 },
        ],
        agents_without_accounts: [],
        lines: [
          {
            id: expect.any(Number),
            agent_id: w.ana,
            agent_name: 'Ana Agent',
            percentage: 12.5,
            amount: 125,
            paid_amount: 0,
            has_gst: true,
          },
        ],
        can_payout: true,
        reason: null,
        // The name the record gets when the modal's description is left empty.
        default_description: `Payout ${b.reference} · Ana Agent · ${todayUtc()}`,
      },
    });
  });

  it('says why a booking without a matched transaction cannot be paid, and which agents have no account', async () => {
    const b = await createBooking(w, { agent: w.otto, supplier: w.sunwing, amount: '80.00' });
    const res = (await w.admin.get(`/bookings/${b.id}/payout-info`)).json();
    expect(res.payout).toMatchObject({
      available_amount: 0,
      can_payout: false,
      reason: 'The booking cannot be paid out while its transaction status is no transaction.',
      agents_without_accounts: [{ agent_id: w.otto, agent_name: 'Otto Other' }],
    });
    expect(res.payout.commission_breakdown).toEqual([
      { agent_id: w.otto, agent_name: 'Otto Other', percentage: 12.5, amount: 0, gst_amount: 0, total: 0 },
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await w.admin.get('/bookings/999999/payout-info')).statusCode).toBe(404);
    expect((await w.admin.get('/bookings/abc/payout-info')).statusCode).toBe(404);
  });
});

describe('a single payout', () => {
  it('pays the whole booking: items, debits on the agent account in its currency, lines paid, completed', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00' }, w.acc.sunwing);
    const res = await pay(b.id, '1000.00');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: 'Payout processed successfully',
      is_partial: false,
      paid_amount: 1000,
      remaining_amount: 0,
      payout_id: expect.any(Number),
    });
    expect(await items(b.id)).toEqual([
      {
        agent_id: w.ana,
        gross_portion: '1000.00',
        percentage: '12.5000',
        commission: '125.00',
        gst: '6.25',
        total: '131.25',
        payout_id: body.payout_id,
        account_id: w.acc.anaCad,
        transaction_type: 'debit',
        tx_amount: '131.25',
        currency_id: w.cur.CAD,
        status: 'completed',
        reference_number: b.reference,
        description: `Payout ${b.reference} · Ana Agent · ${todayUtc()}`,
        tx_payout: body.payout_id,
      },
    ]);
    expect(await lines(b.id)).toEqual([
      expect.objectContaining({
        amount: '125.00',
        gst_amount: '6.25',
        paid_amount: '125.00',
        status: 'paid',
        payment_date: todayUtc(),
      }),
    ]);
    expect(await booking(b.id)).toMatchObject({
      status: 'completed',
      paid_amount: '1000.00',
      remaining_amount: '0.00',
    });
    const [record] = await w.q(
      `select name, kind, total_amount::text, currency_id, payout_date, created_by_user_id from payouts where id = $1`,
      [body.payout_id],
    );
    expect(record).toEqual({
      name: `Payout ${b.reference} · Ana Agent · ${todayUtc()}`,
      kind: 'single',
      total_amount: '131.25',
      currency_id: w.cur.CAD,
      payout_date: todayUtc(),
      created_by_user_id: w.admin.userId,
    });
    const audit = (await auditRows(w.t.db, 'booking')).filter(
      (a) => a.action === 'payout' && a.entity_id === String(b.id),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      user_id: w.admin.userId,
      before: { paid_amount: '0.00', status: 'confirmed' },
      after: {
        paid_amount: '1000.00',
        status: 'completed',
        payout_id: body.payout_id,
        items: [expect.objectContaining({ agent_id: w.ana, commission: '125.00', gst: '6.25', total: '131.25' })],
      },
    });

    // The records list and the record with its items.
    const list = (await w.admin.get('/api/payouts')).json();
    expect(list.payouts[0]).toMatchObject({
      id: body.payout_id,
      name: `Payout ${b.reference} · Ana Agent · ${todayUtc()}`,
      total_amount: 131.25,
      currency_code: 'CAD',
      kind: 'single',
      booking_count: 1,
      item_count: 1,
    });
    const detail = (await w.admin.get(`/api/payouts/${body.payout_id}`)).json();
    expect(detail.items).toEqual([
      {
        id: expect.any(Number),
        booking_id: b.id,
        booking_reference: b.reference,
        booking_date: '2026-03-01',
        supplier_name: 'Sunwing',
        agent_id: w.ana,
        agent_name: 'Ana Agent',
        gross_portion: 1000,
        percentage: 12.5,
        commission: 125,
        gst: 6.25,
        total: 131.25,
      },
    ]);
    expect((await w.admin.get('/api/payouts/999999')).statusCode).toBe(404);
    await expectRecordTotalsMatchItems(w);
  });

  it('pays a sub-agent booking in two parts: every line and the GST exact in the end', async () => {
    // Sam books Transat through Pat: r = 70%, split 40% → Sam 28% (93.33), Pat 42% (140.00, GST 7.00).
    const b = await paidBooking(w, { agent: w.sam, supplier: w.transat, amount: '333.33' }, w.acc.transat);
    const first = await pay(b.id, '100.00', 'March, first part');
    expect(first.json()).toMatchObject({ is_partial: true, paid_amount: 100, remaining_amount: 233.33 });
    expect(await booking(b.id)).toMatchObject({ status: 'partial', paid_amount: '100.00' });
    const part1 = await items(b.id);
    const row = (i: QueryResultRow) => [i.agent_id, i.percentage, i.commission, i.gst, i.total, i.account_id];
    const byId = (a: unknown[], b: unknown[]) => (a[0] as number) - (b[0] as number);
    expect(part1.map(row).sort(byId)).toEqual(
      [
        [w.pat, '42.0000', '42.00', '2.10', '44.10', w.acc.pat],
        [w.sam, '28.0000', '28.00', '0.00', '28.00', w.acc.sam],
      ].sort(byId),
    );
    expect(part1.every((i) => i.description === 'March, first part')).toBe(true);
    expect((await lines(b.id)).map((l) => l.status)).toEqual(['confirmed', 'confirmed']);

    // The second payment of the booking is named as such (the first took the description given), after
    // the booking's agent: Pat, whom Sam booked through.
    const secondName = `Payout ${b.reference} · Pat Parent · ${todayUtc()} · payment 2`;
    const info = (await w.admin.get(`/bookings/${b.id}/payout-info`)).json();
    expect(info.payout.default_description).toBe(secondName);
    const rest = await pay(b.id, '233.33');
    expect(rest.json()).toMatchObject({ is_partial: false, paid_amount: 333.33, remaining_amount: 0 });
    const names = await w.q(`select name from payouts where id = any($1::int[]) order by id`, [
      [first.json().payout_id, rest.json().payout_id],
    ]);
    expect(names.map((r) => r.name)).toEqual(['March, first part', secondName]);
    const all = await items(b.id);
    const byAgent = (agent: number, col: 'commission' | 'gst') =>
      all.filter((i) => i.agent_id === agent).map((i) => i[col]);
    expect(byAgent(w.pat, 'commission')).toEqual(['42.00', '98.00']);
    expect(byAgent(w.pat, 'gst')).toEqual(['2.10', '4.90']);
    expect(byAgent(w.sam, 'commission')).toEqual(['28.00', '65.33']);
    expect(await lines(b.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          agent_id: w.pat,
          amount: '140.00',
          gst_amount: '7.00',
          paid_amount: '140.00',
          status: 'paid',
        }),
        expect.objectContaining({ agent_id: w.sam, amount: '93.33', paid_amount: '93.33', status: 'paid' }),
      ]),
    );
    expect(await booking(b.id)).toMatchObject({ status: 'completed', paid_amount: '333.33', remaining_amount: '0.00' });
    await expectRecordTotalsMatchItems(w);
  });

  it('claws back a refund: negative items and credits to the agent account', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '-200.00' }, w.acc.sunwing);
    const info = (await w.admin.get(`/bookings/${b.id}/payout-info`)).json();
    expect(info.payout).toMatchObject({ available_amount: -200, can_payout: true });
    await expectRefused(b.id, '50.00', PAYOUT_MESSAGES.refundNotNegative);
    await expectRefused(b.id, '-200.01', 'Payout amount cannot exceed the maximum available amount (-200.00)');
    const res = await pay(b.id, '-200.00');
    expect(res.json()).toMatchObject({ is_partial: false, paid_amount: -200, remaining_amount: 0 });
    expect(await items(b.id)).toEqual([
      expect.objectContaining({
        commission: '-25.00',
        gst: '-1.25',
        total: '-26.25',
        account_id: w.acc.anaCad,
        transaction_type: 'credit',
        tx_amount: '26.25',
      }),
    ]);
    expect(await lines(b.id)).toEqual([expect.objectContaining({ paid_amount: '-25.00', status: 'paid' })]);
    expect(
      (await w.q(`select total_amount::text from payouts where id = $1`, [res.json().payout_id]))[0]!.total_amount,
    ).toBe('-26.25');
  });

  it.each([
    ['above the available amount', '600.01', 'Payout amount cannot exceed the maximum available amount (600.00)'],
    ['zero', '0', 'Payout amount must be greater than zero'],
    ['negative on a positive booking', '-10.00', 'Payout amount must be greater than zero'],
  ])('refuses an amount %s and writes nothing', async (_name, amount, message) => {
    const b = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00' });
    await supplierPayment(w, w.acc.sunwing, b.reference, '600.00', { partial: true });
    expect((await booking(b.id)).transaction_match_status).toBe('partial');
    await expectRefused(b.id, amount, message);
  });

  it('refuses three decimals with the field message', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' }, w.acc.sunwing);
    const before = await counts(w);
    const res = await pay(b.id, '1.005');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.payout_amount).toEqual(['The payout amount must be a number with at most 2 decimals.']);
    expect(await counts(w)).toEqual(before);
  });

  it('refuses a booking cancelled, completed or deleted meanwhile', async () => {
    const cancelled = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' }, w.acc.sunwing);
    expect(
      (await w.admin.post(`/bookings/${cancelled.id}/cancel`, { json: { cancellation_note: 'x' } })).statusCode,
    ).toBe(200);
    await expectRefused(cancelled.id, '10.00', 'A cancelled booking cannot be paid out.');

    // Completed comes only from a payout (DOMAIN.md invariant 1): the edit form cannot set it.
    const completed = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' }, w.acc.sunwing);
    const put = await w.admin.post(`/bookings/${completed.id}`, {
      json: {
        _method: 'PUT',
        booking_reference: completed.reference,
        supplier_id: w.sunwing,
        booking_date: '2026-03-01',
        customer_name: 'Jean Client',
        booking_amount: '10.00',
        status: 'completed',
        primary_agent_id: w.ana,
      },
    });
    expect(put.statusCode, put.body).toBe(422);
    expect(put.json().errors.status).toEqual([
      'The status can be set to pending or confirmed only: partial and completed come from payouts.',
    ]);
    expect((await pay(completed.id, '10.00')).statusCode).toBe(200);
    await expectRefused(completed.id, '10.00', 'Payout amount cannot exceed the maximum available amount (0.00)');

    const deleted = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' });
    expect((await w.admin.post(`/bookings/${deleted.id}`, { json: { _method: 'DELETE' } })).statusCode).toBe(200);
    const before = await counts(w);
    expect((await pay(deleted.id, '10.00')).statusCode).toBe(404);
    expect(await counts(w)).toEqual(before);
  });

  it('refuses when an agent has no account, or its account was deleted meanwhile', async () => {
    const noAccount = await paidBooking(w, { agent: w.otto, supplier: w.sunwing, amount: '40.00' }, w.acc.sunwing);
    await expectRefused(noAccount.id, '40.00', "Cannot process payout: Some agents don't have accounts");

    const res = await w.admin.post('/accounts', {
      json: { name: 'Otto CAD', accountable_type: 'agent', accountable_id: w.otto, currency_id: w.cur.CAD },
    });
    const ottoAcc = res.json().data.id;
    expect((await w.admin.get(`/bookings/${noAccount.id}/payout-info`)).json().payout.agents_without_accounts).toEqual(
      [],
    );
    expect((await w.admin.post(`/accounts/${ottoAcc}`, { json: { _method: 'DELETE' } })).statusCode).toBe(200);
    await expectRefused(noAccount.id, '40.00', "Cannot process payout: Some agents don't have accounts");
    // An account in another currency does not count either.
    await w.admin.post('/accounts', {
      json: { name: 'Otto GBP', accountable_type: 'agent', accountable_id: w.otto, currency_id: w.cur.GBP },
    });
    await expectRefused(noAccount.id, '40.00', "Cannot process payout: Some agents don't have accounts");
  });

  it('refuses a booking whose transactions do not match', async () => {
    const b = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '100.00' });
    await supplierPayment(w, w.acc.sunwing, b.reference, '90.00');
    await expectRefused(b.id, '90.00', 'The booking cannot be paid out while its transaction status is mismatch.');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await pay(999999, '10.00')).statusCode).toBe(404);
    expect((await pay('abc', '10.00')).statusCode).toBe(404);
  });

  it('pays once when ten payouts of the same booking arrive at the same moment', async () => {
    const b = await paidBooking(w, { agent: w.sam, supplier: w.transat, amount: '500.00' }, w.acc.transat);
    const before = await counts(w);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(b.id, '500.00')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(422)]);
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json().message).toBe('Payout amount cannot exceed the maximum available amount (0.00)');
    expect(await items(b.id)).toHaveLength(2); // one set: Pat and Sam
    const after = await counts(w);
    expect(after.payouts).toBe(before.payouts + 1);
    expect(after.transactions).toBe(before.transactions + 2);
    expect(await booking(b.id)).toMatchObject({ status: 'completed', paid_amount: '500.00' });
    await expectRecordTotalsMatchItems(w);
  });

  it('keeps the debits a payout wrote out of the transaction screens: no edit, no status change', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '200.00' }, w.acc.sunwing);
    expect((await pay(b.id, '200.00')).statusCode).toBe(200);
    const [debit] = await w.q(
      `select t.id, t.account_id, t.currency_id, t.amount::text as amount, t.reference_number, t.status, t.payout_id
         from transactions t join payout_items i on i.transaction_id = t.id where i.booking_id = $1`,
      [b.id],
    );
    const before = await counts(w);
    const edit = await w.admin.post(`/transactions/${debit!.id}`, {
      form: {
        _method: 'PUT',
        account_id: String(debit!.account_id),
        transaction_type: 'debit',
        currency_id: String(debit!.currency_id),
        amount: '1.00',
        reference_number: String(debit!.reference_number),
        status: 'completed',
      },
    });
    expect(edit.statusCode, edit.body).toBe(422);
    expect(edit.json().errors.transaction).toEqual([
      `This transaction was written by payout #${debit!.payout_id} and cannot be changed here.`,
    ]);
    const bulk = await w.admin.post('/transactions-bulk-update', {
      json: { transaction_ids: [debit!.id], status: 'failed' },
    });
    expect(bulk.statusCode, bulk.body).toBe(422);
    expect(await counts(w)).toEqual(before);
    const [after] = await w.q(`select amount::text as amount, status from transactions where id = $1`, [debit!.id]);
    expect(after).toEqual({ amount: debit!.amount, status: 'completed' });
  });

  it('keeps items immutable in the database', async () => {
    await expect(w.q(`update payout_items set total = total + 1`)).rejects.toThrow(/immutable/);
    await expect(w.q(`delete from payout_items`)).rejects.toThrow(/immutable/);
    // A payout's date and currency too (Past counts each booking by its previous payout day: 0029); its
    // total still grows with its items.
    const [p] = await w.q(`select id, payout_date::text as day, total_amount::text as total from payouts limit 1`);
    expect(p).toBeDefined();
    await expect(w.q(`update payouts set payout_date = payout_date - 1 where id = $1`, [p!.id])).rejects.toThrow(
      /never changed/,
    );
    await expect(w.q(`update payouts set currency_id = currency_id + 1 where id = $1`, [p!.id])).rejects.toThrow(
      /never changed/,
    );
    await w.q(`update payouts set payout_date = payout_date, name = name where id = $1`, [p!.id]);
    const [after] = await w.q(
      `select payout_date::text as day, total_amount::text as total from payouts where id = $1`,
      [p!.id],
    );
    expect(after).toEqual({ day: p!.day, total: p!.total });
  });
});

describe('who may use the payout routes', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/bookings/1/payout-info', undefined],
    ['POST', '/bookings/1/process-payout', { payout_amount: '1.00' }],
    ['GET', '/api/payouts', undefined],
    ['GET', '/api/payouts/1', undefined],
    ['POST', '/bulk-payouts/search', {}],
    ['POST', '/bulk-payouts/process', { payouts: [{ booking_id: 1, payout_amount: '1.00' }] }],
    ['POST', '/bulk-payouts/reconcile', { bookings: [{ booking_id: 1 }] }],
  ];

  it.each(routes)('%s %s: agent 403, anonymous 401, no CSRF 419', async (method, url, body) => {
    const before = await counts(w);
    const send = (c: TestClient, opts = {}) =>
      method === 'GET' ? c.get(url, opts) : c.post(url, { json: body }, opts);
    expect((await send(w.agent)).statusCode).toBe(403);
    const anonymous = w.t.client();
    await anonymous.session();
    expect((await send(anonymous)).statusCode).toBe(401);
    if (method === 'POST') expect((await send(w.admin, { csrf: false })).statusCode).toBe(419);
    expect(await counts(w)).toEqual(before);
  });
});

describe('the payout records list', () => {
  const listed = async (ids: readonly number[]) => {
    const all = (await w.admin.get('/api/payouts?per_page=100')).json().payouts as {
      id: number;
      name: string;
      payout_date: string;
    }[];
    return all.filter((p) => ids.includes(p.id)).map((p) => [p.id, p.payout_date, p.name]);
  };

  it('runs newest first by payout date, then by id: a back-dated bulk payout goes below later-dated ones', async () => {
    const today = todayUtc();
    const early = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '100.00' }, w.acc.sunwing);
    const first = (await pay(early.id, '100.00')).json().payout_id as number;
    const old = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '100.00' }, w.acc.sunwing);
    const backDated = await w.admin.post('/bulk-payouts/process', {
      json: { payouts: [{ booking_id: old.id, payout_amount: '100.00' }], description: '', payout_date: '2026-01-15' },
    });
    expect(backDated.json().results[0]).toMatchObject({ status: 'success' });
    const bulk = (await w.q(`select payout_id from payout_items where booking_id = $1`, [old.id]))[0]!
      .payout_id as number;
    const late = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '100.00' }, w.acc.sunwing);
    const last = (await pay(late.id, '100.00')).json().payout_id as number;
    expect(await listed([first, bulk, last])).toEqual([
      [last, today, `Payout ${late.reference} · Ana Agent · ${today}`],
      [first, today, `Payout ${early.reference} · Ana Agent · ${today}`],
      [bulk, '2026-01-15', 'Bookings bulk payout'],
    ]);
  });

  it('names two single payouts of one booking reference apart by their agent', async () => {
    // Two suppliers' bookings may share a reference; each payout names the booking's agent.
    const reference = ref('AC');
    const ana = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '50.00', reference });
    await supplierPayment(w, w.acc.sunwing, reference, '50.00');
    const pat = await createBooking(w, { agent: w.pat, supplier: w.transat, amount: '50.00', reference });
    await supplierPayment(w, w.acc.transat, reference, '50.00');
    const a = (await pay(ana.id, '50.00')).json().payout_id as number;
    const p = (await pay(pat.id, '50.00')).json().payout_id as number;
    const names = (await listed([a, p])).map(([, , name]) => name);
    expect(names).toEqual([
      `Payout ${reference} · Pat Parent · ${todayUtc()}`,
      `Payout ${reference} · Ana Agent · ${todayUtc()}`,
    ]);
  });

  it('keeps a description given for a single payout as its name', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' }, w.acc.sunwing);
    const id = (await pay(b.id, '10.00', 'November commission')).json().payout_id as number;
    expect((await listed([id]))[0]![2]).toBe('November commission');
  });
});
