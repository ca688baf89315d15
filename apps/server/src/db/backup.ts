import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { MIGRATIONS_DIR } from './client';

/**
 * Online backup and restore of the product's database (docs/decisions/0007-backup-and-restore.md).
 *
 * A backup is one gzip file written from one `REPEATABLE READ, READ ONLY` transaction:
 *
 *   COMMISSION-BACKOFFICE-BACKUP            the magic line
 *   {header}                                one JSON line: format version, server version, migration
 *                                           level, created_at, per table its columns, rows, checksum,
 *                                           and the sequences' positions
 *   \table public.<name>                    then per table, in foreign-key order, the rows exactly as
 *   <COPY text rows>                        `COPY … TO STDOUT` writes them, ended by PostgreSQL's own
 *   \.                                      end-of-data line (a data line never starts with `\.`)
 *   \end <sha256>                           the SHA-256 of every byte above this line
 *
 * A restore reads the file twice: once to check it whole (magic, header, framing, row counts, SHA-256)
 * before touching the database, then again into ONE transaction that brings the schema to the
 * backup's migration level, empties every table, loads them with `COPY … FROM STDIN`, resets the
 * sequences, checks every table's row count and checksum against the header, migrates on to this
 * code's level and commits. Anything wrong rolls everything back.
 */

/** The schemas whose tables a backup holds. pg-boss's `pgboss` is left out: see the decision record. */
export const BACKUP_SCHEMAS = ['public'] as const;
/**
 * Filled by `ensureReferenceData` at every start (db/seed-reference.ts) or written by anonymous
 * visitors (a session for the CSRF token, the sign-in throttle): rows here do not make a database
 * "have data" for the restore's emptiness check.
 */
const NOT_USER_DATA = new Set([
  'public.currencies',
  'public.countries',
  'public.states',
  'public.settings',
  'public.sessions',
  'public.login_throttle',
]);
/** The application_name of a running server's job runner (jobs/job-runner.ts): how a live server is seen. */
const SERVER_APPLICATION_NAME = 'commission-backoffice-jobs';
/** The lock runMigrations takes (db/client.ts): a restore and a starting server never migrate at once. */
const MIGRATION_LOCK = 727001;

const MAGIC = 'COMMISSION-BACKOFFICE-BACKUP';
export const BACKUP_FORMAT_VERSION = 1;
/** The order-independent digest of a table's rows, also named in the header. */
const CHECKSUM_FUNCTION = 'sum(hashtextextended(row(<columns>)::text, 0)::numeric)';

/** A refusal with a message for the operator (bad file, wrong database, nothing done). */
export class BackupError extends Error {}

const tableEntry = z.object({
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  /** The columns COPY carries: all but the generated ones, which PostgreSQL recomputes. */
  copy_columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().nonnegative(),
  checksum: z.string().regex(/^-?\d+$/),
});
const sequenceEntry = z.object({
  name: z.string().min(1),
  last_value: z.string().regex(/^-?\d+$/),
  is_called: z.boolean(),
});
const migrationLevel = z.object({ tag: z.string().nullable(), created_at: z.number().int(), hash: z.string() });
const headerSchema = z.object({
  format: z.literal('commission-backoffice-backup'),
  format_version: z.number().int().positive(),
  server_version: z.string(),
  server_version_num: z.number().int(),
  migration: migrationLevel,
  created_at: z.string(),
  checksum_function: z.string(),
  schemas: z.array(z.string()),
  tables: z.array(tableEntry),
  sequences: z.array(sequenceEntry),
});
export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupTable = z.infer<typeof tableEntry>;
export type MigrationLevel = z.infer<typeof migrationLevel>;

export interface TableChecksum {
  rows: number;
  checksum: string;
}

// ---------------------------------------------------------------------------------------------
// Connections and the schema as the catalog describes it

/**
 * One connection with the settings that make the rows' text the same at backup and restore time
 * (the checksum hashes that text): UTC, ISO dates, full float precision, hex bytea.
 */
export async function connect(url: string, applicationName: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  client.on('error', () => {}); // a dropped connection fails the running query; no crash besides
  await client.connect();
  await client.query(`set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres';
    set extra_float_digits = 3; set bytea_output = 'hex'; set client_encoding = 'UTF8'`);
  return client;
}

