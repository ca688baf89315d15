import {
  cardLinesEndpoint,
  reportEndpoints,
  type CommissionChartsResponse,
  type ReportCard,
  type ReportLineSort,
  type ReportFiltersInput,
} from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/* Shapes (the contract's: `packages/domain/src/schemas/reports.ts`). */
export type { CommissionSummaryResponse as CommissionSummary, ReportLine as CardLine } from '@app/domain';
export type CurrencyCharts = CommissionChartsResponse['data'][number];

export const reportsQueryKey = ['reports'] as const;

/** `GET /api/reports/commission-summary`: each card's count and per-currency totals. */
export function useCommissionSummary(query: ReportFiltersInput) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'summary', query],
    queryFn: ({ signal }) => callEndpoint(reportEndpoints.commissionSummary, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a card's detail asks for beyond the filters. */
export interface LinesPage {
  page: number;
  per_page: number;
  sort: ReportLineSort;
  direction: 'asc' | 'desc';
}

/** `GET /api/reports/{card}-bookings`: one page of a card's lines and the card's totals per currency. */
export function useCardLines(card: ReportCard, query: ReportFiltersInput, page: LinesPage) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'lines', card, query, page],
    queryFn: ({ signal }) => callEndpoint(cardLinesEndpoint(card), { query: { ...query, ...page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/reports/commission-charts` (beyond the contract): per currency, by month, agent and supplier. */
export function useCommissionCharts(query: ReportFiltersInput) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'charts', query],
    queryFn: async ({ signal }) => (await callEndpoint(reportEndpoints.commissionCharts, { query, signal })).data,
    placeholderData: keepPreviousData,
  });
}
