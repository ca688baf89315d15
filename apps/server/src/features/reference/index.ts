/** The reference data feature's public face: the only module other features and the wiring import. */
export { referenceRoutes } from './reference.routes';
