/**
 * The books check against the real database: a world paid out through the real routes (a whole single
 * payout, partial payouts of money received in whole and in part, a sub-agent split, a bulk run with a
 * custom split, a refund's clawback, a cancelled partial booking) has no violation; then each invariant
 * is broken by direct SQL in a transaction that is rolled back afterwards (triggers bypassed with
 * `session_replication_role = replica` where they refuse it: payout items are immutable), and the check
 * names exactly that rule, code and rows.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { idArray } from '../../shared/sql';
import { seedPayableBookings } from '../payouts';
import { checkBooks, type BooksReport } from './books-check';

type B = { id: number; reference: string };

/**
 * The payouts' seed (one CAD supplier, its account, fully received bookings; Avery books directly at
 * 30%, Sasha through Parker at 60% split 40%; all three with GST), paid through the routes by its admin.
 */
let t: TestApp;
let admin: TestClient;
let seed: Awaited<ReturnType<typeof seedPayableBookings>>;
let supplierAccount: number;
let cad: number;
const agent = { avery: 0, parker: 0, sasha: 0 };
let full: B, partial: B, partlyReceived: B, custom: B, plain: B, refund: B, cancelled: B, later: B;
/** Payout ids by booking. */
const payoutOf: Record<number, number> = {};

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

const pay = async (b: B, amount: string) => {
  const res = await admin.post(`/bookings/${b.id}/process-payout`, {
    json: { payout_amount: amount, description: '', is_partial: false },
  });
  ok(res);
  payoutOf[b.id] = res.json().payout_id as number;
};
/** A booking through `POST /bookings` (the engine writes its lines), dated in the seed's month. */
const book = async (booker: number, amount: string, reference: string): Promise<B> => {
  const res = await admin.post('/bookings', {
    json: {
      booking_reference: reference,
      supplier_id: seed.supplierId,
      booking_date: '2026-04-01',
      customer_name: 'Book Keeper',
      booking_amount: amount,
      status: 'confirmed',
      primary_agent_id: booker,
    },
  });
  ok(res);
  return { id: res.json().data.id as number, reference };
};
/** The supplier's money through `POST /transactions` (the matching computes the match statuses). */
const receive = async (reference: string, amount: string, type: 'credit' | 'debit', partial = false) =>
  ok(
    await admin.post('/transactions', {
      multipart: {
        account_id: String(supplierAccount),
        transaction_type: type,
        currency_id: String(cad),
        amount,
        reference_number: reference,
        status: 'completed',
        is_partial: partial ? '1' : '0',
      },
    }),
  );
const lineIds = async (b: B): Promise<Record<number, number>> =>
  Object.fromEntries(
    (await t.q(`select agent_id, id from actual_commissions where booking_id = $1`, [b.id])).map((l) => [
      l.agent_id,
      l.id,
    ]),
  );
