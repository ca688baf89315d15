/**
 * The one writer of payouts and reconciliations (DOMAIN.md "Payouts"; docs/decisions/0005, 0006). A
 * single payout is a chunk of one booking; a bulk run is chunks of up to CHUNK_SIZE bookings, each chunk
 * one database transaction:
 *
 * 1. lock: the agents' accounts (FOR SHARE: not deleted or moved while we debit them), the suppliers
 *    (the matching's lock, transaction-matching.ts), then the bookings `order by id for update` — the
 *    lock order every match-status writer uses (accounts, suppliers, bookings);
 * 2. reconcile the rows that ask for it (gross := net received, lines through the commission engine);
 * 3. read the chunk's bookings, received money and lines in two queries, decide and plan every booking
 *    in memory with the domain (`payoutRefusal`, `customCommissionProblem`, `planPayout`);
 * 4. write set-based: the records (created with their first items), the agents' transactions, the
 *    items, the lines, the bookings, the records' totals and the audit rows.
 *
 * A booking refused by a check is reported and left out of the writes. Every booking's writes commit
 * together with the record total that counts them, so after a crash each booking is wholly paid or
 * untouched and each record's total equals its items. If a chunk fails unexpectedly it is redone one
 * booking per transaction, so only the bad booking fails.
 */
import {
  absMoney,
  customCommissionProblem,
  lineStatusAfterPayout,
  moneyToString,
  PAYOUT_MESSAGES,
  payoutRefusal,
  percentFromDb,
  percentToString,
  planPayout,
  reconcileProblem,
  payoutOutcome,
  statusAfterReconcile,
  sumMoney,
  type Cents,
  type Percent,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudits, type AuditEntry } from '../../shared/audit';
import { getGstRate } from '../../shared/settings';
import { idArray } from '../../shared/sql';
import { recalculateBookings } from '../commissions';
import { lockSuppliersForMatching, refreshMatchStatuses } from '../transactions';
import { findBookingFacts, findLineFacts, type BookingFacts, type LineFacts } from './payouts.repo';

/** Bookings per database transaction in a bulk run. */
export const CHUNK_SIZE = 200;

export interface RunRow {
  booking_id: number;
  /** Payout mode: the amount in gross terms. Reconcile mode: null. */
  amount: Cents | null;
  /** Reconcile before paying (payout mode), always in reconcile mode. */
  reconcile: boolean;
  /** Reconcile: the net received the screen showed; null = not checked. */
  expectedNet: Cents | null;
  /** Custom percentages by line id, for this payout only. */
  custom: { percentages: Map<number, Percent>; company: Percent } | null;
}

export interface Outcome {
  booking_id: number;
  /** '' when the booking does not exist. */
  reference: string;
  ok: boolean;
  message: string;
  notFound?: boolean;
  paid?: Cents;
  remaining?: Cents;
  payoutId?: number;
}

export interface Run {
  userId: number;
  kind: 'single' | 'bulk';
  mode: 'payout' | 'reconcile';
  payoutDate: string;
  /**
   * The record's name, asked under the booking's row lock; a single payout without a description names it
   * after its booking, its agent, the payout date and the booking's payout records before it (counted here).
   */
  name: (tx: DbOrTx, booking: BookingFacts) => Promise<string>;
  /** This run's committed payout records by currency id. */
  records: Map<number, number>;
}

/**
 * Processes rows (distinct bookings) in one transaction; if that fails unexpectedly, one booking per
 * transaction. `onError` hears what went wrong with a booking that could not be written.
 */
export async function processRows(
  db: Db,
  run: Run,
  rows: readonly RunRow[],
  onError: (err: unknown, bookingId: number) => void,
): Promise<Outcome[]> {
  try {
    return await withRetry(() => processChunk(db, run, rows));
  } catch (err) {
    if (rows.length === 1) {
      onError(err, rows[0]!.booking_id);
      return [{ booking_id: rows[0]!.booking_id, reference: '', ok: false, message: PAYOUT_MESSAGES.unexpected }];
    }
    const out: Outcome[] = [];
    for (const row of rows) out.push(...(await processRows(db, run, [row], onError)));
    return out;
  }
}

