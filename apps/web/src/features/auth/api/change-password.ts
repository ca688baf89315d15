import { authEndpoints, type PasswordChangeInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { sessionQueryKey } from './get-session';

/**
 * `POST /api/user/password` → `{status:'success', message, csrf_token}`; every session of the user ends and
 * this browser goes on in a new one (the API client keeps its token).
 */
export function changePassword(input: PasswordChangeInput) {
  return callEndpoint(authEndpoints.changePassword, { body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