const itemsOf = (b: B) =>
  t.q(`select id, transaction_id, payout_id from payout_items where booking_id = $1 order by id`, [b.id]);

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedPayableBookings(t.db, { bookings: 6, tag: 'BOOKS', password: 'correct horse battery' });
  admin = t.client();
  ok(await admin.post('/login', { json: { email: seed.adminEmail, password: seed.password } }));
  const [account] = await t.q(
    `select id, currency_id from accounts where accountable_type = 'supplier' and accountable_id = $1`,
    [seed.supplierId],
  );
  supplierAccount = account!.id;
  cad = account!.currency_id;
  for (const name of ['avery', 'parker', 'sasha'] as const)
    agent[name] = (
      await t.q(`select a.id from agents a join users u on u.id = a.user_id where u.name = $1`, [
        `${name[0]!.toUpperCase()}${name.slice(1)} BOOKS`,
      ])
    )[0]!.id;
  // Seeded in this order: Sasha (through Parker), Sasha, Avery, Sasha, Sasha, Avery.
  const seeded: B[] = (
    await t.q(`select id, booking_reference as reference from bookings where supplier_id = $1 order by id`, [
      seed.supplierId,
    ])
  ).map((r) => ({ id: r.id, reference: r.reference }));
  [custom, plain, full, cancelled, later, partial] = seeded as [B, B, B, B, B, B];

  await pay(full, seed.amounts.get(full.id)!);
  await pay(partial, '200.00');
  // Sasha through Parker, 120 of 300 received, 50 paid: the line has money in every card.
  partlyReceived = await book(agent.sasha, '300.00', 'BOOKS-PART');
  await receive(partlyReceived.reference, '120.00', 'credit', true);
  await pay(partlyReceived, '50.00');
  // A bulk run: a custom split (Sasha 30%, Parker 40%, company 30%) and a booking at its own rates.
  const lines = await lineIds(custom);
  const res = await admin.post('/bulk-payouts/process', {
    json: {
      description: '',
      payout_date: null,
      payouts: [
        {
          booking_id: custom.id,
          payout_amount: seed.amounts.get(custom.id)!,
          use_custom_commission: true,
          custom_commissions: [
            { commission_id: lines[agent.sasha], percentage: '30' },
            { commission_id: lines[agent.parker], percentage: '40' },
          ],
          company_percentage: '30',
        },
        { booking_id: plain.id, payout_amount: seed.amounts.get(plain.id)! },
      ],
    },
  });
  ok(res);
  expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['success', 'success']);
  // A refund the supplier was paid back: its payout is a clawback (a credit to the agent's account).
  refund = await book(agent.avery, '-200.00', 'BOOKS-REFUND');
  await receive(refund.reference, '200.00', 'debit');
  await pay(refund, '-200.00');
  // Cancelling a partial booking keeps what was paid.
  await pay(cancelled, '100.00');
  ok(await admin.post(`/bookings/${cancelled.id}/cancel`, { json: { cancellation_note: 'Trip off' } }));
  // Booked, nothing received yet.
  await book(agent.avery, '70.00', 'BOOKS-UNPAID');
});

class Rollback extends Error {}

