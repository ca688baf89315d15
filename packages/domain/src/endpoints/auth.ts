/** Signing in and out, the session, the user's roles and password. */
export const authEndpoints = {};
