import type { FastifyRequest } from 'fastify';
import { csrfMismatch } from './errors';
import { tokensEqual } from './session';

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
 * The CSRF check before a write's body is read (http/body.ts, preParsing): a token in the header is
 * checked now, and a request without a session cannot carry a valid token anywhere: 419 either way,
 * before one byte of the body is read. Otherwise the token can only be the body's `_token` field:
 * 'body' for JSON and form bodies (read within the route's limit, then checked by {@link checkCsrf}),
 * 'multipart-prefix' for multipart, where `_token` must come before any file (http/body.ts).
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
const isMultipartRequest = (req: FastifyRequest) =>
  /^multipart\/form-data\b/i.test(String(req.headers['content-type'] ?? ''));
