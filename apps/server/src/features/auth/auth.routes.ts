import { authEndpoints as api, isAdminRole } from '@app/domain';
import type { AppContext, RouteModule } from '../../http/app';
import { route, type RouteDef } from '../../http/route';
import { setSessionCookie } from '../../http/session';
import { authenticate, changePassword, recordSignIn } from './auth.service';
import { LoginThrottle } from './login-throttle';

export const authRoutes: RouteModule = (ctx) => {
  const throttle = new LoginThrottle(ctx.db);
  return [...sessionRoute(ctx), ...signInAndOutRoutes(ctx, throttle), ...ownAccountRoutes(ctx)];
};

/** The current session, created anonymous when there is none. */
function sessionRoute({ sessions }: AppContext): RouteDef[] {
  return [
    route({
      endpoint: api.session,
      access: 'public',
      summary: 'The current session: who is signed in and the CSRF token (creates an anonymous session if none).',
      tags: ['auth'],
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
  ];
}

/** Signing in (throttled) and out: each rotates the session and its CSRF token. */
function signInAndOutRoutes({ db, sessions }: AppContext, throttle: LoginThrottle): RouteDef[] {
  return [
    route({
      endpoint: api.login,
      access: 'public',
      summary: 'Sign in with e-mail and password. Rotates the session id and the CSRF token.',
      tags: ['auth'],
      handler: async ({ req, reply, body, session, redirectTo }) => {
        const found = await authenticate(db, throttle, body.email, body.password, req.ip);
        if (session) await sessions.destroy(session.id);
        const created = await sessions.create(found.id, { ip: req.ip, userAgent: req.headers['user-agent'] });
        setSessionCookie(reply, req, created.token);
        await recordSignIn(db, found.id);
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
      endpoint: api.logout,
      access: 'public',
      summary: 'Sign out. Answers with a fresh anonymous CSRF token.',
      tags: ['auth'],
      handler: async ({ req, reply, session, redirectTo }) => {
        if (session) await sessions.destroy(session.id);
        const created = await sessions.create(null, { ip: req.ip, userAgent: req.headers['user-agent'] });
        setSessionCookie(reply, req, created.token);
        redirectTo('/login');
        return { status: 'success' as const, message: 'Signed out.', csrf_token: created.session.csrfToken };
      },
    }),
  ];
}

/** The signed-in user's own roles and password (open while a password change is required). */
function ownAccountRoutes({ db, sessions }: AppContext): RouteDef[] {
  return [
    route({
      endpoint: api.roles,
      access: 'user',
      summary: "The signed-in user's roles, agent id and name.",
      tags: ['auth'],
      allowWhilePasswordChangeRequired: true,
      handler: async ({ user }) => ({ roles: user.roles, agent_id: user.agent_id, name: user.name }),
    }),
    route({
      endpoint: api.changePassword,
      access: 'user',
      summary:
        'Change your own password (required at first sign-in for imported agents). Other sessions of the user end.',
      tags: ['auth'],
      allowWhilePasswordChangeRequired: true,
      // The session id and CSRF token are replaced: the answer carries the new token (and a new cookie).
      handler: async ({ req, reply, body, user }) => {
        const meta = { ip: req.ip, userAgent: req.headers['user-agent'] };
        const created = await changePassword(db, sessions, user.id, body, meta);
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
}
