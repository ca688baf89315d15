/**
 * Bookings at scale (issue 5 "Numbers"): a deterministic dataset from `bench:seed` (1,000,000 bookings
 * with commission lines by default, BENCH_BOOKINGS to change; or BENCH_DATASET_URL, a database that
 * `npm run cli -- bench:seed` filled, for sizes seeded once and measured many times), then through the HTTP API:
 * - the list with two filters and a sort, page 40 of 25 (target p50 ≤ 50 ms, p95 ≤ 150 ms);
 * - the list filtered on the transaction match status with a sort (same target);
 * - reference / customer search (target p50 ≤ 50 ms);
 * - POST /bookings with rate resolution and commission lines (target p50 ≤ 30 ms).
 */
import { TRANSACTION_MATCH_STATUSES } from '@app/domain';
import { benchSeed, BENCH_ADMIN_EMAIL, BENCH_PASSWORD } from '../apps/server/src/bench/bench-seed';
import { createDb, type Db } from '../apps/server/src/db/client';
import { compactBookingCounts, mergeSearchIndexes } from '../apps/server/src/features/bookings';
import { HttpClient, measure, seededRandom } from './lib';
import type { BenchContext, BenchResult } from './run';
import { startBenchApp } from './app';

interface Seeded {
  /** The dataset's database, for benchmarks that start their own server process on it. */
  url: string;
  db: Db;
  client: HttpClient;
  close(): Promise<void>;
  dataset: Record<string, number>;
  supplierIds: number[];
  agentIds: number[];
  surnames: string[];
  referenceFragments: string[];
}

let seeded: Promise<Seeded> | null = null;

/** One seeded database and one signed-in client for the bookings benchmarks (and payouts.ts's). */
export function bookingsDataset(ctx: BenchContext): Promise<Seeded> {
  seeded ??= (async () => {
    const existing = process.env.BENCH_DATASET_URL;
    const url = existing ?? (await ctx.createDatabase('bench_bookings'));
    const db = createDb(url, 10);
    let bookings: number;
    let seedSeconds = 0;
    if (existing) {
      bookings = (await db.$client.query<{ n: number }>('select count(*)::int as n from bookings')).rows[0]!.n;
      console.log(`  dataset: ${bookings.toLocaleString('en-GB')} bookings at BENCH_DATASET_URL (seeded before)`);
    } else {
      bookings = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
      const seed = await benchSeed(db, { bookings, seed: 1, log: (m) => console.log(`  seed: ${m}`) });
      seedSeconds = seed.seconds;
    }
    // What the job runner of a running server does within 10 s of the load (the bench app runs no job runner):
    // the counts folded, the search indexes' pending lists merged.
    await compactBookingCounts(db);
    await mergeSearchIndexes(db);
    const { app, port } = await startBenchApp(db);
    const client = new HttpClient(port);
    await client.signIn(BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    const ids = async (table: string, like: string) =>
      (await db.$client.query<{ id: number }>(`select t.id from ${table} t where ${like} order by t.id`)).rows.map(
        (r) => r.id,
      );
    const sample = async (column: string) =>
      (
        await db.$client.query<{ s: string }>(
          `select distinct ${column} as s from bookings tablesample system (1) repeatable (1) limit 500`,
        )
      ).rows.map((r) => r.s);
    const surnames = await sample(`split_part(customer_name, ',', 1)`);
    // The last six characters of real references (digits, or a record locator's letters).
    const referenceFragments = await sample(`right(booking_reference, 6)`);
    return {
      url,
      db,
      client,
      dataset: { bookings, seed_seconds: seedSeconds },
      supplierIds: await ids('suppliers', `t.name like 'Bench Supplier %'`),
      agentIds: await ids('agents', `t.fareconnect_number like 'FCB%'`),
      surnames,
      referenceFragments,
      async close() {
        client.close();
        await app.close();
        await db.$client.end();
      },
    };
  })();
  return seeded;
}

/** Closes the shared dataset if a benchmark opened it (run.ts, once every benchmark has run). */
export async function closeBookingsDataset(): Promise<void> {
  const s = seeded;
  seeded = null;
  if (s) await (await s).close();
}

function result(
  name: string,
  description: string,
  t: Awaited<ReturnType<typeof measure>>,
  target: string,
  passed: boolean,
  dataset: Record<string, number>,
): BenchResult {
  return { name, description, ...t, target, passed, dataset };
}

/**
 * One GET of the bookings list per request (`path` draws the next one), 200 expected; the target is
 * p50 ≤ 50 ms, and p95 ≤ 150 ms too where `p95` says so.
 */
async function benchList(
  ctx: BenchContext,
  o: {
    name: string;
    description: string;
    path: () => string;
    requests: number;
    warmup: number;
    p95?: boolean;
    dataset?: Record<string, number>;
  },
): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const t = await measure(
    async () => {
      const path = o.path();
      const res = await s.client.request('GET', path);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    },
    Math.min(ctx.requests, o.requests),
    Math.min(ctx.warmup, o.warmup),
  );
  return o.p95
    ? result(o.name, o.description, t, 'p50 ≤ 50 ms, p95 ≤ 150 ms', t.p50_ms <= 50 && t.p95_ms <= 150, {
        ...s.dataset,
        ...o.dataset,
      })
    : result(o.name, o.description, t, 'p50 ≤ 50 ms', t.p50_ms <= 50, { ...s.dataset, ...o.dataset });
}

