import { beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../test/test-app';
import {
  buildWorld,
  counts,
  createBooking,
  expectRecordTotalsMatchItems,
  paidBooking,
  supplierPayment,
  type World,
} from './payouts.testing';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

type Row = { booking_id: number; payout_amount: string } & Record<string, unknown>;
const bulk = (payouts: Row[], extra: Record<string, unknown> = {}) =>
  w.admin.post('/bulk-payouts/process', { json: { payouts, description: '', payout_date: null, ...extra } });
const search = (body: Record<string, unknown>) => w.admin.post('/bulk-payouts/search', { json: body });
const itemsOf = (bookingId: number) =>
  w.q(
    `select agent_id, percentage::text, commission::text, gst::text, total::text, payout_id
       from payout_items where booking_id = $1 order by agent_id, id`,
    [bookingId],
  );
const bookingRow = async (id: number) =>
  (
    await w.q(
      `select status, paid_amount::text, booking_amount::text, expected_commission::text, is_reconciled,
              transaction_match_status from bookings where id = $1`,
      [id],
    )
  )[0]!;

describe('bulk payout', () => {
  it('pays good bookings and reports the failing one, which stays untouched', async () => {
    const good = [
      await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '100.00' }, w.acc.sunwing),
      await paidBooking(w, { agent: w.sam, supplier: w.transat, amount: '250.00' }, w.acc.transat),
      await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '40.00' }, w.acc.sunwing),
    ];
    const bad = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '70.00' }); // nothing received
    const res = await bulk(
      [good[0]!, bad, good[1]!, good[2]!].map((b, i) => ({
        booking_id: b.id,
        payout_amount: ['100.00', '70.00', '250.00', '40.00'][i]!,
      })),
      { description: 'March run', payout_date: '2026-03-31' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe('3 of 4 bookings processed.');
    expect(body.results).toEqual([
      {
        booking_id: good[0]!.id,
        booking_reference: good[0]!.reference,
        status: 'success',
        message: 'Payout processed successfully',
      },
      {
        booking_id: bad.id,
        booking_reference: bad.reference,
        status: 'error',
        message: 'The booking cannot be paid out while its transaction status is no transaction.',
      },
      {
        booking_id: good[1]!.id,
        booking_reference: good[1]!.reference,
        status: 'success',
        message: 'Payout processed successfully',
      },
      {
        booking_id: good[2]!.id,
        booking_reference: good[2]!.reference,
        status: 'success',
        message: 'Payout processed successfully',
      },
    ]);
    expect(body.payout_ids).toHaveLength(1);
    const [record] = await w.q(`select name, kind, payout_date, total_amount::text from payouts where id = $1`, [
      body.payout_ids[0],
    ]);
    // Ana 12.50 + 0.63 GST and 5.00 + 0.25; Pat 42% of 250 = 105.00 + 5.25 GST; Sam 28% = 70.00.
    expect(record).toEqual({ name: 'March run', kind: 'bulk', payout_date: '2026-03-31', total_amount: '198.63' });
    expect(await itemsOf(bad.id)).toEqual([]);
    expect(await bookingRow(bad.id)).toMatchObject({ status: 'confirmed', paid_amount: '0.00' });
    for (const b of good) expect((await bookingRow(b.id)).status).toBe('completed');
    const dates = await w.q(
      `select distinct t.transaction_date, t.description from transactions t where t.payout_id = $1`,
      [body.payout_ids[0]],
    );
    expect(dates).toEqual([{ transaction_date: '2026-03-31', description: 'March run' }]);
    await expectRecordTotalsMatchItems(w);
  });

  it('writes one record per currency: amounts in different currencies are never added', async () => {
    const cad = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '80.00' }, w.acc.sunwing);
    const gbp = await paidBooking(w, { agent: w.ana, supplier: w.tui, amount: '80.00' }, w.acc.tui);
    const body = (
      await bulk([
        { booking_id: cad.id, payout_amount: '80.00' },
        { booking_id: gbp.id, payout_amount: '80.00' },
      ])
    ).json();
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(['success', 'success']);
    expect(body.payout_ids).toHaveLength(2);
    const records = await w.q(
      `select p.name, c.code, p.total_amount::text from payouts p join currencies c on c.id = p.currency_id
        where p.id = any($1) order by c.code`,
      [body.payout_ids],
    );
    expect(records).toEqual([
      { name: 'Bookings bulk payout', code: 'CAD', total_amount: '10.50' },
      { name: 'Bookings bulk payout', code: 'GBP', total_amount: '10.50' },
    ]);
    const accounts = await w.q(
      `select t.account_id from payout_items i join transactions t on t.id = i.transaction_id where i.booking_id = $1`,
      [gbp.id],
    );
    expect(accounts).toEqual([{ account_id: w.acc.anaGbp }]);
  });

  it('reports a booking given twice and an unknown booking', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '20.00' }, w.acc.sunwing);
    const body = (
      await bulk([
        { booking_id: b.id, payout_amount: '10.00' },
        { booking_id: b.id, payout_amount: '10.00' },
        { booking_id: 987654, payout_amount: '10.00' },
      ])
    ).json();
    expect(body.results).toEqual([
      { booking_id: b.id, booking_reference: b.reference, status: 'success', message: 'Payout processed successfully' },
      {
        booking_id: b.id,
        booking_reference: b.reference,
        status: 'error',
        message: 'This booking appears twice in the request.',
      },
      { booking_id: 987654, booking_reference: '', status: 'error', message: 'Booking not found.' },
    ]);
    expect(await bookingRow(b.id)).toMatchObject({ status: 'partial', paid_amount: '10.00' });
    expect(await itemsOf(b.id)).toHaveLength(1);
  });

  it('answers status error when no booking succeeded', async () => {
    const before = await counts(w);
    const body = (await bulk([{ booking_id: 987655, payout_amount: '1.00' }])).json();
    expect(body).toEqual({
      status: 'error',
      message: '0 of 1 booking processed.',
      results: [{ booking_id: 987655, booking_reference: '', status: 'error', message: 'Booking not found.' }],
      payout_ids: [],
    });
    expect(await counts(w)).toEqual(before);
  });

  it('pays at custom percentages for this payout only, and refuses 100.01% and 99.99%', async () => {
    const b = await paidBooking(w, { agent: w.sam, supplier: w.transat, amount: '200.00' }, w.acc.transat);
    const lineIds = Object.fromEntries(
      (await w.q(`select agent_id, id from actual_commissions where booking_id = $1`, [b.id])).map((l) => [
        l.agent_id,
        l.id,
      ]),
    );
    const custom = (sam: string, pat: string, company: string) => ({
      booking_id: b.id,
      payout_amount: '200.00',
      use_custom_commission: true,
      custom_commissions: [
        { commission_id: lineIds[w.sam], percentage: sam },
        { commission_id: lineIds[w.pat], percentage: pat },
      ],
      company_percentage: company,
    });
    for (const [row, message] of [
      [
        custom('50', '50.01', '0'),
        `Agent commission percentages for booking ${b.reference} exceed 100% (total: 100.01%)`,
      ],
      [
        custom('50', '49.99', '0'),
        `Agent and company percentages for booking ${b.reference} must total 100% (total: 99.99%)`,
      ],
    ] as const) {
      const before = await counts(w);
      const res = (await bulk([row])).json();
      expect(res.results[0]).toMatchObject({ status: 'error', message });
      expect(await counts(w)).toEqual(before);
    }
    const other = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' }, w.acc.sunwing);
    const foreign = (
      await bulk([
        {
          ...custom('30', '40', '30'),
          custom_commissions: [
            {
              commission_id: (await w.q(`select id from actual_commissions where booking_id = $1`, [other.id]))[0]!.id,
              percentage: '30',
            },
          ],
        },
      ])
    ).json();
    expect(foreign.results[0].message).toBe(
      `A custom commission for booking ${b.reference} names a commission line it does not have.`,
    );

    const res = (await bulk([custom('30', '40', '30')])).json();
    expect(res.results[0].status).toBe('success');
    expect(await itemsOf(b.id)).toEqual(
      [
        { agent_id: w.sam, percentage: '30.0000', commission: '60.00', gst: '0.00', total: '60.00' },
        { agent_id: w.pat, percentage: '40.0000', commission: '80.00', gst: '4.00', total: '84.00' },
      ]
        .map((i) => ({ ...i, payout_id: res.payout_ids[0] }))
        .sort((x, y) => x.agent_id - y.agent_id),
    );
    expect(await bookingRow(b.id)).toMatchObject({ status: 'completed', paid_amount: '200.00' });
    const audit = (await auditRows(w.t.db, 'booking')).filter(
      (a) => a.action === 'payout' && a.entity_id === String(b.id),
    );
    expect(audit).toHaveLength(1);
    // The booking's read: each line keeps its amount and percentage and says what was paid, and at what.
    const read = (await w.admin.get(`/bookings/${b.id}`)).json().data;
    expect(
      read.actual_commissions.map((l: Record<string, unknown>) => [
        l.agent_id,
        l.percentage,
        l.amount,
        l.paid_amount,
        l.paid_percentages,
        l.custom_split,
      ]),
    ).toEqual([
      [w.sam, 28, 56, 60, [30], true],
      [w.pat, 42, 84, 80, [40], true],
    ]);
  });

  it('pays a booking once when ten bulk requests containing it arrive at the same moment', async () => {
    const shared = await paidBooking(w, { agent: w.sam, supplier: w.transat, amount: '300.00' }, w.acc.transat);
    const own = [];
    for (let i = 0; i < 10; i++)
      own.push(await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' }, w.acc.sunwing));
    const answers = await Promise.all(
      own.map((o) =>
        bulk([
          { booking_id: o.id, payout_amount: '10.00' },
          { booking_id: shared.id, payout_amount: '300.00' },
        ]),
      ),
    );
    const sharedResults = answers.map((a) => a.json().results[1]);
    expect(sharedResults.filter((r) => r.status === 'success')).toHaveLength(1);
    for (const r of sharedResults.filter((x) => x.status === 'error'))
      expect(r.message).toBe('Payout amount cannot exceed the maximum available amount (0.00)');
    expect(answers.every((a) => a.json().results[0].status === 'success')).toBe(true);
    expect(await itemsOf(shared.id)).toHaveLength(2);
    expect(
      (
        await w.q(`select count(*)::int as n from transactions where reference_number = $1 and payout_id is not null`, [
          shared.reference,
        ])
      )[0]!.n,
    ).toBe(2);
    expect(await bookingRow(shared.id)).toMatchObject({ status: 'completed', paid_amount: '300.00' });
    await expectRecordTotalsMatchItems(w);
  });
});

