import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, databaseChecksums } from './db/backup/catalog';
import type { BackupHeader } from './db/backup/format';
import { applyMigrations, knownMigrations } from './db/backup/migrations';
import { readBackupFile } from './db/backup/reader';
import { restoreDatabase } from './db/backup/restore';
import { backupDatabase } from './db/backup/writer';
import type { Db } from './db/client';
import { seedDemo } from './features/demo';
import { startJobRunner } from './jobs/job-runner';
import { countRows, insertTier, queryRows } from './test/factories';
import { createTestDatabase } from './test/test-app';
import { withDatabase } from './test/global-setup';

/**
 * Backup and restore (docs/decisions/0007-backup-and-restore.md) against the tests' embedded
 * PostgreSQL: the demo dataset plus rows that are awkward to carry (binary files, tabs, newlines and
 * backslashes in text, JSON, arrays, the append-only audit log and payout items) goes out and comes
 * back identical; bad files and occupied databases are refused without a change.
 */
let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-backup-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);
const latest = knownMigrations().at(-1)!;

/** The demo, and more of what a back office accumulates, in `db`. */
async function loadDataset(db: Db): Promise<void> {
  await seedDemo(db);
  const [admin] = await queryRows(db)<{ id: number }>(`select id from users where email = 'admin@example.com'`);
  const [account] = await queryRows(db)<{ id: number; currency_id: number }>(
    'select id, currency_id from accounts order by id limit 1',
  );
  const [booking] = await queryRows(db)<{ id: number; primary_agent_id: number }>(
    'select id, primary_agent_id from bookings order by id limit 1',
  );
  const [file] = await queryRows(db)<{ id: number }>(
    `insert into stored_files (filename, mimetype, size, data, uploaded_by_user_id)
     values ('receipt "1".pdf', 'application/pdf', 256, $1, $2) returning id`,
    [Buffer.from(Array.from({ length: 256 }, (_, i) => i)), admin!.id],
  );
  await db.$client.query(`update bookings set notes = $1, booking_receipt_file_id = $2 where id = $3`, [
    'line one\nline two\ttabbed \\ backslash \\N not null — 旅行 🙂',
    file!.id,
    booking!.id,
  ]);
  for (const [reference, amount] of [
    ['BK-TAB\tREF', '12.34'],
    ['BK-ÜNICODE', '0.01'],
  ] as const) {
    await db.$client.query(
      `insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, description, created_by_user_id)
       values ($1, 'credit', $2, $3, $4, $5, $6)`,
      [account!.id, account!.currency_id, amount, reference, 'paid by "cheque"\r\nsecond line', admin!.id],
    );
  }
  // The record and its items in one statement (one transaction): its total equals its items at commit.
  await db.$client.query(
    `with p as (
       insert into payouts (name, payout_date, currency_id, total_amount, kind, created_by_user_id)
       values ('Payout BK-1', '2026-03-31', $1, '10.00', 'single', $2) returning id)
     insert into payout_items (payout_id, booking_id, actual_commission_id, agent_id, gross_portion, percentage, commission, gst, total)
     select p.id, $3, i.line, $4, i.gross, '50.0000', i.commission, i.gst, i.total
       from p, (values (1, 20.00, 10.00, 1.00, 11.00), (2, -2.00, -1.00, 0.00, -1.00)) as i(line, gross, commission, gst, total)`,
    [account!.currency_id, admin!.id, booking!.id, booking!.primary_agent_id],
  );
  await db.$client.query(
    `insert into audit_logs (user_id, action, entity_type, entity_id, before, after, meta)
     values ($1, 'updated', 'booking', $2, $3, $4, $5)`,
    [
      admin!.id,
      String(booking!.id),
      JSON.stringify({ notes: null }),
      JSON.stringify({ notes: 'a\\b\n"c"' }),
      JSON.stringify({ ip: '127.0.0.1', tags: ['x', 'y'] }),
    ],
  );
  await db.$client.query(`select nextval('fareconnect_number_seq')`);
}

async function checksums(url: string) {
  return Object.fromEntries(await databaseChecksums(url));
}

function headerChecksums(header: BackupHeader) {
  return Object.fromEntries(header.tables.map((t) => [t.name, { rows: t.rows, checksum: t.checksum }]));
}