const search = (term: string) => `/bookings?search=${encodeURIComponent(term)}&per_page=25`;

export async function benchBookingsList(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const rnd = seededRandom(40);
  return benchList(ctx, {
    name: 'bookings-list',
    description: 'GET /bookings, status + supplier filters, booking_date desc, page 40 of 25',
    path: () =>
      `/bookings?status=${rnd.pick(['confirmed', 'pending'])}&supplier_id=${rnd.pick(s.supplierIds)}&sort=booking_date&direction=desc&page=40&per_page=25`,
    requests: 1000,
    warmup: 50,
    p95: true,
  });
}

/**
 * The list filtered on the stored transaction match status (issue 5): one of the five statuses at
 * random, newest or oldest first, page 40 of 25 (bookings_match_status_date_idx). The total counts
 * every booking with that status, so `match` (about four in five bookings) costs about as much as
 * the unfiltered list.
 */
export async function benchBookingsListTransactionStatus(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const rnd = seededRandom(44);
  const { rows } = await s.db.$client.query<{ status: string; n: number }>(
    `select transaction_match_status as status, count(*)::int as n from bookings group by 1 order by 1`,
  );
  return benchList(ctx, {
    name: 'bookings-list-transaction-status',
    description: 'GET /bookings, transaction_status filter (one of five), booking_date asc/desc, page 40 of 25',
    path: () =>
      `/bookings?transaction_status=${rnd.pick(TRANSACTION_MATCH_STATUSES)}&sort=booking_date&direction=${rnd.pick(['desc', 'asc'])}&page=40&per_page=25`,
    requests: 1000,
    warmup: 50,
    p95: true,
    dataset: Object.fromEntries(rows.map((r) => [`status_${r.status}`, r.n])),
  });
}

/** The list as it opens (issue 23): no filter, first page, newest first; its total from the maintained counts. */
export const benchBookingsFirstPage = (ctx: BenchContext) =>
  benchList(ctx, {
    name: 'bookings-first-page',
    description: 'GET /bookings, no filter, first page of 25',
    path: () => '/bookings?per_page=25',
    requests: 500,
    warmup: 20,
  });

/** Search by the ten most common surnames of the dataset (issue 23 "a common surname"): the largest result sets. */
export async function benchBookingsSearchCommon(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const { rows } = await s.db.$client.query<{ surname: string; n: number }>(
    `select split_part(customer_name, ',', 1) as surname, count(*)::int as n from bookings
      group by 1 order by 2 desc, 1 limit 10`,
  );
  const rnd = seededRandom(42);
  return benchList(ctx, {
    name: 'bookings-search-common',
    description: 'GET /bookings?search=, one of the ten most common surnames, first page',
    path: () => search(rnd.pick(rows).surname),
    requests: 500,
    warmup: 20,
    dataset: { most_common_surname_bookings: rows[0]?.n ?? 0 },
  });
}

export async function benchBookingsSearch(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const rnd = seededRandom(41);
  return benchList(ctx, {
    name: 'bookings-search',
    description: 'GET /bookings?search= (reference or customer, pg_trgm)',
    // Half reference fragments (the last six characters of a seeded reference), half customer surnames.
    path: () => search(rnd.next() < 0.5 ? rnd.pick(s.referenceFragments) : rnd.pick(s.surnames)),
    requests: 1000,
    warmup: 50,
  });
}

export async function benchTransactionStatus(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const rnd = seededRandom(43);
  const { rows } = await s.db.$client.query<{ lo: number; hi: number; tx: number }>(
    `select min(id) as lo, max(id) as hi, (select count(*)::int from transactions) as tx from bookings`,
  );
  const { lo, hi, tx } = rows[0]!;
  const t = await measure(
    async () => {
      // 100 ids of one list page's worth, spread over the table.
      const ids = Array.from({ length: 100 }, () => lo + Math.floor(rnd.next() * (hi - lo + 1)));
      const res = await s.client.request('POST', '/bookings/transaction-status', { booking_ids: ids });
      if (res.status !== 200) throw new Error(`transaction-status answered ${res.status}`);
    },
    Math.min(ctx.requests, 1000),
    Math.min(ctx.warmup, 50),
  );
  return result(
    'transaction-status',
    'POST /bookings/transaction-status for 100 bookings (matching, DOMAIN.md)',
    t,
    'p50 ≤ 20 ms',
    t.p50_ms <= 20,
    { ...s.dataset, transactions: tx },
  );
}

export async function benchBookingsCreate(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const rnd = seededRandom(42);
  let n = 0;
  const t = await measure(
    async () => {
      n += 1;
      const res = await s.client.request('POST', '/bookings', {
        booking_reference: `BENCH-${n}`,
        supplier_id: rnd.pick(s.supplierIds),
        primary_agent_id: rnd.pick(s.agentIds),
        booking_date: '2026-06-15',
        customer_name: 'Bench Customer',
        booking_amount: (Math.floor(rnd.next() * 500_000) / 100 + 5).toFixed(2),
        status: 'confirmed',
      });
      if (res.status !== 200) throw new Error(`POST /bookings answered ${res.status}: ${res.body.slice(0, 300)}`);
    },
    Math.min(ctx.requests, 500),
    Math.min(ctx.warmup, 20),
  );
  return result(
    'bookings-create',
    'POST /bookings with rate resolution, commission lines and audit',
    t,
    'p50 ≤ 30 ms',
    t.p50_ms <= 30,
    s.dataset,
  );
}