interface CatalogTable {
  name: string;
  columns: string[];
  copyColumns: string[];
}

const qualified = (schema: string, name: string) => `${schema}.${name}`;
/** `public.users` → `"public"."users"`. */
function quoteName(client: pg.Client, name: string): string {
  const dot = name.indexOf('.');
  return `${client.escapeIdentifier(name.slice(0, dot))}.${client.escapeIdentifier(name.slice(dot + 1))}`;
}
const quoteColumns = (client: pg.Client, columns: readonly string[]) =>
  columns.map((c) => client.escapeIdentifier(c)).join(', ');

/**
 * The product's tables, parents before children along their foreign keys (so a COPY into them in this
 * order checks every reference as it goes), ties broken by name.
 */
export async function productTables(client: pg.Client): Promise<CatalogTable[]> {
  const { rows } = await client.query<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 2, 3`,
    [BACKUP_SCHEMAS],
  );
  const oids = rows.map((r) => r.oid);
  const { rows: cols } = await client.query<{ rel: number; name: string; generated: boolean }>(
    `select attrelid::int as rel, attname as name, attgenerated <> '' as generated
       from pg_attribute where attrelid = any($1) and attnum > 0 and not attisdropped order by attrelid, attnum`,
    [oids],
  );
  const { rows: fks } = await client.query<{ child: number; parent: number }>(
    `select distinct conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and conrelid = any($1) and confrelid = any($1) and conrelid <> confrelid`,
    [oids],
  );
  const byOid = new Map(
    rows.map((r) => [
      r.oid,
      { name: qualified(r.schema, r.name), columns: [] as string[], copyColumns: [] as string[] },
    ]),
  );
  for (const c of cols) {
    const t = byOid.get(c.rel)!;
    t.columns.push(c.name);
    if (!c.generated) t.copyColumns.push(c.name);
  }
  // Kahn's algorithm over "parent before child".
  const waitingOn = new Map(rows.map((r) => [r.oid, new Set<number>()]));
  for (const fk of fks) waitingOn.get(fk.child)!.add(fk.parent);
  const ordered: CatalogTable[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, parents]) => parents.size === 0).map(([oid]) => oid);
    if (ready.length === 0) {
      const names = [...waitingOn.keys()].map((oid) => byOid.get(oid)!.name);
      throw new Error(`The foreign keys between ${names.join(', ')} form a cycle: no load order exists.`);
    }
    ready.sort((a, b) => byOid.get(a)!.name.localeCompare(byOid.get(b)!.name));
    for (const oid of ready) {
      ordered.push(byOid.get(oid)!);
      waitingOn.delete(oid);
      for (const parents of waitingOn.values()) parents.delete(oid);
    }
  }
  return ordered;
}

/**
 * Row count and order-independent checksum of one table, computed by PostgreSQL: the sum, as an
 * exact numeric, of a 64-bit hash of each row's text. One streaming pass, no sort, no memory per row.
 * The backup, the restore's check and the tests all use this function.
 */
export async function tableChecksum(
  client: pg.Client,
  table: string,
  columns: readonly string[],
): Promise<TableChecksum> {
  const { rows } = await client.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows,
            coalesce(sum(hashtextextended(row(${quoteColumns(client, columns)})::text, 0)::numeric), 0)::text as checksum
       from only ${quoteName(client, table)}`,
  );
  // eslint-disable-next-line no-restricted-syntax -- a row count
  return { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
}

/** Every product table's row count and checksum, keyed by table name. */
export async function databaseChecksums(url: string): Promise<Map<string, TableChecksum>> {
  const client = await connect(url, 'commission-backoffice-checksums');
  try {
    await client.query('begin isolation level repeatable read, read only');
    const out = new Map<string, TableChecksum>();
    for (const t of await productTables(client)) out.set(t.name, await tableChecksum(client, t.name, t.columns));
    await client.query('commit');
    return out;
  } finally {
    await client.end();
  }
}

interface CatalogSequence {
  name: string;
  /** The column whose default draws from it (serial, identity), when there is one. */
  ownedBy: { table: string; column: string } | null;
}

