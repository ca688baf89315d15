import {
  accountDeletedResponse,
  accountListResponse,
  accountResponse,
  accountSavedResponse,
  currencySummaryResponse,
} from '../schemas/accounts';
import { accountInputSchema, accountListQuerySchema, currencySummarySchema } from '../schemas/transactions';
import { endpoint, idParams } from './endpoint';

/** Supplier and agent accounts, and their transactions summed per currency. */
export const accountEndpoints = {
  list: endpoint({ method: 'GET', path: '/accounts', query: accountListQuerySchema, response: accountListResponse }),
  get: endpoint({ method: 'GET', path: '/accounts/:id', params: idParams, response: accountResponse }),
  create: endpoint({ method: 'POST', path: '/accounts', body: accountInputSchema, response: accountSavedResponse }),
  update: endpoint({
    method: 'PUT',
    path: '/accounts/:id',
    params: idParams,
    body: accountInputSchema,
    response: accountSavedResponse,
  }),
  remove: endpoint({ method: 'DELETE', path: '/accounts/:id', params: idParams, response: accountDeletedResponse }),
  currencySummary: endpoint({
    method: 'POST',
    path: '/accounts/transactions/currency-summary',
    body: currencySummarySchema,
    response: currencySummaryResponse,
  }),
};
