import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyRulesOf, holdToOwnLimits, PUBLIC_BODY_LIMIT, rulesWithoutFiles, widestBodyRules } from './body-limits';
import { WRITE_METHODS } from './body';
import { checkCsrf } from './csrf';
import { AppError } from './errors';
import { servePage } from './pages';
import { assertResponseFits, respond } from './respond';
import { runRoute, wantsJson, type Method, type RouteDef } from './route';
import type { SessionStore } from './session';

const OVERRIDABLE: Method[] = ['PUT', 'PATCH', 'DELETE'];

/** What serving a route needs besides its definition. */
export interface Serving {
  sessions: SessionStore;
  webDist: string;
  checkResponses: boolean;
}

type Run = (def: RouteDef, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Routes: each method as itself, plus a POST twin for _method overrides (CONTRACT.md §2). */
export function registerRoutes(app: FastifyInstance, routes: RouteDef[], serving: Serving) {
  const byUrl = groupByUrl(routes);
  const run: Run = async (def, req, reply) => {
    const result = await runRoute(def, req, reply);
    if (serving.checkResponses && result !== reply && !reply.sent) assertResponseFits(def, result);
    return respond(def, req, reply, serving.sessions, result);
  };
  for (const [url, methods] of byUrl) {
    registerOwnMethods(app, url, methods, run, serving);
    registerOverrideDispatcher(app, url, methods, run);
  }
  for (const [url, methods] of byUrl) registerMethodNotAllowed(app, url, methods);
}

function groupByUrl(routes: RouteDef[]): Map<string, Map<Method, RouteDef>> {
  const byUrl = new Map<string, Map<Method, RouteDef>>();
  for (const def of routes) {
    const methods = byUrl.get(def.url) ?? new Map<Method, RouteDef>();
    if (methods.has(def.method)) throw new Error(`Duplicate route ${def.method} ${def.url}`);
    methods.set(def.method, def);
    byUrl.set(def.url, methods);
  }
  return byUrl;
}

function registerOwnMethods(
  app: FastifyInstance,
  url: string,
  methods: Map<Method, RouteDef>,
  run: Run,
  { sessions, webDist }: Serving,
) {
  const overridable = OVERRIDABLE.some((m) => methods.has(m));
  for (const [method, def] of methods) {
    if (method === 'POST' && overridable) continue; // served by the dispatcher
    const bodyRules = bodyRulesOf(def);
    app.route({
      method,
      url,
      bodyLimit: bodyRules.bodyLimit,
      config: { bodyRules },
      handler: async (req, reply) => {
        // The same address answers a page or JSON: caches must key on how it was asked.
        if (def.page) reply.header('vary', 'Accept, X-Requested-With');
        if (def.page && !wantsJson(req)) return servePage(req, reply, sessions, webDist);
        return run(def, req, reply);
      },
    });
  }
}

/**
 * POST with `_method` = PUT/PATCH/DELETE runs that route; without it, the route's own POST (if any).
 * The body is read before `_method` is known: within the widest limits, then the route's own.
 */
function registerOverrideDispatcher(app: FastifyInstance, url: string, methods: Map<Method, RouteDef>, run: Run) {
  const overridable = OVERRIDABLE.filter((m) => methods.has(m));
  if (overridable.length === 0) return;
  const post = methods.get('POST');
  const bodyRules = widestBodyRules([...(post ? [post] : []), ...overridable.map((m) => methods.get(m)!)]);
  app.route({
    method: 'POST',
    url,
    bodyLimit: bodyRules.bodyLimit,
    config: { bodyRules },
    handler: async (req, reply) => {
      const requested = String((req.body as Record<string, unknown> | undefined)?._method ?? '').toUpperCase();
      const def = (OVERRIDABLE as string[]).includes(requested) ? methods.get(requested as Method) : post;
      if (!def) throw methodNotAllowed(req, reply, methods, /^[A-Z]{1,16}$/.test(requested) ? requested : 'POST');
      holdToOwnLimits(def, req.body);
      return run(def, req, reply);
    },
  });
}

/** Any other write method to a known address: 419 without the token, then 405 (never 404). */
function registerMethodNotAllowed(app: FastifyInstance, url: string, methods: Map<Method, RouteDef>) {
  const served = new Set<string>([...methods.keys(), ...(OVERRIDABLE.some((m) => methods.has(m)) ? ['POST'] : [])]);
  const others = WRITE_METHODS.filter((m) => !served.has(m));
  if (others.length === 0) return;
  const bodyRules = rulesWithoutFiles(PUBLIC_BODY_LIMIT);
  app.route({
    method: others,
    url,
    bodyLimit: bodyRules.bodyLimit,
    config: { bodyRules },
    handler: async (req, reply) => {
      throw methodNotAllowed(req, reply, methods, req.method);
    },
  });
}

/** CSRF first (CONTRACT.md §2: every non-GET request needs the token), then 405 with the methods served. */
function methodNotAllowed(req: FastifyRequest, reply: FastifyReply, methods: Map<Method, RouteDef>, method: string) {
  checkCsrf(req);
  reply.header('allow', [...methods.keys()].join(', '));
  return new AppError('method_not_allowed', `The ${method} method is not supported for this route.`);
}
