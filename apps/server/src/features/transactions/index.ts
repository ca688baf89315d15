/** The transactions feature's public face: the only module other features and the wiring import. */
export { transactionRoutes } from './transactions.routes';
export { transactionImportRoutes } from './transaction-import.routes';
export { runTransactionImport, transactionImportHandler } from './transaction-import-job';
export {
  IMPORT_QUEUE,
  loadSupplierAccount,
  refuseDuplicateFile,
  stageImportRows,
  storeImportFile,
  toStagedRow,
} from './transaction-import';
export { computeMissingMatchStatuses } from './start-up';
export { accountHoldsPaidMoney } from './transaction-funding';
export {
  backfillMatchStatuses,
  findTransactionStatuses,
  isUnmatchedCredit,
  lockSuppliersForMatching,
  matchedTransactionExists,
  matchedTransactionTotals,
  referenceGroupTotals,
  refreshMatchStatuses,
  refreshMatchStatusesForAccount,
  refreshMatchStatusesForReferences,
  type BookingTransactionStatus,
  type MatchedTransactionView,
} from './transaction-matching';
