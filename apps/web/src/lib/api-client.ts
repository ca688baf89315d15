import { authEndpoints, CSRF_MISMATCH, FORBIDDEN, UNAUTHENTICATED } from '@app/domain';
import { z } from 'zod';
import { paths } from './paths';

/**
 * The one way the web app talks to the server (CONTRACT.md §2):
 * - every request sends the session cookie, `X-Requested-With: XMLHttpRequest` and `Accept: application/json`;
 * - every request other than GET/HEAD sends the CSRF token in `X-CSRF-TOKEN`, and on 419 refreshes it once;
 * - failures become an `ApiError`; a 401 also hands over to the unauthenticated handler (sign-in page).
 */

export type ApiErrorKind =
  /** The server answered with a 4xx/5xx. */
  | 'http'
  /** No answer: offline, DNS, connection refused, CORS… */
  | 'network'
  /** A 2xx whose body is not what the contract promises. */
  | 'invalid_response';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Validation errors keyed by field (dots for nested fields), empty unless the body carried them. */
  readonly errors: FieldErrors;
  /** True when `message` came from the server's body rather than a local fallback. */
  readonly hasServerMessage: boolean;
  readonly body: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    errors?: FieldErrors;
    hasServerMessage?: boolean;
    body?: unknown;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.errors = init.errors ?? {};
    this.hasServerMessage = init.hasServerMessage ?? false;
    this.body = init.body;
  }

  get isValidation(): boolean {
    return this.kind === 'http' && this.status === 422;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is ApiError => isApiError(error) && error.kind === 'network';

export const NETWORK_ERROR_MESSAGE = 'Unable to connect to the server. Please check your internet connection.';
export const GENERIC_ERROR_MESSAGE = 'An error occurred while processing your request.';
const INVALID_RESPONSE_MESSAGE = 'The server sent an unexpected response.';

const STATUS_MESSAGES: Record<number, string> = {
  401: UNAUTHENTICATED,
  403: FORBIDDEN,
  404: 'Not found.',
  413: 'The uploaded file is too large.',
  419: CSRF_MISMATCH,
  422: 'The given data was invalid.',
  429: 'Too many requests. Please try again later.',
};

/**
 * The message to show for a failed call, following the spec's pattern
 * "the server message, or <fallback>; network failure: <network message>".
 */
export function getErrorMessage(
  error: unknown,
  fallback: string = GENERIC_ERROR_MESSAGE,
  networkMessage: string = NETWORK_ERROR_MESSAGE,
): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return networkMessage;
    if (error.hasServerMessage) return error.message;
  }
  return fallback;
}

/* ------------------------------------------------------------------ CSRF token */

let csrfToken: string | null = null;
let metaTokenRead = false;
let pendingRefresh: Promise<string> | null = null;

function readMetaToken(): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content.trim();
  return content ? content : null;
}

/** The token to send: the last one the server gave us, else the page's meta tag. */
export function getCsrfToken(): string | null {
  if (csrfToken === null && !metaTokenRead) {
    metaTokenRead = true;
    csrfToken = readMetaToken();
  }
  return csrfToken;
}

export function setCsrfToken(token: string | null): void {
  metaTokenRead = true;
  csrfToken = token;
}

/** Forget the token (tests; the next request reads the meta tag again). */
export function resetCsrfToken(): void {
  csrfToken = null;
  metaTokenRead = false;
  pendingRefresh = null;
}

/** The session endpoint's answer, read here for its token only (which must not be empty). */
const tokenOnly = z.object({ csrf_token: z.string().min(1) });

/** Asks `GET /api/session` for the current token; concurrent callers share one request. */
export function refreshCsrfToken(): Promise<string> {
  pendingRefresh ??= (async () => {
    try {
      // Only the token is read here; the session itself is read (and validated) by the auth feature.
      const body = await apiRequest(authEndpoints.session.path, {
        schema: tokenOnly,
        redirectOnUnauthenticated: false,
      });
      return body.csrf_token;
    } finally {
      pendingRefresh = null;
    }
  })();
  return pendingRefresh;
}

/* ------------------------------------------------------------ unauthenticated */

export type UnauthenticatedHandler = () => void;

const redirectToLogin: UnauthenticatedHandler = () => {
  const { pathname, search, hash } = window.location;
  if (pathname === paths.login()) return;
  window.location.assign(paths.login(`${pathname}${search}${hash}`));
};

