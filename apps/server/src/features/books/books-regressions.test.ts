/**
 * The shrunk sequences the money model (books-model.test.ts) found, each a plain sequence of requests
 * judged as the model judges every step: no 5xx (nor a bulk row's unexpected failure), a refusal wrote
 * nothing, and checkBooks finds no violation after each write. A test marked `it.fails` still fails on
 * the server as it is: when the fix lands it starts passing, `it.fails` fails, and the mark comes off.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildWorld,
  newTimes,
  resetMoney,
  step,
  type Real,
  type Sent,
  type SupplierKey,
  type World,
} from './books-model.testing';

let w: World;
let r: Real;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);
beforeEach(async () => {
  await resetMoney(w);
  r = { w, log: [], tally: new Map(), ms: newTimes() };
});

const admin = (url: string, json: unknown): Promise<Sent> =>
  step(r, url, 'admin', w.admin, { method: 'POST', url, json });

/** `POST /bookings` as the admin for Ana (Sunwing: Gold tier 12.5%, GST); its id. */
async function booking(reference: string, amount: string, over: Record<string, unknown> = {}): Promise<number> {
  const { res, body } = await admin('/bookings', {
    booking_reference: reference,
    supplier_id: w.supplier.sunwing,
    booking_date: '2026-03-01',
    customer_name: 'Model Client',
    booking_amount: amount,
    status: 'confirmed',
    primary_agent_id: w.agent.ana,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body.data as { id: number }).id;
}

/** The transaction form of a completed supplier payment (Sunwing's unless said). */
const paymentForm = (
  reference: string,
  amount: string,
  type: 'credit' | 'debit',
  partial = false,
  supplier: SupplierKey = 'sunwing',
) => ({
  account_id: String(w.account[supplier]),
  transaction_type: type,
  currency_id: String(w.currency[supplier]),
  amount,
  reference_number: reference,
  status: 'completed',
  is_partial: partial ? '1' : '0',
});

/** A completed supplier payment (on Sunwing's account unless said); its id. */
async function payment(...args: Parameters<typeof paymentForm>) {
  const { res, body } = await step(r, 'transaction', 'admin', w.admin, {
    method: 'POST',
    url: '/transactions',
    multipart: paymentForm(...args),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body.data as { id: number }).id;
}

describe('books regressions (shrunk sequences of the money model)', () => {
  it('a bulk row that reconciles a partly paid refund down to what was paid: no unexpected failure, nothing kept when refused', async () => {
    // Model seed 20261126: a refund of 0.02 received in part (0.01, partial), 0.01 clawed back, then the
    // bulk screen reconciles it (gross := -0.01 = paid) and pays the 0.00 left. First the row failed
    // unexpectedly (the reconcile set the gross before the status: bookings_status_follows_payouts); then
    // the 0.00 payout was refused but the reconcile kept. Now the row is refused and writes nothing.
    const id = await booking('MB-1', '-0.02');
    await payment('MB-1', '0.01', 'debit', true);
    const single = await admin(`/bookings/${id}/process-payout`, { payout_amount: '-0.01', is_partial: true });
    expect(single.res.statusCode, single.res.body).toBe(200);
    const bulk = await admin('/bulk-payouts/process', {
      payouts: [{ booking_id: id, payout_amount: '0.00', reconcile: true }],
      description: 'Model bulk payout',
      payout_date: null,
    });
    expect(bulk.res.statusCode).toBe(200);
  });

  it('a reconcile that leaves nothing remaining on a partly paid booking completes it', async () => {
    // The previous sequence through the reconcile screen, on a booking: it failed unexpectedly too.
    const id = await booking('MB-2', '100.00');
    await payment('MB-2', '40.00', 'credit', true);
    const single = await admin(`/bookings/${id}/process-payout`, { payout_amount: '40.00', is_partial: true });
    expect(single.res.statusCode, single.res.body).toBe(200);
    const reconciled = await admin('/bulk-payouts/reconcile', { bookings: [{ booking_id: id }] });
    expect(reconciled.body.results).toMatchObject([{ status: 'success' }]);
    const [row] = await w.q(`select status, booking_amount::text, paid_amount::text from bookings where id = $1`, [id]);
    expect(row).toEqual({ status: 'completed', booking_amount: '40.00', paid_amount: '40.00' });
  });

  it('a bulk row that reconciles first and is then refused writes nothing (each booking all or nothing)', async () => {
    // Model seed 20261126: a refund of 100.00 received in full, then the bulk screen reconciles it and
    // asks 0.01 more than is available: the row is refused, but the reconcile (is_reconciled, its audit
    // row) was kept.
    const id = await booking('MB-101', '-100.00');
    await payment('MB-101', '100.00', 'debit');
    const bulk = await admin('/bulk-payouts/process', {
      payouts: [{ booking_id: id, payout_amount: '-100.01', reconcile: true }],
      description: 'Model bulk payout',
      payout_date: null,
    });
    expect(bulk.body.results).toMatchObject([{ status: 'error' }]);
  });

  it('a reconcile that completes a partly paid refund leaves its line at what was paid (rounding)', async () => {
    // Model seed 398391499 (without the bulk payouts): a refund of 2,683.70 (Ana 12.5%: line -335.46)
    // received in part (1,073.48, partial) and clawed back so far (the line's part: -335.46 × 0.4 = -134.18);
    // the reconcile (gross := -1,073.48 = paid) completes it and recomputes the line from the new gross:
    // 12.5% of -1,073.48 = -134.185 → -134.19, a cent more than was paid (invariants 3 and 5).
    const id = await booking('MB-101', '-2683.70', { booking_date: '2025-12-15', status: 'pending' });
    await payment('MB-101', '1073.48', 'debit', true);
    const single = await admin(`/bookings/${id}/process-payout`, { payout_amount: '-1073.48', is_partial: true });
    expect(single.res.statusCode, single.res.body).toBe(200);
    await admin('/bulk-payouts/reconcile', { bookings: [{ booking_id: id }], description: 'Model reconcile' });
  });

  it('a reconcile that completes a partly paid booking leaves its line at what was paid (rounding)', async () => {
    // The same with a booking: 2,683.70 received 1,073.48 (partial), paid it, reconciled.
    const id = await booking('MB-102', '2683.70');
    await payment('MB-102', '1073.48', 'credit', true);
    const single = await admin(`/bookings/${id}/process-payout`, { payout_amount: '1073.48', is_partial: true });
    expect(single.res.statusCode, single.res.body).toBe(200);
    await admin('/bulk-payouts/reconcile', { bookings: [{ booking_id: id }] });
  });

  it("a payout at a custom split equal to the line's own percentage still adds up to the line's GST", async () => {
    // Model seed 20261126 (without bulkReconcilePayout): a refund of 100.00 (Ana 12.5%, GST 5%) received in
    // full, 10.00 clawed back in bulk, the other 90.00 in bulk at a "custom" split of 12.5% / 87.5%: the
    // line is paid -12.50 and GST -0.06 - 0.56 = -0.62 of its -0.63, and the cards say so (invariant 5).
    const id = await booking('MB-101', '-100.00');
    await payment('MB-101', '100.00', 'debit');
    const first = await admin('/bulk-payouts/process', {
      payouts: [{ booking_id: id, payout_amount: '-10.00', reconcile: false }],
      payout_date: null,
    });
    expect(first.body.results).toMatchObject([{ status: 'success' }]);
    const [line] = await w.q(`select id, percentage::text from actual_commissions where booking_id = $1`, [id]);
    await admin('/bulk-payouts/process', {
      payouts: [
        {
          booking_id: id,
          payout_amount: '-90.00',
          reconcile: false,
          use_custom_commission: true,
          custom_commissions: [{ commission_id: line!.id, percentage: line!.percentage }],
          company_percentage: '87.5000',
        },
      ],
      payout_date: null,
    });
  });

  it("a sub-agent booking paid in part, then the rest at a custom split of the lines' own percentages, pays each line its amount", async () => {
    // Model seed 400430445: a Transat refund of 1,234.56 booked for Sam through Pat (r 70%: Sam 28% =
    // -345.68, Pat the rest = -518.51), received in full; -123.45 clawed back, then the -1,111.11 left at a
    // "custom" split of 28% / 42% / company 30%: each part is rounded on its own, Pat's line is paid
    // -518.52 of its -518.51 and the booking is completed (invariants 3 and 5: the cards say so).
    const id = await booking('MB-101', '-1234.56', {
      supplier_id: w.supplier.transat,
      primary_agent_id: w.agent.sam,
      booking_date: '2025-12-15',
      status: 'pending',
    });
    await payment('MB-101', '1234.56', 'debit', false, 'transat');
    const single = await admin(`/bookings/${id}/process-payout`, { payout_amount: '-123.45', is_partial: true });
    expect(single.res.statusCode, single.res.body).toBe(200);
    const lines = await w.q(`select id, percentage::text from actual_commissions where booking_id = $1 order by id`, [
      id,
    ]);
    await admin('/bulk-payouts/process', {
      payouts: [
        {
          booking_id: id,
          payout_amount: '-1111.11',
          reconcile: false,
          use_custom_commission: true,
          custom_commissions: lines.map((l) => ({ commission_id: l.id, percentage: l.percentage })),
          company_percentage: '30.0000',
        },
      ],
      description: 'Model bulk payout',
      payout_date: null,
    });
  });

  it('a reconciled booking whose payment is lowered afterwards pays no more than was received', async () => {
    // Model seed 400758607 (shrunk by hand from 17 requests): a booking of 2,789.37 received in part
    // (1,115.74, partial) is reconciled to 1,115.74; then the payment is corrected to 528.28 (nothing
    // was paid yet, so it may change), and the payout modal offers the reconciled gross: 1,115.74 is paid
    // on a reference that received 528.28 (invariant 2: paid_above_received).
    const id = await booking('MB-4', '2789.37');
    const credit = await payment('MB-4', '1115.74', 'credit', true);
    const reconciled = await admin('/bulk-payouts/reconcile', {
      bookings: [{ booking_id: id, transaction_amount: '1115.74' }],
    });
    expect(reconciled.body.results).toMatchObject([{ status: 'success' }]);
    const edit = await step(r, 'edit transaction', 'admin', w.admin, {
      method: 'POST',
      url: `/transactions/${credit}`,
      multipart: { _method: 'PUT', ...paymentForm('MB-4', '528.28', 'credit', true) },
    });
    expect(edit.res.statusCode, edit.res.body).toBe(200);
    await admin(`/bookings/${id}/process-payout`, { payout_amount: '1115.74', is_partial: false });
  });
});
