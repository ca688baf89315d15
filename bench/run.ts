/**
 * The benchmark suite (`npm run bench`, CONTRACT.md §1): starts a throwaway embedded PostgreSQL,
 * runs each benchmark against the real app over HTTP, prints a table and merges the results into
 * bench/results.json by benchmark name (so later benchmarks add theirs beside these).
 *
 * Options: BENCH_REQUESTS (default 5000), BENCH_WARMUP (default 500), BENCH_ONLY=name[,name], BENCH_PG_LOG=1
 * (PostgreSQL's log on stderr), BENCH_DATASET_URL (the shared dataset's benchmarks on a database that
 * `bench:seed` filled, instead of seeding one: bookings.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runMigrations } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { ensureReferenceData } from '../apps/server/src/db/seed-reference';
import { createDb } from '../apps/server/src/db/client';
import { benchAgentsImport } from './agents-import';
import { benchBooksCheck } from './books-check';
import { benchExcelCommissions } from './excel-commissions';
import {
  closeBookingsDataset,
  benchBookingsCreate,
  benchBookingsList,
  benchBookingsListTransactionStatus,
  benchBookingsSearch,
  benchBookingsFirstPage,
  benchBookingsSearchCommon,
  benchTransactionStatus,
} from './bookings';
import { benchPayoutPdf } from './payout-pdf';
import { benchPayoutsBulk, benchPayoutsInfo, benchPayoutsSearch } from './payouts';
import { benchRateResolution } from './rate-resolution';
import {
  benchCommissionCharts30d,
  benchCommissionChartsAll,
  benchCommissionSummary30d,
  benchCommissionSummaryAll,
  benchCardLines,
  benchOverdueBookings,
  benchOverdueSummary,
} from './reports';
import {
  benchTransactionBulkForm,
  benchTransactionImport,
  benchTransactionImportHalfMatched,
  benchTransactionImportUnmatched,
} from './transaction-import';
import { benchUnmatchedTransactions } from './unmatched-transactions';
import { benchAcceptAllPreview, benchMatchSuggestions } from './match-suggestions';

export interface BenchContext {
  /** Creates, migrates and fills with reference data a fresh database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  requests: number;
  warmup: number;
}

export interface BenchResult {
  name: string;
  description: string;
  requests: number;
  warmup: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
  target: string;
  passed: boolean;
  dataset: Record<string, number>;
}

const BENCHMARKS: Record<string, (ctx: BenchContext) => Promise<BenchResult>> = {
  'rate-resolution': benchRateResolution,
  'agents-import': benchAgentsImport,
  'transaction-import': benchTransactionImport,
  'transaction-bulk-form': benchTransactionBulkForm,
  'excel-commissions': benchExcelCommissions,
  'payout-pdf': benchPayoutPdf,
  // These share one seeded database (1,000,000 bookings by default, BENCH_BOOKINGS); keep their order.
  'bookings-list': benchBookingsList,
  'bookings-list-transaction-status': benchBookingsListTransactionStatus,
  'bookings-search': benchBookingsSearch,
  'bookings-first-page': benchBookingsFirstPage,
  'bookings-search-common': benchBookingsSearchCommon,
  'transaction-status': benchTransactionStatus,
  'unmatched-transactions': benchUnmatchedTransactions,
  'payouts-search': benchPayoutsSearch,
  'payouts-info': benchPayoutsInfo,
  'commission-summary-30d': benchCommissionSummary30d,
  'commission-summary-all': benchCommissionSummaryAll,
  'commission-charts-30d': benchCommissionCharts30d,
  'commission-charts-all': benchCommissionChartsAll,
  'card-lines-30d': benchCardLines,
  'overdue-commissions': benchOverdueSummary,
  'overdue-bookings': benchOverdueBookings,
  'match-suggestions': benchMatchSuggestions,
  'accept-all-preview': benchAcceptAllPreview,
  'bookings-create': benchBookingsCreate,
  // Writes 100,000 transactions per file to the shared dataset (the books check below then covers them).
  'transaction-import-half-matched': benchTransactionImportHalfMatched,
  'transaction-import-unmatched': benchTransactionImportUnmatched,
  'books-check': benchBooksCheck,
  'payouts-bulk': benchPayoutsBulk,
};

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');

function machine() {
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    /** 1-minute load average when the run ended: other work on the machine inflates the numbers. */
    load_average: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