let unauthenticatedHandler: UnauthenticatedHandler = redirectToLogin;

/**
 * What to do on a 401 (the session expired). The app registers a handler that clears the cached session so
 * the route guard sends the user to /login?redirect=<current path>; without one, the browser navigates there.
 */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler | null): void {
  unauthenticatedHandler = handler ?? redirectToLogin;
}

/* -------------------------------------------------------------------- request */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/**
 * Every call names the schema of its answer (the domain's response schema, CONTRACT.md: one contract):
 * the answer is validated with it and typed as its output. There is no way to assert a type instead.
 */
export interface RequestOptions<S extends z.ZodType> {
  method?: HttpMethod;
  query?: Query;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  /** Validates (and types) a successful JSON body. */
  schema: S;
  signal?: AbortSignal;
  /** Default true; false for calls where a 401 is an answer, not an expired session. */
  redirectOnUnauthenticated?: boolean;
}

const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

export type SendOptions = Omit<RequestOptions<z.ZodType>, 'schema'>;

export function buildUrl(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    const name = Array.isArray(raw) ? `${key}[]` : key;
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      params.append(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

async function send(url: string, options: SendOptions, isRetry = false): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form; // the browser sets the multipart boundary
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  if (!SAFE_METHODS.has(method)) {
    headers.set('X-CSRF-TOKEN', getCsrfToken() ?? (await refreshCsrfToken()));
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(url, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE, body: cause });
  }

  if (response.status === 419 && !isRetry && !SAFE_METHODS.has(method)) {
    setCsrfToken(null);
    setCsrfToken(await refreshCsrfToken());
    return send(url, options, true);
  }
  return response;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function parseFieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string');
    if (list.length > 0) errors[field] = list;
  }
  return errors;
}

/** Turns a non-2xx response body into an ApiError (422 `{message, errors}`, others `{status:'error', message}`). */
export function toApiError(status: number, body: unknown): ApiError {
  const serverMessage = isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
  return new ApiError({
    kind: 'http',
    status,
    message: serverMessage ?? STATUS_MESSAGES[status] ?? GENERIC_ERROR_MESSAGE,
    hasServerMessage: serverMessage !== null,
    errors: isRecord(body) ? parseFieldErrors(body.errors) : {},
    body,
  });
}

async function handleFailure(response: Response, options: SendOptions): Promise<never> {
  const error = toApiError(response.status, await readJson(response));
  if (response.status === 401 && options.redirectOnUnauthenticated !== false) unauthenticatedHandler();
  throw error;
}

/** Sends a request and returns its JSON body, validated by (and typed as) `schema`. */
export async function apiRequest<S extends z.ZodType>(url: string, options: RequestOptions<S>): Promise<z.output<S>> {
  const response = await send(url, options);
  if (!response.ok) return handleFailure(response, options);

  const body = await readJson(response);
  // Login, logout and /api/session rotate the token: remember whatever the server hands out.
  if (isRecord(body) && typeof body.csrf_token === 'string' && body.csrf_token) setCsrfToken(body.csrf_token);

  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ kind: 'invalid_response', status: response.status, message: INVALID_RESPONSE_MESSAGE, body });
  }
  return parsed.data;
}

/* ------------------------------------------------------------------- helpers */

type FormValue = string | number | boolean | Blob | null | undefined;

/**
 * Builds a multipart body the way the spec posts forms: booleans as '1'/'0', arrays as `key[]`,
 * null/undefined left out, files as they are.
 */
export function toFormData(fields: Record<string, FormValue | readonly FormValue[]>): FormData {
  const form = new FormData();
  const append = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (value instanceof Blob) form.append(key, value);
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value as readonly FormValue[]) append(`${key}[]`, item);
    else append(key, value as FormValue);
  }
  return form;
}

/** A file answer (Excel, PDF): the blob and the file name from Content-Disposition. */
export async function downloadFile(
  url: string,
  options: SendOptions & { fallbackFilename: string },
): Promise<{ blob: Blob; filename: string }> {
  const response = await send(url, options);
  if (!response.ok) return handleFailure(response, options);
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get('content-disposition')) ?? options.fallbackFilename,
  };
}

export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?"?([^";]+)"?/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}
