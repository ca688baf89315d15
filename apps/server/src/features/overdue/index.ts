/** The overdue commissions feature's public face: the only module other features and the wiring import. */
export { overdueRoutes } from './overdue.routes';
