import { authEndpoints, type EndpointResponse } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

export type Session = EndpointResponse<typeof authEndpoints.session>;

export const sessionQueryKey = ['session'] as const;

/** `GET /api/session` → `{authenticated, user, csrf_token}`; the API client keeps the token. */
export function getSession(): Promise<Session> {
  return callEndpoint(authEndpoints.session, { redirectOnUnauthenticated: false });
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 5 * 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

export const signedOutSession = (csrfToken: string | null): Session => ({
  authenticated: false,
  user: null,
  csrf_token: csrfToken ?? '',
});
