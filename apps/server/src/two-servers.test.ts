import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRANSACTION_IMPORT_CHUNK } from '@app/domain';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, runMigrations, type Db } from './db/client';
import { freePort, startEmbeddedPostgres } from './db/embedded';
import { ensureReferenceData } from './db/seed-reference';
import { checkBooks } from './features/books';
import { seedPayableBookings, type PayoutSeed } from './features/payouts';
import { HttpClient, startServerProcess, type ServerProcess } from './test/server-process';

/**
 * Two app servers on one PostgreSQL behind a real reverse proxy (nginx), as README "Running more than
 * one server" describes: a session made on one is valid on the other; an import whose server is killed
 * with SIGKILL is finished by the other's job runner, every row once; a bulk payout on one server and
 * single payouts of the same bookings on the other, at the same time, pay every booking once and leave
 * the books balanced.
 *
 * `npm run test:e2e` runs it (TWO_SERVERS=1) on its PostgreSQL 15 server (TEST_DATABASE_URL), with
 * Debian's nginx that `.ci/run` installs; `npm test` skips it.
 */
const RUNS = process.env.TWO_SERVERS === '1';
const BOOKINGS = 300;
/**
 * Three statements of TRANSACTION_IMPORT_CHUNK rows in the job's one transaction: the server running it
 * is killed once it reports the first (the survivor starts again from the staged rows).
 */
const IMPORT_ROWS = 3 * TRANSACTION_IMPORT_CHUNK;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-two-servers-'));
fs.chmodSync(work, 0o755);
let pgServer: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
let adminUrl = '';
let dbName = '';
let url = '';
let db: Db | null = null;
let seed: PayoutSeed;
let accountId: number;
const servers = new Map<'a' | 'b', ServerProcess>();
let proxy: { child: ChildProcess; port: number } | null = null;

beforeEach((ctx) => {
  if (!RUNS) ctx.skip('two app servers behind nginx run in npm run test:e2e (TWO_SERVERS=1)');
});

/** A server named `name` on the shared database: its connections carry the name (pg_stat_activity). */
async function startServer(name: 'a' | 'b'): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}application_name=backoffice-${name}`,
    DEMO: '0',
    // The survivor takes over a dead server's import within a second or two, not the default 30 s.
    JOB_SWEEP_SECONDS: '1',
  });
  servers.set(name, server);
  return server;
}

async function kill(name: 'a' | 'b') {
  const server = servers.get(name)!;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGKILL');
  await exited;
  servers.delete(name);
}

/** nginx in front of both servers: round robin, HTTP/1.1 keep-alive to the upstreams, a POST never retried. */
async function startProxy(a: number, b: number) {
  const dir = path.join(work, 'nginx');
  // nginx started as root runs its worker as nobody: the worker writes large request bodies here.
  for (const sub of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
    fs.chmodSync(path.join(dir, sub), 0o777);
  }
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream backoffice {
    server 127.0.0.1:${a} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${b} max_fails=1 fail_timeout=5s;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://backoffice;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 300s;
    }
  }
}
`,
  );
  const nginx = ['/usr/sbin/nginx', 'nginx'].find((n) => spawnSync(n, ['-v']).status === 0);
  if (!nginx) throw new Error('nginx is not installed (Debian package nginx): .ci/run installs it');
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${err}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/session`).catch(() => null);
    if (up?.ok) break;
    if (i > 100) throw new Error(`nginx did not answer: ${err}`);
    await sleep(50);
  }
  proxy = { child, port };
}

beforeAll(async () => {
  if (!RUNS) return;
  if (process.env.TEST_DATABASE_URL) adminUrl = process.env.TEST_DATABASE_URL;
  else {
    pgServer = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg') });
    adminUrl = pgServer.url('postgres');
  }
  dbName = `two_servers_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  url = u.toString();
  await runMigrations(url);
  db = createDb(url, 4);
  await ensureReferenceData(db);
  seed = await seedPayableBookings(db, { bookings: BOOKINGS, tag: 'TWO', password: 'two-servers-password' });
  const { rows } = await db.$client.query<{ id: number }>(
    `select id from accounts where accountable_type = 'supplier' and accountable_id = $1 order by id limit 1`,
    [seed.supplierId],
  );
  accountId = rows[0]!.id;
  const [a, b] = await Promise.all([startServer('a'), startServer('b')]);
  await startProxy(a.port, b.port);
}, 180_000);

