/** The supplier statements feature's public face: the only module the app and other features import. */
export { StatementImportRoute } from './routes/statement-import';
export { StatementsListRoute } from './routes/statements-list';
export { StatementViewRoute } from './routes/statement-view';
