import { loginResponseSchema, type LoginInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { postJson } from '../../../lib/api-client';
import { sessionQueryKey, type Session } from './get-session';

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /login` → `{status:'success', user, csrf_token}`; 422 wrong credentials, 429 throttled. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return postJson('/login', input, { schema: loginResponseSchema, redirectOnUnauthenticated: false });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, csrf_token }) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData<Session>(sessionQueryKey, { authenticated: true, user, csrf_token });
    },
  });
}
