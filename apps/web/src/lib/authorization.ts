import { isAdminRole, type SessionUser } from '@app/domain';

/** 'admin' and 'super-admin' are admins (spec §6). */
export const isAdmin = (user: Pick<SessionUser, 'roles'>): boolean => isAdminRole(user.roles);

/** An admin, or the agent whose own page this is (sub-agents, tier history). */
export const canViewAgent = (user: Pick<SessionUser, 'roles' | 'agent_id'>, agentId: number): boolean =>
  isAdmin(user) || (user.agent_id !== null && user.agent_id === agentId);

const ROLE_LABELS: Record<string, string> = { 'super-admin': 'Super admin', admin: 'Admin', agent: 'Agent' };

/** The role to show beside the user's name: the most powerful one they hold. */
export function primaryRoleLabel(user: Pick<SessionUser, 'roles'>): string {
  for (const role of ['super-admin', 'admin', 'agent']) if (user.roles.includes(role)) return ROLE_LABELS[role] ?? role;
  const first = user.roles[0];
  return first ? first.replace(/[-_]/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) : 'User';
}