/** A deadlock or serialization failure is tried again (twice) before the chunk is split. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 2 || !isRetryable(err)) throw err;
    }
  }
}

function isRetryable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/** One chunk in one transaction; the outcomes in the rows' order. */
export async function processChunk(db: Db, run: Run, rows: readonly RunRow[]): Promise<Outcome[]> {
  // Each booking all or nothing: a row that reconciles and is then refused its payout must not keep the
  // reconcile. The chunk is then rolled back and done again without those rows, which keep their refusal
  // (at most once per row: each pass leaves at least one row out).
  const refusedAfterReconcile = new Map<number, Outcome>();
  for (;;) {
    const todo = rows.filter((r) => !refusedAfterReconcile.has(r.booking_id));
    const created = new Map<number, number>();
    const attempt = await db
      .transaction(async (tx) => {
        const done = new Map<number, Outcome>();
        if (todo.length === 0) return { done, undo: [] as Outcome[] };
        const lockedAgents = await lockChunk(
          tx,
          todo.map((r) => r.booking_id),
        );
        const toReconcile = todo.filter((r) => run.mode === 'reconcile' || r.reconcile);
        if (toReconcile.length) await reconcile(tx, run, toReconcile, done);
        const reconciled = new Set([...done.values()].filter((o) => o.ok).map((o) => o.booking_id));
        if (run.mode === 'payout') {
          const toPay = todo.filter((r) => !done.has(r.booking_id) || done.get(r.booking_id)!.ok);
          await pay(tx, run, toPay, done, created, lockedAgents);
        }
        const undo = [...done.values()].filter((o) => !o.ok && reconciled.has(o.booking_id));
        if (undo.length) throw new RedoChunk(undo);
        return { done, undo };
      })
      .catch((err: unknown) => {
        if (err instanceof RedoChunk) return { done: new Map<number, Outcome>(), undo: err.refused };
        throw err;
      });
    if (attempt.undo.length) {
      for (const o of attempt.undo) refusedAfterReconcile.set(o.booking_id, o);
      continue;
    }
    for (const [currency, id] of created) run.records.set(currency, id);
    return rows.map((r) => refusedAfterReconcile.get(r.booking_id) ?? attempt.done.get(r.booking_id)!);
  }
}

/** Rolls a chunk back: these rows were reconciled, then refused their payout. */
class RedoChunk extends Error {
  constructor(readonly refused: Outcome[]) {
    super('redo the chunk without the rows refused after their reconcile');
  }
}

const notFoundOutcome = (bookingId: number): Outcome => ({
  booking_id: bookingId,
  reference: '',
  ok: false,
  notFound: true,
  message: PAYOUT_MESSAGES.bookingNotFound,
});
const refused = (f: BookingFacts, message: string): Outcome => ({
  booking_id: f.id,
  reference: f.reference,
  ok: false,
  message,
});

/**
 * Locks in the order every match-status writer uses: accounts, suppliers, bookings. Returns the agents
 * whose accounts are locked.
 */
async function lockChunk(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const list = idArray(ids);
  const { rows: before } = await tx.execute<{ supplier_id: number }>(
    sql`select distinct supplier_id from bookings where id = any(${list})`,
  );
  const { rows: agents } = await tx.execute<{ agent_id: number }>(
    sql`select distinct agent_id from actual_commissions where booking_id = any(${list})`,
  );
  await lockAgentAccounts(
    tx,
    agents.map((a) => a.agent_id),
  );
  const suppliers = new Set(before.map((r) => r.supplier_id));
  await lockSuppliersForMatching(tx, [...suppliers]);
  const { rows: locked } = await tx.execute<{ supplier_id: number }>(
    sql`select supplier_id from bookings where id = any(${list}) order by id for update`,
  );
  // Moved to another supplier between the first read and the lock: lock that one too.
  const moved = locked.map((r) => r.supplier_id).filter((s) => !suppliers.has(s));
  if (moved.length) await lockSuppliersForMatching(tx, moved);
  return new Set(agents.map((a) => a.agent_id));
}

