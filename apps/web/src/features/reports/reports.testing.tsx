/**
 * Server answers for the reports tests, checked against the contract's response schemas when built, and a
 * render of the dashboard inside the app's providers and session guard (the lead wires the page into the
 * app's router; these tests mount it on their own routes).
 */
import {
  accountListResponse,
  availablePayoutsResponseSchema,
  commissionChartsResponseSchema,
  commissionSummaryResponseSchema,
  currencySummaryResponse,
  reportLinesResponseSchema,
  supplierListResponse,
  type SessionUser,
} from '@app/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { z } from 'zod';
import { AppProvider } from '../../app/provider';
import { setCsrfToken } from '../../lib/api-client';
import { cad, gbp as gbpCurrency, supplierRow } from '../../testing/catalog-fixtures';
import { sessionFor, sunwingAccount } from '../../testing/fixtures';
import { overdueSummary } from '../../testing/overdue-fixtures';
import { mockFetch, type MockHandler } from '../../testing/mock-fetch';
import { createTestQueryClient } from '../../testing/render';
import { RequireAuth, sessionQueryKey } from '../auth';
import { CommissionReportsRoute, type ClaimsPanelRange } from './index';

const checked = <S extends z.ZodType>(schema: S, value: z.input<S>): { body: z.input<S> } => {
  schema.parse(value);
  return { body: value };
};

const gbp = (total: number, gst: number, withGst: number) => ({
  currency_symbol: '£',
  currency_code: 'GBP',
  total,
  gst_total: gst,
  total_with_gst: withGst,
});
const cadTotal = (total: number, gst: number, withGst: number) => ({
  currency_symbol: '$',
  currency_code: 'CAD',
  total,
  gst_total: gst,
  total_with_gst: withGst,
});

/** Two currencies in Next Payout; nothing in Past; one cancelled booking. */
export const summaryAnswer = (cancelled = 1) =>
  checked(commissionSummaryResponseSchema, {
    status: 'success',
    counts: { pending: 3, confirmed: 2, paid: 0, cancelled },
    totals: {
      pending: [gbp(464.86, 0, 464.86)],
      confirmed: [gbp(100, 0, 100), cadTotal(1381.88, 69.09, 1450.97)],
      paid: [],
      cancelled: cancelled ? [cadTotal(50, 2.5, 52.5)] : [],
    },
  });

export const line = (
  id: number,
  over: Partial<z.input<typeof reportLinesResponseSchema>['bookings']['data'][number]> = {},
) => ({
  id,
  booking_id: 100 + id,
  booking_reference: `AC-${id}`,
  booking_date: '2026-11-02',
  customer_name: `Customer ${id}`,
  supplier_id: 1,
  supplier_name: 'Air Canada',
  agent_id: 42,
  agent_name: 'Olivia Tremblay',
  gross_amount: 1842.5,
  percentage: 75,
  amount: 1381.88,
  gst_amount: 69.09,
  total: 1450.97,
  currency_code: 'CAD',
  currency_symbol: '$',
  payout_id: null,
  payout_name: null,
  payout_date: null,
  ...over,
});

export const linesAnswer = (
  rows: ReturnType<typeof line>[],
  page: { current_page?: number; last_page?: number; per_page?: number; total?: number } = {},
) => {
  const perPage = page.per_page ?? 10;
  const current = page.current_page ?? 1;
  const total = page.total ?? rows.length;
  return checked(reportLinesResponseSchema, {
    status: 'success',
    bookings: {
      data: rows,
      current_page: current,
      last_page: page.last_page ?? Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      from: rows.length ? (current - 1) * perPage + 1 : null,
      to: rows.length ? (current - 1) * perPage + rows.length : null,
      total,
    },
    count: total,
    commission_totals: [cadTotal(1381.88, 69.09, 1450.97)],
  });
};

