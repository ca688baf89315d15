import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, runMigrations } from '../db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded';
import { ensureReferenceData } from '../db/seed-reference';
import { computeMissingMatchStatuses } from '../features/transactions';

export const TEMPLATE_DB = 'app_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One PostgreSQL per run: a throwaway embedded cluster, or the server in TEST_DATABASE_URL
 * (`npm run test:e2e` points it at Debian's PostgreSQL 15). The template database is migrated once;
 * each test file gets a fresh copy (see setup-file.ts).
 */
export default async function setup(project: TestProject) {
  // The two server projects (vitest.config.ts) share one cluster and template: the first to start makes
  // them, the last to finish removes them. globalThis, because each project imports this file anew.
  const shared = globalThis as { serverTestDatabase?: { users: number; ready: Promise<SharedDatabase> } };
  shared.serverTestDatabase ??= { users: 0, ready: startTestDatabase() };
  const mine = shared.serverTestDatabase;
  mine.users += 1;
  const { adminUrl, stop } = await mine.ready;
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    mine.users -= 1;
    if (mine.users > 0) return;
    delete shared.serverTestDatabase;
    await stop();
  };
}

interface SharedDatabase {
  adminUrl: string;
  stop(): Promise<void>;
}

async function startTestDatabase(): Promise<SharedDatabase> {
  let server: EmbeddedServer | null = null;
  let tmp: string | null = null;
  let adminUrl: string;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminUrl = external;
  } else {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'));
    fs.chmodSync(tmp, 0o755);
    server = await startEmbeddedPostgres({ dataDir: tmp });
    adminUrl = server.url('postgres');
  }
  // Leftover copies from an earlier interrupted run on an external server.
  await dropTestDatabases(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  await runMigrations(templateUrl);
  const db = createDb(templateUrl, 1);
  await ensureReferenceData(db);
  // As at start (main.ts): the template's stored booking match statuses are computed.
  await computeMissingMatchStatuses(db);
  await db.$client.end();

  return {
    adminUrl,
    async stop() {
      if (external) await dropTestDatabases(adminUrl);
      await server?.stop();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Drops the template and every per-file copy on this server. */
async function dropTestDatabases(adminUrl: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  const copies = await c.query<{ datname: string }>(
    `select datname from pg_database where datname = $1 or datname like 'test\\_%'`,
    [TEMPLATE_DB],
  );
  for (const { datname } of copies.rows) await c.query(`drop database if exists "${datname}" with (force)`);
  await c.end();
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
