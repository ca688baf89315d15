/**
 * Transaction import (issue 6): a 100,000-row CSV through `POST /api/transactions/import`, end to
 * end over HTTP — upload and parse, the pg-boss job, the chunked inserts with their match-status
 * refresh — timed from the upload to the status call saying 'completed'. Target: ≥ 20,000 rows/s
 * (≤ 5 s for the file) with the app process under 300 MB resident. The same rows then go through
 * the bulk form endpoint in chunks of 5,000 for comparison.
 *
 * Options: BENCH_IMPORT_ROWS (default 100000), BENCH_IMPORT_RUNS (default 3).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createDb } from '../apps/server/src/db/client';
import { freePort } from '../apps/server/src/db/embedded';
import { createUser } from '../apps/server/src/features/users';
import { jobHandlers } from '../apps/server/src/job-handlers';
import { startJobRunner } from '../apps/server/src/jobs/job-runner';
import { HttpClient, seededRandom, timingsOf } from './lib';
import type { BenchContext, BenchResult } from './run';
import { startBenchApp } from './app';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const CHUNK = 5000;
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');

interface Row {
  reference: string;
  amount: string;
}

function rows(run: number): Row[] {
  const rnd = seededRandom(run + 1);
  return Array.from({ length: ROWS }, (_, i) => {
    const cents = 1 + Math.floor(rnd.next() * 500_000);
    const sign = rnd.next() < 0.1 ? '-' : '';
    return {
      reference: `R${run}X${String(i).padStart(7, '0')}`,
      amount: `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    };
  });
}

const csv = (list: readonly Row[]) => Buffer.from(list.map((r) => `${r.reference},${r.amount}`).join('\n'));

async function setup(ctx: BenchContext, name: string, separateProcess = false) {
  const url = await ctx.createDatabase(name);
  const db = createDb(url, 10);
  const { rows: cur } = await db.$client.query<{ id: number }>(`select id from currencies where code = 'GBP'`);
  const { rows: sup } = await db.$client.query<{ id: number }>(
    `insert into suppliers (name, currency_id) values ('Bench Supplier', $1) returning id`,
    [cur[0]!.id],
  );
  const { rows: acc } = await db.$client.query<{ id: number }>(
    `insert into accounts (name, accountable_type, accountable_id, currency_id) values ('Bench GBP', 'supplier', $1, $2) returning id`,
    [sup[0]!.id, cur[0]!.id],
  );
  await createUser(
    db,
    { email: 'bench-admin@example.test', name: 'Bench Admin', role: 'admin', password: 'bench password 1' },
    null,
  );
  let port: number;
  let close: () => Promise<void>;
  let peakRssMb = () => 0;
  if (separateProcess) {
    // The real server process (main.ts on this database), so its memory is measured alone.
    port = await freePort();
    const child = spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'src/main.ts'],
      {
        cwd: SERVER_DIR,
        env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Back office ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    // VmHWM: the process's peak resident set since it started.
    peakRssMb = () => {
      const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
    };
    close = async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    };
  } else {
    const silent = { info() {}, warn() {}, error() {} };
    const jobs = await startJobRunner(url, jobHandlers(db, silent), silent, { pollingIntervalSeconds: 1 });
    const { app, port: appPort } = await startBenchApp(db, jobs);
    port = appPort;
    close = async () => {
      await app.close();
      await jobs.stop();
    };
  }
  const client = new HttpClient(port);
  await client.signIn('bench-admin@example.test', 'bench password 1');
  return {
    db,
    client,
    accountId: acc[0]!.id,
    peakRssMb,
    async close() {
      client.close();
      await close();
      await db.$client.end();
    },
  };
}

export async function benchTransactionImport(ctx: BenchContext): Promise<BenchResult> {
  const env = await setup(ctx, 'bench_transaction_import', true);
  try {
    const files = Array.from({ length: RUNS }, (_, i) => csv(rows(i)));
    const times: number[] = [];
    {
      for (const data of files) {
        const start = performance.now();
        const res = await env.client.uploadForm(
          '/api/transactions/import',
          { account_id: String(env.accountId), status: 'completed', is_partial: '0' },
          { field: 'file', filename: 'statement.csv', contentType: 'text/csv', data },
        );
        if (res.status !== 200) throw new Error(`import answered ${res.status}: ${res.body.slice(0, 300)}`);
        const { job_id } = JSON.parse(res.body) as { job_id: string };
        for (;;) {
          const s = JSON.parse((await env.client.request('GET', `/api/transactions/import/status/${job_id}`)).body) as {
            status: string;
            imported_count: number;
            message: string;
          };
          if (s.status === 'failed') throw new Error(`import failed: ${s.message}`);
          if (s.status === 'completed') {
            if (s.imported_count !== ROWS) throw new Error(`imported ${s.imported_count} of ${ROWS}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        times.push(performance.now() - start);
      }
    }
    const peakMb = env.peakRssMb();
    const t = timingsOf(times, 0);
    const rowsPerSecond = Math.round(ROWS / (t.p50_ms / 1000));
    return {
      name: 'transaction-import',
      description: `POST /api/transactions/import, ${ROWS.toLocaleString('en-GB')}-row CSV, upload to 'completed' (${rowsPerSecond.toLocaleString('en-GB')} rows/s at p50; server peak RSS ${peakMb} MB)`,
      ...t,
      target: `≥ 20,000 rows/s (p50 ≤ ${Math.round((ROWS / 20_000) * 1000)} ms), RSS < 300 MB`,
      passed: rowsPerSecond >= 20_000 && peakMb < 300,
      dataset: { rows: ROWS, runs: RUNS, rows_per_second: rowsPerSecond, peak_rss_mb: peakMb },
    };
  } finally {
    await env.close();
  }
}

export async function benchTransactionBulkForm(ctx: BenchContext): Promise<BenchResult> {
  const env = await setup(ctx, 'bench_transaction_bulk');
  try {
    const list = rows(100);
    const times: number[] = [];
    const start = performance.now();
    for (let i = 0; i < list.length; i += CHUNK) {
      const chunk = list.slice(i, i + CHUNK);
      const t0 = performance.now();
      const res = await env.client.request('POST', '/transactions/store-bulk', {
        account_id: env.accountId,
        transaction_type: 'credit',
        status: 'completed',
        description_type: 'default',
        transactions: chunk.map((r) => ({ reference_number: r.reference, amount: r.amount.replace('-', '') })),
      });
      if (res.status !== 200) throw new Error(`bulk answered ${res.status}: ${res.body.slice(0, 300)}`);
      times.push(performance.now() - t0);
    }
    const total = performance.now() - start;
    const rowsPerSecond = Math.round(ROWS / (total / 1000));
    return {
      name: 'transaction-bulk-form',
      description: `POST /transactions/store-bulk, the same ${ROWS.toLocaleString('en-GB')} rows in chunks of ${CHUNK.toLocaleString('en-GB')} (${rowsPerSecond.toLocaleString('en-GB')} rows/s overall; timings per chunk)`,
      ...timingsOf(times, 0),
      target: 'reported beside the import (no target)',
      passed: true,
      dataset: { rows: ROWS, chunk: CHUNK, rows_per_second: rowsPerSecond },
    };
  } finally {
    await env.close();
  }
}