/** One set of charts per currency; `byAgent` replaces each set's single agent. */
export const chartsAnswer = (
  codes: ('GBP' | 'CAD')[] = ['GBP', 'CAD'],
  byAgent?: { agent_id: number | null; name: string; total: number }[],
) =>
  checked(commissionChartsResponseSchema, {
    status: 'success',
    data: codes.map((code) => ({
      currency_code: code,
      currency_symbol: code === 'GBP' ? '£' : '$',
      by_month: [
        { month: '2026-10', pending: 0, confirmed: 0, paid: 120, cancelled: 0 },
        { month: '2026-11', pending: 464.86, confirmed: 100, paid: 0, cancelled: 0 },
      ],
      by_agent: byAgent ?? [{ agent_id: 42, name: `Agent in ${code}`, total: 684.86 }],
      by_supplier: [{ supplier_id: 1, name: `Supplier in ${code}`, total: 684.86 }],
    })),
  });

export const payoutsAnswer = checked(availablePayoutsResponseSchema, {
  status: 'success',
  data: [{ id: 9, name: 'November payout', payout_date: '2026-11-20', currency_code: 'CAD', total_amount: 787.5 }],
});

export const suppliersAnswer = checked(supplierListResponse, {
  status: 'success',
  data: [supplierRow(1, 'Sunwing', cad, 'SW0000000'), supplierRow(3, 'TUI UK', gbpCurrency, null)],
});

export const accountsAnswer = checked(accountListResponse, {
  status: 'success',
  data: [
    { ...sunwingAccount, accountable_type: 'supplier' as const },
    { ...sunwingAccount, accountable_type: 'supplier' as const, id: 8, name: 'TUI UK', accountable_id: 3 },
  ],
});

export const balancesAnswer = checked(currencySummaryResponse, {
  status: 'success',
  message: 'Currency summary retrieved successfully',
  data: [
    {
      currency_id: 2,
      currency: 'CAD',
      currency_symbol: '$',
      total_amount: 4017.5,
      credit_amount: 4017.5,
      debit_amount: 0,
    },
  ],
});

/** Every call the dashboard makes, answered; `over` replaces some. */
export function dashboardMocks(over: Record<string, MockHandler | MockHandler[]> = {}) {
  return {
    'GET /api/reports/commission-summary': summaryAnswer(),
    'GET /api/reports/commission-charts': chartsAnswer(),
    'GET /api/reports/available-payouts': payoutsAnswer,
    'GET /api/booking-groups': { body: { status: 'success', data: [{ id: 5, name: 'Smith wedding' }] } },
    'GET /api/suppliers': suppliersAnswer,
    'GET /api/commission-tiers': { body: { status: 'success', data: [] } },
    'GET /agents-list': { body: { status: 'success', data: [] } },
    'GET /api/countries': { body: { status: 'success', data: [] } },
    'GET /accounts': accountsAnswer,
    'POST /accounts/transactions/currency-summary': balancesAnswer,
    'GET /api/reports/overdue-commissions': { body: overdueSummary },
    ...over,
  };
}

/**
 * Mocks the API and renders the dashboard at `path` (default `/reports/commissions`) for `user`, with a
 * claims panel that shows what it was given, and a booking page and the overdue report to follow links to.
 */
export function renderDashboard(
  user: SessionUser,
  mocks: Record<string, MockHandler | MockHandler[]>,
  path = '/reports/commissions',
) {
  const mock = mockFetch(mocks);
  const queryClient = createTestQueryClient();
  const session = sessionFor(user);
  queryClient.setQueryData(sessionQueryKey, session);
  setCsrfToken(session.csrf_token);
  const claimsPanel = (range: ClaimsPanelRange) => <p data-testid="claims-range">{JSON.stringify(range)}</p>;
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: '/reports/commissions', element: <CommissionReportsRoute claimsPanel={claimsPanel} /> },
          { path: '/bookings/:id', element: <p data-testid="booking-page">booking</p> },
          { path: '/reports/overdue-commissions', element: <p data-testid="overdue-page">overdue</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, mock, router, user: userEvent.setup() };
}

/** The query string of a recorded request. */
export const sent = (request: { url: string } | undefined) => new URL(request!.url, 'http://localhost').searchParams;
