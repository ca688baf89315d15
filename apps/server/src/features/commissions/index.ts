/** The commissions feature's public face: the only module other features and the wiring import. */
export { commissionRoutes } from './commissions.routes';
export {
  agentsWithGst,
  bookingRateColumns,
  computeBookingLines,
  findCommissionLines,
  previewLinesAtGross,
  recalculateBookings,
  resolveRateFor,
  resolveRatesForSuppliers,
  storeLines,
  type PreviewedLine,
  type RecalculationReport,
  type ResolvedBookingRate,
  type StoredLine,
  type StoredLineRow,
} from './commission-engine';
