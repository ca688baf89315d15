import { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app';
import { PUBLIC_BODY_LIMIT } from './body-limits';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn('admin');
});

const pdf = (bytes: number) => ({
  filename: 'receipt.pdf',
  contentType: 'application/pdf',
  data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]),
});
const answer = (res: { statusCode: number; json(): unknown }) => [res.statusCode, res.json()];

describe("each route's own body limit", () => {
  it('holds PUT-by-POST to its own 5 MB receipt limit with the spec message, whichever route _method picks', async () => {
    const tooLarge = [413, { status: 'error', message: UPLOAD_TOO_LARGE }];
    for (const [url, field] of [
      ['/bookings/999999', 'booking_receipt'],
      ['/transactions/999999', 'reference_image'],
    ] as const) {
      const over = await admin.post(url, { multipart: { _method: 'PUT', [field]: pdf(UPLOAD_MAX_BYTES + 2) } });
      expect(answer(over)).toEqual(tooLarge);
      // At the limit the body is read and the route runs (the booking or transaction does not exist).
      const at = await admin.post(url, { multipart: { _method: 'PUT', [field]: pdf(UPLOAD_MAX_BYTES) } });
      expect(at.statusCode).not.toBe(413);
    }
    // DELETE takes no file: its own limit is the plain 2 MB body.
    const del = await admin.post('/bookings/999999', { multipart: { _method: 'DELETE', junk: pdf(3 * 1024 * 1024) } });
    expect(answer(del)).toEqual([413, { status: 'error', message: 'The request is too large.' }]);
  });

  it('gives sign-in a small body: 413 past 64 KB, before the password is looked at', async () => {
    const c = t.client();
    const res = await c.post('/login', { json: { email: 'a@example.test', password: 'x'.repeat(PUBLIC_BODY_LIMIT) } });
    expect(answer(res)).toEqual([413, { status: 'error', message: 'The request is too large.' }]);
  });

  it('counts a multipart body sent without a length as it is read', async () => {
    const before = await t.count('commission_tiers');
    const boundary = 'cnt';
    const field = (name: string, value: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const parts = [field('name', 'Chunked'), ...[1, 2, 3].map((i) => field(`note${i}`, 'x'.repeat(900_000)))];
    const res = await t.app.inject({
      method: 'POST',
      url: '/commission-tiers',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-csrf-token': admin.csrfToken!,
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        accept: 'application/json',
      },
      // A stream: sent without a content-length, so only counting can stop it.
      payload: Readable.from([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    });
    expect(answer(res)).toEqual([413, { status: 'error', message: 'The request is too large.' }]);
    expect(await t.count('commission_tiers')).toBe(before);
  });
});

describe('the CSRF token before the body', () => {
  it("reads a multipart body's _token only before its files: else 419 and nothing written", async () => {
    const before = await t.count('commission_tiers');
    const token = admin.csrfToken!;
    const first = await admin.post(
      '/commission-tiers',
      { multipart: { _token: token, name: 'Prefix' } },
      { csrf: false },
    );
    expect(first.statusCode).toBe(200);
    const afterFile = await admin.post(
      '/commission-tiers',
      { multipart: { name: 'Late token', attachment: pdf(1000), _token: token } },
      { csrf: false },
    );
    expect(answer(afterFile)).toEqual([419, { status: 'error', message: 'CSRF token mismatch.' }]);
    const none = await admin.post('/commission-tiers', { multipart: { name: 'No token' } }, { csrf: false });
    expect(none.statusCode).toBe(419);
    const wrong = await admin.post(
      '/commission-tiers',
      { multipart: { _token: 'x'.repeat(43), name: 'Wrong' } },
      { csrf: false },
    );
    expect(wrong.statusCode).toBe(419);
    expect(await t.count('commission_tiers')).toBe(before + 1);
  });
});
