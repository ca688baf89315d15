import {
  accountDeletedResponse,
  accountInputSchema,
  accountListQuerySchema,
  accountListResponse,
  accountResponse,
  accountSavedResponse,
  currencySummaryResponse,
  currencySummarySchema,
} from '@app/domain';
import type { Db } from '../../db/client';
import type { RouteModule } from '../../http/app';
import { notFound } from '../../http/errors';
import { idParams, route, type RouteDef } from '../../http/route';
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
      method: 'GET',
      url: '/accounts',
      access: 'admin',
      page: true,
      summary:
        'Accounts with owner, currency, the supplier booking number format and balance (completed credits − debits). Deleted ones with include_deleted=1.',
      tags: ['accounts'],
      query: accountListQuerySchema,
      response: accountListResponse,
      handler: async ({ query }) => ({ status: 'success' as const, data: await findAccounts(db, query) }),
    }),
    route({
      method: 'GET',
      url: '/accounts/:id',
      access: 'admin',
      summary: 'One account.',
      tags: ['accounts'],
      params: idParams,
      response: accountResponse,
      handler: async ({ params }) => {
        const account = await getAccount(db, params.id);
        if (!account) throw notFound('The account');
        return { status: 'success' as const, data: account };
      },
    }),
  ];
}

/** Creating, updating and deleting an account. */
function accountWriteRoutes(db: Db): RouteDef[] {
  return [
    route({
      method: 'POST',
      url: '/accounts',
      access: 'admin',
      summary:
        'Create an account (name, account_number, accountable_type supplier|agent, accountable_id, currency_id).',
      tags: ['accounts'],
      body: accountInputSchema,
      bodyType: 'form',
      response: accountSavedResponse,
      handler: async ({ body, user, redirectTo }) => {
        const id = await createAccount(db, user, body);
        redirectTo('/accounts');
        return { status: 'success' as const, message: 'Account created successfully', data: await getAccount(db, id) };
      },
    }),
    route({
      method: 'PUT',
      url: '/accounts/:id',
      access: 'admin',
      summary: 'Update an account (POST with _method=PUT). The currency is fixed once the account has transactions.',
      tags: ['accounts'],
      params: idParams,
      body: accountInputSchema,
      bodyType: 'form',
      response: accountSavedResponse,
      handler: async ({ params, body, user, redirectTo }) => {
        await updateAccount(db, user, params.id, body);
        redirectTo('/accounts');
        return {
          status: 'success' as const,
          message: 'Account updated successfully',
          data: await getAccount(db, params.id),
        };
      },
    }),
    route({
      method: 'DELETE',
      url: '/accounts/:id',
      access: 'admin',
      summary: 'Soft delete (is_deleted). An account with transactions cannot be deleted (409).',
      tags: ['accounts'],
      params: idParams,
      response: accountDeletedResponse,
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
      method: 'POST',
      url: '/accounts/transactions/currency-summary',
      access: 'admin',
      summary:
        "Per-currency totals of the accounts' transactions: total_amount = credits − debits, credit_amount, debit_amount (status completed by default).",
      tags: ['accounts'],
      body: currencySummarySchema,
      response: currencySummaryResponse,
      handler: async ({ body }) => ({
        status: 'success' as const,
        message: 'Currency summary retrieved successfully',
        data: await currencySummary(db, body),
      }),
    }),
  ];
}
