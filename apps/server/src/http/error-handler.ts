import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOO_LARGE } from './body-limits';
import { bodyRulesFor } from './body';
import { AppError, STATUS_BY_CODE } from './errors';
import { safeReferer } from './respond';
import { wantsJson } from './route';
import type { SessionStore } from './session';

/** The one place errors become the contract's shapes. Nothing internal leaves the server. */
export async function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply, sessions: SessionStore) {
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