afterAll(async () => {
  if (proxy && proxy.child.exitCode === null) {
    const exited = new Promise((r) => proxy!.child.once('exit', r));
    proxy.child.kill('SIGQUIT');
    await exited;
  }
  for (const server of servers.values()) await server.stop();
  await db?.$client.end();
  if (dbName && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  await pgServer?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

const signedIn = async (port: number) => {
  const client = new HttpClient(port);
  expect((await client.signIn(seed.adminEmail, seed.password)).status).toBe(200);
  return client;
};

describe('two app servers on one PostgreSQL behind nginx', () => {
  it('keeps a session made on one server valid on the other, through the proxy and directly', async () => {
    const viaProxy = await signedIn(proxy!.port);
    // Round robin: four answers through the proxy come from both servers, each knowing the session.
    for (let i = 0; i < 4; i++) {
      const { status, json } = await viaProxy.call('GET', '/api/session');
      expect(status).toBe(200);
      expect((json.user as { email: string } | null)?.email).toBe(seed.adminEmail);
    }
    const onA = await signedIn(servers.get('a')!.port);
    const onB = new HttpClient(servers.get('b')!.port);
    onB.cookie = onA.cookie;
    onB.token = onA.token;
    const session = await onB.call('GET', '/api/session');
    expect((session.json.user as { email: string } | null)?.email).toBe(seed.adminEmail);
    // A write on B with the CSRF token A gave: accepted; with another token: refused, as on A.
    const search = { supplier_id: seed.supplierId, date_from: '2026-01-01', date_to: '2026-12-31' };
    const ok = await onB.call('POST', '/bulk-payouts/search', search);
    expect(ok.status).toBe(200);
    expect((ok.json.bookings as unknown[]).length).toBe(BOOKINGS);
    onB.token = 'not-the-token';
    // CONTRACT.md: a CSRF mismatch is a 419.
    expect((await onB.call('POST', '/bulk-payouts/search', search)).status).toBe(419);
  });

  it('finishes an import on the other server when the one running it is killed with SIGKILL, every row once', async () => {
    const client = await signedIn(servers.get('a')!.port);
    const lines = Array.from(
      { length: IMPORT_ROWS },
      (_, i) => `TWO${String(i).padStart(6, '0')},${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`,
    );
    const jobId = await client.importCsv(accountId, lines, 'two-servers.csv');

    // Whichever server's worker took the job holds its advisory lock: kill that one once it reports progress.
    let runner: 'a' | 'b' | null = null;
    for (let i = 0; i < 2000 && runner === null; i++) {
      const { rows } = await db!.$client.query<{ app: string; processed: number }>(
        `select a.application_name as app, j.processed_count as processed
           from import_jobs j
           cross join lateral (select hashtextextended('transaction-import:' || j.id, 0) as key) k
           -- A one-bigint advisory lock shows as its high half (classid) and low half (objid).
           join pg_locks l on l.locktype = 'advisory' and l.granted and l.objsubid = 1
                          and l.classid::bigint = ((k.key >> 32) & 4294967295) and l.objid::bigint = (k.key & 4294967295)
           join pg_stat_activity a on a.pid = l.pid
          where j.id = $1`,
        [jobId],
      );
      if (rows[0] && rows[0].processed > 0) runner = rows[0].app === 'backoffice-a' ? 'a' : 'b';
      else await sleep(10);
    }
    expect(runner).not.toBeNull();
    await kill(runner!);
    const survivor = runner === 'a' ? 'b' : 'a';

    const onSurvivor = await signedIn(servers.get(survivor)!.port);
    expect(await onSurvivor.importFinished(jobId)).toMatchObject({
      status: 'completed',
      processed_count: IMPORT_ROWS,
      imported_count: IMPORT_ROWS,
      total_rows: IMPORT_ROWS,
    });
    const { rows: counts } = await db!.$client.query<{ n: number; rows: number }>(
      `select count(*)::int as n, count(distinct import_row)::int as rows from transactions where import_job_id = $1`,
      [jobId],
    );
    expect(counts[0]).toEqual({ n: IMPORT_ROWS, rows: IMPORT_ROWS });
    // Back to two servers for what follows.
    await startServer(runner!);
  }, 120_000);

  it('pays every booking once when a bulk payout on one server races single payouts on the other', async () => {
    const onA = await signedIn(servers.get('a')!.port);
    const onB = await signedIn(servers.get('b')!.port);
    const rows = seed.bookingIds.map((id) => ({ booking_id: id, payout_amount: seed.amounts.get(id)! }));
    const singles = async () => {
      let paid = 0;
      // B pays the bookings from the end of the list while A's bulk payout works from the start.
      for (const id of [...seed.bookingIds].reverse()) {
        const res = await onB.call('POST', `/bookings/${id}/process-payout`, {
          payout_amount: seed.amounts.get(id)!,
        });
        expect(res.status).toBeLessThan(500);
        if (res.status === 200 && res.json.status === 'success') paid += 1;
      }
      return paid;
    };
    const [bulk, single] = await Promise.all([onA.call('POST', '/bulk-payouts/process', { payouts: rows }), singles()]);
    expect(bulk.status).toBe(200);
    const results = bulk.json.results as { booking_id: number; status: string }[];
    const bulkPaid = results.filter((r) => r.status === 'success').length;
    expect(bulkPaid).toBeGreaterThan(0);
    expect(single).toBeGreaterThan(0);
    expect(bulkPaid + single).toBe(BOOKINGS);

    const { rows: paid } = await db!.$client.query<{ completed: number; once: number }>(
      `select count(*) filter (where b.status = 'completed' and b.paid_amount = b.booking_amount)::int as completed,
              count(*) filter (where (select count(distinct pi.payout_id) from payout_items pi where pi.booking_id = b.id) = 1)::int as once
         from bookings b where b.id = any($1)`,
      [seed.bookingIds],
    );
    expect(paid[0]).toEqual({ completed: BOOKINGS, once: BOOKINGS });
    const books = await checkBooks(db!);
    expect(books.violations).toEqual([]);
    expect(books.ok).toBe(true);
  }, 120_000);
});
