/** The transactions feature's public face: the only module the app and other features import. */
export { BulkTransactionRoute } from './routes/bulk-transaction-form';
export { TransactionCreateRoute, TransactionEditRoute } from './routes/transaction-form';
export { TransactionImportRoute } from './routes/transaction-import';
export { TransactionsListRoute } from './routes/transactions-list';
/** The import job's polling and progress, for the other file imports that run through the same job. */
export { isImportFailed, isImportSucceeded, useImportJobStatus, type ImportJobStatus } from './api/import-transactions';
export { ImportJobView } from './components/import-job-view';
