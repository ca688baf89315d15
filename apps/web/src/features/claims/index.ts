/** The claims feature's public face: the only module the app and other features import. */
export { ClaimModal, type ClaimModalProps } from './components/claim-modal';
export { ClaimsDashboardPanel } from './components/claims-dashboard-panel';
export { UnclaimedSearchPanel } from './components/unclaimed-search-panel';
export { UnmatchedTransactionsPanel, type DashboardRange } from './components/unmatched-transactions-panel';
export { ClaimsRoute } from './routes/claims-route';