/** Rewrites a backup's decompressed text; `fixTrailer` recomputes its SHA-256 so only deeper checks can notice. */
function rewrite(from: string, to: string, change: (text: string) => string, fixTrailer: boolean) {
  let text = change(zlib.gunzipSync(fs.readFileSync(from)).toString('utf8'));
  if (fixTrailer) {
    const at = text.lastIndexOf('\\end ');
    text = `${text.slice(0, at)}\\end ${crypto.createHash('sha256').update(text.slice(0, at)).digest('hex')}\n`;
  }
  fs.writeFileSync(to, zlib.gzipSync(text));
}

describe('backup and restore', () => {
  let source: { url: string; db: Db };
  let header: BackupHeader;
  let backupFile = '';

  beforeAll(async () => {
    backupFile = file('demo.backup');
    source = await createTestDatabase();
    await loadDataset(source.db);
  });

  it('writes one file holding every table of the database with its row count and checksum', async () => {
    const summary = await backupDatabase(source.url, backupFile);
    header = await readBackupFile(backupFile);
    const expected = await checksums(source.url);
    expect(headerChecksums(header)).toEqual(expected);
    expect(summary).toEqual({
      file: backupFile,
      bytes: fs.statSync(backupFile).size,
      tables: Object.keys(expected).length,
      rows: Object.values(expected).reduce((n, t) => n + t.rows, 0),
      migration: latest.tag,
    });
    expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);
    expect(header.migration).toEqual({ tag: latest.tag, created_at: latest.created_at, hash: latest.hash });
    expect(header.server_version_num).toBeGreaterThanOrEqual(150000);
    expect(header.schemas).toEqual(['public']); // pg-boss's queue is not data
    // The tables a back office cannot lose are there with rows, in foreign-key order.
    const rows = Object.fromEntries(header.tables.map((t) => [t.name, t.rows]));
    const liveCount = countRows(source.db);
    const kept = ['bookings', 'transactions', 'payout_items', 'stored_files', 'users'];
    const live = Object.fromEntries(await Promise.all(kept.map(async (t) => [`public.${t}`, await liveCount(t)])));
    expect(rows).toMatchObject(live);
    for (const t of kept) expect(rows[`public.${t}`]).toBeGreaterThan(0);
    expect(rows['public.audit_logs']).toBeGreaterThan(1);
    const order = header.tables.map((t) => t.name);
    expect(order.indexOf('public.bookings')).toBeGreaterThan(order.indexOf('public.agents'));
    expect(order.indexOf('public.payout_items')).toBeGreaterThan(order.indexOf('public.transactions'));
    // Generated columns are recomputed on load, not carried.
    const bookings = header.tables.find((t) => t.name === 'public.bookings')!;
    expect(bookings.columns).toContain('remaining_amount');
    expect(bookings.copy_columns).not.toContain('remaining_amount');
  });

  it('restores into an empty database: every table the same, triggers back on, sequences continuing', async () => {
    const target = await createTestDatabase(); // migrated, reference data only: "empty"
    const result = await restoreDatabase(target.url, backupFile);
    expect(result).toEqual({
      status: 'success',
      file: backupFile,
      tables: header.tables.length,
      rows: header.tables.reduce((n, t) => n + t.rows, 0),
      migration: latest.tag,
      migrated_to: latest.tag,
      server_running: false,
    });
    expect(await checksums(target.url)).toEqual(await checksums(source.url));
    expect(await checksums(target.url)).toEqual(headerChecksums(header));
    // Not only the digest: the rows themselves, read back by pg.
    for (const table of ['bookings', 'stored_files', 'audit_logs', 'payout_items', 'transactions', 'users']) {
      const sql = `select * from ${table} order by id`;
      expect(await queryRows(target.db)(sql), table).toEqual(await queryRows(source.db)(sql));
    }
    const [file] = await queryRows(target.db)<{ data: Buffer }>('select data from stored_files');
    expect([...file!.data]).toEqual(Array.from({ length: 256 }, (_, i) => i));

    // Every sequence continues after the restored rows: no duplicate key, no booking number twice.
    for (const [table, insert] of [
      ['commission_tiers', `insert into commission_tiers (name) values ('After restore') returning id`],
      [
        'audit_logs',
        `insert into audit_logs (action, entity_type) values ('restored', 'database') returning id::int as id`,
      ],
      [
        'payout_items',
        `insert into payout_items (payout_id, booking_id, actual_commission_id, agent_id, gross_portion, percentage, commission, gst, total)
         select payout_id, booking_id, 3, agent_id, 0, 0, 0, 0, 0 from payout_items limit 1 returning id`,
      ],
    ] as const) {
      const [{ max }] = (await queryRows(source.db)<{ max: number }>(`select max(id)::int as max from ${table}`)) as [
        { max: number },
      ];
      const [{ id }] = (await queryRows(target.db)<{ id: number }>(insert)) as [{ id: number }];
      expect(id, table).toBe(max + 1);
    }
    const next = async (db: Db) =>
      (await queryRows(db)<{ n: string }>(`select nextval('fareconnect_number_seq')::text as n`))[0]!.n;
    expect(await next(target.db)).toBe(await next(source.db));

    // The append-only tables are append-only again.
    await expect(target.db.$client.query('delete from audit_logs')).rejects.toThrow('audit_logs is append-only');
    await expect(target.db.$client.query('truncate payout_items')).rejects.toThrow('payout_items is immutable');
    await expect(target.db.$client.query('update payout_items set total = 0')).rejects.toThrow(
      'payout_items is immutable',
    );
  });

  it('refuses a database that has data unless forced, and then replaces all of it', async () => {
    const before = await checksums(source.url);
    await expect(restoreDatabase(source.url, backupFile)).rejects.toThrow(
      /^The database already has data \(rows in .*bookings.*\): a restore replaces all of it\. Pass --force to do so\.$/,
    );
    expect(await checksums(source.url)).toEqual(before);

    const other = await createTestDatabase();
    await insertTier(other.db, "Someone else's tier");
    await expect(restoreDatabase(other.url, backupFile)).rejects.toThrow(/rows in commission_tiers/);
    await restoreDatabase(other.url, backupFile, { force: true });
    expect(await checksums(other.url)).toEqual(headerChecksums(header));
  });

  it('refuses bad files and changes nothing', async () => {
    const target = await createTestDatabase();
    const before = await checksums(target.url);
    const refused = (name: string) => restoreDatabase(target.url, file(name));

    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(file('truncated.backup'), whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(refused('truncated.backup')).rejects.toThrow(
      `${file('truncated.backup')} is truncated or corrupt: unexpected end of file. Nothing was restored.`,
    );

    fs.writeFileSync(file('notes.txt'), 'id,amount\n1,2.00\n');
    await expect(refused('notes.txt')).rejects.toThrow(`${file('notes.txt')} is not a backup of this product`);
    fs.writeFileSync(file('other.gz'), zlib.gzipSync('COPY bookings FROM stdin;\n\\.\n'));
    await expect(refused('other.gz')).rejects.toThrow(/is not a backup of this product \(it does not start with/);
    await expect(refused('missing.backup')).rejects.toThrow('does not exist or is not a file');

    // One byte of a row changed: the file's SHA-256 says so before the database is touched.
    const oneByte = (text: string) => text.replace('Olivia', 'Olivib');
    rewrite(backupFile, file('flipped.backup'), oneByte, false);
    await expect(refused('flipped.backup')).rejects.toThrow(/is truncated or corrupt: its SHA-256 does not match/);
    // The same change with a matching SHA-256: the table's checksum after loading catches it, all rolled back.
    rewrite(backupFile, file('forged.backup'), oneByte, true);
    await expect(refused('forged.backup')).rejects.toThrow(
      /^public\.\w+ does not match the backup's checksum after loading .*: nothing was restored\.$/,
    );
    // A row dropped with its header count intact.
    rewrite(backupFile, file('short.backup'), (t) => t.replace(/\n[^\n]*Olivia[^\n]*\n/, '\n'), true);
    await expect(refused('short.backup')).rejects.toThrow(/has \d+ rows, its header says \d+/);

    // Made by a newer version of the product, at a migration this code does not have.
    const future = { ...header, migration: { tag: '9999_future', created_at: latest.created_at + 1, hash: 'x' } };
    rewrite(
      backupFile,
      file('future.backup'),
      (t) => t.replace(/\n.*?\n/, () => `\n${JSON.stringify(future)}\n`),
      true,
    );
    await expect(refused('future.backup')).rejects.toThrow(
      `The backup was made at migration 9999_future, newer than this version of the product knows (its latest is ${latest.tag})`,
    );

    expect(await checksums(target.url)).toEqual(before);
  });

  it('is refused while a server runs on the database unless forced', async () => {
    const target = await createTestDatabase();
    const silent = { info() {}, warn() {}, error() {} };
    // A real job runner, as every server starts one (its connections are how a live server is seen).
    const runner = await startJobRunner(
      target.url,
      [{ queue: 'backup-test', options: {}, run: async () => {} }],
      silent,
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      await expect(restoreDatabase(target.url, backupFile)).rejects.toThrow(
        /^A server is running on this database: stop it before restoring, or pass --force/,
      );
      const forced = await restoreDatabase(target.url, backupFile, { force: true });
      expect(forced.server_running).toBe(true);
      expect(await checksums(target.url)).toEqual(headerChecksums(header));
    } finally {
      await runner.stop();
    }
  });
});

describe('a backup taken while the database is written to', () => {
  it('holds the one instant it started at: every booking with its lines, the counts of its header', async () => {
    const source = await createTestDatabase();
    await seedDemo(source.db);
    const demoBookings = await countRows(source.db)('bookings');
    const [supplier] = await queryRows(source.db)<{ id: number }>('select id from suppliers order by id limit 1');
    const agents = await queryRows(source.db)<{ id: number }>('select id from agents order by id limit 2');

    // Another connection records bookings, each with two commission lines and an audit row, in one
    // transaction, as fast as it can, until told to stop.
    const writer = new pg.Client({ connectionString: source.url });
    await writer.connect();
    let committed = 0;
    let stop = false;
    const writing = (async () => {
      while (!stop) {
        await writer.query('begin');
        const { rows } = await writer.query<{ id: number }>(
          `insert into bookings (booking_reference, customer_name, booking_date, booking_amount, expected_commission,
                                 commission_percentage, rate_source, primary_agent_id, supplier_id)
           values ($1, 'Written during the backup', '2026-04-01', '100.00', '10.00', '10.0000', 'tier', $2, $3)
           returning id`,
          [`LIVE-${committed}`, agents[0]!.id, supplier!.id],
        );
        for (const a of agents) {
          await writer.query(
            `insert into actual_commissions (booking_id, agent_id, role, percentage, amount, total_with_gst, status)
             values ($1, $2, 'primary', '5.0000', '5.00', '5.00', 'pending')`,
            [rows[0]!.id, a.id],
          );
        }
        await writer.query(
          `insert into audit_logs (action, entity_type, entity_id) values ('created', 'booking', $1)`,
          [String(rows[0]!.id)],
        );
        await writer.query('commit');
        committed += 1;
      }
    })();
    const commits = async (n: number) => {
      const until = committed + n;
      while (committed < until) await new Promise((r) => setTimeout(r, 5));
    };

    await commits(5);
    const out = file('live.backup');
    // After every table, wait until the writer has committed more: a backup that did not read one
    // snapshot would hold lines without their booking (or bookings without their lines).
    await backupDatabase(source.url, out, { afterTable: () => commits(3) });
    stop = true;
    await writing;
    await writer.end();

    const header = await readBackupFile(out);
    const count = (db: Db, table: string) => countRows(db)(table);
    const inHeader = (table: string) => header.tables.find((t) => t.name === `public.${table}`)!.rows;
    const live = inHeader('bookings') - demoBookings;
    expect(live).toBeGreaterThanOrEqual(5);
    expect(await count(source.db, 'bookings')).toBeGreaterThan(inHeader('bookings') + 2 * header.tables.length);

    const target = await createTestDatabase();
    await restoreDatabase(target.url, out);
    for (const table of ['bookings', 'actual_commissions', 'audit_logs']) {
      expect(await count(target.db, table), table).toBe(inHeader(table));
    }
    const [shape] = await queryRows(target.db)<{
      bookings: number;
      complete: number;
      audited: number;
    }>(`select count(*)::int as bookings,
              count(*) filter (where (select count(*) from actual_commissions l where l.booking_id = b.id) = 2)::int as complete,
              count(*) filter (where exists (select 1 from audit_logs a where a.entity_type = 'booking' and a.action = 'created'
                                                                    and a.entity_id = b.id::text))::int as audited
         from bookings b where b.customer_name = 'Written during the backup'`);
    expect(shape).toEqual({ bookings: live, complete: live, audited: live });
    expect(await checksums(target.url)).toEqual(headerChecksums(header));
  });
});

describe('a backup made at an older migration level', () => {
  it('is restored into a newer database by rebuilding the schema at its level, loading, then migrating on', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `test_old_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const oldUrl = withDatabase(adminUrl, name);
    afterAll(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const migrations = knownMigrations();
    const level = migrations.findIndex((m) => m.tag === '0008_drop_rate_limits');
    expect(level).toBeGreaterThan(0);
    const old = await connect(oldUrl, 'test');
    await old.query('begin');
    await applyMigrations(old, migrations.slice(0, level + 1));
    await old.query(
      `insert into users (name, email, password_hash, roles) values ('Old Admin', 'old@example.com', 'x', '{admin}')`,
    );
    await old.query(`insert into commission_tiers (name) values ('Bronze'), ('Silver')`);
    await old.query('commit');
    await old.end();

    const out = file('old.backup');
    const made = await backupDatabase(oldUrl, out);
    expect(made.migration).toBe('0008_drop_rate_limits');

    const target = await createTestDatabase(); // at the latest level
    const result = await restoreDatabase(target.url, out);
    expect(result).toMatchObject({ migration: '0008_drop_rate_limits', migrated_to: latest.tag });

    const applied = await queryRows(target.db)<{ hash: string; created_at: string }>(
      'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at',
    );
    expect(applied).toEqual(migrations.map((m) => ({ hash: m.hash, created_at: String(m.created_at) })));
    expect(await queryRows(target.db)('select name, email, roles from users')).toEqual([
      { name: 'Old Admin', email: 'old@example.com', roles: ['admin'] },
    ]);
    const before = await checksums(oldUrl);
    const after = await checksums(target.url);
    for (const t of ['public.users', 'public.commission_tiers', 'public.currencies'])
      expect(after[t], t).toEqual(before[t]);
    // The later migrations ran on the restored data: their tables and triggers are there.
    expect(after['public.payout_items']).toEqual({ rows: 0, checksum: '0' });
    await expect(target.db.$client.query('truncate payout_items')).rejects.toThrow('payout_items is immutable');
  });
});

describe('the backup and restore commands', () => {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let dataDir = '';
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-cli-backup-'));
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cli = (args: string[]) =>
    new Promise<{ code: number; last: Record<string, unknown> }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_PG_PORT: '' },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('exit', (code) => {
        const lines = out.trim().split('\n');
        resolve({ code: code ?? -1, last: JSON.parse(lines[lines.length - 1] ?? '{}') as Record<string, unknown> });
      });
    });

  it('back up and restore the embedded database, each printing one JSON object', async () => {
    expect((await cli(['demo:seed'])).code).toBe(0);
    const out = file('cli.backup');
    const made = await cli(['backup', out]);
    expect(made).toEqual({
      code: 0,
      last: {
        file: out,
        bytes: fs.statSync(out).size,
        tables: expect.any(Number),
        rows: expect.any(Number),
        migration: latest.tag,
      },
    });
    const refused = await cli(['restore', out]);
    expect(refused.code).toBe(1);
    expect(refused.last).toEqual({ status: 'error', message: expect.stringMatching(/^The database already has data/) });
    const forced = await cli(['restore', out, '--force']);
    expect(forced).toEqual({
      code: 0,
      last: {
        status: 'success',
        file: out,
        tables: made.last.tables,
        rows: made.last.rows,
        migration: latest.tag,
        migrated_to: latest.tag,
        server_running: false,
      },
    });
    const noFile = await cli(['backup']);
    expect(noFile).toEqual({
      code: 1,
      last: { status: 'error', message: 'backup takes one FILE: npm run cli -- backup FILE' },
    });
  }, 120_000);
});
