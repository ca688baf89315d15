/** The commissions feature's public face: the only module the app and other features import. */
export { CommissionCreateRoute } from './routes/commission-create';
export { CommissionEditRoute } from './routes/commission-edit';
export { CommissionsRoute } from './routes/commissions';
