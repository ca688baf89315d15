import { checkResponse, type ResponseProblem } from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { wantsJson, type RouteDef } from './route';
import type { SessionStore } from './session';

/** A route's result as the contract's answer: JSON, 204, or for a plain form post a flash and a redirect. */
export async function respond(
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

/** The page the request came from, when it is on this server (never an open redirect). */
export function safeReferer(req: FastifyRequest): string | null {
  const ref = req.headers.referer;
  if (!ref) return null;
  try {
    const u = new URL(ref);
    return u.host === new URL(`http://${req.headers.host ?? ''}`).host ? u.pathname + u.search : null;
  } catch {
    return null;
  }
}

/** Test mode: the handler's answer must be exactly what its route's response schema describes. */
export function assertResponseFits(def: RouteDef, result: unknown) {
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
