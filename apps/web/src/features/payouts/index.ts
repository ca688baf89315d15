/** The payouts feature's public face: the only module the app and other features import. */
export type { ProcessPayoutResult } from './api/payouts-api';
export { PayoutModal, type PayoutModalProps } from './components/payout-modal';
export { BulkPayoutsRoute } from './routes/bulk-payouts';
export { PayoutsHistoryRoute } from './routes/payouts-history';
