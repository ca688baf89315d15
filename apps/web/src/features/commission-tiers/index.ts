/** The commission tiers feature's public face: the only module the app and other features import. */
export { commissionTiersQueryOptions } from './api/get-commission-tiers';
export { CommissionTiersRoute } from './routes/commission-tiers';
