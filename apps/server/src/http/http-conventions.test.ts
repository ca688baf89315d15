import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteModule } from './app';
import { endpoint } from '@app/domain';
import { route } from './route';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app';

// A route that fails with an internal error: its details must never reach the client.
const failing: RouteModule = () => [
  route({
    endpoint: endpoint({ method: 'POST', path: '/test/explode', body: z.object({}) }),
    access: 'user',
    summary: 'test only',
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
    const before = await t.count('commission_tiers');
    const res = await admin.post('/commission-tiers', { raw: '{"name": "Broken', contentType: 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'The request body could not be read (malformed JSON or form data).',
    });
    expect(await t.count('commission_tiers')).toBe(before);
  });

  it('refuses a 1 MB string in a field with a field message and writes nothing', async () => {
    const before = await t.count('commission_tiers');
    const res = await admin.post('/commission-tiers', { json: { name: 'x'.repeat(1024 * 1024) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The name field must not be greater than 100 characters.']);
    expect(await t.count('commission_tiers')).toBe(before);
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
    const before = await t.count('commission_tiers');
    const res = await agent.post('/commission-tiers', { json: { name: 'Sneaky' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'This action is unauthorized.' });
    expect(await t.count('commission_tiers')).toBe(before);
  });

  it('answers 404 to a non-numeric or unknown id', async () => {
    expect((await admin.post('/commission-tiers/abc', { json: { _method: 'PUT', name: 'x' } })).statusCode).toBe(404);
    expect((await admin.post('/commission-tiers/999999', { json: { _method: 'PUT', name: 'x' } })).statusCode).toBe(
      404,
    );
  });

  it('reads bracket names of any kind without a 500: x[__list] is a plain key, two shapes are a 400', async () => {
    const anonymous = t.client();
    const noSession = await anonymous.post(
      '/commission-tiers',
      { raw: 'x[__list]=a&name=Anon', contentType: 'application/x-www-form-urlencoded' },
      { csrf: false },
    );
    expect(noSession.statusCode).toBe(419);
    expect(noSession.json()).toEqual({ status: 'error', message: 'CSRF token mismatch.' });

    const before = await t.count('commission_tiers');
    const ok = await admin.post('/commission-tiers', {
      raw: 'x[__list]=a&x[__list][y]=b&name=Listed',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(ok.statusCode).toBe(400); // x[__list] as a value and as a group
    expect(ok.json()).toEqual({
      status: 'error',
      message: 'The request body could not be read: the field x is sent in two shapes.',
    });
    expect(await t.count('commission_tiers')).toBe(before);
    const created = await admin.post('/commission-tiers', {
      raw: `x[__list]=a&__proto__[polluted]=1&a${'[b]'.repeat(1000)}=1&y[99999999]=a&name=Listed`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'Listed', description: '' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers malformed multipart with 400 in the error shape; without a session, 419 before the body is read', async () => {
    const anonymous = t.client();
    const b = 'XyZ';
    const part = `--${b}\r\nContent-Disposition: form-data; name="booking_reference"\r\n\r\nAB-1`;
    for (const [payload, contentType] of [
      [part, `multipart/form-data; boundary=${b}`], // never closed
      [`${part}\r\n--${b}--\r\n`, 'multipart/form-data'], // no boundary
      [`${part}\r\n--${b}--\r\n`, 'multipart/form-data; boundary=other'], // wrong boundary
      [`--${b}\r\nContent-Disposition: form-da`, `multipart/form-data; boundary=${b}`], // truncated part headers
    ]) {
      // A session without the header: its `_token` could be in the body, which is read until it breaks.
      const res = await admin.post('/bookings', { raw: payload!, contentType: contentType! }, { csrf: false });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'The request body could not be read (malformed multipart data).',
      });
      const noSession = await anonymous.post(
        '/bookings',
        { raw: payload!, contentType: contentType! },
        { csrf: false },
      );
      expect([noSession.statusCode, noSession.json()]).toEqual([
        419,
        { status: 'error', message: 'CSRF token mismatch.' },
      ]);
    }
  });

  it('refuses a body that is not UTF-8 with 400 and writes nothing (never U+FFFD)', async () => {
    const before = await t.count('commission_tiers');
    const notUtf8 = { status: 'error', message: 'The request body could not be read (it is not valid UTF-8).' };
    const json = await admin.post('/commission-tiers', {
      raw: Buffer.from('{"name":"caf\xe9"}', 'latin1') as unknown as string,
      contentType: 'application/json',
    });
    expect([json.statusCode, json.json()]).toEqual([400, notUtf8]);
    const form = await admin.post('/commission-tiers', {
      raw: 'name=caf%E9',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([form.statusCode, form.json()]).toEqual([400, notUtf8]);
    expect(await t.count('commission_tiers')).toBe(before);
    // Real UTF-8 and a lone '%' still read as before.
    const ok = await admin.post('/commission-tiers', {
      raw: 'name=Caf%C3%A9+100%',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(ok.json().data.name).toBe('Café 100%');
  });

  it('checks CSRF before the method: 419 without the token, 405 (with Allow) only with it', async () => {
    const anonymous = t.client();
    const tokenless = await anonymous.post('/bookings/13', { form: { a: '1' } }, { csrf: false });
    expect([tokenless.statusCode, tokenless.json().message]).toEqual([419, 'CSRF token mismatch.']);
    const wrongToken = await admin.post('/bookings/13', { form: { a: '1' } }, { csrf: 'wrong' });
    expect(wrongToken.statusCode).toBe(419);
    const withToken = await admin.post('/bookings/13', { form: { a: '1' } });
    expect([withToken.statusCode, withToken.json().message]).toEqual([
      405,
      'The POST method is not supported for this route.',
    ]);
    expect(withToken.headers.allow).toBe('GET, PUT, DELETE');
    // A write method the address does not serve at all: 419, then 405 (it used to be a 404).
    expect((await anonymous.request('DELETE', '/api/session', undefined, { csrf: false })).statusCode).toBe(419);
    const del = await admin.request('DELETE', '/api/session');
    expect([del.statusCode, del.json().message]).toEqual([405, 'The DELETE method is not supported for this route.']);
  });

  it('refuses NUL, year 0000 and ids past the int4 range with 422 field messages, writing nothing', async () => {
    const before = await t.count('commission_tiers');
    const nul = await admin.post('/commission-tiers', { json: { name: 'Gold\u0000' } });
    expect([nul.statusCode, nul.json().errors]).toEqual([
      422,
      { name: ['The name field must not contain control characters.'] },
    ]);
    expect(await t.count('commission_tiers')).toBe(before);
    const tier = await admin.get('/agents?tier=2147483648');
    expect([tier.statusCode, tier.json().errors]).toEqual([422, { tier: ['The tier must be a valid id.'] }]);
    const date = await admin.get('/bookings?date_from=0000-01-01');
    expect([date.statusCode, date.json().errors]).toEqual([
      422,
      { date_from: ['The date from must be a date between 1900-01-01 and 2100-12-31.'] },
    ]);
    const search = await admin.get('/transactions?reference=a%00b');
    expect([search.statusCode, search.json().errors]).toEqual([
      422,
      { reference: ['The reference field must not contain control characters.'] },
    ]);
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
