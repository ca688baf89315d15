import pg from 'pg';
import type { Config } from '../config';
import { createDb, runMigrations, type Db } from './client';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded';

export const APP_DATABASE = 'backoffice';

export interface Database {
  db: Db;
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
}

/**
 * Opens the product's database: DATABASE_URL when given (PostgreSQL ≥ 15), otherwise the embedded
 * server under DATA_DIR. Runs migrations before anything else touches it. The features' start-up
 * steps (the transactions' `computeMissingMatchStatuses`) are the caller's: db/ depends on no feature.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'>,
  log: (msg: string) => void = () => {},
): Promise<Database> {
  let url: string;
  let embedded: EmbeddedServer | null = null;
  if (config.databaseUrl) {
    url = config.databaseUrl;
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
    await ensureDatabase(embedded.url('postgres'), APP_DATABASE);
    url = embedded.url(APP_DATABASE);
  }
  await assertVersion(url);
  await runMigrations(url);
  const db = createDb(url);
  return {
    db,
    url,
    embedded,
    async close() {
      await db.$client.end();
      await embedded?.stop();
    },
  };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database ${client.escapeIdentifier(name)}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created by a concurrent starter
      });
    }
  } finally {
    await client.end();
  }
}

async function assertVersion(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    // eslint-disable-next-line no-restricted-syntax -- PostgreSQL's version number
    const v = Number(rows[0]?.server_version_num);
    if (v < 150000) throw new Error(`PostgreSQL 15 or later is required (server reports ${v}).`);
  } finally {
    await client.end();
  }
}
