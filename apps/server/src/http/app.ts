import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { checkResponse, isPagePath, type ResponseProblem } from '@app/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { expandBracketKeys } from './body';
import {
  bodyRulesOf,
  holdToOwnLimits,
  PUBLIC_BODY_LIMIT,
  rulesWithoutFiles,
  TOO_LARGE,
  widestBodyRules,
  type BodyRules,
} from './body-limits';
import { AppError, csrfMismatch, STATUS_BY_CODE } from './errors';
import { buildOpenApi } from './openapi';
import {
  checkCsrf,
  checkCsrfBeforeBody,
  isSessionToken,
  runRoute,
  wantsJson,
  type Method,
  type RouteDef,
  type UploadedFile,
} from './route';
import { registerSecurityHeaders } from './security-headers';
import { SESSION_COOKIE, SessionStore, type Session } from './session';
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
const OVERRIDABLE: Method[] = ['PUT', 'PATCH', 'DELETE'];

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
  app.decorateRequest('session', null);
  app.decorateRequest('csrfPending', null);

  await registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  // Bodies are read strictly: bytes that are not UTF-8 are a 400, never stored as U+FFFD.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    const text = decodeUtf8(raw as Buffer);
    if (text === null) return done(unreadableBody('it is not valid UTF-8'), undefined);
    void parseJson(req, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, raw, done) => {
    const body = parseUrlEncoded(raw as Buffer);
    if (body === null) return done(unreadableBody('it is not valid UTF-8'), undefined);
    done(null, body);
  });
  // Multipart bodies are read by the preValidation hook below (limits per route, errors as 4xx).
  await app.register(fastifyMultipart, { limits: { fieldSize: 1024 * 1024 } });

  // Every request but static assets knows its session (PostgreSQL; any app server answers).
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/assets/')) return;
    req.session = await sessions.load(req.cookies[SESSION_COOKIE]);
  });

  // A write's CSRF token and declared size are checked before one byte of its body is read: an
  // anonymous 19 MB upload is a 419 at once, a body over the route's limit a 413 (README "Limits").
  // Node then drains the unread body without keeping it (closing instead would leave the client
  // with a broken pipe rather than the answer).
  app.addHook('preParsing', async (req, _reply, payload) => {
    const rules = bodyRulesFor(req);
    if (!rules || !(WRITE_METHODS as string[]).includes(req.method)) return payload;
    req.csrfPending = checkCsrfBeforeBody(req);
    // eslint-disable-next-line no-restricted-syntax -- a byte count
    if (Number(req.headers['content-length']) > rules.bodyLimit)
      throw new AppError('payload_too_large', rules.fileTooLargeMessage ?? TOO_LARGE);
    return payload;
  });

  // Form and multipart bodies become the same nested shape as JSON bodies.
  app.addHook('preValidation', async (req) => {
    if (req.isMultipart()) {
      const rules = bodyRulesFor(req);
      // An address no route serves (404) reads no body.
      if (rules) req.body = expandBracketKeys(await readMultipart(req, rules));
      return;
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return;
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    req.body = expandBracketKeys(body);
  });

  app.setErrorHandler(async (err, req, reply) => sendError(err, req, reply, sessions));
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method === 'GET' && !wantsJson(req) && isPagePath(req.url.split('?')[0] ?? '/')) {
      return servePage(req, reply, sessions, deps.webDist ?? DEFAULT_WEB_DIST);
    }
    if (req.method === 'GET' && !wantsJson(req)) {
      return servePage(req, reply.code(404), sessions, deps.webDist ?? DEFAULT_WEB_DIST);
    }
    return reply.code(404).send({ status: 'error', message: 'Not found.' });
  });

  // Routes: each method as itself, plus a POST twin for _method overrides (CONTRACT.md §2).
  const byUrl = new Map<string, Map<Method, RouteDef>>();
  for (const def of routes) {
    const methods = byUrl.get(def.url) ?? new Map<Method, RouteDef>();
    if (methods.has(def.method)) throw new Error(`Duplicate route ${def.method} ${def.url}`);
    methods.set(def.method, def);
    byUrl.set(def.url, methods);
  }
  const webDist = deps.webDist ?? DEFAULT_WEB_DIST;
  const run = async (def: RouteDef, req: FastifyRequest, reply: FastifyReply) => {
    const result = await runRoute(def, req, reply);
    if (deps.checkResponses && result !== reply && !reply.sent) assertResponseFits(def, result);
    return respond(def, req, reply, sessions, result);
  };
  for (const [url, methods] of byUrl) {
    const overridable = OVERRIDABLE.filter((m) => methods.has(m));
    const post = methods.get('POST');
    for (const [method, def] of methods) {
      if (method === 'POST' && overridable.length > 0) continue; // served by the dispatcher below
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
    if (overridable.length === 0) continue;
    // POST with `_method` = PUT/PATCH/DELETE runs that route; without it, the route's own POST (if any).
    // The body is read before `_method` is known: within the widest limits, then the route's own.
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
  // Any other write method to a known address: 419 without the token, then 405 (never 404).
  for (const [url, methods] of byUrl) {
    const served = new Set<string>([...methods.keys(), ...(OVERRIDABLE.some((m) => methods.has(m)) ? ['POST'] : [])]);
    const others = WRITE_METHODS.filter((m) => !served.has(m));
    if (others.length === 0) continue;
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

/** Test mode: the handler's answer must be exactly what its route's response schema describes. */
function assertResponseFits(def: RouteDef, result: unknown) {
  if (def.produces && (result === undefined || Buffer.isBuffer(result) || typeof result === 'string')) return;
  if (!def.response) {
    if (result === undefined) return;
    throw responseDrift(def, [{ path: '(root)', problem: 'the route declares no response schema' }]);
  }
  const problems = checkResponse(def.response, result);
  if (problems.length) throw responseDrift(def, problems);
}

function responseDrift(def: RouteDef, problems: ResponseProblem[]): Error {
  const detail = problems.map((p) => `${p.path}: ${p.problem}`).join('; ');
  const message = `Response drift on ${def.method} ${def.url}: ${detail}`;
  console.error(message);
  return new Error(message);
}

const WRITE_METHODS: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** CSRF first (CONTRACT.md §2: every non-GET request needs the token), then 405 with the methods served. */
function methodNotAllowed(req: FastifyRequest, reply: FastifyReply, methods: Map<Method, RouteDef>, method: string) {
  checkCsrf(req);
  reply.header('allow', [...methods.keys()].join(', '));
  return new AppError('method_not_allowed', `The ${method} method is not supported for this route.`);
}

/** The body rules of the route a request reached; none for an address no route serves (404). */
function bodyRulesFor(req: FastifyRequest): BodyRules | undefined {
  return (req.routeOptions.config as { bodyRules?: BodyRules } | undefined)?.bodyRules;
}

const unreadableBody = (why: string) => new AppError('bad_request', `The request body could not be read (${why}).`);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a body, or null when its bytes are not UTF-8. */
function decodeUtf8(raw: Buffer): string | null {
  try {
    return utf8.decode(raw);
  } catch {
    return null;
  }
}

/**
 * `a=1&b=x+y&b=%C3%A9` → { a: '1', b: ['x y', 'é'] } (a name posted twice gives a list), like
 * URLSearchParams but strict: null when the bytes, or what a %XX sequence spells, are not UTF-8.
 * A '%' not followed by two hex digits stays a literal '%', as browsers and PHP read it.
 */
function parseUrlEncoded(raw: Buffer): Record<string, unknown> | null {
  const text = decodeUtf8(raw);
  if (text === null) return null;
  const out = new Map<string, string | string[]>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const k = decodeFormComponent(eq === -1 ? pair : pair.slice(0, eq));
    const v = decodeFormComponent(eq === -1 ? '' : pair.slice(eq + 1));
    if (k === null || v === null) return null;
    const existing = out.get(k);
    if (existing === undefined) out.set(k, v);
    else if (Array.isArray(existing)) existing.push(v);
    else out.set(k, [existing, v]);
  }
  return Object.fromEntries(out);
}

function decodeFormComponent(s: string): string | null {
  if (!s.includes('%') && !s.includes('+')) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
  } catch {
    return null;
  }
}

/** C0 controls and DEL, which a file name never needs (and PostgreSQL text refuses NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** Without the header, a multipart body's `_token` must be among its first fields, before any file. */
const CSRF_PREFIX_BYTES = 64 * 1024;

/**
 * Reads a multipart body into flat fields (a name posted twice gives a list) with the route's limits.
 * An uploaded file becomes an {@link UploadedFile}; an empty file input (no name, no bytes) is undefined.
 * Limits keep their 413 (files by busboy, the whole body counted here as it is read, for a body sent
 * without a length); anything else that goes wrong (no or wrong boundary, unclosed body, truncated
 * part headers) is the client's malformed body: a 400. A request whose CSRF token is not in its header
 * must send `_token` before any file and within {@link CSRF_PREFIX_BYTES} of fields, else 419 before
 * the file is read. Whatever stops the reading, the rest of the body is drained unread.
 */
async function readMultipart(req: FastifyRequest, rules: BodyRules): Promise<Record<string, unknown>> {
  const flat = new Map<string, unknown>();
  const add = (name: string, value: unknown) => {
    const existing = flat.get(name);
    if (!flat.has(name)) flat.set(name, value);
    else if (Array.isArray(existing)) existing.push(value);
    else flat.set(name, [existing, value]);
  };
  let read = 0;
  const count = (bytes: number) => {
    read += bytes;
    if (read > rules.bodyLimit) throw new AppError('payload_too_large', rules.fileTooLargeMessage ?? TOO_LARGE);
  };
  let awaitingToken = req.csrfPending === 'multipart-prefix';
  try {
    for await (const part of req.parts({ limits: rules.multipart })) {
      if (awaitingToken) {
        if (part.type === 'file' || read > CSRF_PREFIX_BYTES) throw csrfMismatch();
        if (part.fieldname === '_token') {
          if (!isSessionToken(req, String(part.value))) throw csrfMismatch();
          awaitingToken = false;
        }
      }
      if (part.type === 'field') {
        count(part.fieldname.length + Buffer.byteLength(String(part.value)));
        add(part.fieldname, part.value);
        continue;
      }
      const data = await part.toBuffer();
      count(part.fieldname.length + data.length);
      const filename = part.filename.replace(CONTROL_CHARS, '').slice(0, 255);
      add(
        part.fieldname,
        data.length === 0 && !filename
          ? undefined
          : ({ filename, mimetype: part.mimetype, size: data.length, data } satisfies UploadedFile),
      );
    }
  } catch (err) {
    req.raw.unpipe();
    req.raw.resume();
    const status = (err as { statusCode?: unknown }).statusCode;
    if (err instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500)) throw err;
    throw unreadableBody('malformed multipart data');
  }
  return Object.fromEntries(flat);
}

