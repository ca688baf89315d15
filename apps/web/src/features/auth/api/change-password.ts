import type { PasswordChangeInput } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/** `POST /api/user/password` → `{status:'success', message}`; other sessions of the user end. */
export function changePassword(input: PasswordChangeInput): Promise<{ message?: string }> {
  return postJson('/api/user/password', input) as Promise<{ message?: string }>;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
