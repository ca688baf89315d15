import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  connect,
  productTables,
  quoteColumns,
  quoteName,
  sequencePositions,
  tableChecksum,
  type CatalogTable,
} from './catalog';
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_SCHEMAS,
  BackupError,
  CHECKSUM_FUNCTION,
  MAGIC,
  type BackupHeader,
  type BackupTable,
} from './format';
import { currentMigration, knownMigrations } from './migrations';

// Writing a backup file.

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
  const sequences = await sequencePositions(client);
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
