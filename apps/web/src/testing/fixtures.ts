import type { SessionUser } from '@app/domain';
import type { Session } from '../features/auth';

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

/** A CAD supplier account of Sunwing (format SW0000000), as `GET /accounts` lists it. */
export const sunwingAccount = {
  id: 7,
  name: 'Sunwing main',
  account_number: null,
  accountable_type: 'supplier',
  accountable_id: 1,
  accountable: { id: 1, name: 'Sunwing', booking_number_format: 'SW0000000' },
  accountable_name: 'Sunwing',
  booking_number_format: 'SW0000000',
  currency_id: 2,
  currency: { id: 2, code: 'CAD', name: 'Canadian Dollar', symbol: '$' },
  currency_code: 'CAD',
  is_deleted: false,
  balance: 0,
  credit_total: 0,
  debit_total: 0,
  transaction_count: 0,
};