async function productSequences(client: pg.Client): Promise<CatalogSequence[]> {
  const { rows } = await client.query<{ schema: string; name: string; table: string | null; column: string | null }>(
    `select n.nspname as schema, c.relname as name, tn.nspname || '.' || t.relname as table, a.attname as column
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')
                            and d.refclassid = 'pg_class'::regclass
       left join pg_class t on t.oid = d.refobjid
       left join pg_namespace tn on tn.oid = t.relnamespace
       left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where c.relkind = 'S' and n.nspname = any($1)
      order by 1, 2`,
    [BACKUP_SCHEMAS],
  );
  return rows.map((r) => ({
    name: qualified(r.schema, r.name),
    ownedBy: r.table && r.column ? { table: r.table, column: r.column } : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Migration levels: Drizzle's bookkeeping (drizzle.__drizzle_migrations) and this code's journal

interface KnownMigration {
  tag: string;
  created_at: number;
  hash: string;
  statements: string[];
}

/** This code's migrations, oldest first, as Drizzle's migrator reads them (same hashes). */
export function knownMigrations(): KnownMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m, i) => ({
    tag: journal.entries[i]!.tag,
    created_at: m.folderMillis,
    hash: m.hash,
    statements: m.sql,
  }));
}

/** The latest migration applied to the database, as Drizzle decides it (the highest created_at). */
async function currentMigration(client: pg.Client): Promise<{ created_at: number; hash: string } | null> {
  const { rows: exists } = await client.query<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists[0]?.t) return null;
  const { rows } = await client.query<{ created_at: string; hash: string }>(
    'select created_at::text, hash from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  // eslint-disable-next-line no-restricted-syntax -- a time in milliseconds
  return rows[0] ? { created_at: Number(rows[0].created_at), hash: rows[0].hash } : null;
}

/** Applies migrations on this connection, in its transaction, with the bookkeeping Drizzle's migrator writes. */
export async function applyMigrations(client: pg.Client, migrations: readonly KnownMigration[]): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const m of migrations) {
    for (const statement of m.statements) await client.query(statement);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      m.hash,
      m.created_at,
    ]);
  }
}

/**
 * Drops the product's objects (tables, views, sequences, functions, types; not extensions' members)
 * and Drizzle's bookkeeping, so migrations can rebuild the schema at an older level.
 */
async function dropProductObjects(client: pg.Client): Promise<void> {
  const notExtension = (catalog: string, oid: string) =>
    `not exists (select 1 from pg_depend e where e.classid = '${catalog}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;
  const { rows: relations } = await client.query<{ kind: string; name: string }>(
    `select c.relkind as kind, format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${notExtension('pg_class', 'c.oid')}`,
    [BACKUP_SCHEMAS],
  );
  const kinds: [string, string][] = [
    ['v', 'view'],
    ['m', 'materialized view'],
    ['f', 'foreign table'],
    ['r', 'table'],
    ['p', 'table'],
    ['S', 'sequence'],
  ];
  for (const [kind, word] of kinds) {
    const names = relations.filter((r) => r.kind === kind).map((r) => r.name);
    if (names.length) await client.query(`drop ${word} if exists ${names.join(', ')} cascade`);
  }
  const { rows: routines } = await client.query<{ name: string }>(
    `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and ${notExtension('pg_proc', 'p.oid')}`,
    [BACKUP_SCHEMAS],
  );
  for (const r of routines) await client.query(`drop routine if exists ${r.name} cascade`);
  const { rows: types } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, t.typname) as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any($1) and t.typtype in ('e', 'd', 'r', 'c')
        and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')
        and ${notExtension('pg_type', 't.oid')}`,
    [BACKUP_SCHEMAS],
  );
  for (const t of types) await client.query(`drop type if exists ${t.name} cascade`);
  await client.query('drop table if exists drizzle.__drizzle_migrations');
}

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  migration: string | null;
}

export interface BackupOptions {
  /** gzip level, 1 (fastest) to 9 (smallest). */
  level?: number;
  /** Called after each table is written (tests use it to let writers commit in the middle of a backup). */
  afterTable?: (table: string) => Promise<void>;
}

