/** The claims feature's public face: the only module other features and the wiring import. */
export { claimRoutes } from './claims.routes';
export { unmatchedWhere } from './claims.repo';
