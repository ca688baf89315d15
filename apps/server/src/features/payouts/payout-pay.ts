import {
  absMoney,
  lineStatusAfterPayout,
  moneyToString,
  PAYOUT_MESSAGES,
  payoutOutcome,
  payoutRefusal,
  percentFromDb,
  percentToString,
  planPayout,
  sumMoney,
  type Cents,
  type Percent,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { writeAudits, type AuditEntry } from '../../shared/audit';
import { getGstRate } from '../../shared/settings';
import { refreshMatchStatuses } from '../transactions';
import { lockAgentAccounts } from './payout-locks';
import { customProblem, notFoundOutcome, refused, type Outcome, type Run, type RunRow } from './payout-run-model';
import { findBookingFacts, findLineFacts, type BookingFacts, type LineFacts } from './payouts.repo';

// Paying a chunk: every booking decided and planned in memory with the domain, then the accepted ones
// written set-based.

type TxRow = {
  id: number;
  account_id: number;
  transaction_type: 'debit' | 'credit';
  currency_id: number;
  amount: string;
  reference_number: string;
  description: string;
  payout_id: number;
};

/** What the chunk's accepted bookings write, gathered in memory before the set-based writes. */
interface PayWrites {
  txRows: Omit<TxRow, 'id'>[];
  itemRows: Record<string, unknown>[];
  /** Per item, the index in `txRows` of its transaction (null: an item of 0 moves no money). */
  itemTx: (number | null)[];
  lineRows: Record<string, unknown>[];
  bookingRows: Record<string, unknown>[];
  totals: Map<number, Cents>;
  audits: AuditEntry[];
  paidItems: Map<number, Record<string, unknown>[]>;
}

/** Plans every booking of the chunk in memory, then writes the accepted ones set-based. */
export async function pay(
  tx: DbOrTx,
  run: Run,
  rows: readonly RunRow[],
  done: Map<number, Outcome>,
  created: Map<number, number>,
  lockedAgents: Set<number>,
): Promise<void> {
  if (rows.length === 0) return;
  const { facts, lines, gstRate } = await readChunk(
    tx,
    rows.map((r) => r.booking_id),
    lockedAgents,
  );
  const writes: PayWrites = {
    txRows: [],
    itemRows: [],
    itemTx: [],
    lineRows: [],
    bookingRows: [],
    totals: new Map(),
    audits: [],
    paidItems: new Map(),
  };
  for (const row of rows) {
    const f = facts.get(row.booking_id);
    if (!f) {
      done.set(row.booking_id, notFoundOutcome(row.booking_id));
      continue;
    }
    const ls = lines.get(f.id) ?? [];
    const problem = payoutProblem(row, f, ls);
    if (problem) {
      done.set(f.id, refused(f, problem));
      continue;
    }
    const recordName = await run.name(tx, f);
    const payoutId = await recordFor(tx, run, f, created, recordName);
    done.set(f.id, planBooking(writes, run, row, f, ls, gstRate, { payoutId, recordName }));
  }
  if (writes.bookingRows.length === 0) return;
  await writePayouts(tx, run, writes);
}

/** The chunk's bookings, their lines (every agent's account locked) and the GST rate. */
async function readChunk(tx: DbOrTx, ids: readonly number[], lockedAgents: Set<number>) {
  // The stored match status is current under the suppliers' lock; computed again here so a booking
  // not yet backfilled is decided on its real status. A payout changes none of its inputs (the debits
  // are on agent accounts), so it stays current after the writes.
  await refreshMatchStatuses(tx, ids);
  const facts = await findBookingFacts(tx, ids);
  let lines = await findLineFacts(tx, ids);
  // A reconcile above may have brought in an agent whose accounts are not locked yet: lock, read again.
  const newAgents = [...lines.values()].flat().filter((l) => !lockedAgents.has(l.agent_id));
  if (newAgents.length) {
    await lockAgentAccounts(
      tx,
      newAgents.map((l) => l.agent_id),
    );
    lines = await findLineFacts(tx, ids);
  }
  const gstRate = percentFromDb(await getGstRate(tx));
  return { facts, lines, gstRate };
}

/** Why the booking may not be paid this amount, or null. */
function payoutProblem(row: RunRow, f: BookingFacts, ls: readonly LineFacts[]): string | null {
  // DOMAIN.md "Money invariants" 1-2 are decided here under the locks: the amount within what is
  // available (net received on the reference less what any booking was paid from it, gross − paid) and
  // no live duplicate of the reference (`duplicate_booking_ids` in the facts).
  return (
    (ls.length === 0 && f.booking_status !== 'completed' && f.booking_status !== 'cancelled'
      ? PAYOUT_MESSAGES.noLines
      : null) ??
    payoutRefusal({
      ...f,
      amount: row.amount!,
      available: f.available,
      agents_without_accounts: ls.filter((l) => l.account_id === null).length,
    }) ??
    customProblem(row, f, ls)
  );
}

/** Plans one accepted booking's payout into `writes`: its items, lines, booking row, total and audit. */
function planBooking(
  writes: PayWrites,
  run: Run,
  row: RunRow,
  f: BookingFacts,
  ls: readonly LineFacts[],
  gstRate: Percent,
  record: { payoutId: number; recordName: string },
): Outcome {
  const { payoutId } = record;
  const amount = row.amount!;
  const items = planPayout({
    gross: f.gross,
    paidBefore: f.paid,
    amount,
    lines: ls,
    gstRate,
    ...(row.custom ? { custom: row.custom.percentages } : {}),
  });
  const outcome = payoutOutcome(f.gross, f.paid, amount);
  const { paid: paidAfter, status: statusAfter } = outcome;
  const audited = items.map((item, i) => planItem(writes, run, f, ls[i]!, item, record, statusAfter));
  writes.totals.set(payoutId, ((writes.totals.get(payoutId) ?? 0n) + sumMoney(items.map((i) => i.total))) as Cents);
  writes.bookingRows.push({ id: f.id, paid_amount: moneyToString(paidAfter), status: statusAfter });
  writes.paidItems.set(f.id, audited);
  writes.audits.push({
    userId: run.userId,
    action: 'payout',
    entityType: 'booking',
    entityId: f.id,
    before: { paid_amount: moneyToString(f.paid), status: f.booking_status },
    after: {
      paid_amount: moneyToString(paidAfter),
      status: statusAfter,
      payout_id: payoutId,
      payout_amount: moneyToString(amount),
      items: audited,
    },
    ...(row.custom ? { meta: { custom_commission: true } } : {}),
  });
  return {
    booking_id: f.id,
    reference: f.reference,
    ok: true,
    message: PAYOUT_MESSAGES.processed,
    paid: paidAfter,
    remaining: outcome.remaining,
    payoutId,
  };
}

/** Plans one line's item: its transaction (when it moves money), the item, the line's change; returns its audit entry. */
function planItem(
  writes: PayWrites,
  run: Run,
  f: BookingFacts,
  line: LineFacts,
  item: ReturnType<typeof planPayout>[number],
  record: { payoutId: number; recordName: string },
  statusAfter: ReturnType<typeof payoutOutcome>['status'],
): Record<string, unknown> {
  const { payoutId, recordName } = record;
  let txIndex: number | null = null;
  if (item.total !== 0n) {
    txIndex = writes.txRows.length;
    writes.txRows.push({
      account_id: line.account_id!,
      // What goes to the agent leaves as a debit; a clawback comes back as a credit.
      transaction_type: item.total > 0n ? 'debit' : 'credit',
      currency_id: f.currency_id,
      amount: moneyToString(absMoney(item.total)),
      reference_number: f.reference,
      description: recordName,
      payout_id: payoutId,
    });
  }
  writes.itemTx.push(txIndex);
  writes.itemRows.push({
    payout_id: payoutId,
    booking_id: f.id,
    actual_commission_id: line.id,
    agent_id: line.agent_id,
    gross_portion: moneyToString(item.gross_portion),
    percentage: percentToString(item.percentage),
    commission: moneyToString(item.commission),
    gst: moneyToString(item.gst),
    total: moneyToString(item.total),
  });
  const linePaid = (line.paid_amount + item.commission) as Cents;
  const lineStatus = lineStatusAfterPayout(line, linePaid, statusAfter);
  if (item.total !== 0n || lineStatus !== line.status)
    writes.lineRows.push({
      id: line.id,
      paid_amount: moneyToString(linePaid),
      payment_date: item.total !== 0n ? run.payoutDate : null,
      status: lineStatus,
    });
  return {
    tx_index: txIndex,
    line_id: line.id,
    agent_id: line.agent_id,
    percentage: percentToString(item.percentage),
    commission: moneyToString(item.commission),
    gst: moneyToString(item.gst),
    total: moneyToString(item.total),
  };
}

/** Writes the planned payouts set-based: transactions, items, lines, bookings, the records' totals, audit rows. */
async function writePayouts(tx: DbOrTx, run: Run, writes: PayWrites): Promise<void> {
  const { txRows, itemRows, itemTx, lineRows, bookingRows, totals } = writes;
  const txIds = await insertTransactions(tx, run, txRows);
  const items = itemRows.map((r, i) => ({ ...r, transaction_id: itemTx[i] === null ? null : txIds[itemTx[i]!]! }));
  if (items.length)
    await tx.execute(sql`
      insert into payout_items (payout_id, booking_id, actual_commission_id, agent_id, gross_portion, percentage,
                                commission, gst, total, transaction_id)
      select payout_id, booking_id, actual_commission_id, agent_id, gross_portion, percentage, commission, gst, total,
             transaction_id
        from json_to_recordset(${JSON.stringify(items)}::json) as i(
          payout_id int, booking_id int, actual_commission_id int, agent_id int, gross_portion numeric,
          percentage numeric, commission numeric, gst numeric, total numeric, transaction_id int)`);
  if (lineRows.length)
    await tx.execute(sql`
      update actual_commissions ac
         set paid_amount = u.paid_amount, payment_date = coalesce(u.payment_date, ac.payment_date),
             status = u.status, updated_at = now()
        from json_to_recordset(${JSON.stringify(lineRows)}::json) as u(id int, paid_amount numeric, payment_date date, status text)
       where ac.id = u.id`);
  await tx.execute(sql`
    update bookings b set paid_amount = u.paid_amount, status = u.status, updated_at = now()
      from json_to_recordset(${JSON.stringify(bookingRows)}::json) as u(id int, paid_amount numeric, status text)
     where b.id = u.id`);
  await tx.execute(sql`
    update payouts p set total_amount = p.total_amount + u.add
      from json_to_recordset(${JSON.stringify([...totals].map(([id, add]) => ({ id, add: moneyToString(add) })))}::json)
           as u(id int, add numeric)
     where p.id = u.id`);
  // The audit rows name each item's transaction.
  for (const list of writes.paidItems.values())
    for (const entry of list) {
      const index = entry.tx_index as number | null;
      delete entry.tx_index;
      entry.transaction_id = index === null ? null : txIds[index]!;
    }
  await writeAudits(tx, writes.audits);
}

/** Inserts the agents' transactions; returns their ids in `txRows`' order. */
async function insertTransactions(tx: DbOrTx, run: Run, txRows: readonly Omit<TxRow, 'id'>[]): Promise<number[]> {
  // Transaction ids first, so each item names its own debit without relying on RETURNING's order.
  const txIds = txRows.length
    ? (
        await tx.execute<{ id: number }>(
          sql`select nextval(pg_get_serial_sequence('transactions', 'id'))::int as id from generate_series(1, ${txRows.length})`,
        )
      ).rows.map((r) => r.id)
    : [];
  if (txRows.length) {
    const withIds: TxRow[] = txRows.map((t, i) => ({ id: txIds[i]!, ...t }));
    await tx.execute(sql`
      insert into transactions (id, account_id, transaction_type, currency_id, amount, reference_number, status,
                                description, transaction_date, created_by_user_id, payout_id)
      select t.id, t.account_id, t.transaction_type, t.currency_id, t.amount, t.reference_number, 'completed',
             t.description, ${run.payoutDate}::date, ${run.userId}, t.payout_id
        from json_to_recordset(${JSON.stringify(withIds)}::json) as t(
          id int, account_id int, transaction_type text, currency_id int, amount numeric, reference_number text,
          description text, payout_id int)`);
  }
  return txIds;
}

/** The run's record for the booking's currency: created with the first items that go into it. */
async function recordFor(
  tx: DbOrTx,
  run: Run,
  f: BookingFacts,
  created: Map<number, number>,
  name: string,
): Promise<number> {
  const existing = run.records.get(f.currency_id) ?? created.get(f.currency_id);
  if (existing !== undefined) return existing;
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into payouts (name, payout_date, currency_id, kind, created_by_user_id)
    values (${name}, ${run.payoutDate}::date, ${f.currency_id}, ${run.kind}, ${run.userId})
    returning id`);
  const id = rows[0]!.id;
  created.set(f.currency_id, id);
  await writeAudits(tx, [
    {
      userId: run.userId,
      action: 'create',
      entityType: 'payout',
      entityId: id,
      after: { name, payout_date: run.payoutDate, currency: f.currency_code, kind: run.kind },
    },
  ]);
  return id;
}
