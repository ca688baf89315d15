import {
  PASSWORD_CHANGE_REQUIRED,
  type Endpoint,
  type EndpointBody,
  type EndpointMethod,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponseInput,
  type SessionUser,
} from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z, ZodType } from 'zod';
import { checkCsrf, type checkCsrfBeforeBody } from './csrf';
import { AppError, forbidden, notFound, unauthenticated, validationError, type FieldErrors } from './errors';
import type { Session } from './session';

export type Access = 'public' | 'user' | 'admin';
export type Method = EndpointMethod;
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

/** What a route adds to its endpoint (method, path and schemas come from the endpoint, defined in the domain). */
export type EndpointRouteDef<E extends Endpoint, A extends Access> = Omit<
  RouteDef,
  'method' | 'url' | 'params' | 'query' | 'body' | 'response' | 'tags' | 'access' | 'handler'
> & {
  endpoint: E;
  access: A;
  tags?: string[];
  /** The answer is checked against the endpoint's response schema by the types (before it is serialised). */
  handler(
    ctx: RouteContext<EndpointBody<E>, EndpointQuery<E>, EndpointParams<E>, A>,
  ): Promise<E extends { response: ZodType } ? EndpointResponseInput<E> : unknown>;
};

/** A route serving one endpoint of the domain: the handler's context and answer are typed from its schemas. */
export function route<E extends Endpoint, A extends Access>(def: EndpointRouteDef<E, A>): RouteDef {
  const { endpoint, ...rest } = def;
  return {
    tags: [],
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { query: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.response ? { response: endpoint.response } : {}),
  } as unknown as RouteDef;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    redirectTarget?: string;
    /** Where the CSRF check stands once the headers are read (http/body.ts, preParsing). */
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