describe('reconcile', () => {
  it('sets the gross to the net received, recomputes the lines, keeps the old amount in the audit', async () => {
    const b = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '500.00' });
    await supplierPayment(w, w.acc.sunwing, b.reference, '450.00');
    expect((await bookingRow(b.id)).transaction_match_status).toBe('mismatch');
    const found = (await search({ mode: 'reconcile', supplier_id: w.sunwing })).json().bookings;
    expect(found.find((f: { id: number }) => f.id === b.id)).toMatchObject({
      transaction_amount: 450,
      booking_amount: 500,
      needs_reconciliation: true,
    });

    const stale = (
      await w.admin.post('/bulk-payouts/reconcile', {
        json: { bookings: [{ booking_id: b.id, transaction_amount: '440.00' }] },
      })
    ).json();
    expect(stale.results[0]).toMatchObject({
      status: 'error',
      message: 'The received amount changed since the search; search again.',
    });
    expect((await bookingRow(b.id)).booking_amount).toBe('500.00');

    const res = await w.admin.post('/bulk-payouts/reconcile', {
      json: { bookings: [{ booking_id: b.id, transaction_amount: '450.00' }], description: '' },
    });
    expect(res.json()).toEqual({
      status: 'success',
      message: '1 of 1 booking reconciled.',
      results: [
        {
          booking_id: b.id,
          booking_reference: b.reference,
          status: 'success',
          message: 'Booking reconciled successfully',
        },
      ],
      payout_ids: [],
    });
    expect(await bookingRow(b.id)).toMatchObject({
      booking_amount: '450.00',
      expected_commission: '56.25',
      is_reconciled: true,
      transaction_match_status: 'match',
      status: 'confirmed',
    });
    expect(
      await w.q(
        `select amount::text, gst_amount::text, paid_amount::text from actual_commissions where booking_id = $1`,
        [b.id],
      ),
    ).toEqual([{ amount: '56.25', gst_amount: '2.81', paid_amount: '0.00' }]);
    const audit = (await auditRows(w.t.db, 'booking')).filter(
      (a) => a.action === 'reconcile' && a.entity_id === String(b.id),
    );
    expect(audit).toEqual([
      expect.objectContaining({
        before: { booking_amount: '500.00', is_reconciled: false, status: 'confirmed' },
        after: { booking_amount: '450.00', is_reconciled: true, status: 'confirmed' },
      }),
    ]);
    // Now payable in full at the reconciled gross.
    const info = (await w.admin.get(`/bookings/${b.id}/payout-info`)).json();
    expect(info.payout).toMatchObject({ available_amount: 450, can_payout: true });
  });

  it('reconciles first on a payout row that asks for it, then pays', async () => {
    const b = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '200.00' });
    await supplierPayment(w, w.acc.sunwing, b.reference, '160.00');
    const res = (await bulk([{ booking_id: b.id, payout_amount: '160.00', reconcile: true }])).json();
    expect(res.results[0]).toMatchObject({ status: 'success', message: 'Payout processed successfully' });
    expect(await bookingRow(b.id)).toMatchObject({
      booking_amount: '160.00',
      paid_amount: '160.00',
      status: 'completed',
      is_reconciled: true,
    });
    expect(await itemsOf(b.id)).toEqual([
      expect.objectContaining({ commission: '20.00', gst: '1.00', total: '21.00' }),
    ]);
    // Paid at its own percentage: no custom split.
    const [line] = (await w.admin.get(`/bookings/${b.id}`)).json().data.actual_commissions;
    expect(line).toMatchObject({ paid_amount: 20, paid_percentages: [12.5], custom_split: false });
  });

  it('the search gives the lines a reconcile would leave, without writing; a reconcile-then-pay pays exactly those', async () => {
    // Sam books Transat through Pat (Pat's 70%, split 40%): Sam 28%, Pat 42% of 200.00. Transat sent a partial 160.00.
    const b = await createBooking(w, { agent: w.sam, supplier: w.transat, amount: '200.00' });
    await supplierPayment(w, w.acc.transat, b.reference, '160.00', { partial: true });
    // Pat's rate changes without a recalculation: a reconcile resolves it again (60%: Sam 24%, Pat 36%).
    await w.q(`update agents set commission_percentage = 60 where id = $1`, [w.pat]);
    try {
      const found = (await search({ supplier_id: w.transat }))
        .json()
        .bookings.find((f: { id: number }) => f.id === b.id);
      expect(found).toMatchObject({
        booking_amount: 200,
        available_amount: 160,
        transaction_amount: 160,
        // A partial credit says more is coming: not offered for reconciliation.
        needs_reconciliation: false,
        actual_commissions: [
          expect.objectContaining({ agent_id: w.sam, percentage: 28, amount: 56 }),
          expect.objectContaining({ agent_id: w.pat, percentage: 42, amount: 84 }),
        ],
      });
      const [samLine, patLine] = found.actual_commissions as { id: number }[];
      expect(found.lines_after_reconcile).toEqual([
        { id: samLine!.id, agent_id: w.sam, percentage: 24, amount: 38.4, paid_amount: 0, has_gst: false },
        { id: patLine!.id, agent_id: w.pat, percentage: 36, amount: 57.6, paid_amount: 0, has_gst: true },
      ]);
      // Nothing was written by the search.
      expect(await bookingRow(b.id)).toMatchObject({ booking_amount: '200.00', is_reconciled: false });
      expect(
        await w.q(`select amount::text from actual_commissions where booking_id = $1 order by agent_id`, [b.id]),
      ).toEqual(expect.arrayContaining([{ amount: '56.00' }, { amount: '84.00' }]));

      const res = (await bulk([{ booking_id: b.id, payout_amount: '160.00', reconcile: true }])).json();
      expect(res.results[0]).toMatchObject({ status: 'success' });
      // planPayout on the search's lines at gross 160.00: 38.40, and 57.60 + 2.88 GST.
      expect((await itemsOf(b.id)).map((i) => [i.agent_id, i.percentage, i.commission, i.gst])).toEqual(
        [
          [w.sam, '24.0000', '38.40', '0.00'],
          [w.pat, '36.0000', '57.60', '2.88'],
        ].sort((x, y) => Number(x[0]) - Number(y[0])),
      );
    } finally {
      await w.q(`update agents set commission_percentage = 70 where id = $1`, [w.pat]);
    }
  });

  it("Bulk reconcile's commission after reconciling is what the reconcile records (the same engine)", async () => {
    // Sam books Transat through Pat: 28% and 42% of 200.00. Transat paid 150.00, nothing partial: mismatch.
    const b = await createBooking(w, {
      agent: w.sam,
      supplier: w.transat,
      amount: '200.00',
      booking_date: '2026-08-02',
    });
    await supplierPayment(w, w.acc.transat, b.reference, '150.00');
    // Pat's rate changes without a recalculation: the reconcile resolves it again (65%: Sam 26%, Pat 39%).
    await w.q(`update agents set commission_percentage = 65 where id = $1`, [w.pat]);
    try {
      const found = (
        await search({ mode: 'reconcile', supplier_id: w.transat, date_from: '2026-08-02', date_to: '2026-08-02' })
      ).json().bookings;
      expect(found.map((f: { id: number }) => f.id)).toEqual([b.id]);
      const shown = found[0].lines_after_reconcile as { agent_id: number; percentage: number; amount: number }[];
      // 150.00 × 26% = 39.00 and × 39% = 58.50: what the screen sums as 'Agent commission (after reconciling)'.
      expect(shown.map((l) => [l.agent_id, l.percentage, l.amount])).toEqual([
        [w.sam, 26, 39],
        [w.pat, 39, 58.5],
      ]);
      const res = await w.admin.post('/bulk-payouts/reconcile', {
        json: { bookings: [{ booking_id: b.id, transaction_amount: '150.00' }], description: '' },
      });
      expect(res.json().results[0].status, res.body).toBe('success');
      const stored = await w.q(
        `select agent_id, percentage::float8 as percentage, amount::float8 as amount from actual_commissions
          where booking_id = $1 order by case role when 'sub_agent' then 0 when 'primary' then 1 else 2 end, id`,
        [b.id],
      );
      expect(stored.map((l) => [l.agent_id, l.percentage, l.amount])).toEqual(
        shown.map((l) => [l.agent_id, l.percentage, l.amount]),
      );
      expect((await bookingRow(b.id)).expected_commission).toBe('97.50');
    } finally {
      await w.q(`update agents set commission_percentage = 70 where id = $1`, [w.pat]);
    }
  });

  it('refuses what cannot be reconciled', async () => {
    const nothing = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '30.00' });
    const res = (
      await w.admin.post('/bulk-payouts/reconcile', {
        json: { bookings: [{ booking_id: nothing.id }, { booking_id: 987656 }] },
      })
    ).json();
    expect(res.status).toBe('error');
    expect(res.results.map((r: { message: string }) => r.message)).toEqual([
      'No completed transaction matches this booking: there is nothing to reconcile with.',
      'Booking not found.',
    ]);
  });
});

