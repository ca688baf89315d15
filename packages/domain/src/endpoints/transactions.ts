import {
  bulkStatusUpdatedResponse,
  bulkStatusUpdateSchema,
  bulkTransactionSchema,
  bulkTransactionsSavedResponse,
  checkUnclaimedTransactionSchema,
  importJobParamsSchema,
  importJobStatusResponse,
  importStartedResponse,
  transactionImportSchema,
  transactionInputSchema,
  transactionListQuerySchema,
  transactionListResponse,
  transactionResponse,
  transactionSavedResponse,
  unclaimedTransactionResponse,
} from '../schemas/transactions';
import { endpoint, idParams } from './endpoint';

/** Supplier transactions, bulk entry and the file import. */
export const transactionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/transactions',
    query: transactionListQuerySchema,
    response: transactionListResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/transactions',
    body: transactionInputSchema,
    response: transactionSavedResponse,
  }),
  get: endpoint({ method: 'GET', path: '/transactions/:id', params: idParams, response: transactionResponse }),
  update: endpoint({
    method: 'PUT',
    path: '/transactions/:id',
    params: idParams,
    body: transactionInputSchema,
    response: transactionSavedResponse,
  }),
  /** A file (JPEG, PNG or PDF). */
  referenceImage: endpoint({ method: 'GET', path: '/transactions/:id/reference-image', params: idParams }),
  storeBulk: endpoint({
    method: 'POST',
    path: '/transactions/store-bulk',
    body: bulkTransactionSchema,
    response: bulkTransactionsSavedResponse,
  }),
  bulkUpdateStatus: endpoint({
    method: 'POST',
    path: '/transactions-bulk-update',
    body: bulkStatusUpdateSchema,
    response: bulkStatusUpdatedResponse,
  }),
  checkUnclaimed: endpoint({
    method: 'POST',
    path: '/api/check-unclaimed-transaction',
    body: checkUnclaimedTransactionSchema,
    response: unclaimedTransactionResponse,
  }),
  startImport: endpoint({
    method: 'POST',
    path: '/api/transactions/import',
    body: transactionImportSchema,
    response: importStartedResponse,
  }),
  importStatus: endpoint({
    method: 'GET',
    path: '/api/transactions/import/status/:jobId',
    params: importJobParamsSchema,
    response: importJobStatusResponse,
  }),
};
