import fs from 'node:fs';
import path from 'node:path';
import { isPagePath } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { wantsJson } from './route';
import { setSessionCookie, type Session, type SessionStore } from './session';

/**
 * An address no route serves: a page address (or any GET a browser makes) answers the web app, a page
 * the web app does not know with a 404 status; anything else the JSON 404.
 */
export function registerPageFallback(app: FastifyInstance, sessions: SessionStore, webDist: string) {
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method === 'GET' && !wantsJson(req) && isPagePath(req.url.split('?')[0] ?? '/')) {
      return servePage(req, reply, sessions, webDist);
    }
    if (req.method === 'GET' && !wantsJson(req)) {
      return servePage(req, reply.code(404), sessions, webDist);
    }
    return reply.code(404).send({ status: 'error', message: 'Not found.' });
  });
}

let cachedIndex: { file: string; html: string } | null = null;

/** Serves the web app's index.html with the session's CSRF token in a meta tag. */
export async function servePage(req: FastifyRequest, reply: FastifyReply, sessions: SessionStore, webDist: string) {
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
