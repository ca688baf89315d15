import {
  commissionChartsResponseSchema,
  commissionSummaryResponseSchema,
  reportLinesResponseSchema,
  type ReportCard,
  type ReportLineSort,
} from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, type Query } from '../../../lib/api-client';

/* Shapes (the contract's: `packages/domain/src/schemas/reports.ts`). */
export type CommissionSummary = z.output<typeof commissionSummaryResponseSchema>;
export type CardLines = z.output<typeof reportLinesResponseSchema>;
export type CardLine = CardLines['bookings']['data'][number];
export type CurrencyCharts = z.output<typeof commissionChartsResponseSchema>['data'][number];

export const reportsQueryKey = ['reports'] as const;

/** `GET /api/reports/commission-summary`: each card's count and per-currency totals. */
export function useCommissionSummary(query: Query) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'summary', query],
    queryFn: ({ signal }) =>
      getJson('/api/reports/commission-summary', { query, signal, schema: commissionSummaryResponseSchema }),
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
export function useCardLines(card: ReportCard | null, query: Query, page: LinesPage) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'lines', card, query, page],
    queryFn: ({ signal }) =>
      getJson(`/api/reports/${card}-bookings`, {
        query: { ...query, ...page },
        signal,
        schema: reportLinesResponseSchema,
      }),
    enabled: card !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/reports/commission-charts` (beyond the contract): per currency, by month, agent and supplier. */
export function useCommissionCharts(query: Query) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'charts', query],
    queryFn: async ({ signal }) =>
      (await getJson('/api/reports/commission-charts', { query, signal, schema: commissionChartsResponseSchema })).data,
    placeholderData: keepPreviousData,
  });
}
