import { CSRF_MISMATCH, LOGIN_FAILED } from '@app/domain';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_LIMITS } from './login-throttle';
import { verifyPassword } from '../../shared/password';
import type * as PasswordModule from '../../shared/password';

// Every password check (argon2 verification) is counted; the real one still runs.
vi.mock('../../shared/password', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const checks = vi.mocked(verifyPassword);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(
    t.db,
    { email: 'Admin@Example.test', name: 'Ada Admin', role: 'admin', password: 'right-password' },
    null,
  );
});

const JSON_HEADERS = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

/** Signs in from a given client address (a new session: its token, then the login). */
async function loginFrom(remoteAddress: string, email: string, password: string) {
  const session = await t.app.inject({ method: 'GET', url: '/api/session', remoteAddress, headers: JSON_HEADERS });
  const cookie = session.cookies.find((c) => c.name === 'backoffice_session')!.value;
  const login = await t.app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress,
    headers: {
      ...JSON_HEADERS,
      'content-type': 'application/json',
      cookie: `backoffice_session=${cookie}`,
      'x-csrf-token': (session.json() as { csrf_token: string }).csrf_token,
    },
    payload: JSON.stringify({ email, password }),
  });
  return { login };
}

describe('session and CSRF', () => {
  it('gives an anonymous session a CSRF token and an HttpOnly SameSite=Lax cookie', async () => {
    const c = t.client();
    const res = await c.get('/api/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: false, user: null });
    expect(res.json().csrf_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('answers 419 to a write with a missing or a wrong token, and signs no one in', async () => {
    const c = t.client();
    await c.session();
    const missing = await c.post(
      '/login',
      { json: { email: 'admin@example.test', password: 'right-password' } },
      { csrf: false },
    );
    expect(missing.statusCode).toBe(419);
    expect(missing.json()).toEqual({ status: 'error', message: CSRF_MISMATCH });
    const wrong = await c.post(
      '/login',
      { json: { email: 'admin@example.test', password: 'right-password' } },
      { csrf: 'x'.repeat(43) },
    );
    expect(wrong.statusCode).toBe(419);
    expect((await c.get('/api/session')).json().authenticated).toBe(false);
  });

  it('accepts the token as the _token field of a form post', async () => {
    const c = t.client();
    await c.session();
    const res = await c.post(
      '/login',
      { form: { email: 'admin@example.test', password: 'right-password', _token: c.csrfToken! } },
      { csrf: false },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('Admin@Example.test');
  });
});

describe('sign in', () => {
  it('refuses a wrong password with the 422 shape and the message on email', async () => {
    const res = await t.client().post('/login', { json: { email: 'admin@example.test', password: 'nope' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: LOGIN_FAILED, errors: { email: [LOGIN_FAILED] } });
  });

  it('refuses an unknown e-mail the same way', async () => {
    const res = await t.client().post('/login', { json: { email: 'ghost@example.test', password: 'nope' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([LOGIN_FAILED]);
  });

  it('validates the body', async () => {
    const res = await t.client().post('/login', { json: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });

  it('signs in case-insensitively, rotates the session id and the CSRF token, and reports roles', async () => {
    const c = t.client();
    const before = await c.session();
    const oldCookie = c.cookies.get('backoffice_session');
    const res = await c.post('/login', { json: { email: 'ADMIN@example.test', password: 'right-password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      user: { name: 'Ada Admin', roles: ['admin'], is_admin: true, agent_id: null },
    });
    expect(res.json().csrf_token).not.toBe(before.csrf_token);
    expect(c.cookies.get('backoffice_session')).not.toBe(oldCookie);

    const roles = await c.get('/api/user/roles');
    expect(roles.json()).toEqual({ roles: ['admin'], agent_id: null, name: 'Ada Admin' });

    // The pre-login session id is dead: nobody holding it is signed in.
    const stale = t.client();
    stale.cookies.set('backoffice_session', oldCookie!);
    expect((await stale.get('/api/user/roles')).statusCode).toBe(401);
  });

  it('keeps inactive accounts out with the answer of a wrong password, after a check against a dummy hash', async () => {
    const { agent_id } = await createUser(
      t.db,
      { email: 'gone@example.test', name: 'Gone Agent', role: 'agent', password: 'right-password' },
      null,
    );
    await t.db.$client.query('update agents set inactive = true where id = $1', [agent_id]);
    await createUser(t.db, { email: 'off@example.test', name: 'Off Admin', role: 'admin', password: 'right-pw' }, null);
    await t.db.$client.query(`update users set is_active = false where email = 'off@example.test'`);
    const wrong = await t.client().post('/login', { json: { email: 'gone@example.test', password: 'wrong-password' } });
    for (const [email, password] of [
      ['gone@example.test', 'right-password'],
      ['off@example.test', 'right-pw'],
    ] as const) {
      checks.mockClear();
      const res = await t.client().post('/login', { json: { email, password } });
      expect(res.statusCode).toBe(wrong.statusCode);
      expect(res.json()).toEqual(wrong.json());
      expect(res.json()).toEqual({ message: LOGIN_FAILED, errors: { email: [LOGIN_FAILED] } });
      // One verification, as for anyone else, but never against the real hash.
      expect(checks.mock.calls).toEqual([[null, password]]);
    }
  });

  it('signs out an agent whose account is made inactive mid-session', async () => {
    const agent = await t.signedIn('agent');
    expect((await agent.get('/api/user/roles')).statusCode).toBe(200);
    await t.db.$client.query('update agents set inactive = true where id = $1', [agent.agentId]);
    expect((await agent.get('/api/user/roles')).statusCode).toBe(401);
  });

  it('throttles repeated failures per account, even when the right password finally comes', async () => {
    await createUser(
      t.db,
      { email: 'target@example.test', name: 'Target', role: 'admin', password: 'right-password' },
      null,
    );
    const c = t.client();
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.post('/login', { json: { email: 'target@example.test', password: `guess${i}` } })).statusCode,
      ).toBe(422);
    }
    const blocked = await c.post('/login', { json: { email: 'target@example.test', password: 'right-password' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    // Another account from the same address is not locked by this one.
    const other = await c.post('/login', { json: { email: 'admin@example.test', password: 'right-password' } });
    expect(other.statusCode).toBe(200);
  });

  it('checks at most 5 of 12 simultaneous wrong passwords for one account and address', async () => {
    await createUser(
      t.db,
      { email: 'race@example.test', name: 'Race', role: 'admin', password: 'right-password' },
      null,
    );
    checks.mockClear();
    const answers = await Promise.all(
      [...Array(12).keys()].map((i) =>
        loginFrom('198.51.100.7', 'race@example.test', `guess-${i}`).then((r) => r.login),
      ),
    );
    const checked = checks.mock.calls.filter(([, password]) => password.startsWith('guess-')).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.pairFreeAttempts);
    expect(checked).toBe(answers.filter((r) => r.statusCode === 422).length);
    const throttled = answers.filter((r) => r.statusCode === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(12 - LOGIN_LIMITS.pairFreeAttempts);
    for (const r of throttled) {
      expect(r.json()).toEqual({
        status: 'error',
        message: `Too many login attempts. Please try again in ${r.json().retry_after} seconds.`,
        retry_after: expect.any(Number),
      });
      expect(r.json().retry_after).toBeGreaterThan(0);
      expect(r.json().retry_after).toBeLessThanOrEqual(LOGIN_LIMITS.pairFirstBlockSeconds);
    }

    // The same address waits, even with the right password (and it is not checked) …
    checks.mockClear();
    expect((await loginFrom('198.51.100.7', 'race@example.test', 'right-password')).login.statusCode).toBe(429);
    expect(checks).not.toHaveBeenCalled();
    // … but the owner signs in from another address, and the address may sign in to other accounts.
    const owner = await loginFrom('198.51.100.8', 'race@example.test', 'right-password');
    expect(owner.login.statusCode).toBe(200);
    expect(owner.login.json().user.email).toBe('race@example.test');
    expect((await loginFrom('198.51.100.7', 'admin@example.test', 'right-password')).login.statusCode).toBe(200);
  });

  it('backs off: after the block, one more attempt, then a block twice as long; a correct password ends it', async () => {
    await createUser(
      t.db,
      { email: 'slow@example.test', name: 'Slow', role: 'admin', password: 'right-password' },
      null,
    );
    const ip = '198.51.100.20';
    for (let i = 0; i < LOGIN_LIMITS.pairFreeAttempts; i++)
      expect((await loginFrom(ip, 'slow@example.test', `nope-${i}`)).login.statusCode).toBe(422);
    const first = await loginFrom(ip, 'slow@example.test', 'nope-x');
    expect(first.login.statusCode).toBe(429);
    expect(first.login.json().retry_after).toBe(LOGIN_LIMITS.pairFirstBlockSeconds);
    // The block runs out (moved into the past here): one attempt is checked, and the next block doubles.
    await t.db.$client.query(`update login_throttle set blocked_until = now() - interval '1 second'`);
    expect((await loginFrom(ip, 'slow@example.test', 'nope-y')).login.statusCode).toBe(422);
    const second = await loginFrom(ip, 'slow@example.test', 'nope-z');
    expect(second.login.json().retry_after).toBe(2 * LOGIN_LIMITS.pairFirstBlockSeconds);
    await t.db.$client.query(`update login_throttle set blocked_until = now() - interval '1 second'`);
    expect((await loginFrom(ip, 'slow@example.test', 'right-password')).login.statusCode).toBe(200);
    // A correct password starts a new series: 5 attempts again before any block.
    for (let i = 0; i < LOGIN_LIMITS.pairFreeAttempts; i++)
      expect((await loginFrom(ip, 'slow@example.test', `again-${i}`)).login.statusCode).toBe(422);
    expect((await loginFrom(ip, 'slow@example.test', 'right-password')).login.statusCode).toBe(429);
  });

  it('caps an address at 100 attempts in 15 minutes across accounts; correct passwords do not count', async () => {
    const ip = '203.0.113.9';
    const x = t.client();
    const forwarded = await x.post(
      '/login',
      { json: { email: 'spray@example.test', password: 'x' } },
      { headers: { 'x-forwarded-for': ip } }, // not trusted: the address stays the socket's
    );
    expect(forwarded.statusCode).toBe(422);
    for (let i = 0; i < 20; i++)
      expect((await loginFrom(ip, 'admin@example.test', 'right-password')).login.statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.addressAttempts + 1; i++)
      codes.push((await loginFrom(ip, `spray${i}@example.test`, 'x')).login.statusCode);
    expect(codes.slice(0, LOGIN_LIMITS.addressAttempts)).toEqual(Array(LOGIN_LIMITS.addressAttempts).fill(422));
    expect(codes[LOGIN_LIMITS.addressAttempts]).toBe(429);
    const capped = await loginFrom(ip, 'admin@example.test', 'right-password');
    expect(capped.login.statusCode).toBe(429);
    expect(capped.login.json().retry_after).toBeGreaterThan(LOGIN_LIMITS.addressWindowSeconds - 60);
    expect((await loginFrom('203.0.113.10', 'admin@example.test', 'right-password')).login.statusCode).toBe(200);
  });
});

describe('expired and missing sessions', () => {
  it('answers 401 JSON to an API call without a session and redirects a page to /login', async () => {
    const api = await t.client().get('/api/user/roles');
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ status: 'error', message: 'Unauthenticated.' });
    const page = await t.client().get('/bookings', { ajax: false });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/login?redirect=%2Fbookings');
  });

  it('treats an expired session as signed out', async () => {
    const c = await t.signedIn('admin');
    expect((await c.get('/api/user/roles')).statusCode).toBe(200);
    await t.db.$client.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      c.userId,
    ]);
    expect((await c.get('/api/user/roles')).statusCode).toBe(401);
    const write = await c.post('/commission-tiers', { json: { name: 'Late' } });
    expect(write.statusCode).toBe(419);
    const { rows } = await t.db.$client.query(`select count(*)::int as n from commission_tiers where name = 'Late'`);
    expect(rows[0].n).toBe(0);
  });

  it('signs out and hands back a new anonymous token', async () => {
    const c = await t.signedIn('agent');
    const res = await c.post('/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json().csrf_token).toEqual(expect.any(String));
    expect((await c.get('/api/user/roles')).statusCode).toBe(401);
  });

  it('serves pages with the CSRF meta tag of the session', async () => {
    const c = await t.signedIn('admin');
    const page = await c.get('/commission-tiers', { ajax: false });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta name="csrf-token" content="${c.csrfToken}">`);
    const login = await t.client().get('/login', { ajax: false });
    expect(login.statusCode).toBe(200);
    expect(login.body).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]+">/);
  });
});

describe('password change', () => {
  it('holds a user who must change the password to that, then lets them in', async () => {
    const c = await t.signedIn('agent', { password: 'default-password' });
    await t.db.$client.query('update users set must_change_password = true where id = $1', [c.userId]);
    expect((await c.get('/api/user/roles')).statusCode).toBe(200); // still allowed: who am I

    const blocked = await c.get('/api/suppliers');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      status: 'error',
      message: 'You must change your password before continuing.',
      must_change_password: true,
    });

    const wrong = await c.post('/api/user/password', {
      json: { current_password: 'nope', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const mismatch = await c.post('/api/user/password', {
      json: { current_password: 'default-password', password: 'brand-new-pass', password_confirmation: 'other' },
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    const same = await c.post('/api/user/password', {
      json: {
        current_password: 'default-password',
        password: 'default-password',
        password_confirmation: 'default-password',
      },
    });
    expect(same.json().errors.password).toEqual(['The new password must be different from the current one.']);

    const ok = await c.post('/api/user/password', {
      json: {
        current_password: 'default-password',
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    });
    expect(ok.json()).toEqual({
      status: 'success',
      message: 'Your password has been changed.',
      csrf_token: expect.any(String),
    });
    expect((await c.get('/api/suppliers')).statusCode).toBe(200);
    const { rows } = await t.db.$client.query(
      'select action from audit_logs where entity_type = $1 and entity_id = $2',
      ['user', String(c.userId)],
    );
    expect(rows.map((r) => r.action)).toContain('password_change');
  });

  it('gives this browser a new session id and CSRF token, and ends every other session of the user', async () => {
    const c = await t.signedIn('admin', { password: 'old-password-1' });
    const elsewhere = t.client();
    const email = (await c.get('/api/session')).json().user.email as string;
    expect((await elsewhere.post('/login', { json: { email, password: 'old-password-1' } })).statusCode).toBe(200);
    const oldCookie = c.cookies.get('backoffice_session')!;
    const oldToken = c.csrfToken;

    const res = await c.post('/api/user/password', {
      json: { current_password: 'old-password-1', password: 'new-password-2', password_confirmation: 'new-password-2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Your password has been changed.',
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
    expect(res.json().csrf_token).not.toBe(oldToken);
    const newCookie = c.cookies.get('backoffice_session')!;
    expect(newCookie).not.toBe(oldCookie);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);

    // This browser stays signed in with the new cookie and token (a write passes the CSRF check) …
    expect((await c.get('/api/user/roles')).statusCode).toBe(200);
    expect((await c.post('/commission-tiers', { json: { name: 'After rotation' } })).statusCode).toBe(200);
    // … the old id is gone, and so is the other browser's session: the user has this one session only.
    const stale = t.client();
    stale.cookies.set('backoffice_session', oldCookie);
    expect((await stale.get('/api/user/roles')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/user/roles')).statusCode).toBe(401);
    const { rows } = await t.db.$client.query('select count(*)::int as n from sessions where user_id = $1', [c.userId]);
    expect(rows[0].n).toBe(1);
  });
});
