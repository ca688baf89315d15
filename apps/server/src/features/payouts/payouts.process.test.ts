import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, runMigrations, type Db } from '../../db/client';
import { startEmbeddedPostgres } from '../../db/embedded';
import { ensureReferenceData } from '../../db/seed-reference';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { seedPayableBookings, type PayoutSeed } from './payout-seed';

/**
 * A real server (`main.ts`) on a scratch database, killed with SIGKILL in the middle of a bulk payout of
 * 1,000 bookings: every booking must be wholly paid (items, debits, lines, status) or untouched, every
 * payout record's total must equal its items, and the next server must pay the rest exactly once.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-payout-kill-'));
fs.chmodSync(dataDir, 0o755);
const servers: ServerProcess[] = [];
let pgServer: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
let db: Db | null = null;

afterAll(async () => {
  for (const server of servers) await server.stop();
  await db?.$client.end();
  await pgServer?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real server on the scratch database (no demo: the test seeds its own bookings). */
async function startServer(url: string): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_URL: url, DEMO: '0' });
  servers.push(server);
  return server;
}

async function signIn(port: number, seed: PayoutSeed) {
  let cookie = '';
  let token = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': token, cookie },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const json = (await res.json()) as Record<string, unknown>;
    if (typeof json.csrf_token === 'string') token = json.csrf_token;
    return { status: res.status, json };
  };
  await call('GET', '/api/session');
  expect((await call('POST', '/login', { email: seed.adminEmail, password: seed.password })).status).toBe(200);
  return call;
}

/** Each booking wholly paid or untouched; each record's total equal to its items. Returns how many are paid. */
async function checkConsistent(q: Db, seed: PayoutSeed): Promise<{ paid: number; untouched: number }> {
  const { rows } = await q.$client.query<{
    id: number;
    status: string;
    paid: string;
    gross: string;
    lines: number;
    lines_paid: number;
    lines_untouched: number;
    items: number;
    payout_tx: number;
    nonzero_items: number;
  }>(
    `select b.id, b.status, b.paid_amount::text as paid, b.booking_amount::text as gross,
            (select count(*)::int from actual_commissions ac where ac.booking_id = b.id) as lines,
            (select count(*)::int from actual_commissions ac where ac.booking_id = b.id
               and ac.paid_amount = ac.amount and ac.status = 'paid') as lines_paid,
            (select count(*)::int from actual_commissions ac where ac.booking_id = b.id
               and ac.paid_amount = 0 and ac.status = 'confirmed' and ac.payment_date is null) as lines_untouched,
            (select count(*)::int from payout_items i where i.booking_id = b.id) as items,
            (select count(*)::int from payout_items i where i.booking_id = b.id and i.total <> 0) as nonzero_items,
            (select count(*)::int from transactions t where t.payout_id is not null
               and t.reference_number = b.booking_reference and t.transaction_type = 'debit') as payout_tx
       from bookings b where b.id = any($1) order by b.id`,
    [seed.bookingIds],
  );
  expect(rows).toHaveLength(seed.bookingIds.length);
  let paid = 0;
  let untouched = 0;
  for (const r of rows) {
    expect(r.lines).toBeGreaterThan(0);
    if (r.status === 'completed') {
      expect(r).toMatchObject({ paid: r.gross, lines_paid: r.lines, items: r.lines, payout_tx: r.nonzero_items });
      paid += 1;
    } else {
      expect(r).toMatchObject({ status: 'confirmed', paid: '0.00', lines_untouched: r.lines, items: 0, payout_tx: 0 });
      untouched += 1;
    }
  }
  const { rows: bad } = await q.$client.query(`
    select p.id from payouts p left join payout_items i on i.payout_id = p.id
     group by p.id having p.total_amount <> coalesce(sum(i.total), 0) or count(i.id) = 0`);
  expect(bad).toEqual([]);
  return { paid, untouched };
}

describe('a bulk payout killed in the middle', () => {
  it('leaves every booking wholly paid or untouched, and the next server pays the rest once', async () => {
    pgServer = await startEmbeddedPostgres({ dataDir });
    const admin = new pg.Client({ connectionString: pgServer.url('postgres') });
    await admin.connect();
    await admin.query('create database payout_kill');
    await admin.end();
    const url = pgServer.url('payout_kill');
    await runMigrations(url);
    db = createDb(url, 4);
    await ensureReferenceData(db);
    const seed = await seedPayableBookings(db, { bookings: 1000, tag: 'KILL', password: 'kill-password-1' });
    const rows = seed.bookingIds.map((id) => ({ booking_id: id, payout_amount: seed.amounts.get(id)! }));

    const first = await startServer(url);
    const call = await signIn(first.port, seed);
    const run = call('POST', '/bulk-payouts/process', { payouts: rows }).catch(() => null);
    // Kill as soon as the first chunk has committed.
    for (let i = 0; i < 3000; i++) {
      const { rows: n } = await db.$client.query<{ n: number }>('select count(*)::int as n from payout_items');
      if (n[0]!.n > 0) break;
      await sleep(5);
    }
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    await run;

    const mid = await checkConsistent(db, seed);
    expect(mid.paid).toBeGreaterThan(0);
    expect(mid.untouched).toBeGreaterThan(0); // killed part way

    const second = await startServer(url);
    const again = await signIn(second.port, seed);
    const res = await again('POST', '/bulk-payouts/process', { payouts: rows });
    expect(res.status).toBe(200);
    const results = res.json.results as { status: string; message: string }[];
    expect(results.filter((r) => r.status === 'success')).toHaveLength(mid.untouched);
    for (const r of results.filter((x) => x.status === 'error'))
      expect(r.message).toBe('Payout amount cannot exceed the maximum available amount (0.00)');
    const end = await checkConsistent(db, seed);
    expect(end).toEqual({ paid: 1000, untouched: 0 });

    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
  }, 180_000);
});
