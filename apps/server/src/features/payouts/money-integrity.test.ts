/**
 * The five findings of the money-integrity issue, each as it was reproduced on the build before the fix
 * (DOMAIN.md "Money invariants"), and the two races, each tried ten times in parallel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
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

const pay = (id: number, amount: string) =>
  w.admin.post(`/bookings/${id}/process-payout`, { json: { payout_amount: amount, description: '', is_partial: 0 } });

const bookingRow = async (id: number) =>
  (await w.q(`select status, booking_amount::text, paid_amount::text from bookings where id = $1`, [id]))[0]!;

const editForm = (b: { id: number; reference: string }, over: Record<string, unknown>) => ({
  _method: 'PUT',
  booking_reference: b.reference,
  supplier_id: w.sunwing,
  booking_date: '2026-03-01',
  customer_name: 'Jean Client',
  booking_amount: '1000.00',
  status: 'confirmed',
  primary_agent_id: w.ana,
  ...over,
});

describe('finding 1: an edit after a payout', () => {
  it('cannot lower the gross below what was paid, nor reopen a completed booking', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00' }, w.acc.sunwing);
    expect((await pay(b.id, '1000.00')).statusCode).toBe(200);
    const before = await counts(w);

    const lower = await w.admin.post(`/bookings/${b.id}`, { json: editForm(b, { booking_amount: '500.00' }) });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.booking_amount).toEqual([
      'This booking is paid out in full (1,000.00); its amount cannot change.',
    ]);
    expect(await bookingRow(b.id)).toEqual({ status: 'completed', booking_amount: '1000.00', paid_amount: '1000.00' });

    // The form's status is not a choice on a completed booking: kept, and the coercion audited.
    const reopen = await w.admin.post(`/bookings/${b.id}`, { json: editForm(b, { status: 'pending' }) });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect((await bookingRow(b.id)).status).toBe('completed');
    const [audit] = await w.q(
      `select meta from audit_logs where entity_type = 'booking' and entity_id = $1 order by id desc limit 1`,
      [String(b.id)],
    );
    expect(audit!.meta.coerced.status).toEqual({ sent: 'pending', kept: 'completed' });
    // So an agent still cannot edit it.
    const agentEdit = await w.agent.post(`/bookings/${b.id}`, { json: editForm(b, { booking_amount: '10.00' }) });
    expect(agentEdit.statusCode).toBe(409);
    expect(await bookingRow(b.id)).toEqual({ status: 'completed', booking_amount: '1000.00', paid_amount: '1000.00' });
    expect((await counts(w)).booking_paid).toBe(before.booking_paid);
  });

  it('cannot lower a partly paid booking below its payouts, nor move its reference', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00' }, w.acc.sunwing);
    expect((await pay(b.id, '400.00')).statusCode).toBe(200);
    const lower = await w.admin.post(`/bookings/${b.id}`, { json: editForm(b, { booking_amount: '399.99' }) });
    expect(lower.json().errors.booking_amount).toEqual([
      'This booking has payouts of 400.00; its amount cannot be lower.',
    ]);
    const moved = await w.admin.post(`/bookings/${b.id}`, { json: editForm(b, { booking_reference: ref() }) });
    expect(moved.json().errors.booking_reference).toEqual([
      'This booking has payouts of 400.00; its reference cannot change.',
    ]);
    const raised = await w.admin.post(`/bookings/${b.id}`, { json: editForm(b, { booking_amount: '1200.00' }) });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await bookingRow(b.id)).toEqual({ status: 'partial', booking_amount: '1200.00', paid_amount: '400.00' });
  });

  it('race: a payout and a stale edit at the same moment, ten times: the payout is never undone', async () => {
    for (let i = 0; i < 10; i++) {
      const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00' }, w.acc.sunwing);
      const [paid, edited] = await Promise.all([
        pay(b.id, '1000.00'),
        w.admin.post(`/bookings/${b.id}`, { json: editForm(b, { status: 'confirmed', customer_name: `Stale ${i}` }) }),
      ]);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await bookingRow(b.id)).toEqual({
        status: 'completed',
        booking_amount: '1000.00',
        paid_amount: '1000.00',
      });
      const lines = await w.q(
        `select status, paid_amount::text, amount::text from actual_commissions where booking_id = $1`,
        [b.id],
      );
      for (const l of lines) expect(l).toMatchObject({ status: 'paid', paid_amount: l.amount });
    }
    await expectRecordTotalsMatchItems(w);
  });
});

describe('finding 2: one supplier credit, two bookings on its reference', () => {
  it('refuses to pay either while both are live, says why, and pays once after one is cancelled', async () => {
    const reference = ref('DUP');
    const a = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '77.00', reference });
    const b = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '77.00', reference });
    await supplierPayment(w, w.acc.sunwing, reference, '77.00');
    const before = await counts(w);
    for (const [id, other] of [
      [a.id, b.id],
      [b.id, a.id],
    ] as const) {
      const info = (await w.admin.get(`/bookings/${id}/payout-info`)).json();
      expect(info.payout.can_payout).toBe(false);
      expect(info.payout.reason).toBe(
        `Booking #${other} of this supplier has the same reference: the supplier's money can fund only one booking. Cancel or edit one of them before paying out.`,
      );
      const status = (await w.admin.post('/bookings/transaction-status', { json: { booking_ids: [id] } })).json();
      expect(status[id]).toMatchObject({ status: 'match', can_payout: false, payout_block_reason: info.payout.reason });
      expect((await pay(id, '77.00')).statusCode).toBe(422);
    }
    expect(await counts(w)).toEqual(before);

    expect(
      (await w.admin.post(`/bookings/${b.id}/cancel`, { json: { cancellation_note: 'duplicate' } })).statusCode,
    ).toBe(200);
    expect((await pay(a.id, '77.00')).statusCode).toBe(200);
    // The cancelled duplicate cannot draw on the same credit, nor can a third booking of the reference.
    const c = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '77.00', reference });
    await w.admin.post(`/bookings/${a.id}/cancel`, { json: { cancellation_note: 'paid, then cancelled' } });
    const info = (await w.admin.get(`/bookings/${c.id}/payout-info`)).json();
    expect(info.payout.available_amount).toBe(0);
    expect((await pay(c.id, '77.00')).statusCode).toBe(422);
    const [{ paid }] = (await w.q(
      `select sum(paid_amount)::text as paid from bookings where supplier_id = $1 and booking_reference = $2`,
      [w.sunwing, reference],
    )) as [{ paid: string }];
    expect(paid).toBe('77.00');
  });

  it('race: a claim approved while an admin books the same credit directly, ten times: paid once at most', async () => {
    for (let i = 0; i < 10; i++) {
      const reference = ref('CLR');
      await supplierPayment(w, w.acc.sunwing, reference, '77.00');
      const txId = (await w.q(`select id from transactions where reference_number = $1`, [reference]))[0]!.id as number;
      const claim = await w.agent.post('/api/unclaimed-bookings', {
        multipart: {
          reference_number: reference,
          booking_data: JSON.stringify({
            transaction_id: txId,
            booking_reference: reference,
            supplier_id: w.sunwing,
            booking_amount: '77.00',
            customer_name: 'Claire Claim',
            booking_date: '2026-03-01',
            notes: '',
            is_personal: false,
          }),
          booking_receipt: { filename: 'r.png', contentType: 'image/png', data: PNG },
        },
      });
      expect(claim.statusCode, claim.body).toBe(200);
      const claimId = (await w.q(`select id from claim_requests where transaction_id = $1`, [txId]))[0]!.id;
      const [approved, direct] = await Promise.all([
        w.admin.post(`/api/unclaimed-bookings/${claimId}/approve`, { json: {} }),
        w.admin.post('/bookings', {
          json: {
            booking_reference: reference,
            supplier_id: w.sunwing,
            booking_date: '2026-03-01',
            customer_name: 'Claire Claim',
            booking_amount: '77.00',
            status: 'pending',
            primary_agent_id: w.ana,
            is_claimed_booking: 1,
          },
        }),
      ]);
      expect([approved.statusCode, direct.statusCode]).not.toContain(500);
      const ids = (
        await w.q(`select id from bookings where supplier_id = $1 and booking_reference = $2`, [w.sunwing, reference])
      ).map((r) => r.id as number);
      const answers = await Promise.all(ids.map((id) => pay(id, '77.00')));
      expect(answers.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(ids.length === 1 ? 1 : 0);
      const [{ paid }] = (await w.q(
        `select coalesce(sum(paid_amount), 0)::text as paid from bookings where supplier_id = $1 and booking_reference = $2`,
        [w.sunwing, reference],
      )) as [{ paid: string }];
      expect(['0.00', '77.00']).toContain(paid);
    }
    await expectRecordTotalsMatchItems(w);
  });
});

describe('a supplier credit that funded a payout', () => {
  const editCredit = (id: number, reference: string, over: Record<string, string>) =>
    w.admin.post(`/transactions/${id}`, {
      multipart: {
        _method: 'PUT',
        account_id: String(w.acc.sunwing),
        transaction_type: 'credit',
        currency_id: String(w.cur.CAD),
        amount: '200.00',
        reference_number: reference,
        status: 'completed',
        is_partial: '0',
        ...over,
      },
    });

  it('keeps its amount and reference, may only be reversed, and the overpaid booking is clawed back', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '200.00' }, w.acc.sunwing);
    expect((await pay(b.id, '200.00')).statusCode).toBe(200);
    const credit = (
      await w.q(`select id from transactions where reference_number = $1 and payout_id is null`, [b.reference])
    )[0]!.id as number;

    const before = await counts(w);
    const amount = await editCredit(credit, b.reference, { amount: '150.00' });
    expect(amount.statusCode).toBe(422);
    expect(amount.json().errors.amount).toEqual([
      `This transaction funded payouts of 200.00 (booking ${b.reference}); its amount and reference cannot change.`,
    ]);
    const failed = await editCredit(credit, b.reference, { status: 'failed' });
    expect(failed.json().errors.status).toEqual([
      `This transaction funded payouts of 200.00 (booking ${b.reference}); its status can only become reversed (the supplier took the money back).`,
    ]);
    const bulk = await w.admin.post('/transactions-bulk-update', {
      json: { transaction_ids: [credit], status: 'pending' },
    });
    expect(bulk.statusCode).toBe(422);
    expect(await counts(w)).toEqual(before);

    // The supplier took the money back: the booking is overpaid, to claw back.
    expect((await editCredit(credit, b.reference, { status: 'reversed' })).statusCode).toBe(200);
    // The reversal is the record of it: it keeps its reference too (npm run model, seed 400684488, moved it
    // to another reference, and the overpaid booking no longer showed why).
    const moved = await editCredit(credit, `${b.reference}X`, { status: 'reversed' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.reference_number).toEqual([
      `This transaction funded payouts of 200.00 (booking ${b.reference}); its amount and reference cannot change.`,
    ]);
    const info = (await w.admin.get(`/bookings/${b.id}/payout-info`)).json();
    expect(info.payout).toMatchObject({ available_amount: -200, can_payout: true, reason: null });
    expect((await pay(b.id, '-250.00')).json().message).toBe(
      'This booking was paid more than was received on it: a payout can only claw back, between -200.00 and 0.00.',
    );
    const back = await pay(b.id, '-200.00');
    expect(back.statusCode, back.body).toBe(200);
    expect(await bookingRow(b.id)).toEqual({ status: 'confirmed', booking_amount: '200.00', paid_amount: '0.00' });
    const lines = await w.q(`select status, paid_amount::text from actual_commissions where booking_id = $1`, [b.id]);
    expect(lines).toEqual([{ status: 'confirmed', paid_amount: '0.00' }]);
    await expectRecordTotalsMatchItems(w);
  });
});

describe('finding 3: a partly received booking on Bulk payouts', () => {
  it('is offered without reconcile, and paying it as shown leaves the rest payable', async () => {
    const b = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1455.00' });
    await supplierPayment(w, w.acc.sunwing, b.reference, '700.00', { partial: true });
    const search = await w.admin.post('/bulk-payouts/search', {
      json: { mode: 'payout', supplier_id: w.sunwing, date_from: '2026-03-01', date_to: '2026-03-01' },
    });
    expect(search.statusCode, search.body).toBe(200);
    const row = search.json().bookings.find((r: { id: number }) => r.id === b.id);
    expect(row).toMatchObject({ needs_reconciliation: false, available_amount: 700, transaction_amount: 700 });
    const processed = await w.admin.post('/bulk-payouts/process', {
      json: {
        payouts: [{ booking_id: b.id, payout_amount: '700.00', reconcile: row.needs_reconciliation }],
        description: '',
        payout_date: null,
      },
    });
    expect(processed.json().results[0].status, processed.body).toBe('success');
    expect(await bookingRow(b.id)).toEqual({ status: 'partial', booking_amount: '1455.00', paid_amount: '700.00' });
    // The rest is payable once the supplier pays it.
    await supplierPayment(w, w.acc.sunwing, b.reference, '755.00', { partial: true });
    expect((await w.admin.get(`/bookings/${b.id}/payout-info`)).json().payout.available_amount).toBe(755);
    expect((await pay(b.id, '755.00')).statusCode).toBe(200);
    expect((await bookingRow(b.id)).status).toBe('completed');
  });

  it('a reconcile that leaves nothing remaining completes the booking and pays its lines', async () => {
    const b = await createBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '1000.00' });
    await supplierPayment(w, w.acc.sunwing, b.reference, '700.00', { partial: true });
    expect((await pay(b.id, '700.00')).statusCode).toBe(200);
    const res = await w.admin.post('/bulk-payouts/reconcile', {
      json: { bookings: [{ booking_id: b.id, transaction_amount: '700.00' }], description: '' },
    });
    expect(res.json().results[0].status, res.body).toBe('success');
    expect(await bookingRow(b.id)).toEqual({ status: 'completed', booking_amount: '700.00', paid_amount: '700.00' });
    const lines = await w.q(`select status from actual_commissions where booking_id = $1`, [b.id]);
    expect(lines.map((l) => l.status)).toEqual(['paid']);
  });
});

describe('finding 4: a custom split', () => {
  it('leaves every line paid with what it was paid, keeping its amount and percentage', async () => {
    const b = await paidBooking(w, { agent: w.sam, supplier: w.transat, amount: '1200.00' }, w.acc.transat);
    const lines = await w.q(
      `select id, agent_id, percentage::text, amount::text from actual_commissions where booking_id = $1 order by id`,
      [b.id],
    );
    const byAgent = Object.fromEntries(lines.map((l) => [l.agent_id, l]));
    const res = await w.admin.post('/bulk-payouts/process', {
      json: {
        payouts: [
          {
            booking_id: b.id,
            payout_amount: '1200.00',
            reconcile: false,
            use_custom_commission: true,
            custom_commissions: [
              { commission_id: byAgent[w.sam].id, percentage: '35' },
              { commission_id: byAgent[w.pat].id, percentage: '40' },
            ],
            company_percentage: '25',
          },
        ],
        description: '',
        payout_date: null,
      },
    });
    expect(res.json().results[0].status, res.body).toBe('success');
    const after = await w.q(
      `select agent_id, percentage::text, amount::text, paid_amount::text, status
         from actual_commissions where booking_id = $1 order by id`,
      [b.id],
    );
    for (const l of after) {
      expect(l.status).toBe('paid');
      expect(l.percentage).toBe(byAgent[l.agent_id].percentage);
      expect(l.amount).toBe(byAgent[l.agent_id].amount);
    }
    expect(Object.fromEntries(after.map((l) => [l.agent_id, l.paid_amount]))).toEqual({
      [w.sam]: '420.00',
      [w.pat]: '480.00',
    });
    const read = (await w.admin.get(`/bookings/${b.id}`, { headers: { accept: 'application/json' } })).json();
    const shown = read.data.actual_commissions as { agent_id: number; paid_amount: number; status: string }[];
    expect(shown.find((l) => l.agent_id === w.sam)).toMatchObject({ paid_amount: 420, status: 'paid' });
  });
});

describe('finding 5: the payout date', () => {
  it('refuses a bulk payout dated after today and writes nothing', async () => {
    const b = await paidBooking(w, { agent: w.ana, supplier: w.sunwing, amount: '10.00' }, w.acc.sunwing);
    const before = await counts(w);
    const res = await w.admin.post('/bulk-payouts/process', {
      json: {
        payouts: [{ booking_id: b.id, payout_amount: '10.00', reconcile: false }],
        description: '',
        payout_date: '2030-01-01',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.payout_date[0]).toMatch(/^The payout date cannot be after today \(\d{4}-\d{2}-\d{2}\)\.$/);
    expect(await counts(w)).toEqual(before);
  });
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
