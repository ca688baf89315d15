/**
 * The payout API tests' configuration of the shared test world (test/world.ts), whose bookings and
 * supplier payments go through the real routes (lines from the commission engine, match statuses from
 * the matching):
 * - Sunwing (CAD) and TUI (GBP): tier Gold at 12.5%; Transat (CAD): Pat's own 70%, booked by Sam
 *   through Pat at a 40% split;
 * - Ana (Gold, GST), Otto (Gold, no account), Pat (GST, parent), Sam (sub-agent);
 * - supplier accounts for the three suppliers; agent accounts for Ana (CAD and GBP), Pat and Sam (CAD).
 */
import { expect } from 'vitest';
import { createBooking as bookThrough, createPayment, freshReference } from '../../test/factories';
import type { TestApp, TestClient } from '../../test/test-app';
import { buildWorld as buildSharedWorld, PAYING, type World as SharedWorld } from '../../test/world';

export interface World {
  t: TestApp;
  admin: TestClient & { userId: number };
  agent: TestClient;
  cur: Record<string, number>;
  sunwing: number;
  transat: number;
  tui: number;
  ana: number;
  otto: number;
  pat: number;
  sam: number;
  acc: Record<'sunwing' | 'transat' | 'tui' | 'anaCad' | 'anaGbp' | 'pat' | 'sam', number>;
  /** Each account's currency id, by account id. */
  accountCurrency: SharedWorld['accountCurrency'];
  q: SharedWorld['q'];
}

export async function buildWorld(): Promise<World> {
  const w = await buildSharedWorld(PAYING);
  const a = w.agentAccount;
  return {
    ...w.supplier,
    ...w.agent,
    t: w.t,
    admin: w.admin,
    agent: w.as.ana,
    cur: w.cur,
    acc: { ...w.account, anaCad: a['ana CAD']!, anaGbp: a['ana GBP']!, pat: a['pat CAD']!, sam: a['sam CAD']! },
    accountCurrency: w.accountCurrency,
    q: w.q,
  };
}

/** A fresh booking reference. */
export const ref = (prefix = 'PO') => freshReference(prefix);

/** An admin's booking through `POST /bookings` (the engine computes the lines); returns its id. */
export function createBooking(
  w: World,
  over: { agent: number; supplier: number; amount: string; reference?: string } & Record<string, unknown>,
): Promise<{ id: number; reference: string }> {
  return bookThrough(w.admin, { ...over, reference: over.reference ?? ref() });
}

/** A supplier payment through `POST /transactions` (completed; credit unless said) in the account's currency. */
export async function supplierPayment(
  w: World,
  account: number,
  reference: string,
  amount: string,
  opts: { type?: 'credit' | 'debit'; partial?: boolean } = {},
) {
  await createPayment(w.admin, {
    account,
    type: opts.type ?? 'credit',
    currency: w.accountCurrency[account]!,
    amount,
    reference,
    partial: opts.partial ?? false,
  });
}

/** A booking and the supplier's full payment of it: ready to pay out. */
export async function paidBooking(
  w: World,
  over: { agent: number; supplier: number; amount: string } & Record<string, unknown>,
  account: number,
) {
  const b = await createBooking(w, over);
  const negative = over.amount.startsWith('-');
  await supplierPayment(w, account, b.reference, negative ? over.amount.slice(1) : over.amount, {
    type: negative ? 'debit' : 'credit',
  });
  return b;
}

/** Row counts that a refused payout must leave as they were. */
export async function counts(w: World) {
  const rows = await w.q(`select
      (select count(*)::int from payouts) as payouts,
      (select count(*)::int from payout_items) as items,
      (select count(*)::int from transactions) as transactions,
      (select count(*)::int from actual_commissions where status = 'paid') as paid_lines,
      (select coalesce(sum(paid_amount), 0)::text from bookings) as booking_paid,
      (select count(*)::int from audit_logs where action = 'payout') as audits`);
  return rows[0]!;
}

/** Every payout record's total equals the sum of its items. */
export async function expectRecordTotalsMatchItems(w: World) {
  const bad = await w.q(`
    select p.id, p.total_amount::text, coalesce(sum(i.total), 0)::text as items
      from payouts p left join payout_items i on i.payout_id = p.id
     group by p.id having p.total_amount <> coalesce(sum(i.total), 0)`);
  expect(bad).toEqual([]);
}