async function respond(
  def: RouteDef,
  req: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionStore,
  result: unknown,
) {
  if (reply.sent) return reply;
  if (def.method !== 'GET' && !wantsJson(req)) {
    // A plain form post: flash the message and redirect (CONTRACT.md §2).
    const message = (result as { message?: unknown } | undefined)?.message;
    if (req.session && typeof message === 'string') await sessions.setFlash(req.session.id, { message });
    return reply.redirect(req.redirectTarget ?? safeReferer(req) ?? '/', 302);
  }
  if (result === undefined) return reply.code(204).send();
  return reply.send(result);
}

function safeReferer(req: FastifyRequest): string | null {
  const ref = req.headers.referer;
  if (!ref) return null;
  try {
    const u = new URL(ref);
    return u.host === new URL(`http://${req.headers.host ?? ''}`).host ? u.pathname + u.search : null;
  } catch {
    return null;
  }
}

/** The one place errors become the contract's shapes. Nothing internal leaves the server. */
async function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply, sessions: SessionStore) {
  let appErr: AppError;
  if (err instanceof AppError) {
    appErr = err;
  } else {
    const e = err as { statusCode?: number; code?: string; message?: string };
    const status = e.statusCode ?? 500;
    if (e.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
      // The spec's own message where the route has one ('File size should not exceed 5MB', …).
      appErr = new AppError('payload_too_large', bodyRulesFor(req)?.fileTooLargeMessage ?? TOO_LARGE);
    } else if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      appErr = new AppError('unsupported_media_type', 'The request content type is not supported.');
    } else if (
      e.code?.startsWith('FST_ERR_CTP') ||
      (status === 400 && e.code !== undefined) ||
      err instanceof SyntaxError
    ) {
      appErr = new AppError('bad_request', 'The request body could not be read (malformed JSON or form data).');
    } else if (status >= 400 && status < 500) {
      appErr = new AppError('bad_request', 'The request could not be understood.');
    } else {
      req.log.error({ err }, 'unhandled error');
      appErr = new AppError('internal', 'Server Error');
    }
  }
  if (appErr.status >= 500) req.log.error({ err }, 'server error');

  const isPlainForm = req.method !== 'GET' && !wantsJson(req);
  if (isPlainForm && (appErr.code === 'validation' || appErr.code === 'conflict') && req.session) {
    await sessions.setFlash(req.session.id, {
      message: appErr.message,
      ...(appErr.errors ? { errors: appErr.errors } : {}),
    });
    return reply.redirect(safeReferer(req) ?? '/', 302);
  }
  if (appErr.code === 'unauthenticated' && req.method === 'GET' && !wantsJson(req)) {
    return reply.redirect(`/login?redirect=${encodeURIComponent(req.url)}`, 302);
  }
  const body =
    appErr.code === 'validation'
      ? { message: appErr.message, errors: appErr.errors ?? {}, ...appErr.extra }
      : { status: 'error', message: appErr.message, ...appErr.extra };
  return reply.code(STATUS_BY_CODE[appErr.code]).send(body);
}

