import type { ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { canViewAgent, isAdmin } from '../../../lib/authorization';
import { useUser } from './user-context';

/** Admin-only pages: anyone else sees "You do not have access to this page." */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const user = useUser();
  if (!isAdmin(user)) return <NoAccess />;
  return children ?? <Outlet />;
}

/** Pages about one agent (`:agentId` in the route): admins, or that agent themself. */
export function RequireAgentAccess({ children, param = 'id' }: { children?: ReactNode; param?: string }) {
  const user = useUser();
  const agentId = Number(useParams()[param]);
  if (!Number.isInteger(agentId) || !canViewAgent(user, agentId)) return <NoAccess />;
  return children ?? <Outlet />;
}
