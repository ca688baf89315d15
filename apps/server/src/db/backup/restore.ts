import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  connect,
  productSequences,
  productTables,
  quoteColumns,
  quoteName,
  tableChecksum,
  type CatalogTable,
} from './catalog';
import { BACKUP_SCHEMAS, BackupError, type BackupHeader, type BackupTable } from './format';
import {
  applyMigrations,
  currentMigration,
  dropProductObjects,
  knownMigrations,
  type KnownMigration,
} from './migrations';
import { readBackupFile } from './reader';

// Restoring a backup file.

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
 * Restores `file` into the database at `url`, all or nothing (see format.ts's comment at the top).
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
  log(`checking ${file}`);
  const { header, level } = await checkBackupFile(file, migrations);

  const client = await connect(url, 'commission-backoffice-restore');
  try {
    const serverRunning = await refuseRunningServer(client, options.force);
    await client.query('begin');
    await client.query(`set local lock_timeout = '30s'`);
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await refuseReplacingData(client, options.force);
    const tables = await schemaAtBackupLevel(client, header, migrations, level, log);
    await loadTables(client, file, tables, log);
    await resetSequences(client, header);
    await verifyChecksums(client, header);
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

/**
 * Reads the file through before the database is touched, and finds its migration level: the index in
 * `migrations` of the migration it was made at. Refuses a level this code does not know.
 */
async function checkBackupFile(
  file: string,
  migrations: readonly KnownMigration[],
): Promise<{ header: BackupHeader; level: number }> {
  const latest = migrations[migrations.length - 1]!;
  let level = -1;
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
  return { header, level };
}

/** Whether a server is running on the database; refused unless `force`. */
async function refuseRunningServer(client: pg.Client, force: boolean | undefined): Promise<boolean> {
  const { rows: servers } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
    [SERVER_APPLICATION_NAME],
  );
  const serverRunning = servers[0]!.n > 0;
  if (serverRunning && !force) {
    throw new BackupError(
      'A server is running on this database: stop it before restoring, or pass --force to restore under it (its users then see the restored data; restart it afterwards).',
    );
  }
  return serverRunning;
}

/** Locks the tables present and refuses, unless `force`, when any of them holds user data. */
async function refuseReplacingData(client: pg.Client, force: boolean | undefined): Promise<void> {
  const present = await productTables(client);
  await lockTables(client, present);
  const withData: string[] = [];
  for (const t of present) {
    if (NOT_USER_DATA.has(t.name)) continue;
    const { rowCount } = await client.query(`select 1 from only ${quoteName(client, t.name)} limit 1`);
    if (rowCount) withData.push(t.name.replace(/^public\./, ''));
  }
  if (withData.length && !force) {
    throw new BackupError(
      `The database already has data (rows in ${withData.join(', ')}): a restore replaces all of it. Pass --force to do so.`,
    );
  }
}

/**
 * The schema at the backup's level: forward from an older database, rebuilt from a newer one. Returns
 * its tables, locked, once they are checked to fit the backup's.
 */
async function schemaAtBackupLevel(
  client: pg.Client,
  header: BackupHeader,
  migrations: readonly KnownMigration[],
  level: number,
  log: (message: string) => void,
): Promise<CatalogTable[]> {
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
  return tables;
}

/** Empties every table and loads the backup's rows into them with `COPY … FROM STDIN`. */
async function loadTables(
  client: pg.Client,
  file: string,
  tables: readonly CatalogTable[],
  log: (message: string) => void,
): Promise<void> {
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
}

/** Every table's row count and checksum against the header's. */
async function verifyChecksums(client: pg.Client, header: BackupHeader): Promise<void> {
  for (const t of header.tables) {
    const sum = await tableChecksum(client, t.name, t.columns);
    if (sum.rows !== t.rows || sum.checksum !== t.checksum) {
      throw new BackupError(
        `${t.name} does not match the backup's checksum after loading (${sum.rows} rows, ${t.rows} expected): nothing was restored.`,
      );
    }
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
