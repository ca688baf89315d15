/** The accounts feature's public face: the only module the app and other features import. */
export { accountsQueryKey, useAccounts, type Account } from './api/accounts-api';
export { AccountsRoute } from './routes/accounts';
