import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../client';
import { BACKUP_SCHEMAS } from './format';

// Migration levels: Drizzle's bookkeeping (drizzle.__drizzle_migrations) and this code's journal.

export interface KnownMigration {
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
export async function currentMigration(client: pg.Client): Promise<{ created_at: number; hash: string } | null> {
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
export async function dropProductObjects(client: pg.Client): Promise<void> {
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