describe('a booking marked for reconciliation on Bulk payouts (agents spec §2.8, §4)', () => {
  // The supplier paid 950.00 of a 1,000.00 booking and marked nothing partial: status mismatch.
  const DAY = '2026-07-15';
  let short: { id: number; reference: string };
  let several: { id: number; reference: string };
  const listed = async () =>
    (await search({ mode: 'payout', date_from: DAY, date_to: DAY })).json().bookings as Record<string, unknown>[];

  beforeAll(async () => {
    short = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00', booking_date: DAY });
    await supplierPayment(w, w.acc.sunwing, short.reference, '950.00');
    // Two payments, neither partial: multiple transactions, which a reconcile does not settle.
    several = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '300.00', booking_date: DAY });
    await supplierPayment(w, w.acc.sunwing, several.reference, '100.00');
    await supplierPayment(w, w.acc.sunwing, several.reference, '150.00');
  });

  it('is listed with its Reconcile box to tick, what it received and the lines a reconcile gives it', async () => {
    const rows = await listed();
    expect(rows.map((r) => r.id)).toEqual([short.id]);
    expect(rows[0]).toMatchObject({
      booking_amount: 1000,
      transaction_amount: 950,
      available_amount: 950,
      is_reconciled: false,
      needs_reconciliation: true,
      payout_block_reason: 'The booking cannot be paid out while its transaction status is mismatch.',
      payout_block_reason_after_reconcile: null,
      actual_commissions: [expect.objectContaining({ agent_id: w.ana, percentage: 12.5, amount: 125 })],
      // Gold's 12.5% of 950.00.
      lines_after_reconcile: [expect.objectContaining({ agent_id: w.ana, percentage: 12.5, amount: 118.75 })],
    });
    // Bulk reconcile lists both.
    const reconcile = (await search({ mode: 'reconcile', date_from: DAY, date_to: DAY })).json().bookings;
    expect(reconcile.map((r: { id: number }) => r.id).sort()).toEqual([short.id, several.id].sort());
  });

  it('is not paid without the reconcile (DOMAIN.md: a mismatch cannot be paid out), and nothing is written', async () => {
    const before = await counts(w);
    const res = (await bulk([{ booking_id: short.id, payout_amount: '950.00', reconcile: false }])).json();
    expect(res.results[0]).toMatchObject({
      status: 'error',
      message: 'The booking cannot be paid out while its transaction status is mismatch.',
    });
    expect(await counts(w)).toEqual(before);
    expect(await bookingRow(short.id)).toMatchObject({ booking_amount: '1000.00', paid_amount: '0.00' });
  });

  it('reconcile and pay are one step: a refused payout leaves the booking unreconciled', async () => {
    const before = await counts(w);
    const reconciles = (await auditRows(w.t.db, 'booking')).filter((a) => a.action === 'reconcile').length;
    const res = (await bulk([{ booking_id: short.id, payout_amount: '950.01', reconcile: true }])).json();
    expect(res.results[0]).toMatchObject({
      status: 'error',
      message: 'Payout amount cannot exceed the maximum available amount (950.00)',
    });
    expect(await counts(w)).toEqual(before);
    expect(await bookingRow(short.id)).toMatchObject({
      booking_amount: '1000.00',
      expected_commission: '125.00',
      is_reconciled: false,
      transaction_match_status: 'mismatch',
    });
    expect((await auditRows(w.t.db, 'booking')).filter((a) => a.action === 'reconcile')).toHaveLength(reconciles);
  });

  it('reconciled and paid in one step: the gross becomes 950.00, paid in full, its line recomputed and paid', async () => {
    const res = (await bulk([{ booking_id: short.id, payout_amount: '950.00', reconcile: true }])).json();
    expect(res.results[0]).toMatchObject({ status: 'success', message: 'Payout processed successfully' });
    expect(await bookingRow(short.id)).toEqual({
      status: 'completed',
      paid_amount: '950.00',
      booking_amount: '950.00',
      expected_commission: '118.75',
      is_reconciled: true,
      transaction_match_status: 'match',
    });
    // What the search said the lines would be: 118.75, and Ana's 5% GST 5.94.
    expect(await itemsOf(short.id)).toEqual([
      expect.objectContaining({ agent_id: w.ana, percentage: '12.5000', commission: '118.75', gst: '5.94' }),
    ]);
    const audit = (await auditRows(w.t.db, 'booking')).filter((a) => a.entity_id === String(short.id));
    expect(audit.map((a) => a.action).filter((a) => a === 'reconcile' || a === 'payout')).toEqual([
      'reconcile',
      'payout',
    ]);
    expect(await listed()).toEqual([]);
    await expectRecordTotalsMatchItems(w);
  });
});