/** FOR SHARE: a concurrent delete or owner change of these accounts waits for this transaction. */
async function lockAgentAccounts(tx: DbOrTx, agentIds: readonly number[]): Promise<void> {
  if (agentIds.length === 0) return;
  await tx.execute(sql`
    select id from accounts where accountable_type = 'agent' and accountable_id = any(${idArray(agentIds)})
     order by id for share`);
}

function customProblem(row: RunRow, f: BookingFacts, lines: readonly LineFacts[]): string | null {
  if (!row.custom) return null;
  return customCommissionProblem(
    f.reference,
    lines.map((l) => l.id),
    row.custom.percentages,
    row.custom.company,
  );
}

/**
 * Reconcile (DOMAIN.md "Payouts"): gross := net received, is_reconciled, expected commission and lines
 * recomputed by the commission engine (paid money kept), match status refreshed, the old amount in the
 * audit row. A custom commission is checked here but only a payout applies it.
 */
async function reconcile(tx: DbOrTx, run: Run, rows: readonly RunRow[], done: Map<number, Outcome>): Promise<void> {
  const ids = rows.map((r) => r.booking_id);
  const facts = await findBookingFacts(tx, ids);
  const lines = rows.some((r) => r.custom) ? await findLineFacts(tx, ids) : new Map<number, LineFacts[]>();
  const ok: BookingFacts[] = [];
  for (const row of rows) {
    const f = facts.get(row.booking_id);
    if (!f) {
      done.set(row.booking_id, notFoundOutcome(row.booking_id));
      continue;
    }
    const problem =
      reconcileProblem({ ...f, expectedNet: row.expectedNet }) ?? customProblem(row, f, lines.get(f.id) ?? []);
    if (problem) done.set(f.id, refused(f, problem));
    else ok.push(f);
  }
  if (ok.length === 0) return;
  // DOMAIN.md "Money invariants" 1, 3 and 5: a reconcile that leaves nothing remaining completes the
  // booking (in the same statement as its new gross: the database holds status and paid together); its
  // lines are then what was paid on them (amount and GST from their items: a line recomputed from the new
  // gross can round a cent away from what its partial payouts paid), all paid. The others go through the
  // commission engine at the new gross.
  const statusAfter = (f: BookingFacts) => statusAfterReconcile(f.booking_status, f.net, f.paid);
  await tx.execute(sql`
    update bookings b set booking_amount = u.net, status = u.status, is_reconciled = true, updated_at = now()
      from json_to_recordset(${JSON.stringify(ok.map((f) => ({ id: f.id, net: moneyToString(f.net), status: statusAfter(f) })))}::json)
           as u(id int, net numeric, status text)
     where b.id = u.id`);
  const okIds = ok.map((f) => f.id);
  await recalculateBookings(tx, okIds, { userId: run.userId, reason: 'reconcile' });
  const closed = ok.filter((f) => statusAfter(f) === 'completed').map((f) => f.id);
  if (closed.length) {
    await tx.execute(sql`
      update actual_commissions ac
         set amount = ac.paid_amount, gst_amount = i.gst, total_with_gst = ac.paid_amount + i.gst, status = 'paid',
             updated_at = now()
        from (select ac2.id, coalesce(sum(pi.gst), 0) as gst
                from actual_commissions ac2 left join payout_items pi on pi.actual_commission_id = ac2.id
               where ac2.booking_id = any(${idArray(closed)})
               group by ac2.id) i
       where ac.id = i.id`);
    await tx.execute(sql`
      update bookings b set expected_commission = coalesce((select sum(ac.amount) from actual_commissions ac
                                                              where ac.booking_id = b.id), 0)
       where b.id = any(${idArray(closed)})`);
  }
  await refreshMatchStatuses(tx, okIds);
  await writeAudits(
    tx,
    ok.map((f) => ({
      userId: run.userId,
      action: 'reconcile',
      entityType: 'booking',
      entityId: f.id,
      before: { booking_amount: moneyToString(f.gross), is_reconciled: f.is_reconciled, status: f.booking_status },
      after: {
        booking_amount: moneyToString(f.net),
        is_reconciled: true,
        status: statusAfter(f),
      },
      meta: { net_received: moneyToString(f.net) },
    })),
  );
  for (const f of ok)
    done.set(f.id, { booking_id: f.id, reference: f.reference, ok: true, message: PAYOUT_MESSAGES.reconciled });
}

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