/** The check after `breakIt` ran (triggers bypassed), in a transaction rolled back afterwards. */
async function checkBroken(breakIt: (tx: DbOrTx) => Promise<unknown>): Promise<BooksReport> {
  let report: BooksReport | undefined;
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      // The CHECKs that hold invariant 1 (migration 0017) are not bypassed by the replica role: dropped
      // here, in this file's own copy of the database, and back with the rollback.
      await tx.execute(sql`alter table bookings drop constraint if exists bookings_paid_within_gross,
                              drop constraint if exists bookings_status_follows_payouts`);
      await breakIt(tx);
      await tx.execute(sql`set local session_replication_role = origin`);
      report = await checkBooks(tx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return report!;
}
const found = (r: BooksReport) => r.violations.map(({ rule, code, ids }) => ({ rule, code, ids }));

describe('books check', () => {
  it('finds nothing wrong in books written by the real routes', async () => {
    const report = await checkBooks(t.db);
    expect(report.violations).toEqual([]);
    expect(report).toMatchObject({ ok: true, to_claw_back: [] });
    expect(report.checked).toMatchObject({ bookings: 9, payouts: 6 });
    expect(report.checked.payout_items).toBeGreaterThan(8);
  });

  it('rule 1: paid outside the gross, paid not its items, a status that does not follow what was paid', async () => {
    const outside = await checkBroken(async (tx) => {
      await tx.execute(sql`update bookings set paid_amount = 10 where id = ${refund.id}`);
    });
    expect(outside.ok).toBe(false);
    expect(found(outside)).toEqual([
      { rule: 1, code: 'paid_outside_gross', ids: { booking_id: refund.id } },
      { rule: 1, code: 'paid_not_items', ids: { booking_id: refund.id, payout_ids: [payoutOf[refund.id]] } },
      { rule: 1, code: 'completed_not_fully_paid', ids: { booking_id: refund.id } },
    ]);
    expect(outside.violations[0]!.message).toBe(
      `Booking ${refund.id}: paid 10.00 is not between 0 and its gross -200.00.`,
    );

    const notItems = await checkBroken((tx) =>
      tx.execute(sql`update bookings set paid_amount = 250 where id = ${partial.id}`),
    );
    expect(found(notItems)).toEqual([
      { rule: 1, code: 'paid_not_items', ids: { booking_id: partial.id, payout_ids: [payoutOf[partial.id]] } },
    ]);
    expect(notItems.violations[0]!.message).toBe(
      `Booking ${partial.id}: paid 250.00, but its payouts (${payoutOf[partial.id]}) paid 200.00 of its gross.`,
    );

    const [first] = await itemsOf(partlyReceived);
    const uneven = await checkBroken((tx) =>
      tx.execute(sql`update payout_items set gross_portion = 60 where id = ${first!.id}`),
    );
    expect(found(uneven)).toEqual([
      {
        rule: 1,
        code: 'payout_gross_differs',
        ids: { booking_id: partlyReceived.id, payout_id: payoutOf[partlyReceived.id] },
      },
    ]);

    const reverted = await checkBroken((tx) =>
      tx.execute(sql`update bookings set status = 'confirmed' where id = ${partial.id}`),
    );
    expect(found(reverted)).toEqual([{ rule: 1, code: 'unpaid_status_with_paid', ids: { booking_id: partial.id } }]);
  });

  it('rule 2: two live duplicates both paid; paid beyond the money received', async () => {
    // The same reference as written by someone else: padded and in lower case.
    const duplicate = await checkBroken((tx) =>
      tx.execute(
        sql`update bookings set booking_reference = ${` ${full.reference.toLowerCase()} `} where id = ${partial.id}`,
      ),
    );
    const group = { supplier_id: seed.supplierId, reference: full.reference, booking_ids: [full.id, partial.id] };
    expect(found(duplicate)).toEqual([
      { rule: 2, code: 'paid_duplicates', ids: group },
      // 337.57 received on the reference; 337.57 + 200 paid.
      { rule: 2, code: 'paid_above_received', ids: group },
    ]);

    const short = await checkBroken((tx) =>
      tx.execute(sql`update transactions set amount = 300 where reference_number = ${full.reference}
                      and account_id = ${supplierAccount}`),
    );
    expect(found(short)).toEqual([
      {
        rule: 2,
        code: 'paid_above_received',
        ids: { supplier_id: seed.supplierId, reference: full.reference, booking_ids: [full.id] },
      },
    ]);
    expect(short.violations[0]!.message).toBe(
      `Supplier ${seed.supplierId}, reference ${full.reference}: bookings ${full.id} were paid 337.57, beyond the 300.00 received on it.`,
    );
    expect(short.to_claw_back).toEqual([]);
  });

  it('rule 2: a booking overpaid after its money was reversed is to claw back, not a violation', async () => {
    const report = await checkBroken((tx) =>
      tx.execute(sql`update transactions set status = 'reversed' where reference_number = ${full.reference}
                      and account_id = ${supplierAccount}`),
    );
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.to_claw_back).toEqual([
      {
        booking_id: full.id,
        reference: full.reference,
        supplier_id: seed.supplierId,
        paid: '337.57',
        net_received: '0.00',
      },
    ]);
  });

  it('rule 3: a line paid other than its items, an item whose line is gone, a completed booking with an unpaid line', async () => {
    const [line] = Object.values(await lineIds(full));
    const [item] = await itemsOf(full);
    const paid = await checkBroken((tx) =>
      tx.execute(sql`update actual_commissions set paid_amount = paid_amount - 1 where id = ${line!}`),
    );
    expect(found(paid)).toEqual([
      { rule: 3, code: 'line_paid_not_items', ids: { line_id: line, booking_id: full.id, item_ids: [item!.id] } },
    ]);

    const gone = await checkBroken((tx) => tx.execute(sql`delete from actual_commissions where id = ${line!}`));
    expect(found(gone)).toEqual([
      { rule: 3, code: 'items_without_line', ids: { line_id: line, item_ids: [item!.id] } },
    ]);

    const unpaid = await checkBroken((tx) =>
      tx.execute(sql`update actual_commissions set status = 'confirmed' where id = ${line!}`),
    );
    expect(found(unpaid)).toEqual([
      { rule: 3, code: 'completed_line_not_paid', ids: { line_id: line, booking_id: full.id } },
    ]);
  });

  it('rule 4: a record total other than its items; an agent debit other than its items; an item without its debit', async () => {
    const payout = payoutOf[partial.id]!;
    const total = await checkBroken((tx) =>
      tx.execute(sql`update payouts set total_amount = total_amount + 0.01 where id = ${payout}`),
    );
    expect(found(total)).toEqual([{ rule: 4, code: 'payout_total_not_items', ids: { payout_id: payout } }]);

    const [item] = await itemsOf(partial);
    const debit = await checkBroken((tx) =>
      tx.execute(sql`update transactions set amount = amount + 1 where id = ${item!.transaction_id}`),
    );
    expect(found(debit)).toEqual([
      {
        rule: 4,
        code: 'agent_transaction_not_items',
        ids: { transaction_id: item!.transaction_id, payout_id: payout, item_ids: [item!.id] },
      },
    ]);

    // A clawback's credit turned into a debit.
    const [clawback] = await itemsOf(refund);
    const type = await checkBroken((tx) =>
      tx.execute(sql`update transactions set transaction_type = 'debit' where id = ${clawback!.transaction_id}`),
    );
    expect(found(type)).toEqual([
      {
        rule: 4,
        code: 'agent_transaction_not_items',
        ids: { transaction_id: clawback!.transaction_id, payout_id: payoutOf[refund.id], item_ids: [clawback!.id] },
      },
    ]);

    const unnamed = await checkBroken((tx) =>
      tx.execute(sql`update payout_items set transaction_id = null where id = ${item!.id}`),
    );
    expect(found(unnamed)).toEqual([
      {
        rule: 4,
        code: 'agent_transaction_not_items',
        ids: { transaction_id: item!.transaction_id, payout_id: payout },
      },
      {
        rule: 4,
        code: 'item_without_transaction',
        ids: { item_id: item!.id, payout_id: payout, booking_id: partial.id },
      },
    ]);
  });

  it('rule 5: a line whose cards and items do not add up to its amount or GST', async () => {
    const pat = (await lineIds(partlyReceived))[agent.parker]!;
    const gst = await checkBroken((tx) =>
      tx.execute(sql`update actual_commissions set gst_amount = gst_amount + 0.01 where id = ${pat}`),
    );
    expect(found(gst)).toEqual([
      { rule: 5, code: 'cards_not_line_amount', ids: { line_id: pat, booking_id: partlyReceived.id } },
    ]);

    // A completed booking: all of its line is in its items.
    const [line] = Object.values(await lineIds(full));
    const amount = await checkBroken((tx) =>
      tx.execute(sql`update actual_commissions set amount = amount + 1 where id = ${line!}`),
    );
    expect(found(amount)).toEqual([
      { rule: 5, code: 'cards_not_line_amount', ids: { line_id: line, booking_id: full.id } },
    ]);

    // A custom split pays its lines other than their amounts: not held to them.
    const customLines = Object.values(await lineIds(custom));
    const split = await checkBroken((tx) =>
      tx.execute(sql`update actual_commissions set amount = amount + 1 where id = any(${idArray(customLines)})`),
    );
    expect(found(split)).toEqual([]);
  });

  it('rule 6: a payout dated after today; a single payout not dated the day it was made', async () => {
    const bulkPayout = payoutOf[custom.id] ?? (await itemsOf(custom))[0]!.payout_id;
    const future = await checkBroken((tx) =>
      tx.execute(sql`update payouts set payout_date = current_date + 2 where id = ${bulkPayout}`),
    );
    expect(found(future)).toEqual([{ rule: 6, code: 'payout_after_today', ids: { payout_id: bulkPayout } }]);

    const single = payoutOf[full.id]!;
    const backdated = await checkBroken(async (tx) => {
      await tx.execute(sql`update payouts set created_at = created_at - interval '2 days' where id = ${single}`);
      // A bulk payout may be dated any day up to today.
      await tx.execute(sql`update payouts set payout_date = payout_date - 30 where id = ${bulkPayout}`);
    });
    expect(found(backdated)).toEqual([
      { rule: 6, code: 'single_payout_not_dated_created', ids: { payout_id: single } },
    ]);
  });

  it('rule 2: money the supplier took back after the payout (a later debit) is to claw back', async () => {
    await pay(later, seed.amounts.get(later.id)!);
    await receive(later.reference, '120.00', 'debit');
    const report = await checkBooks(t.db);
    expect(report.violations).toEqual([]);
    expect(report.to_claw_back).toEqual([
      {
        booking_id: later.id,
        reference: later.reference,
        supplier_id: seed.supplierId,
        paid: '495.95',
        net_received: '375.95',
      },
    ]);
  });
});
