import { z } from 'zod';
import { pathId } from '../schemas/fields';
import { excelReportRequestSchema } from '../schemas/report-files';
import {
  availablePayoutsQuerySchema,
  availablePayoutsResponseSchema,
  commissionChartsResponseSchema,
  commissionSummaryResponseSchema,
  reportFiltersSchema,
  reportLinesQuerySchema,
  reportLinesResponseSchema,
  type ReportCard,
} from '../schemas/reports';
import {
  followUpInputSchema,
  followUpListResponseSchema,
  followUpSavedResponseSchema,
  overdueBookingsQuerySchema,
  overdueBookingsResponseSchema,
  overdueExportQuerySchema,
  overdueSummaryQuerySchema,
  overdueSummaryResponseSchema,
} from '../schemas/overdue';
import {
  acceptAllInputSchema,
  bookingSuggestionsResponseSchema,
  acceptAllPreviewInputSchema,
  acceptAllPreviewResponseSchema,
  acceptAllResponseSchema,
  acceptSuggestionInputSchema,
  acceptSuggestionResponseSchema,
  matchSuggestionsQuerySchema,
  matchSuggestionsResponseSchema,
  rejectSuggestionInputSchema,
  rejectSuggestionResponseSchema,
} from '../schemas/suggestions';
import { endpoint } from './endpoint';

/** One card's lines: the filters plus paging and sorting. */
const cardLines = <const P extends string>(path: P) =>
  endpoint({ method: 'GET', path, query: reportLinesQuerySchema, response: reportLinesResponseSchema });

/** The commission dashboard, the Excel reports and the payout PDFs. */
export const reportEndpoints = {
  commissionSummary: endpoint({
    method: 'GET',
    path: '/api/reports/commission-summary',
    query: reportFiltersSchema,
    response: commissionSummaryResponseSchema,
  }),
  pendingBookings: cardLines('/api/reports/pending-bookings'),
  confirmedBookings: cardLines('/api/reports/confirmed-bookings'),
  paidBookings: cardLines('/api/reports/paid-bookings'),
  cancelledBookings: cardLines('/api/reports/cancelled-bookings'),
  commissionCharts: endpoint({
    method: 'GET',
    path: '/api/reports/commission-charts',
    query: reportFiltersSchema,
    response: commissionChartsResponseSchema,
  }),
  availablePayouts: endpoint({
    method: 'GET',
    path: '/api/reports/available-payouts',
    query: availablePayoutsQuerySchema,
    response: availablePayoutsResponseSchema,
  }),
  /** A file answer (.xlsx, .csv or .iif, per `format`). */
  excel: endpoint({ method: 'POST', path: '/api/reports/excel', body: excelReportRequestSchema }),
  /** A PDF answer: one payout's items grouped by agent. */
  payoutPdf: endpoint({
    method: 'GET',
    path: '/api/reports/payout-pdf/:payoutId',
    params: z.object({ payoutId: pathId() }),
  }),
  /** A PDF answer: what Next Payout would pay now for the dashboard filters. */
  nextPayoutPdf: endpoint({ method: 'GET', path: '/api/reports/next-payout-pdf', query: reportFiltersSchema }),
  /** Overdue commissions (issue 24 §4): per supplier and currency, in aging buckets. */
  overdueSummary: endpoint({
    method: 'GET',
    path: '/api/reports/overdue-commissions',
    query: overdueSummaryQuerySchema,
    response: overdueSummaryResponseSchema,
  }),
  overdueBookings: endpoint({
    method: 'GET',
    path: '/api/reports/overdue-commissions/bookings',
    query: overdueBookingsQuerySchema,
    response: overdueBookingsResponseSchema,
  }),
  /** A CSV answer: the overdue bookings of the filters, to send to the supplier. */
  overdueExport: endpoint({
    method: 'GET',
    path: '/api/reports/overdue-commissions/export',
    query: overdueExportQuerySchema,
  }),
  /** Match suggestions (issue 24 §1): for unmatched credits, the bookings they may be, ranked with reasons. */
  matchSuggestions: endpoint({
    method: 'GET',
    path: '/api/reports/match-suggestions',
    query: matchSuggestionsQuerySchema,
    response: matchSuggestionsResponseSchema,
  }),
  /** The credit matches the booking (or, split, the bookings): its reference becomes the booking's. */
  acceptSuggestion: endpoint({
    method: 'POST',
    path: '/api/transactions/:id/accept-suggestion',
    params: z.object({ id: pathId() }),
    body: acceptSuggestionInputSchema,
    response: acceptSuggestionResponseSchema,
  }),
  /** The credit is never suggested again for that booking (or that split). */
  rejectSuggestion: endpoint({
    method: 'POST',
    path: '/api/transactions/:id/reject-suggestion',
    params: z.object({ id: pathId() }),
    body: rejectSuggestionInputSchema,
    response: rejectSuggestionResponseSchema,
  }),
  /** The other way round: for a booking with no transaction yet, the unmatched credits that may be its money. */
  bookingSuggestions: endpoint({
    method: 'GET',
    path: '/api/bookings/:id/match-suggestions',
    params: z.object({ id: pathId() }),
    response: bookingSuggestionsResponseSchema,
  }),
  previewAcceptAll: endpoint({
    method: 'POST',
    path: '/api/reports/match-suggestions/accept-all/preview',
    body: acceptAllPreviewInputSchema,
    response: acceptAllPreviewResponseSchema,
  }),
  acceptAll: endpoint({
    method: 'POST',
    path: '/api/reports/match-suggestions/accept-all',
    body: acceptAllInputSchema,
    response: acceptAllResponseSchema,
  }),
  bookingFollowUps: endpoint({
    method: 'GET',
    path: '/api/bookings/:id/follow-ups',
    params: z.object({ id: pathId() }),
    response: followUpListResponseSchema,
  }),
  addBookingFollowUp: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/follow-ups',
    params: z.object({ id: pathId() }),
    body: followUpInputSchema,
    response: followUpSavedResponseSchema,
  }),
};

/** The endpoint of a card's lines (`GET /api/reports/{card}-bookings`). */
export const cardLinesEndpoint = (card: ReportCard) => reportEndpoints[`${card}Bookings`];
