import {
  loginResponseSchema,
  loginSchema,
  logoutResponseSchema,
  passwordChangeResponseSchema,
  passwordChangeSchema,
  rolesResponseSchema,
  sessionResponseSchema,
} from '../schemas/auth';
import { endpoint } from './endpoint';

/** Signing in and out, the session, the user's roles and password. */
export const authEndpoints = {
  session: endpoint({ method: 'GET', path: '/api/session', response: sessionResponseSchema }),
  login: endpoint({ method: 'POST', path: '/login', body: loginSchema, response: loginResponseSchema }),
  logout: endpoint({ method: 'POST', path: '/logout', response: logoutResponseSchema }),
  roles: endpoint({ method: 'GET', path: '/api/user/roles', response: rolesResponseSchema }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/password',
    body: passwordChangeSchema,
    response: passwordChangeResponseSchema,
  }),
};
