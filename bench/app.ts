/** The app every HTTP benchmark measures: the real routes on the bench database, listening on a free port. */
import type { AddressInfo } from 'node:net';
import type { Db } from '../apps/server/src/db/client';
import { buildApp } from '../apps/server/src/http/app';
import type { Jobs } from '../apps/server/src/jobs/job-runner';
import { routeModules } from '../apps/server/src/routes';

/** The app (close it when done) and its port on 127.0.0.1; `jobs` for benches that run background jobs. */
export async function startBenchApp(db: Db, jobs?: Jobs) {
  const app = await buildApp(
    {
      db,
      config: { trustProxy: false, sessionTtlMs: 3_600_000, logLevel: 'silent' },
      logger: false,
      ...(jobs ? { jobs } : {}),
    },
    routeModules,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}
