/** The auth feature's public face: the only module the app and other features import. */
export { sessionQueryKey, signedOutSession, type Session } from './api/get-session';
export { useLogout } from './api/logout';
export { RequireAuth } from './components/require-auth';
export { RequireAdmin, RequireAgentAccess } from './components/require-role';
export { useUser } from './components/user-context';
export { ChangePasswordRoute } from './routes/change-password';
export { LoginRoute } from './routes/login';
