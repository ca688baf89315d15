/** The transactions feature's public face: the only module the app and other features import. */
export { BulkTransactionRoute } from './routes/bulk-transaction-form';
export { TransactionCreateRoute, TransactionEditRoute } from './routes/transaction-form';
export { TransactionImportRoute } from './routes/transaction-import';
export { TransactionsListRoute } from './routes/transactions-list';
