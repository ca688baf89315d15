import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteModule } from './app';
import { route } from './route';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app';

// A route that fails with an internal error: its details must never reach the client.
const failing: RouteModule = () => [
  route({
    method: 'POST',
    url: '/test/explode',
    access: 'user',
    summary: 'test only',
    body: z.object({}),
    handler: async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/src/x.ts:12');
    },
  }),
];

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp([failing]);
  admin = await t.signedIn('admin');
});

const tierCount = async () =>
  (await t.db.$client.query('select count(*)::int as n from commission_tiers')).rows[0].n as number;

describe('HTTP conventions (CONTRACT.md §2)', () => {
  it('answers an unknown API route with 404 JSON', async () => {
    const res = await admin.get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Not found.' });
  });

  it('answers an unknown page with 404', async () => {
    const res = await admin.get('/no/such/page', { ajax: false });
    expect(res.statusCode).toBe(404);
  });

  it('answers a malformed JSON body with 400 and writes nothing', async () => {
    const before = await tierCount();
    const res = await admin.post('/commission-tiers', { raw: '{"name": "Broken', contentType: 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'The request body could not be read (malformed JSON or form data).',
    });
    expect(await tierCount()).toBe(before);
  });

  it('refuses a 1 MB string in a field with a field message and writes nothing', async () => {
    const before = await tierCount();
    const res = await admin.post('/commission-tiers', { json: { name: 'x'.repeat(1024 * 1024) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The name field must not be greater than 100 characters.']);
    expect(await tierCount()).toBe(before);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await admin.post('/commission-tiers', { json: { name: 'x'.repeat(3 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
  });

  it('hides internal errors: 500 with a generic message, no stack, no SQL', async () => {
    const res = await admin.post('/test/explode', { json: {} });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: 'Server Error' });
    expect(res.body).not.toMatch(/secret_table|\.ts:|at /);
  });

  it('routes POST with _method=PUT as a form field and as a JSON key', async () => {
    const created = await admin.post('/commission-tiers', { json: { name: 'Platinum' } });
    const id = created.json().data.id as number;
    const viaForm = await admin.post(`/commission-tiers/${id}`, {
      form: { _method: 'PUT', name: 'Platinum Plus', description: 'Top 1%' },
    });
    expect(viaForm.statusCode).toBe(200);
    expect(viaForm.json().data).toEqual({ id, name: 'Platinum Plus', description: 'Top 1%' });
    const viaJson = await admin.post(`/commission-tiers/${id}`, { json: { _method: 'put', name: 'Platinum Elite' } });
    expect(viaJson.json().data.name).toBe('Platinum Elite');
    const bogus = await admin.post(`/commission-tiers/${id}`, { json: { _method: 'DELETE' } });
    expect(bogus.statusCode).toBe(405);
  });

  it('redirects a plain form post and flashes the message or the errors', async () => {
    const ok = await admin.post(
      '/commission-tiers',
      { form: { name: 'Diamond' } },
      { ajax: false, headers: { referer: 'http://localhost:80/commission-tiers' } },
    );
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/commission-tiers');
    expect((await admin.get('/api/session')).json().flash).toEqual({ message: 'Commission tier created successfully' });

    const bad = await admin.post(
      '/commission-tiers',
      { form: { name: '' } },
      { ajax: false, headers: { referer: 'http://localhost:80/commission-tiers' } },
    );
    expect(bad.statusCode).toBe(302);
    const flash = (await admin.get('/api/session')).json().flash;
    expect(flash.errors).toEqual({ name: ['The name field is required.'] });
    // Read once, then gone.
    expect((await admin.get('/api/session')).json().flash).toBeUndefined();
  });

  it('answers 403 to a non-admin write and writes nothing', async () => {
    const agent = await t.signedIn('agent');
    const before = await tierCount();
    const res = await agent.post('/commission-tiers', { json: { name: 'Sneaky' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'This action is unauthorized.' });
    expect(await tierCount()).toBe(before);
  });

  it('answers 404 to a non-numeric or unknown id', async () => {
    expect((await admin.post('/commission-tiers/abc', { json: { _method: 'PUT', name: 'x' } })).statusCode).toBe(404);
    expect((await admin.post('/commission-tiers/999999', { json: { _method: 'PUT', name: 'x' } })).statusCode).toBe(
      404,
    );
  });

  it('publishes an OpenAPI document generated from the request schemas', async () => {
    const doc = (await t.client().get('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const post = doc.paths['/commission-tiers'].post;
    expect(post.requestBody.content['application/json'].schema.properties.name).toMatchObject({
      type: 'string',
      maxLength: 100,
    });
    expect(doc.paths['/commission-tiers/{id}'].put['x-access']).toBe('admin');
    expect(doc.paths['/api/countries/{id}/states'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    expect(doc.paths['/test/explode']).toBeDefined();
  });
});