describe('bulk search', () => {
  let payable: { id: number; reference: string }[];
  let personal: { id: number; reference: string };
  let reconciled: { id: number; reference: string };

  beforeAll(async () => {
    payable = [
      await paidBooking(
        w,
        { agent: w.sam, supplier: w.transat, amount: '90.00', booking_date: '2026-05-03' },
        w.acc.transat,
      ),
      await paidBooking(
        w,
        { agent: w.ana, supplier: w.sunwing, amount: '30.00', booking_date: '2026-05-02' },
        w.acc.sunwing,
      ),
      await paidBooking(
        w,
        { agent: w.ana, supplier: w.sunwing, amount: '20.00', booking_date: '2026-05-01' },
        w.acc.sunwing,
      ),
    ];
    personal = await paidBooking(
      w,
      { agent: w.ana, supplier: w.sunwing, amount: '15.00', booking_date: '2026-05-04', is_personal: true },
      w.acc.sunwing,
    );
    reconciled = await createBooking(w, {
      agent: w.ana,
      supplier: w.sunwing,
      amount: '50.00',
      booking_date: '2026-05-05',
    });
    await supplierPayment(w, w.acc.sunwing, reconciled.reference, '45.00');
    await w.admin.post('/bulk-payouts/reconcile', { json: { bookings: [{ booking_id: reconciled.id }] } });
    await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '60.00', booking_date: '2026-05-06' }); // nothing received
  });

  const ids = async (body: Record<string, unknown>) => {
    const res = await search({ date_from: '2026-05-01', date_to: '2026-05-31', ...body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().limit).toBe(2000);
    return res.json().bookings.map((b: { id: number }) => b.id);
  };

  it('lists what can be paid now, by primary agent name then date, without personal bookings by default', async () => {
    // Ana Agent's bookings by date, then Pat Parent's (Sam books through Pat).
    expect(await ids({})).toEqual([payable[2]!.id, payable[1]!.id, reconciled.id, payable[0]!.id]);
    expect(await ids({ personal: true })).toEqual([
      payable[2]!.id,
      payable[1]!.id,
      personal.id,
      reconciled.id,
      payable[0]!.id,
    ]);
    expect(await ids({ date_to: '2026-05-02' })).toEqual([payable[2]!.id, payable[1]!.id]);
    expect(await ids({ supplier_id: w.sunwing })).toEqual([payable[2]!.id, payable[1]!.id, reconciled.id]);
  });

  it('filters reconciled and not reconciled, and refuses both at once', async () => {
    expect(await ids({ is_reconciled: true })).toEqual([reconciled.id]);
    expect(await ids({ exclude_reconciled: true })).toEqual([payable[2]!.id, payable[1]!.id, payable[0]!.id]);
    const both = await search({ is_reconciled: true, exclude_reconciled: true });
    expect(both.statusCode).toBe(422);
    expect(both.json().message).toBe('Only reconciled and exclude reconciled cannot both be set.');
  });

  it('answers the row the screen needs', async () => {
    const res = (await search({ supplier_id: w.transat, date_from: '2026-05-03', date_to: '2026-05-03' })).json();
    expect(res.bookings).toEqual([
      {
        id: payable[0]!.id,
        booking_reference: payable[0]!.reference,
        customer_name: 'Jean Client',
        booking_date: '2026-05-03',
        status: 'confirmed',
        booking_amount: 90,
        paid_amount: 0,
        available_amount: 90,
        transaction_amount: 90,
        is_reconciled: false,
        needs_reconciliation: false,
        payout_block_reason: null,
        payout_block_reason_after_reconcile: null,
        is_personal: false,
        primary_agent_id: w.pat,
        primary_agent: { user: { name: 'Pat Parent' } },
        supplier: { id: w.transat, name: 'Transat', currency_symbol: expect.any(String), currency_code: 'CAD' },
        actual_commissions: [
          expect.objectContaining({ agent_id: w.sam, percentage: 28, amount: 25.2, has_gst: false, has_account: true }),
          expect.objectContaining({ agent_id: w.pat, percentage: 42, amount: 37.8, has_gst: true, has_account: true }),
        ],
        // Received in full: a reconcile would leave the same lines.
        lines_after_reconcile: [
          expect.objectContaining({ agent_id: w.sam, percentage: 28, amount: 25.2, paid_amount: 0, has_gst: false }),
          expect.objectContaining({ agent_id: w.pat, percentage: 42, amount: 37.8, paid_amount: 0, has_gst: true }),
        ],
      },
    ]);
  });

  it('finds the bookings of a payout, and drops them once paid in full', async () => {
    const body = (await bulk([{ booking_id: payable[1]!.id, payout_amount: '10.00' }])).json();
    expect(await ids({ payout_id: body.payout_ids[0] })).toEqual([payable[1]!.id]);
    await bulk([{ booking_id: payable[1]!.id, payout_amount: '20.00' }]);
    expect(await ids({})).not.toContain(payable[1]!.id);
  });
});