let cachedIndex: { file: string; html: string } | null = null;

/** Serves the web app's index.html with the session's CSRF token in a meta tag. */
async function servePage(req: FastifyRequest, reply: FastifyReply, sessions: SessionStore, webDist: string) {
  const pathname = req.url.split('?')[0] ?? '/';
  let session: Session | null = req.session;
  if (!session) {
    const created = await sessions.create(null, { ip: req.ip, userAgent: req.headers['user-agent'] });
    session = created.session;
    setSessionCookie(reply, req, created.token);
  }
  if (!session.user && pathname !== '/login' && reply.statusCode !== 404) {
    return reply.redirect(`/login?redirect=${encodeURIComponent(req.url)}`, 302);
  }
  const file = path.join(webDist, 'index.html');
  if (!cachedIndex || cachedIndex.file !== file) {
    const html = fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : '<!doctype html><html><head><title>Back office</title></head><body><p>The web app is not built. Run <code>npm run build</code>.</p></body></html>';
    cachedIndex = { file, html };
  }
  const meta = `<meta name="csrf-token" content="${session.csrfToken}">`;
  const html = cachedIndex.html.replace('<head>', `<head>\n    ${meta}`);
  return reply
    .header('cache-control', 'no-store')
    .header('vary', 'Accept, X-Requested-With')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function setSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
