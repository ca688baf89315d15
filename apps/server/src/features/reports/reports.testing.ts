/**
 * The report tests' configuration of the shared test world (test/world.ts), whose bookings, supplier
 * payments, payouts and reconciles go through the real routes (lines from the commission engine, match
 * statuses from the matching):
 * - Sunwing and Transat (CAD), TUI UK (GBP); tier Gold at 12.5% on Sunwing and TUI;
 * - Ana (Gold, GST), Otto (Gold, no GST), Pat (own 70%, GST, parent), Sam (Pat's sub-agent on Transat, 40%);
 * - every agent has an account in CAD and GBP, every supplier one in its currency.
 * Bookings are dated `DAY` (10 days ago: inside the default range) unless a test says otherwise.
 */
import { addDays } from '@app/domain';
import { expect } from 'vitest';
import { todayUtc } from '../../clock';
import { createBooking, createPayment, createPayouts, freshReference } from '../../test/factories';
import { AGENTS, buildWorld, type AgentKey, type SupplierKey, type World } from '../../test/world';

export const DAY = addDays(todayUtc(), -10);

/** The shared test world, with Ana and Pat GST-registered and every agent holding a CAD and a GBP account. */
export type ReportWorld = World;

export function buildReportWorld(): Promise<ReportWorld> {
  return buildWorld({
    gst: ['ana', 'pat'],
    agentAccounts: AGENTS.flatMap((a) => [[a, 'CAD'] as const, [a, 'GBP'] as const]),
  });
}

let n = 0;

/** An admin's booking through `POST /bookings`; returns its id and reference. */
export function book(
  w: ReportWorld,
  o: { agent: AgentKey; supplier: SupplierKey; amount: string; date?: string; status?: string },
): Promise<{ id: number; reference: string }> {
  n += 1;
  return createBooking(w.admin, {
    reference: freshReference('RP'),
    supplier: w.supplier[o.supplier],
    booking_date: o.date ?? DAY,
    customer_name: `Client ${n}`,
    amount: o.amount,
    status: o.status ?? 'confirmed',
    agent: w.agent[o.agent],
  });
}

/** A completed supplier payment (credit unless said) through `POST /transactions`, in the account's currency. */
export async function receive(
  w: ReportWorld,
  supplier: SupplierKey,
  reference: string,
  amount: string,
  opts: { type?: 'credit' | 'debit'; partial?: boolean } = {},
) {
  await createPayment(w.admin, {
    account: w.account[supplier],
    type: opts.type ?? 'credit',
    currency: w.accountCurrency[w.account[supplier]]!,
    amount,
    reference,
    partial: opts.partial ?? false,
  });
}

/** A bulk payout of these amounts (gross terms) dated `date`; returns the payout ids. */
export const payOut = (w: ReportWorld, payouts: { booking: number; amount: string }[], date: string) =>
  createPayouts(w.admin, payouts, date);

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
