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
const TRIGRAM_INDEXES = [
  ['transactions_reference_trgm_idx', 'transactions', 'reference_number'],
  ['bookings_reference_trgm_idx', 'bookings', 'booking_reference'],
  ['bookings_customer_trgm_idx', 'bookings', 'customer_name'],
] as const;

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
  // Trigram indexes are built once at the end: maintaining them row by row is most of a load's time.
  for (const [name] of TRIGRAM_INDEXES) await run(db, `drop index if exists ${name}`);
  try {
    await seedPlan(c);
    const ids = await seedBookings(c, adminId);
    await seedPayouts(c, ids, adminId);
    c.log(`payouts (${seconds(c)} s)`);
    await seedCredits(c, ids, adminId);
    c.log(`claims (${seconds(c)} s)`);
  } finally {
    for (const [name, table, column] of TRIGRAM_INDEXES)
      await run(db, `create index if not exists ${name} on ${table} using gin (${column} gin_trgm_ops)`);
    await dropLookups(db);
  }
  c.log(`trigram indexes (${seconds(c)} s)`);
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
