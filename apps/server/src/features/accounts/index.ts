/** The accounts feature's public face: the only module other features and the wiring import. */
export { accountRoutes } from './accounts.routes';
