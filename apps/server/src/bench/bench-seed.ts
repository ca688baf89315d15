import { isValidIsoDate } from '@app/domain';
import { todayUtc } from '../clock';
import type { Db } from '../db/client';
import { hashPassword } from '../shared/password';
import { seedBookings } from './bench-seed-bookings';
import { seedCredits } from './bench-seed-credits';
import { seedPayouts } from './bench-seed-payouts';
import { seedPlan } from './bench-seed-plan';
import { createLookups, dropLookups, seedReference } from './bench-seed-reference';
import { inParallel, run, scalar, seconds, WIDTH, type SeedContext } from './bench-seed-sql';

export interface BenchSeedOptions {
  bookings: number;
  seed: number;
  agents?: number;
  suppliers?: number;
  /** The anchor date (history ends there, bookings run a month past it): the server's today unless said. */
  today?: string;
  log?: (msg: string) => void;
  /** Rows per statement (tests make it small, so that batches run side by side). */
  batch?: number;
}

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ADMIN_EMAIL = 'bench.admin@example.com';

/** Rows per statement. */
const BATCH = 250_000;
/**
 * The tables the load fills. As pg_restore does, their secondary indexes that back no constraint and
 * their foreign keys are dropped before the load and made again once after it, from their own
 * `pg_get_indexdef` / `pg_get_constraintdef`, so the schema is the migrations' whatever happens: an index
 * build is one sort, and adding a foreign key checks every row in one join instead of one lookup per row
 * and key (most of the load's time). The payouts' deferred total check (drizzle/0017) is replaced during
 * the load by the same check as one statement (bench-seed-payouts.ts).
 */
const LOADED_TABLES = [
  'bookings',
  'actual_commissions',
  'booking_groups',
  'transactions',
  'payouts',
  'payout_items',
  'claim_requests',
];

/** What `dropForLoad` dropped: index definitions, and foreign keys by their table. */
interface Dropped {
  indexes: string[];
  keys: { tbl: string; name: string; def: string }[];
}

async function dropForLoad(db: Db): Promise<Dropped> {
  const { rows: keys } = await db.$client.query<{ tbl: string; name: string; def: string }>(
    `select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relname = any($1) and t.relnamespace = 'public'::regnamespace
      order by t.relname, c.conname`,
    [LOADED_TABLES],
  );
  const { rows: indexes } = await db.$client.query<{ name: string; def: string }>(
    `select i.relname as name, pg_get_indexdef(ix.indexrelid) as def
       from pg_index ix
       join pg_class i on i.oid = ix.indexrelid
       join pg_class t on t.oid = ix.indrelid
      where t.relname = any($1) and t.relnamespace = 'public'::regnamespace and not ix.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid)
      order by i.relname`,
    [LOADED_TABLES],
  );
  for (const k of keys) await run(db, `alter table ${k.tbl} drop constraint "${k.name}"`);
  for (const r of indexes) await run(db, `drop index "${r.name}"`);
  return { indexes: indexes.map((r) => r.def), keys };
}

/**
 * Makes again what `dropForLoad` dropped: the indexes two at a time (a build takes a share lock, which
 * another build does not wait for); the foreign keys added `not valid` (no scan), then validated, each
 * table's one after the other (a validation locks its table against another) and two tables at a time.
 * A row that broke a foreign key fails its validation here, so the load cannot hide one.
 */
async function remake(db: Db, dropped: Dropped) {
  // A build sorts in maintenance_work_mem (64 MB by default: a GIN index over millions of rows spills).
  await inParallel(
    WIDTH,
    dropped.indexes.map(
      (def) => () =>
        db.transaction(async (tx) => {
          await run(tx, "set local maintenance_work_mem = '1GB'");
          await run(tx, def);
        }),
    ),
  );
  for (const k of dropped.keys) await run(db, `alter table ${k.tbl} add constraint "${k.name}" ${k.def} not valid`);
  const tables = [...new Set(dropped.keys.map((k) => k.tbl))];
  await inParallel(
    WIDTH,
    tables.map((t) => async () => {
      for (const k of dropped.keys.filter((x) => x.tbl === t))
        await run(db, `alter table ${k.tbl} validate constraint "${k.name}"`);
    }),
  );
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
  const dropped = await dropForLoad(db);
  try {
    await seedPlan(c);
    const ids = await seedBookings(c, adminId);
    await seedPayouts(c, ids, adminId);
    c.log(`payouts (${seconds(c)} s)`);
    await seedCredits(c, ids, adminId);
    c.log(`claims (${seconds(c)} s)`);
  } finally {
    // Made again whatever happened: a failed seed leaves the schema as the migrations made it.
    await remake(db, dropped);
    await dropLookups(db);
  }
  c.log(`${dropped.indexes.length} indexes and ${dropped.keys.length} foreign keys made again (${seconds(c)} s)`);
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
    batch: opts.batch ?? BATCH,
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
