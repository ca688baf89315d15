import { sessionResponseSchema } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';

export type Session = z.infer<typeof sessionResponseSchema>;

export const sessionQueryKey = ['session'] as const;

/** `GET /api/session` → `{authenticated, user, csrf_token}`; the API client keeps the token. */
export function getSession(): Promise<Session> {
  return getJson('/api/session', { schema: sessionResponseSchema, redirectOnUnauthenticated: false });
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