/**
 * Writes a consistent backup of the database at `url` to `file` while it is in use: one
 * `REPEATABLE READ, READ ONLY` transaction (every table as of one instant), every table streamed
 * from `COPY … TO STDOUT` through gzip into `file.partial`, which is synced and renamed at the end.
 */
export async function backupDatabase(url: string, file: string, options: BackupOptions = {}): Promise<BackupSummary> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  const client = await connect(url, 'commission-backoffice-backup');
  try {
    // The tables are listed, then locked (ACCESS SHARE: writers go on, only DDL and TRUNCATE wait),
    // and only then is the snapshot taken — LOCK takes none — so no table can change shape under it.
    const listed = await productTables(client);
    await client.query('begin isolation level repeatable read, read only');
    await client.query(`set local lock_timeout = '60s'`);
    if (listed.length) {
      await client.query(`lock table ${listed.map((t) => quoteName(client, t.name)).join(', ')} in access share mode`);
    }
    const tables = await productTables(client); // the snapshot starts here
    if (tables.map((t) => t.name).join() !== listed.map((t) => t.name).join()) {
      throw new BackupError('The database schema changed while the backup started (a migration?): try again.');
    }
    const header = await readHeader(client, tables);
    const hash = crypto.createHash('sha256');
    const copy = (sql: string) => client.query(copyTo(sql));
    async function* content(): AsyncGenerator<Buffer> {
      const emit = (text: string) => {
        const b = Buffer.from(text, 'utf8');
        hash.update(b);
        return b;
      };
      yield emit(`${MAGIC}\n${JSON.stringify(header)}\n`);
      for (const t of tables) {
        yield emit(`\\table ${t.name}\n`);
        for await (const chunk of copy(
          `copy ${quoteName(client, t.name)} (${quoteColumns(client, t.copyColumns)}) to stdout`,
        ) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          yield chunk;
        }
        yield emit('\\.\n');
        await options.afterTable?.(t.name);
      }
      yield Buffer.from(`\\end ${hash.digest('hex')}\n`, 'utf8');
    }
    try {
      await pipeline(
        Readable.from(content()),
        zlib.createGzip({ level: options.level ?? 3 }),
        fs.createWriteStream(partial, { mode: 0o600 }),
      );
      const fh = await fsp.open(partial, 'r+');
      await fh.sync().finally(() => fh.close());
      await client.query('commit');
      await fsp.rename(partial, target);
    } catch (err) {
      await fsp.rm(partial, { force: true });
      throw err;
    }
    return {
      file: target,
      bytes: (await fsp.stat(target)).size,
      tables: header.tables.length,
      rows: header.tables.reduce((n, t) => n + t.rows, 0),
      migration: header.migration.tag,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

async function readHeader(client: pg.Client, tables: CatalogTable[]): Promise<BackupHeader> {
  const { rows: info } = await client.query<{ version: string; num: string; now: string }>(
    `select current_setting('server_version') as version, current_setting('server_version_num') as num,
            to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now`,
  );
  const level = await currentMigration(client);
  if (!level) throw new BackupError('The database has no migrations applied: there is nothing to back up.');
  const known = knownMigrations().find((m) => m.created_at === level.created_at);
  const entries: BackupTable[] = [];
  for (const t of tables) {
    const sum = await tableChecksum(client, t.name, t.columns);
    entries.push({ name: t.name, columns: t.columns, copy_columns: t.copyColumns, ...sum });
  }
  // A sequence is not transactional: its position may be a little ahead of the snapshot, never behind.
  const sequences: BackupHeader['sequences'] = [];
  for (const s of await productSequences(client)) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${quoteName(client, s.name)}`,
    );
    sequences.push({ name: s.name, ...rows[0]! });
  }
  return {
    format: 'commission-backoffice-backup',
    format_version: BACKUP_FORMAT_VERSION,
    server_version: info[0]!.version,
    // eslint-disable-next-line no-restricted-syntax -- PostgreSQL's version number
    server_version_num: Number(info[0]!.num),
    migration: { tag: known?.tag ?? null, created_at: level.created_at, hash: level.hash },
    created_at: info[0]!.now,
    checksum_function: CHECKSUM_FUNCTION,
    schemas: [...BACKUP_SCHEMAS],
    tables: entries,
    sequences,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading a backup file

/** The decompressed data stopped before the end of a table. */
class DataEnded extends Error {}

/** Reads the decompressed file: lines for the framing, raw bytes for the tables, hashing as it goes. */
class BackupReader {
  private buf: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly hash = crypto.createHash('sha256');

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    return true;
  }

  private take(n: number, hashed: boolean): Buffer {
    const out = this.buf.subarray(0, n);
    if (hashed) this.hash.update(out);
    this.buf = this.buf.subarray(n);
    return out;
  }

  /** The next line without its newline; null at the end of the data or past `max` bytes. */
  async line(max: number, hashed = true): Promise<string | null> {
    for (;;) {
      const i = this.buf.indexOf(10);
      if (i >= 0 && i <= max) return this.take(i + 1, hashed).toString('utf8', 0, i);
      if (this.buf.length > max) return null;
      if (!(await this.more())) return null;
    }
  }

  /** One table's COPY rows up to its `\.` line (consumed, not yielded); `rows` counts them. */
  rows = 0;
  async *table(): AsyncGenerator<Buffer> {
    this.rows = 0;
    let lineStart = true;
    for (;;) {
      if (lineStart && this.buf.length >= 3 && this.buf[0] === 92 && this.buf[1] === 46 && this.buf[2] === 10) {
        this.take(3, true);
        return;
      }
      const end = this.buf.indexOf('\n\\.\n');
      // Everything before the end line; else everything but a tail that may begin it.
      const n = end >= 0 ? end + 1 : Math.max(0, this.buf.length - 3);
      if (n > 0) {
        const chunk = this.take(n, true);
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) this.rows += 1;
        lineStart = chunk[chunk.length - 1] === 10;
        yield chunk;
        continue;
      }
      if (!(await this.more())) throw new DataEnded('the data ends in the middle of a table');
    }
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  async atEnd(): Promise<boolean> {
    return this.buf.length === 0 && !(await this.more());
  }
}

export interface ReadVisitor {
  /** Called with the header before any table; throw to stop. */
  header?(header: BackupHeader): Promise<void>;
  /** Consumes one table's COPY text; what is left unread is drained. */
  table?(table: BackupTable, data: AsyncIterable<Buffer>): Promise<void>;
}

/**
 * Reads a backup file through: magic line, header, every table's framing and row count, the SHA-256
 * trailer, nothing after it. Throws a BackupError saying what is wrong with the file.
 */
export async function readBackupFile(file: string, visitor: ReadVisitor = {}): Promise<BackupHeader> {
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new BackupError(`${file} does not exist or is not a file.`);
  const head = Buffer.alloc(2);
  const fh = await fsp.open(file, 'r');
  const { bytesRead } = await fh.read(head, 0, 2, 0).finally(() => fh.close());
  const notBackup = (why: string) => new BackupError(`${file} is not a backup of this product (${why}).`);
  if (bytesRead < 2 || head[0] !== 0x1f || head[1] !== 0x8b) throw notBackup('not a gzip file');

  const source = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  const reader = new BackupReader(source.pipe(gunzip)[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const corrupt = (why: string) => new BackupError(`${file} is truncated or corrupt: ${why}. Nothing was restored.`);
  let started = false;
  try {
    const magic = await reader.line(64);
    if (magic !== MAGIC) throw notBackup('it does not start with the backup marker');
    const headerLine = await reader.line(64 * 1024 * 1024);
    if (headerLine === null) throw corrupt('the header is incomplete');
    let header: BackupHeader;
    try {
      const raw = JSON.parse(headerLine) as { format_version?: unknown };
      if (typeof raw.format_version === 'number' && raw.format_version > BACKUP_FORMAT_VERSION) {
        throw new BackupError(
          `${file} was written in backup format ${raw.format_version} by a newer version of the product; this one reads format ${BACKUP_FORMAT_VERSION}.`,
        );
      }
      header = headerSchema.parse(raw);
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw corrupt('its header is not readable');
    }
    await visitor.header?.(header);
    started = true;
    for (const t of header.tables) {
      if ((await reader.line(4096)) !== `\\table ${t.name}`)
        throw corrupt(`the data of ${t.name} is not where expected`);
      const data = reader.table();
      if (visitor.table) await visitor.table(t, data);
      for await (const _ of data); // whatever the visitor left
      if (reader.rows !== t.rows) throw corrupt(`${t.name} has ${reader.rows} rows, its header says ${t.rows}`);
    }
    const expected = reader.digest();
    const trailer = await reader.line(4096, false);
    if (trailer === null) throw corrupt('the end marker is missing');
    if (trailer !== `\\end ${expected}`) throw corrupt('its SHA-256 does not match its content');
    if (!(await reader.atEnd())) throw corrupt('there is data after the end marker');
    return header;
  } catch (err) {
    // Met while a visitor was reading a table, these are still about the file.
    if (err instanceof DataEnded) throw corrupt(err.message);
    if (isZlibError(err)) throw started ? corrupt(err.message) : notBackup(err.message);
    throw err;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

function isZlibError(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('Z_');
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions {
  /** Replace a database that has data, and restore even while a server is running on it. */
  force?: boolean;
  log?: (message: string) => void;
}

export interface RestoreSummary {
  status: 'success';
  file: string;
  tables: number;
  rows: number;
  /** The backup's migration level, and the level the database is at after the restore. */
  migration: string | null;
  migrated_to: string;
  server_running: boolean;
}

/**
 * Restores `file` into the database at `url`, all or nothing (see the file's comment at the top).
 * Refuses, without changing anything: a file that is not a backup or is truncated or corrupt; a
 * backup made at a migration level this code does not know; a database that has data, or that a
 * running server is using, unless `force`.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const migrations = knownMigrations();
  const latest = migrations[migrations.length - 1]!;
  let level = -1;
  log(`checking ${file}`);
  const header = await readBackupFile(file, {
    async header(h) {
      level = migrations.findIndex((m) => m.created_at === h.migration.created_at);
      const name = h.migration.tag ?? `created_at ${h.migration.created_at}`;
      if (level >= 0) return;
      if (h.migration.created_at > latest.created_at) {
        throw new BackupError(
          `The backup was made at migration ${name}, newer than this version of the product knows (its latest is ${latest.tag}): restore it with the version that made it or a later one.`,
        );
      }
      throw new BackupError(
        `The backup was made at migration ${name}, which this version of the product does not have.`,
      );
    },
  });

  const client = await connect(url, 'commission-backoffice-restore');
  try {
    const { rows: servers } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [SERVER_APPLICATION_NAME],
    );
    const serverRunning = servers[0]!.n > 0;
    if (serverRunning && !options.force) {
      throw new BackupError(
        'A server is running on this database: stop it before restoring, or pass --force to restore under it (its users then see the restored data; restart it afterwards).',
      );
    }

    await client.query('begin');
    await client.query(`set local lock_timeout = '30s'`);
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const present = await productTables(client);
    await lockTables(client, present);
    const withData: string[] = [];
    for (const t of present) {
      if (NOT_USER_DATA.has(t.name)) continue;
      const { rowCount } = await client.query(`select 1 from only ${quoteName(client, t.name)} limit 1`);
      if (rowCount) withData.push(t.name.replace(/^public\./, ''));
    }
    if (withData.length && !options.force) {
      throw new BackupError(
        `The database already has data (rows in ${withData.join(', ')}): a restore replaces all of it. Pass --force to do so.`,
      );
    }

    // The schema at the backup's level: forward from an older database, rebuilt from a newer one.
    const current = await currentMigration(client);
    const at = current ? migrations.findIndex((m) => m.created_at === current.created_at) : -1;
    if (current && (at < 0 || at > level)) {
      log(`rebuilding the schema at migration ${migrations[level]!.tag}`);
      await dropProductObjects(client);
      await applyMigrations(client, migrations.slice(0, level + 1));
    } else if (at < level) {
      await applyMigrations(client, migrations.slice(at + 1, level + 1));
    }
    const tables = await productTables(client);
    const mismatch = schemaMismatch(header.tables, tables);
    if (mismatch) {
      throw new BackupError(
        `The backup does not fit migration ${migrations[level]!.tag} of this product's schema (${mismatch}): nothing was restored.`,
      );
    }
    await lockTables(client, tables);

    // Append-only tables refuse TRUNCATE by trigger: user triggers are off for the load (and would
    // otherwise rewrite rows that must come back exactly as they were), back on before commit.
    const { rows: triggered } = await client.query<{ name: string }>(
      `select distinct format('%I.%I', n.nspname, c.relname) as name from pg_trigger g
         join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where not g.tgisinternal and n.nspname = any($1)`,
      [BACKUP_SCHEMAS],
    );
    for (const t of triggered) await client.query(`alter table ${t.name} disable trigger user`);
    if (tables.length) await client.query(`truncate ${tables.map((t) => quoteName(client, t.name)).join(', ')}`);

    await readBackupFile(file, {
      async table(t, data) {
        log(`loading ${t.name} (${t.rows} rows)`);
        const sink = client.query(
          copyFrom(`copy ${quoteName(client, t.name)} (${quoteColumns(client, t.copy_columns)}) from stdin`),
        );
        await pipeline(Readable.from(data), sink);
        if (sink.rowCount !== t.rows) {
          throw new BackupError(`${t.name}: ${sink.rowCount} rows loaded, the backup has ${t.rows}.`);
        }
      },
    });
    for (const t of triggered) await client.query(`alter table ${t.name} enable trigger user`);
    await resetSequences(client, header);

    for (const t of header.tables) {
      const sum = await tableChecksum(client, t.name, t.columns);
      if (sum.rows !== t.rows || sum.checksum !== t.checksum) {
        throw new BackupError(
          `${t.name} does not match the backup's checksum after loading (${sum.rows} rows, ${t.rows} expected): nothing was restored.`,
        );
      }
    }
    if (level < migrations.length - 1) {
      log(`migrating from ${migrations[level]!.tag} to ${latest.tag}`);
      await applyMigrations(client, migrations.slice(level + 1));
    }
    await client.query('commit');
    return {
      status: 'success',
      file: path.resolve(file),
      tables: header.tables.length,
      rows: header.tables.reduce((n, t) => n + t.rows, 0),
      migration: header.migration.tag,
      migrated_to: latest.tag,
      server_running: serverRunning,
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    if ((err as { code?: string }).code === '55P03') {
      throw new BackupError(
        'The database is busy: its tables could not be locked for the restore within 30 s. Nothing was restored.',
      );
    }
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

async function lockTables(client: pg.Client, tables: readonly { name: string }[]): Promise<void> {
  if (!tables.length) return;
  await client.query(`lock table ${tables.map((t) => quoteName(client, t.name)).join(', ')} in access exclusive mode`);
}

/** Why the backup's tables do not fit the database's, or null when they do. */
function schemaMismatch(backup: readonly BackupTable[], database: readonly CatalogTable[]): string | null {
  const byName = new Map(database.map((t) => [t.name, t]));
  for (const t of backup) {
    const d = byName.get(t.name);
    if (!d) return `no table ${t.name}`;
    if (d.columns.join() !== t.columns.join()) return `the columns of ${t.name} differ`;
    byName.delete(t.name);
  }
  const extra = [...byName.keys()];
  return extra.length ? `the backup lacks ${extra.join(', ')}` : null;
}

/**
 * Every sequence continues after the restored rows: at the greater of its position in the backup and
 * the highest value in the column it feeds, so no id and no booking number is handed out twice.
 */
async function resetSequences(client: pg.Client, header: BackupHeader): Promise<void> {
  const saved = new Map(header.sequences.map((s) => [s.name, s]));
  for (const s of await productSequences(client)) {
    const was = saved.get(s.name);
    let max: string | null = null;
    if (s.ownedBy) {
      const { rows } = await client.query<{ max: string | null }>(
        `select max(${client.escapeIdentifier(s.ownedBy.column)})::text as max from ${quoteName(client, s.ownedBy.table)}`,
      );
      max = rows[0]!.max;
    }
    const seq = quoteName(client, s.name);
    if (
      was &&
      (max === null ||
        BigInt(max) < BigInt(was.last_value) ||
        (BigInt(max) === BigInt(was.last_value) && was.is_called))
    ) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [seq, was.last_value, was.is_called]);
    } else if (max !== null) {
      await client.query(`select setval($1::regclass, $2::bigint, true)`, [seq, max]);
    }
  }
}
