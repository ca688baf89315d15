import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_PATTERNS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app';

// Every page address the web app routes (apps/web/src/app/router.test.tsx holds the router to this list),
// loaded directly as a browser does: the address bar, a reload, a bookmark (issue 19 item 3).
const SHELL_MARK = '<div id="root" data-test="pages-shell"></div>';
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-pages-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><html><head><title>Back office</title></head><body>${SHELL_MARK}</body></html>`,
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const PAGES = PAGE_PATTERNS.map((pattern) => pattern.replace(/:[a-z]+/g, '7'));
const asBrowser = { ajax: false, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } } as const;

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp([], { webDist: dist });
  admin = await t.signedIn('admin');
});

describe('every page address loads directly', () => {
  it('includes the payouts history, which answered 404 on a reload', () => {
    expect(PAGES).toContain('/payouts');
  });

  it.each(PAGES)('%s: the web app, with the session token, for a signed-in admin', async (page) => {
    const res = await admin.get(page, asBrowser);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expect(res.body).toContain(SHELL_MARK);
    expect(res.body).toMatch(/<meta name="csrf-token" content="[^"]+">/);
  });

  it.each(PAGES.filter((page) => page !== '/login'))(
    '%s: signed out, a redirect to the login page that comes back here',
    async (page) => {
      const res = await t.client().get(`${page}?page=2`, asBrowser);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe(`/login?redirect=${encodeURIComponent(`${page}?page=2`)}`);
    },
  );

  it('the login page itself, signed out', async () => {
    const res = await t.client().get('/login', asBrowser);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SHELL_MARK);
  });

  it('an address the web app does not route is a 404, still with the web app to show it', async () => {
    const res = await admin.get('/payoutsx', asBrowser);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(SHELL_MARK);
  });
});
