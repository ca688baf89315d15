import type { SessionUser } from '@app/domain';
import type { Session } from '../features/auth/api/get-session';

export const adminUser: SessionUser = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@example.test',
  roles: ['admin'],
  agent_id: null,
  is_admin: true,
  must_change_password: false,
};

export const agentUser: SessionUser = {
  id: 7,
  name: 'Alex Agent',
  email: 'agent@example.test',
  roles: ['agent'],
  agent_id: 42,
  is_admin: false,
  must_change_password: false,
};

export const sessionFor = (user: SessionUser | null): Session => ({
  authenticated: user !== null,
  user,
  csrf_token: 'test-csrf-token',
});
