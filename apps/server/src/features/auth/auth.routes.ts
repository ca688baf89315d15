import {
  isAdminRole,
  LOGIN_FAILED,
  LOGIN_THROTTLED,
  loginResponseSchema,
  loginSchema,
  logoutResponseSchema,
  passwordChangeResponseSchema,
  passwordChangeSchema,
  rolesResponseSchema,
  sessionResponseSchema,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { RouteModule } from '../../http/app';
import { AppError, validationError } from '../../http/errors';
import { route } from '../../http/route';
import { setSessionCookie } from '../../http/session';
import { findUserByEmail } from '../users';
import { LoginThrottle } from './login-throttle';
import { writeAudit } from '../../shared/audit';
import { hashPassword, verifyPassword } from '../../shared/password';

export const authRoutes: RouteModule = ({ db, sessions }) => {
  const throttle = new LoginThrottle(db);
  return [
    route({
      method: 'GET',
      url: '/api/session',
      access: 'public',
      summary: 'The current session: who is signed in and the CSRF token (creates an anonymous session if none).',
      tags: ['auth'],
      response: sessionResponseSchema,
      handler: async ({ req, reply, session }) => {
        let current = session;
        if (!current) {
          const created = await sessions.create(null, { ip: req.ip, userAgent: req.headers['user-agent'] });
          setSessionCookie(reply, req, created.token);
          current = created.session;
        }
        if (current.flash) await sessions.setFlash(current.id, null);
        return {
          authenticated: current.user !== null,
          user: current.user,
          csrf_token: current.csrfToken,
          ...(current.flash ? { flash: current.flash } : {}),
        };
      },
    }),
    route({
      method: 'POST',
      url: '/login',
      access: 'public',
      summary: 'Sign in with e-mail and password. Rotates the session id and the CSRF token.',
      tags: ['auth'],
      body: loginSchema,
      response: loginResponseSchema,
      handler: async ({ req, reply, body, session, redirectTo }) => {
        // Counted before the password is checked, so parallel guesses cannot all be checked.
        const attempt = await throttle.attempt(body.email, req.ip);
        if (!attempt.granted) {
          const wait = attempt.retryAfter;
          throw new AppError('throttled', LOGIN_THROTTLED(wait), undefined, { retry_after: wait });
        }
        const found = await findUserByEmail(db, body.email);
        // Unknown, inactive and wrong look alike: same answer, and one hash verification each
        // (a dummy hash for a user who may not sign in), so neither the answer nor its timing tells.
        const usable = found !== null && found.is_active && !found.agent_inactive;
        const ok = await verifyPassword(usable ? found.password_hash : null, body.password);
        if (!usable || !ok) throw validationError({ email: [LOGIN_FAILED] });
        await throttle.succeeded(attempt);
        if (session) await sessions.destroy(session.id);
        const created = await sessions.create(found.id, { ip: req.ip, userAgent: req.headers['user-agent'] });
        setSessionCookie(reply, req, created.token);
        await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, found.id));
        redirectTo('/bookings');
        return {
          status: 'success' as const,
          message: 'Signed in.',
          user: {
            id: found.id,
            name: found.name,
            email: found.email,
            roles: found.roles,
            agent_id: found.agent_id,
            is_admin: isAdminRole(found.roles),
            must_change_password: found.must_change_password,
          },
          csrf_token: created.session.csrfToken,
        };
      },
    }),
    route({
      method: 'POST',
      url: '/logout',
      access: 'public',
      summary: 'Sign out. Answers with a fresh anonymous CSRF token.',
      tags: ['auth'],
      response: logoutResponseSchema,
      handler: async ({ req, reply, session, redirectTo }) => {
        if (session) await sessions.destroy(session.id);
        const created = await sessions.create(null, { ip: req.ip, userAgent: req.headers['user-agent'] });
        setSessionCookie(reply, req, created.token);
        redirectTo('/login');
        return { status: 'success' as const, message: 'Signed out.', csrf_token: created.session.csrfToken };
      },
    }),
    route({
      method: 'GET',
      url: '/api/user/roles',
      access: 'user',
      summary: "The signed-in user's roles, agent id and name.",
      tags: ['auth'],
      allowWhilePasswordChangeRequired: true,
      response: rolesResponseSchema,
      handler: async ({ user }) => ({ roles: user.roles, agent_id: user.agent_id, name: user.name }),
    }),
    route({
      method: 'POST',
      url: '/api/user/password',
      access: 'user',
      summary:
        'Change your own password (required at first sign-in for imported agents). Other sessions of the user end.',
      tags: ['auth'],
      body: passwordChangeSchema,
      allowWhilePasswordChangeRequired: true,
      // The session id and CSRF token are replaced: the answer carries the new token (and a new cookie).
      response: passwordChangeResponseSchema,
      handler: async ({ req, reply, body, user }) => {
        const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, user.id));
        if (!(await verifyPassword(row?.hash ?? null, body.current_password))) {
          throw validationError({ current_password: ['The current password is incorrect.'] });
        }
        const hash = await hashPassword(body.password);
        const created = await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ password_hash: hash, must_change_password: false, updated_at: new Date() })
            .where(eq(users.id, user.id));
          // Every session of the user ends, this one too; this browser goes on in a new one.
          await tx.execute(sql`delete from sessions where user_id = ${user.id}`);
          const next = await sessions.create(user.id, { ip: req.ip, userAgent: req.headers['user-agent'] }, tx);
          await writeAudit(tx, { userId: user.id, action: 'password_change', entityType: 'user', entityId: user.id });
          return next;
        });
        setSessionCookie(reply, req, created.token);
        // A plain form post's flash goes to the session this browser now holds.
        if (req.session) req.session = { ...req.session, id: created.session.id, csrfToken: created.session.csrfToken };
        return {
          status: 'success' as const,
          message: 'Your password has been changed.',
          csrf_token: created.session.csrfToken,
        };
      },
    }),
  ];
};
