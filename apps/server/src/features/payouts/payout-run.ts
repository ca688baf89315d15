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
import { PAYOUT_MESSAGES } from '@app/domain';
import type { Db } from '../../db/client';
import { lockChunk } from './payout-locks';
import { pay } from './payout-pay';
import { reconcile } from './payout-reconcile';
import type { Outcome, Run, RunRow } from './payout-run-model';

/** Bookings per database transaction in a bulk run. */
export const CHUNK_SIZE = 200;

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
