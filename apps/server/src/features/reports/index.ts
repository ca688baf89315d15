/** The reports feature's public face: the only module other features and the wiring import. */
export { reportRoutes } from './reports.routes';
export { reportFileRoutes } from './report-files.routes';
export { reportPdfRoutes } from './payout-pdf.routes';
export { findNextPayoutItems, type NextPayoutItem } from './next-payout';
export { everyBookingCardLineSql } from './report-lines';
export { dayTotalsRefresher, refreshDirtyDays } from './report-day-totals';
