import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

// numeric → string (exact), int8 → string is pg's default; dates stay 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'commission-backoffice' });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as Db;
}

/**
 * Runs pending migrations under an advisory lock, so two app servers starting at once
 * against one database migrate it once.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    await client.end();
  }
}

/**
 * Runs `fn` in a transaction on one pooled connection and also hands it a raw executor on that
 * connection, for libraries that take one (pg-boss `send` with `db`), so their writes commit with ours;
 * with a `name` the executor's statement is a named prepared statement of that connection (planned once).
 */
export async function withClientTransaction<T>(
  db: Db,
  fn: (tx: Db, execute: (text: string, values: unknown[], name?: string) => Promise<{ rows: unknown[] }>) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    const tx = drizzle(client, { schema }) as unknown as Db;
    const result = await fn(tx, (text, values, name) =>
      name === undefined ? client.query(text, values) : client.query({ name, text, values }),
    );
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Runs `fn` in a transaction that holds the transaction-level advisory lock `key`, or answers null at once
 * when another transaction holds it: periodic work that one server at a time does (the report refresh, the
 * counts' fold, the search indexes' merge); the lock goes with the commit, or with a dead connection.
 */
export async function withTryLock<T>(db: Db, key: number, fn: (tx: Tx) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
    return rows[0]!.ok ? fn(tx) : null;
  });
}
