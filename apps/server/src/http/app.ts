import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { registerBodyParsing } from './body';
import { sendError } from './error-handler';
import { buildOpenApi } from './openapi';
import { registerPageFallback } from './pages';
import { registerRoutes } from './register-routes';
import type { RouteDef } from './route';
import { registerSecurityHeaders } from './security-headers';
import { SESSION_COOKIE, SessionStore } from './session';
import { noJobs, type Jobs } from '../jobs/job-runner';

/**
 * One concise line per request, at debug level (LOG_LEVEL=debug shows them), instead of Fastify's two
 * info lines: errors are logged where they are turned into answers, so the start-up output a person
 * reads stays readable.
 */
class ConciseRequestLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else request.log.debug(line, 'request');
  }
}

export interface AppDeps {
  db: Db;
  config: Pick<Config, 'trustProxy' | 'sessionTtlMs' | 'logLevel'>;
  /** Built web app (apps/web/dist); when missing, pages answer with a short note. */
  webDist?: string;
  logger?: boolean;
  /** Background jobs (pg-boss); without it, routes that queue work answer 500. */
  jobs?: Jobs;
  /**
   * Check every JSON answer against its route's response schema (the API tests turn this on): an answer
   * that drifts from the schema is a 500 and a `console.error`, so the test that saw it fails.
   */
  checkResponses?: boolean;
}

export interface AppContext {
  db: Db;
  sessions: SessionStore;
  config: AppDeps['config'];
  jobs: Jobs;
}

export type RouteModule = (ctx: AppContext) => RouteDef[];

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

export async function buildApp(deps: AppDeps, modules: RouteModule[]): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
          },
    logController: new ConciseRequestLog(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  const sessions = new SessionStore(deps.db, deps.config.sessionTtlMs);
  const ctx: AppContext = { db: deps.db, sessions, config: deps.config, jobs: deps.jobs ?? noJobs };
  const routes = modules.flatMap((m) => m(ctx));
  const webDist = deps.webDist ?? DEFAULT_WEB_DIST;
  app.decorateRequest('session', null);
  app.decorateRequest('csrfPending', null);

  await registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await registerBodyParsing(app);

  // Every request but static assets knows its session (PostgreSQL; any app server answers).
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/assets/')) return;
    req.session = await sessions.load(req.cookies[SESSION_COOKIE]);
  });

  app.setErrorHandler(async (err, req, reply) => sendError(err, req, reply, sessions));
  registerPageFallback(app, sessions, webDist);
  registerRoutes(app, routes, { sessions, webDist, checkResponses: deps.checkResponses ?? false });

  const openapi = buildOpenApi(routes);
  app.get('/api/openapi.json', async () => openapi);

  if (fs.existsSync(path.join(webDist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
    });
  }
  return app;
}
