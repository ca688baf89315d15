/**
 * The books check (`npm run cli -- books:check`): the six money invariants of DOMAIN.md ("Money
 * invariants") checked over the whole database, each as set-based SQL that returns the offending rows
 * (one query per rule or sub-rule, never a loop over a table in JavaScript). All of them read one
 * snapshot (a repeatable-read, read-only transaction), so a payout committing meanwhile cannot make two
 * queries disagree. Money is compared in SQL and only carried as text.
 *
 * Bookings overpaid because supplier money was taken back after they were paid (a reversed transaction,
 * or a later transaction the other way) are not violations: they are listed in `to_claw_back`, work to
 * do (DOMAIN.md invariant 2), and do not make the check fail.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { paidWithinGross, paidIsItems, statusFollowsPaid } from './booking-paid.checks';
import type { BooksReport, Check, Out } from './books-check.types';

export type { BooksReport, BooksViolation, ClawBack } from './books-check.types';
import { cardsAddUp, payoutDates } from './cards-and-dates.checks';
import {
  agentTransactionIsItems,
  completedLinesPaid,
  itemHasTransaction,
  linePaidIsItems,
  payoutTotalIsItems,
} from './payout-items.checks';
import { paidDuplicates, paidWithinReceived } from './supplier-money.checks';

const READ_ONLY = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Checks the six money invariants over the whole database (in `db`'s transaction when it is one). */
export async function checkBooks(db: DbOrTx): Promise<BooksReport> {
  const started = performance.now();
  const run = async (tx: DbOrTx): Promise<BooksReport> => {
    const out: Out = { violations: [], toClawBack: [] };
    for (const check of CHECKS) await check(tx, out);
    const checked = await countRows(tx);
    return {
      ok: out.violations.length === 0,
      violations: out.violations,
      to_claw_back: out.toClawBack,
      checked,
      ms: Math.round(performance.now() - started),
    };
  };
  if (db instanceof PgTransaction) return run(db);
  return db.transaction(async (tx) => {
    // Room for the hash aggregates over a million bookings and lines (the default 4 MB sorts on disk).
    await tx.execute(sql`set local work_mem = '64MB'`);
    return run(tx);
  }, READ_ONLY);
}

async function countRows(db: DbOrTx): Promise<Record<string, number>> {
  const { rows } = await db.execute<Record<string, number>>(sql`
    select (select count(*)::int from bookings) as bookings,
           (select count(*)::int from actual_commissions) as lines,
           (select count(*)::int from payouts) as payouts,
           (select count(*)::int from payout_items) as payout_items,
           (select count(*)::int from transactions) as transactions`);
  return rows[0]!;
}

/** Every rule and sub-rule, in DOMAIN.md's order (the report lists violations in it). */
const CHECKS: readonly Check[] = [
  paidWithinGross,
  paidIsItems,
  statusFollowsPaid,
  paidDuplicates,
  paidWithinReceived,
  linePaidIsItems,
  completedLinesPaid,
  payoutTotalIsItems,
  agentTransactionIsItems,
  itemHasTransaction,
  cardsAddUp,
  payoutDates,
];