function printTable(results: readonly BenchResult[]) {
  const rows = results.map((r) => [
    r.name,
    r.p50_ms.toFixed(3),
    r.p95_ms.toFixed(3),
    r.p99_ms.toFixed(3),
    String(r.requests),
    r.target,
    r.passed ? 'yes' : 'NO',
  ]);
  const head = ['benchmark', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'target', 'met'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ v: string }>("select current_setting('server_version_num') as v");
  await c.end();
  return String(Math.floor(Number(rows[0]!.v) / 10000));
}

async function main() {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const requests = Number(process.env.BENCH_REQUESTS ?? 5000);
  const warmup = Number(process.env.BENCH_WARMUP ?? 500);
  const selected = Object.entries(BENCHMARKS).filter(([name]) => !only || only.includes(name));

  const pgServer = await benchPostgres();
  const version = await serverVersion(pgServer.adminUrl);
  const label = process.env.BENCH_DATABASE_URL ? ` (PostgreSQL ${version})` : '';
  const results: BenchResult[] = [];
  try {
    const ctx = benchContext(pgServer.adminUrl, requests, warmup);
    for (const [name, run] of selected) {
      console.log(`running ${name}…`);
      const r = await run(ctx).catch((err: unknown) => {
        // Said before the finally below stops PostgreSQL (whose closed pools would otherwise hide it).
        console.error(`${name} failed:`, err);
        throw err;
      });
      results.push({ ...r, name: `${r.name}${label}`, dataset: { ...r.dataset, postgres_major: Number(version) } });
    }
  } finally {
    // The benchmarks on the shared seeded database leave it open for the next; it closes here.
    await closeBookingsDataset();
    await pgServer.stop();
  }

  printTable(results);
  writeResults(results);
  if (results.some((r) => !r.passed)) process.exitCode = 1;
}

/**
 * The PostgreSQL the benchmarks run on: BENCH_DATABASE_URL (an admin URL of another server, e.g. Debian's
 * 15; its results are labelled with the server's version), else a throwaway embedded one.
 */
async function benchPostgres(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const external = process.env.BENCH_DATABASE_URL;
  if (external) return { adminUrl: external, stop: async () => {} };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
  fs.chmodSync(tmp, 0o755);
  console.log(`starting a throwaway embedded PostgreSQL in ${tmp}`);
  const server = await startEmbeddedPostgres({
    dataDir: tmp,
    // BENCH_PG_LOG=1: the server's own log on stderr.
    log: (m) => {
      if (process.env.BENCH_PG_LOG) console.error(`[pg] ${m}`);
    },
  });
  return {
    adminUrl: server.url('postgres'),
    stop: async () => {
      await server.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** What a benchmark gets: its counts, and a new migrated database with the reference data on that server. */
function benchContext(adminUrl: string, requests: number, warmup: number): BenchContext {
  const withDb = (name: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  return {
    requests,
    warmup,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.query(`create database ${admin.escapeIdentifier(name)}`);
      await admin.end();
      const url = withDb(name);
      await runMigrations(url);
      const db = createDb(url, 1);
      await ensureReferenceData(db);
      await db.$client.end();
      return url;
    },
  };
}

/** Merges this run's results into bench/results.json (a benchmark not run keeps its last figures). */
function writeResults(results: BenchResult[]) {
  const previous = fs.existsSync(RESULTS_FILE)
    ? (JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as { benchmarks?: Record<string, unknown> })
    : {};
  const when = new Date().toISOString();
  const merged = {
    ...previous,
    benchmarks: {
      ...(previous.benchmarks ?? {}),
      ...Object.fromEntries(results.map((r) => [r.name, { ...r, date: when, machine: machine() }])),
    },
  };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(merged, null, 2)}\n`);
  console.log(`results written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
