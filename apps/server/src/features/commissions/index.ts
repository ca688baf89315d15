/** The commissions feature's public face: the only module other features and the wiring import. */
export { commissionRoutes } from './commissions.routes';
export {
  agentsWithGst,
  computeBookingLines,
  findCommissionLines,
  storeLines,
  type StoredLine,
  type StoredLineRow,
} from './commission-lines';
export {
  bookingRateColumns,
  resolveRateFor,
  resolveRatesForSuppliers,
  type ResolvedBookingRate,
} from './rate-resolution';
export {
  previewLinesAtGross,
  recalculateBookings,
  type PreviewedLine,
  type RecalculationReport,
} from './recalculation';
