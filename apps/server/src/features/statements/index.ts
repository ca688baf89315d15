/** The supplier statements feature's public face: the only module other features and the wiring import. */
export { statementRoutes } from './statements.routes';
