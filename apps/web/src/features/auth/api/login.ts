import { authEndpoints, type EndpointResponse, type LoginInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { sessionQueryKey, type Session } from './get-session';

export type LoginResponse = EndpointResponse<typeof authEndpoints.login>;

/** `POST /login` → `{status:'success', user, csrf_token}`; 422 wrong credentials, 429 throttled. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return callEndpoint(authEndpoints.login, { body: input, redirectOnUnauthenticated: false });
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
