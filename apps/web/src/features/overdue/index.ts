/** The overdue commissions feature's public face: the only module the app and other features import. */
export { OverdueDashboardCard } from './components/overdue-dashboard-card';
export { OverdueCommissionsRoute } from './routes/overdue-commissions';
