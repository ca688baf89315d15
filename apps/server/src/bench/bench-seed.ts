import { isValidIsoDate } from '@app/domain';
import { todayUtc } from '../clock';
import type { Db } from '../db/client';
import { hashPassword } from '../shared/password';
import { seedBookings } from './bench-seed-bookings';
import { seedCredits } from './bench-seed-credits';
import { seedPayouts } from './bench-seed-payouts';
import { seedPlan } from './bench-seed-plan';
import { createLookups, dropLookups, seedReference } from './bench-seed-reference';
import { run, scalar, seconds, type SeedContext } from './bench-seed-sql';

export interface BenchSeedOptions {
  bookings: number;
  seed: number;
  agents?: number;
  suppliers?: number;
  /** The anchor date (history ends there, bookings run a month past it): the server's today unless said. */
  today?: string;
  log?: (msg: string) => void;
}

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ADMIN_EMAIL = 'bench.admin@example.com';

/** Rows per statement. */
const BATCH = 250_000;
/**
 * The tables the load fills by the million. Their secondary indexes that back no constraint are dropped
 * before it and built once after it (maintaining them row by row was most of the load); the indexes of
 * payout_items stay, as its deferred total check (migration 0017) reads the items by payout.
 */
const LOADED_TABLES = ['bookings', 'actual_commissions', 'transactions'];

/** Drops the loaded tables' secondary indexes; their definitions, to build them again. */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const { rows } = await db.$client.query<{ name: string; def: string }>(
    `select i.relname as name, pg_get_indexdef(ix.indexrelid) as def
       from pg_index ix
       join pg_class i on i.oid = ix.indexrelid
       join pg_class t on t.oid = ix.indrelid
      where t.relname = any($1) and t.relnamespace = 'public'::regnamespace and not ix.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid)
      order by i.relname`,
    [LOADED_TABLES],
  );
  for (const r of rows) await run(db, `drop index "${r.name}"`);
  return rows.map((r) => r.def);
}

/**
 * A deterministic, realistic large dataset for benchmarks (CONTRACT.md §1 `bench:seed`, bench/README.md
 * "The bench dataset"): the same options and anchor give the same rows. Skewed like an agency (a few
 * suppliers and agents carry most bookings), four years of bookings with sub-agents, groups,
 * cancellations and refunds, the suppliers' money with typing noise, payouts that paid what is marked
 * paid, unmatched credits and claims, every money invariant holding (`books:check`). Set-based SQL in
 * batches, each step from one unlogged plan table. Refuses a database that already has bench data.
 */
export async function benchSeed(db: Db, opts: BenchSeedOptions) {
  const c = await context(db, opts);
  const existing = await scalar<number>(
    db,
    `select count(*)::int as v from users where email = '${BENCH_ADMIN_EMAIL}'`,
  );
  if (existing > 0) throw new Error('This database already has bench data: seed into an empty database.');
  const hash = await hashPassword(BENCH_PASSWORD);
  await db.transaction((tx) => seedReference(tx, c, hash, BENCH_ADMIN_EMAIL));
  const adminId = await scalar<number>(db, `select id as v from users where email = '${BENCH_ADMIN_EMAIL}'`);
  await createLookups(db, c);
  c.log(`reference rows (${seconds(c)} s)`);
  const indexes = await dropSecondaryIndexes(db);
  try {
    await seedPlan(c);
    const ids = await seedBookings(c, adminId);
    await seedPayouts(c, ids, adminId);
    c.log(`payouts (${seconds(c)} s)`);
    await seedCredits(c, ids, adminId);
    c.log(`claims (${seconds(c)} s)`);
  } finally {
    // Built again whatever happened: a failed seed leaves the schema as the migrations made it.
    for (const def of indexes) await run(db, def);
    await dropLookups(db);
  }
  c.log(`${indexes.length} indexes built (${seconds(c)} s)`);
  // Fresh statistics and visibility map, as autovacuum would leave tables in steady use.
  await run(db, 'vacuum analyze bookings, actual_commissions, transactions, payouts, payout_items, claim_requests');
  const counts = await datasetCounts(db);
  const secs = Math.round((Date.now() - c.started) / 100) / 10;
  c.log(`done in ${secs} s`);
  return {
    status: 'success',
    bookings: opts.bookings,
    agents: c.agents,
    suppliers: c.suppliers,
    seed: c.seed,
    anchor: c.today,
    seconds: secs,
    counts,
    admin: { email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD },
  };
}

async function context(db: Db, opts: BenchSeedOptions): Promise<SeedContext> {
  const { seed, bookings } = opts;
  const agents = opts.agents ?? 500;
  const suppliers = opts.suppliers ?? 100;
  const today = todayUtc();
  const anchorDay = opts.today ?? today;
  if (!Number.isSafeInteger(seed)) throw new Error(`The seed must be an integer, not ${seed}.`);
  for (const [name, n, min] of [
    ['bookings', bookings, 1],
    ['agents', agents, 2],
    ['suppliers', suppliers, 1],
  ] as const)
    if (!Number.isSafeInteger(n) || n < min || n > 50_000_000)
      throw new Error(`The number of ${name} must be an integer from ${min} to 50,000,000, not ${n}.`);
  if (!isValidIsoDate(anchorDay) || anchorDay > today)
    throw new Error(`The anchor must be a date on or before today (${today}), not ${anchorDay}.`);
  return {
    db,
    seed,
    bookings,
    agents,
    suppliers,
    unmatched: Math.ceil(bookings / 50),
    today: anchorDay,
    singles: anchorDay === today,
    batch: BATCH,
    log: opts.log ?? (() => {}),
    started: Date.now(),
  };
}

async function datasetCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'bookings',
    'actual_commissions',
    'booking_groups',
    'payouts',
    'payout_items',
    'transactions',
    'claim_requests',
  ];
  const { rows } = await db.$client.query<Record<string, number>>(
    `select ${tables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`,
  );
  return rows[0]!;
}
