import { accountEndpoints as api } from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { found } from '../../http/errors';
import { route, type RouteDef } from '../../http/route';
import {
  createAccount,
  currencySummary,
  deleteAccount,
  findAccounts,
  getAccount,
  updateAccount,
} from './accounts.service';

export const accountRoutes: RouteModule = ({ db }) => [
  ...accountReadRoutes(db),
  ...accountWriteRoutes(db),
  ...accountCurrencySummaryRoute(db),
];

/** The accounts list and one account. */
function accountReadRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.list,
      access: 'admin',
      page: true,
      summary:
        'Accounts with owner, currency, the supplier booking number format and balance (completed credits − debits). Deleted ones with include_deleted=1.',
      tags: ['accounts'],
      handler: async ({ query }) => ({ status: 'success' as const, data: await findAccounts(db, query) }),
    }),
    route({
      endpoint: api.get,
      access: 'admin',
      summary: 'One account.',
      tags: ['accounts'],
      handler: async ({ params }) => ({
        status: 'success' as const,
        data: found(await getAccount(db, params.id), 'The account'),
      }),
    }),
  ];
}

/** Creating, updating and deleting an account. */
function accountWriteRoutes(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.create,
      access: 'admin',
      summary:
        'Create an account (name, account_number, accountable_type supplier|agent, accountable_id, currency_id).',
      tags: ['accounts'],
      bodyType: 'form',
      handler: async ({ body, user, redirectTo }) => {
        const id = await createAccount(db, user, body);
        redirectTo('/accounts');
        return {
          status: 'success' as const,
          message: 'Account created successfully',
          data: found(await getAccount(db, id), 'The account'),
        };
      },
    }),
    route({
      endpoint: api.update,
      access: 'admin',
      summary: 'Update an account (POST with _method=PUT). The currency is fixed once the account has transactions.',
      tags: ['accounts'],
      bodyType: 'form',
      handler: async ({ params, body, user, redirectTo }) => {
        await updateAccount(db, user, params.id, body);
        redirectTo('/accounts');
        return {
          status: 'success' as const,
          message: 'Account updated successfully',
          data: found(await getAccount(db, params.id), 'The account'),
        };
      },
    }),
    route({
      endpoint: api.remove,
      access: 'admin',
      summary: 'Soft delete (is_deleted). An account with transactions cannot be deleted (409).',
      tags: ['accounts'],
      handler: async ({ params, user, redirectTo }) => {
        await deleteAccount(db, user, params.id);
        redirectTo('/accounts');
        return { status: 'success' as const, message: 'Account deleted successfully' };
      },
    }),
  ];
}

/** The accounts' transactions summed per currency. */
function accountCurrencySummaryRoute(db: Db): RouteDef[] {
  return [
    route({
      endpoint: api.currencySummary,
      access: 'admin',
      summary:
        "Per-currency totals of the accounts' transactions: total_amount = credits − debits, credit_amount, debit_amount (status completed by default).",
      tags: ['accounts'],
      handler: async ({ body }) => ({
        status: 'success' as const,
        message: 'Currency summary retrieved successfully',
        data: await currencySummary(db, body),
      }),
    }),
  ];
}
