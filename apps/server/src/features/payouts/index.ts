/** The payouts feature's public face: the only module other features and the wiring import. */
export { payoutRoutes } from './payouts.routes';
export { seedPayableBookings, type PayoutSeed } from './payout-seed';
