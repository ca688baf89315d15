import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { ensureReferenceData } from './db/seed-reference';
import { users } from './db/schema';
import { formatLogins, seedDemo } from './features/demo';
import { computeMissingMatchStatuses } from './features/transactions';
import { buildApp } from './http/app';
import { jobHandlers } from './job-handlers';
import { startJobRunner } from './jobs/job-runner';
import { SessionStore } from './http/session';
import { routeModules } from './routes';

const config = loadConfig();
const log = pino({ level: config.logLevel });

const database = await openDatabase(config, (m) => log.debug({ pg: m }, 'postgres'));
// The features' start-up steps, once the database is migrated.
await computeMissingMatchStatuses(database.db, (m) => log.debug({ pg: m }, 'postgres'));
await ensureReferenceData(database.db);

let logins: string | null = null;
if (config.demo) {
  const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
  if (n === 0) logins = formatLogins(await seedDemo(database.db));
}

const jobs = await startJobRunner(database.url, jobHandlers(database.db, log, { sweepMs: config.jobSweepMs }), log, {
  pollingIntervalSeconds: 1,
});
const app = await buildApp({ db: database.db, config, jobs }, routeModules);
const sessions = new SessionStore(database.db, config.sessionTtlMs);
await sessions.purgeExpired();
const purge = setInterval(() => void sessions.purgeExpired().catch(() => {}), 3600_000);
purge.unref();

// SIGTERM / SIGINT: running jobs reach a safe point first, then the HTTP server drains, then the
// database closes (an embedded server is stopped last), and the process exits 0.
let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  clearInterval(purge);
  const step = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      log.warn({ err: (err as Error).message }, `while ${what}`);
    }
  };
  await step('stopping jobs', () => jobs.stop());
  await step('closing http', () => app.close());
  await step('closing the database', () => database.close());
  log.info('stopped');
  process.exit(0);
}
process.once('SIGTERM', (s) => void shutdown(s));
process.once('SIGINT', (s) => void shutdown(s));

await app.listen({ port: config.port, host: config.host });
const where = database.embedded
  ? `embedded PostgreSQL on 127.0.0.1:${database.embedded.port} (${config.dataDir})`
  : 'DATABASE_URL';
// One write, logins first: whoever waits for the ready line (people, scripts, tests) sees everything.
const demo = logins ? `\nDemo logins (loaded into the empty database; DEMO=0 turns this off):\n${logins}\n` : '';
process.stdout.write(`${demo}\nBack office ready on http://${config.host}:${config.port}  — data: ${where}\n`);
