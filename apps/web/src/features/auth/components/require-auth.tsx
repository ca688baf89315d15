import { Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { useSession } from '../api/get-session';
import { UserContext } from './user-context';

/** Renders its children (or the nested routes) for a signed-in user; sends anyone else to /login?redirect=… */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  const user = session.data?.authenticated ? session.data.user : null;

  const here = `${location.pathname}${location.search}`;
  // The server answers 403 to everything else until the password is changed (imported agents).
  if (user?.must_change_password && location.pathname !== '/account/password') {
    return <Navigate to={paths.changePassword(here === '/' ? undefined : here)} replace />;
  }
  // A known user stays signed in even if a background refetch of the session fails.
  if (user) return <UserContext.Provider value={user}>{children ?? <Outlet />}</UserContext.Provider>;
  if (session.isPending) return <FullPageLoader />;
  if (session.isError) {
    return (
      <Center h="60vh" p="md">
        <QueryError
          error={session.error}
          fallback="Could not check your session."
          onRetry={() => void session.refetch()}
        />
      </Center>
    );
  }
  return <Navigate to={paths.login(here === '/' ? undefined : here)} replace />;
}
