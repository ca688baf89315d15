/** The auth feature's public face: the only module other features and the wiring import. */
export { authRoutes } from './auth.routes';
