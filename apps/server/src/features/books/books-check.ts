/**
 * The books check (`npm run cli -- books:check`): the six money invariants of DOMAIN.md ("Money
 * invariants") checked over the whole database, each as set-based SQL that returns the offending rows
 * (one subquery per rule or sub-rule, never a loop over a table in JavaScript). All of them are one
 * statement and so read one snapshot: a payout committing meanwhile cannot make two rules disagree.
 * Money is compared in SQL and only carried as text.
 *
 * Bookings overpaid because supplier money was taken back after they were paid (a reversed transaction,
 * or a later transaction the other way) are not violations: they are listed in `to_claw_back`, work to
 * do (DOMAIN.md invariant 2), and do not make the check fail.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { todayUtc } from '../../clock';
import { withClientTransaction, type Db, type DbOrTx } from '../../db/client';
import { getGstRate } from '../../shared/settings';
import { paidWithinGross, paidIsItems, statusFollowsPaid } from './booking-paid.checks';
import type { BooksReport, Check, CheckContext, Out } from './books-check.types';

export type { BooksReport, BooksViolation, ClawBack } from './books-check.types';
import { cardsAddUp, payoutDates } from './cards-and-dates.checks';
import {
  agentTransactionIsItems,
  completedLinesPaid,
  itemHasTransaction,
  linePaidIsItems,
  payoutTotalIsItems,
} from './payout-items.checks';
import { paidDuplicates, paidWithinReceived, splitCreditsAddUp } from './supplier-money.checks';

/** The tables whose rows the report says it read, by the name the report gives them. */
const COUNTED: Record<string, string> = {
  bookings: 'bookings',
  lines: 'actual_commissions',
  payouts: 'payouts',
  payout_items: 'payout_items',
  transactions: 'transactions',
};

/**
 * Checks the six money invariants over the whole database (in `db`'s transaction when it is one).
 * Every check's SQL is one column of a single statement (its offending rows as JSON), so all of them
 * read one snapshot and the check costs one round trip; on the pool it is a named prepared statement,
 * planned once per connection (the model test runs it after each of thousands of requests, where
 * planning twelve statements each time was most of its cost).
 */
export async function checkBooks(db: DbOrTx): Promise<BooksReport> {
  const started = performance.now();
  const ctx: CheckContext = { gstRate: await getGstRate(db), today: todayUtc() };
  const statement = booksStatement(ctx);
  const pooled = !(db instanceof PgTransaction) && db.$client instanceof pg.Pool;
  const row = pooled ? await runPrepared(db as Db, statement) : (await db.execute(statement)).rows[0]!;
  const out: Out = { violations: [], toClawBack: [] };
  CHECKS.forEach((check, i) => check.collect(row[`c${i}`] as unknown[], out, ctx));
  return {
    ok: out.violations.length === 0,
    violations: out.violations,
    to_claw_back: out.toClawBack,
    checked: Object.fromEntries(Object.keys(COUNTED).map((as) => [as, row[as] as number])),
    ms: Math.round(performance.now() - started),
  };
}

function booksStatement(ctx: CheckContext): SQL {
  const columns = [
    ...CHECKS.map(
      (check, i) => sql`(select coalesce(json_agg(q), '[]'::json) from (${check.sql(ctx)}) q) as ${sql.raw(`c${i}`)}`,
    ),
    ...Object.entries(COUNTED).map(([as, table]) => sql.raw(`(select count(*)::int from ${table}) as ${as}`)),
  ];
  return sql`select ${sql.join(columns, sql`, `)}`;
}

const dialect = new PgDialect();

/** The statement as a named prepared statement on one pooled connection, with room for its hash aggregates. */
async function runPrepared(db: Db, statement: SQL): Promise<Record<string, unknown>> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `books_check_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  return withClientTransaction(db, async (_tx, execute) => {
    // Read only; room for the hash aggregates over a million bookings and lines (the default 4 MB sorts on disk).
    await execute(`set transaction read only`, []);
    await execute(`set local work_mem = '64MB'`, []);
    const { rows } = await execute(text, params, name);
    return rows[0] as Record<string, unknown>;
  });
}

/** Every rule and sub-rule, in DOMAIN.md's order (the report lists violations in it). */
const CHECKS: readonly Check[] = [
  paidWithinGross,
  paidIsItems,
  statusFollowsPaid,
  paidDuplicates,
  paidWithinReceived,
  splitCreditsAddUp,
  linePaidIsItems,
  completedLinesPaid,
  payoutTotalIsItems,
  agentTransactionIsItems,
  itemHasTransaction,
  cardsAddUp,
  payoutDates,
];
