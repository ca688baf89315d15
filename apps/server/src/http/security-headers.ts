import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The page's Content-Security-Policy. The built index.html loads only same-origin module scripts
 * (the CSRF token is a meta tag, not an inline script), so no script is inline. Styles allow
 * 'unsafe-inline' because Mantine writes its CSS variables and global classes as `<style>` elements
 * at run time (MantineCssVariables, MantineClasses); CSS from the server is still same-origin only.
 * `data:` images: Mantine's CSS draws select chevrons as data: SVGs; `blob:` for local previews.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * Security headers on every answer (helmet), and `Cache-Control: no-store` on every answer but the
 * built, content-hashed /assets (API JSON carries agents' SIN numbers; stored files are receipts):
 * a shared or browser cache keeps none of it. Routes that want another policy set their own header.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // same-origin, not no-referrer: a plain form post's error redirects back to its own page (Referer).
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    // Sent on every answer; browsers honour it over HTTPS only. Not for the company's other subdomains.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/assets/')) reply.header('cache-control', 'no-store');
  });
}
