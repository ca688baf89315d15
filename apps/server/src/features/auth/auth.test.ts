import { CSRF_MISMATCH, LOGIN_FAILED, LOGIN_INACTIVE } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../users';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(
    t.db,
    { email: 'Admin@Example.test', name: 'Ada Admin', role: 'admin', password: 'right-password' },
    null,
  );
});

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

  it('keeps inactive agents out even with the right password', async () => {
    const { agent_id } = await createUser(
      t.db,
      { email: 'gone@example.test', name: 'Gone Agent', role: 'agent', password: 'right-password' },
      null,
    );
    await t.db.$client.query('update agents set inactive = true where id = $1', [agent_id]);
    const res = await t.client().post('/login', { json: { email: 'gone@example.test', password: 'right-password' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([LOGIN_INACTIVE]);
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

  it('throttles per address across accounts', async () => {
    const c = t.client();
    const headers = { 'x-forwarded-for': '203.0.113.9' }; // not trusted: the address stays the socket's
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      last = (await c.post('/login', { json: { email: `spray${i}@example.test`, password: 'x' } }, { headers }))
        .statusCode;
    }
    expect(last).toBe(429);
    await t.db.$client.query(`delete from rate_limits`); // the rest of this file signs in from the same address
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
    expect(ok.json()).toEqual({ status: 'success', message: 'Your password has been changed.' });
    expect((await c.get('/api/suppliers')).statusCode).toBe(200);
    const { rows } = await t.db.$client.query(
      'select action from audit_logs where entity_type = $1 and entity_id = $2',
      ['user', String(c.userId)],
    );
    expect(rows.map((r) => r.action)).toContain('password_change');
  });
});
