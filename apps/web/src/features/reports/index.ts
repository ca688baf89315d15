/** The reports feature's public face: the only module the app and other features import. */
export { PayoutPdfButton } from './components/pdf-button';
export {
  CommissionReportsRoute,
  type ClaimsPanelRange,
  type CommissionReportsRouteProps,
} from './routes/commission-reports';