/** Plans every booking of the chunk in memory, then writes the accepted ones set-based. */
async function pay(
  tx: DbOrTx,
  run: Run,
  rows: readonly RunRow[],
  done: Map<number, Outcome>,
  created: Map<number, number>,
  lockedAgents: Set<number>,
): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.booking_id);
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

  const txRows: Omit<TxRow, 'id'>[] = [];
  const itemRows: Record<string, unknown>[] = [];
  const itemTx: (number | null)[] = [];
  const lineRows: Record<string, unknown>[] = [];
  const bookingRows: Record<string, unknown>[] = [];
  const totals = new Map<number, Cents>();
  const audits: AuditEntry[] = [];
  const paidItems = new Map<number, Record<string, unknown>[]>();

  for (const row of rows) {
    const f = facts.get(row.booking_id);
    if (!f) {
      done.set(row.booking_id, notFoundOutcome(row.booking_id));
      continue;
    }
    const ls = lines.get(f.id) ?? [];
    const amount = row.amount!;
    // DOMAIN.md "Money invariants" 1-2 are decided here under the locks: the amount within what is
    // available (net received on the reference less what any booking was paid from it, gross − paid) and
    // no live duplicate of the reference (`duplicate_booking_ids` in the facts).
    const problem =
      (ls.length === 0 && f.booking_status !== 'completed' && f.booking_status !== 'cancelled'
        ? PAYOUT_MESSAGES.noLines
        : null) ??
      payoutRefusal({
        ...f,
        amount,
        available: f.available,
        agents_without_accounts: ls.filter((l) => l.account_id === null).length,
      }) ??
      customProblem(row, f, ls);
    if (problem) {
      done.set(f.id, refused(f, problem));
      continue;
    }
    const recordName = await run.name(tx, f);
    const payoutId = await recordFor(tx, run, f, created, recordName);
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
    const audited: Record<string, unknown>[] = [];
    items.forEach((item, i) => {
      const line = ls[i]!;
      let txIndex: number | null = null;
      if (item.total !== 0n) {
        txIndex = txRows.length;
        txRows.push({
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
      itemTx.push(txIndex);
      itemRows.push({
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
        lineRows.push({
          id: line.id,
          paid_amount: moneyToString(linePaid),
          payment_date: item.total !== 0n ? run.payoutDate : null,
          status: lineStatus,
        });
      audited.push({
        tx_index: txIndex,
        line_id: line.id,
        agent_id: line.agent_id,
        percentage: percentToString(item.percentage),
        commission: moneyToString(item.commission),
        gst: moneyToString(item.gst),
        total: moneyToString(item.total),
      });
    });
    totals.set(payoutId, ((totals.get(payoutId) ?? 0n) + sumMoney(items.map((i) => i.total))) as Cents);
    bookingRows.push({ id: f.id, paid_amount: moneyToString(paidAfter), status: statusAfter });
    paidItems.set(f.id, audited);
    audits.push({
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
    done.set(f.id, {
      booking_id: f.id,
      reference: f.reference,
      ok: true,
      message: PAYOUT_MESSAGES.processed,
      paid: paidAfter,
      remaining: outcome.remaining,
      payoutId,
    });
  }
  if (bookingRows.length === 0) return;

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
  for (const list of paidItems.values())
    for (const entry of list) {
      const index = entry.tx_index as number | null;
      delete entry.tx_index;
      entry.transaction_id = index === null ? null : txIds[index]!;
    }
  await writeAudits(tx, audits);
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
