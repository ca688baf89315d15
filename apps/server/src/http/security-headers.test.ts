import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, currencyIds, insertSupplier } from '../test/factories';
import { createTestApp, createTestDatabase, type TestApp, type TestClient } from '../test/test-app';
import { buildApp } from './app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "connect-src 'self';font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** The headers every answer but /assets carries. */
function expectLockedDown(res: LightMyRequestResponse) {
  expect(res.headers['content-security-policy']).toBe(POLICY);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('no-store');
}

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn('admin');
});

describe('security headers', () => {
  it('lock down a page, with no inline script in the web app it serves', async () => {
    const page = await t.client().get('/login', { ajax: false });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectLockedDown(page);
    // script-src 'self' holds only while the page has no inline script: Vite keeps index.html's
    // scripts as they are (src only), and the CSRF token travels in a meta tag.
    const template = fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'),
      'utf8',
    );
    const scripts = template.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toMatch(/^<script\b[^>]*\bsrc="[^"]+"[^>]*><\/script>$/);
  });

  it('lock down JSON answers (an agent with a SIN number) and errors', async () => {
    const agent = await t.signedIn('agent');
    const json = await admin.get(`/agents/${agent.agentId}`);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toHaveProperty('data.sin_number');
    expectLockedDown(json);
    expect(json.headers['strict-transport-security']).toBe('max-age=31536000');
    const refused = await t.client().get('/api/user/roles');
    expect(refused.statusCode).toBe(401);
    expectLockedDown(refused);
    const missing = await admin.get('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expectLockedDown(missing);
  });

  it('lock down a stored file download (a transaction reference image)', async () => {
    const cad = (await currencyIds(t.db)).CAD!;
    const supplier = await insertSupplier(t.db, { name: 'Headers Air' });
    const account = await createAccount(admin, { name: 'HA CAD', type: 'supplier', owner: supplier, currency: cad });
    const created = await admin.post('/transactions', {
      multipart: {
        account_id: String(account),
        transaction_type: 'credit',
        currency_id: String(cad),
        amount: '10.00',
        reference_number: 'HA1',
        description: '',
        is_partial: '0',
        cheque_reference_number: '',
        reference_image: { filename: 'r.png', contentType: 'image/png', data: PNG },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const file = await admin.get(created.json().data.reference_image_url, { ajax: false });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expectLockedDown(file);
  });
});

describe('built assets', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('may be cached (content-hashed names) and still carry the other headers', async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
    );
    const { db } = await createTestDatabase();
    const app = await buildApp(
      { db, config: { trustProxy: false, sessionTtlMs: 60_000, logLevel: 'silent' }, logger: false, webDist: dist },
      [],
    );
    afterAll(() => app.close());
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="csrf-token"');
    expectLockedDown(page);
  });
});
