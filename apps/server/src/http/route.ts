import { PASSWORD_CHANGE_REQUIRED, pathId, type SessionUser } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import {
  AppError,
  csrfMismatch,
  forbidden,
  notFound,
  unauthenticated,
  validationError,
  type FieldErrors,
} from './errors';
import type { Session } from './session';
import { tokensEqual } from './session';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type BodyType = 'json' | 'multipart' | 'form';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  size: number;
  data: Buffer;
}

type UserFor<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;

export interface RouteContext<B, Q, P, A extends Access> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  user: UserFor<A>;
  session: Session | null;
  /** For plain (non-JSON) form posts: where to send the browser after success. */
  redirectTo(path: string): void;
}

export interface RouteDef<
  B extends ZodType = ZodType,
  Q extends ZodType = ZodType,
  P extends ZodType = ZodType,
  A extends Access = Access,
> {
  method: Method;
  url: string;
  access: A;
  summary: string;
  tags: string[];
  body?: B;
  bodyType?: BodyType;
  query?: Q;
  params?: P;
  /** The success answer, for the OpenAPI document. */
  response?: ZodType;
  /** Extra non-JSON answer (e.g. a file) for the OpenAPI document. */
  produces?: string;
  /** A GET that is also a page: answers with the web app unless JSON is asked for. */
  page?: boolean;
  /** Reachable by a user who must change their password first (session, sign out, the change itself). */
  allowWhilePasswordChangeRequired?: boolean;
  /** A route that takes files: the largest file, how many, and (bulk forms) how many fields and parts. */
  multipartLimits?: { fileSize: number; files?: number; fields?: number; parts?: number };
  /** Spec message when an upload is over `multipartLimits.fileSize` (or the body over its limit). */
  fileTooLargeMessage?: string;
  /**
   * The most bytes the body may have, in any encoding (http/body-limits.ts has the defaults: 64 KB for
   * public routes, 2 MB for the others, the files and their fields for a route with `multipartLimits`).
   */
  bodyLimit?: number;
  handler(ctx: RouteContext<z.output<B>, z.output<Q>, z.output<P>, A>): Promise<unknown>;
}

/** Identity helper that keeps the schema and handler types tied together. */
export function route<
  B extends ZodType = ZodType<undefined>,
  Q extends ZodType = ZodType<undefined>,
  P extends ZodType = ZodType<undefined>,
  A extends Access = Access,
>(def: Omit<RouteDef<B, Q, P, A>, 'tags'> & { tags?: string[] }): RouteDef {
  return { tags: [], ...def } as unknown as RouteDef;
}

export const idParams = z.object({ id: pathId() });

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    redirectTarget?: string;
    /** Where the CSRF check stands once the headers are read (http/app.ts preParsing). */
    csrfPending: ReturnType<typeof checkCsrfBeforeBody> | null;
  }
}

/** CONTRACT.md §2: XHR or Accept JSON (and everything under /api) gets JSON; a plain form post gets a redirect. */
export function wantsJson(req: FastifyRequest): boolean {
  if (req.headers['x-requested-with'] === 'XMLHttpRequest') return true;
  const accept = String(req.headers.accept ?? '');
  if (accept.includes('application/json') || accept.includes('+json')) return true;
  if (req.url.startsWith('/api/')) return true;
  const ct = String(req.headers['content-type'] ?? '');
  return ct.startsWith('application/json');
}

/** Turns zod issues into the contract's `errors` map: dotted paths, first message first. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function parseOr422<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  return result.data;
}

function stripControlFields(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) return body;
  const { _method: _m, _token: _t, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** CONTRACT.md §2: the session's token as `X-CSRF-TOKEN` (or `X-XSRF-TOKEN`) or the `_token` field, else 419. */
export function checkCsrf(req: FastifyRequest): void {
  const body = req.body as Record<string, unknown> | undefined;
  const header = csrfHeader(req);
  const token = header ?? (typeof body?._token === 'string' ? body._token : '');
  if (!isSessionToken(req, token)) throw csrfMismatch();
}

function csrfHeader(req: FastifyRequest): string | null {
  const header = req.headers['x-csrf-token'] ?? req.headers['x-xsrf-token'];
  return typeof header === 'string' ? header : null;
}

export const isSessionToken = (req: FastifyRequest, token: string): boolean =>
  !!req.session && token !== '' && tokensEqual(token, req.session.csrfToken);

/**
 * The CSRF check before a write's body is read (http/app.ts, preParsing): a token in the header is
 * checked now, and a request without a session cannot carry a valid token anywhere: 419 either way,
 * before one byte of the body is read. Otherwise the token can only be the body's `_token` field:
 * 'body' for JSON and form bodies (read within the route's limit, then checked by {@link checkCsrf}),
 * 'multipart-prefix' for multipart, where `_token` must come before any file (http/app.ts).
 */
export function checkCsrfBeforeBody(req: FastifyRequest): 'checked' | 'body' | 'multipart-prefix' {
  const header = csrfHeader(req);
  if (header !== null || !req.session) {
    if (!isSessionToken(req, header ?? '')) throw csrfMismatch();
    return 'checked';
  }
  return isMultipartRequest(req) ? 'multipart-prefix' : 'body';
}

/** By the header: before the body is parsed, `req.isMultipart()` does not know yet. */
export const isMultipartRequest = (req: FastifyRequest) =>
  /^multipart\/form-data\b/i.test(String(req.headers['content-type'] ?? ''));

/** Runs one route: CSRF, access, params, query, body, handler — in that order. */
export async function runRoute(def: RouteDef, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const session = req.session;
  if (def.method !== 'GET') checkCsrf(req);
  const user = session?.user ?? null;
  if (def.access !== 'public') {
    if (!user) throw unauthenticated();
    if (user.must_change_password && !def.allowWhilePasswordChangeRequired) {
      throw new AppError('forbidden', PASSWORD_CHANGE_REQUIRED, undefined, { must_change_password: true });
    }
    if (def.access === 'admin' && !user.is_admin) throw forbidden();
  }
  let params: unknown = undefined;
  if (def.params) {
    const parsed = def.params.safeParse(req.params);
    if (!parsed.success) throw notFound();
    params = parsed.data;
  }
  const query = def.query ? parseOr422(def.query, req.query ?? {}) : undefined;
  const body = def.body ? parseOr422(def.body, stripControlFields(req.body ?? {})) : undefined;
  const ctx: RouteContext<unknown, unknown, unknown, Access> = {
    req,
    reply,
    body,
    query,
    params,
    user: user as SessionUser,
    session,
    redirectTo: (path) => {
      req.redirectTarget = path;
    },
  };
  return def.handler(ctx as never);
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
