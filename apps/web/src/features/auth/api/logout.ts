import { authEndpoints } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paths } from '../../../lib/paths';

/** `POST /logout` → `{status:'success', message, csrf_token}`. */
export function logout() {
  return callEndpoint(authEndpoints.logout, { redirectOnUnauthenticated: false });
}

/**
 * Signs out, then loads the sign-in page afresh: a full page load drops every cached record of the
 * previous user and picks up the new session's CSRF token.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const leave = () => {
    queryClient.clear();
    browser.assign(paths.login());
  };
  return useMutation({
    mutationFn: logout,
    onSuccess: leave,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return leave(); // the session had already ended
      notifications.show({ color: 'red', title: 'Sign out failed', message: getErrorMessage(error) });
    },
  });
}
