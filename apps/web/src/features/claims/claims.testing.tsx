import {
  acceptAllPreviewResponseSchema,
  matchSuggestionsResponseSchema,
  type AcceptAllPreview,
  type ClaimRequest,
  type MatchSuggestion,
  type SessionUser,
  type UnmatchedTransaction,
} from '@app/domain';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../../app/provider';
import { setCsrfToken } from '../../lib/api-client';
import { sessionFor } from '../../testing/fixtures';
import { mockFetch, type MockHandler } from '../../testing/mock-fetch';
import { pageOf } from '../../testing/screen';
import { createTestQueryClient } from '../../testing/render';
import { RequireAuth, sessionQueryKey } from '../auth';

/** A CA$1,120.00 Sunwing credit nobody booked. */
export const sunwingCredit: UnmatchedTransaction = {
  id: 31,
  reference_number: 'SW4472299',
  amount: 1120,
  currency_code: 'CAD',
  currency_symbol: '$',
  transaction_date: '2026-05-04',
  supplier_id: 3,
  supplier_name: 'Sunwing',
  account_id: 8,
  account_name: 'Sunwing CAD',
  description: 'Commission May',
};

export const tuiCredit: UnmatchedTransaction = {
  ...sunwingCredit,
  id: 32,
  reference_number: '40229911',
  amount: 84.5,
  currency_code: 'GBP',
  currency_symbol: '£',
  transaction_date: '2026-05-02',
  supplier_id: 4,
  supplier_name: 'TUI UK',
  account_id: 9,
  account_name: 'TUI UK GBP',
  description: null,
};

export const claimRequest = (over: Partial<ClaimRequest> = {}): ClaimRequest => ({
  id: 5,
  status: 'pending',
  agent: { id: 42, name: 'Olivia Tremblay' },
  requested_by: { id: 7, name: 'Olivia Tremblay' },
  transaction: sunwingCredit,
  booking_data: {
    transaction_id: sunwingCredit.id,
    booking_reference: 'SW4472299',
    customer_name: 'Jean Roy',
    booking_date: '2026-05-01',
    notes: '',
    is_personal: false,
  },
  receipt: { filename: 'receipt.png', mimetype: 'image/png', url: '/api/unclaimed-bookings/5/receipt' },
  created_at: '2026-05-05T10:00:00.000Z',
  decided_by: null,
  decided_at: null,
  rejection_reason: null,
  booking_id: null,
  ...over,
});

/** A page of a list as the server answers it, 10 a page. */
export const page = (data: unknown[], over: Record<string, unknown> = {}) => pageOf(data, { per_page: 10, ...over });

/** Mocks the API and renders `element` at `/here` (with `search`) for `user`, with the pages its links lead to. */
export function renderAs(
  user: SessionUser,
  element: ReactElement,
  mocks: Record<string, MockHandler | MockHandler[]>,
  search = '',
) {
  const mock = mockFetch(mocks);
  const queryClient = createTestQueryClient();
  const session = sessionFor(user);
  queryClient.setQueryData(sessionQueryKey, session);
  setCsrfToken(session.csrf_token);
  const leadsTo = (path: string) => ({ path, element: <p data-testid="elsewhere">{path}</p> });
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: '/here', element },
          leadsTo('/bookings/:id'),
          leadsTo('/transactions/:id/edit'),
          leadsTo('/claims'),
          leadsTo('/reports/commissions'),
        ],
      },
    ],
    { initialEntries: [`/here${search}`] },
  );
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, mock, router, queryClient, user: userEvent.setup() };
}

/** The query string of a recorded request. */
export const sent = (request: { url: string } | undefined) => new URL(request!.url, 'http://localhost').searchParams;

/* ------------------------------------------------------------------ match suggestions */

type SuggestedBooking = MatchSuggestion['bookings'][number];

/** Booking SW4472290 of Jean Roy, CA$1,120.00, booked Apr 20, 2026. */
export const suggestedBooking = (over: Partial<SuggestedBooking> = {}): SuggestedBooking => ({
  id: 90,
  booking_reference: 'SW4472290',
  customer_name: 'Jean Roy',
  booking_date: '2026-04-20',
  gross: 1120,
  currency_code: 'CAD',
  currency_symbol: '$',
  ...over,
});

/** For Sunwing's SW4472299: booking SW4472290, one character off, the same amount (75: worth a look). */
export const nearMatch: MatchSuggestion = {
  bookings: [suggestedBooking()],
  score: 75,
  reasons: ['reference one character off (SW4472290)', 'amount equal'],
  auto_accept: false,
};

/** For Sunwing's SW4472299 too, weaker: SW4472209 of Marc Roy, another amount (50: grey). */
export const weakMatch: MatchSuggestion = {
  bookings: [
    suggestedBooking({
      id: 91,
      booking_reference: 'SW4472209',
      customer_name: 'Marc Roy',
      booking_date: '2026-03-02',
      gross: 980,
    }),
  ],
  score: 50,
  reasons: ['reference two characters off (SW4472209)'],
  auto_accept: false,
};

/**
 * For TUI's 40229911 (£84.50): bookings TUI-40229 (£50.00) and TUI-40230 (£30.00) together, a split whose
 * gross (£80.00) does not add up to the credit: the admin enters the amounts.
 */
export const tuiSplit: MatchSuggestion = {
  bookings: [
    suggestedBooking({
      id: 92,
      booking_reference: 'TUI-40229',
      customer_name: 'Amy Clark',
      booking_date: '2026-04-11',
      gross: 50,
      currency_code: 'GBP',
      currency_symbol: '£',
    }),
    suggestedBooking({
      id: 93,
      booking_reference: 'TUI-40230',
      customer_name: 'Ben Clark',
      booking_date: '2026-04-12',
      gross: 30,
      currency_code: 'GBP',
      currency_symbol: '£',
    }),
  ],
  score: 85,
  reasons: ['references TUI-40229 and TUI-40230 both on the line', 'their gross adds up to within 6 %'],
  auto_accept: false,
};

/** `GET /api/reports/match-suggestions` answering with these suggestions per credit, checked by the contract. */
export function suggestionsAnswer(byCredit: Record<number, MatchSuggestion[]>) {
  const body = {
    status: 'success' as const,
    data: Object.entries(byCredit).map(([id, suggestions]) => ({ transaction_id: Number(id), suggestions })),
  };
  matchSuggestionsResponseSchema.parse(body);
  return { body };
}

/** `POST /api/reports/match-suggestions/accept-all/preview` answering with `data`, checked by the contract. */
export function acceptAllPreviewAnswer(data: AcceptAllPreview) {
  const body = { status: 'success' as const, data };
  acceptAllPreviewResponseSchema.parse(body);
  return { body };
}

/** The credit facts of a preview's item or skipped credit, from an unmatched transaction. */
export const creditFacts = (t: UnmatchedTransaction) => ({
  transaction_id: t.id,
  reference_number: t.reference_number,
  amount: t.amount,
  currency_code: t.currency_code,
  currency_symbol: t.currency_symbol,
  transaction_date: t.transaction_date,
  supplier_name: t.supplier_name,
});

/**
 * Waits until the unmatched list and its suggestions have been read a second time: what a match (an accepted
 * suggestion, one or many) refreshes.
 */
export const listAndSuggestionsReadAgain = (mock: ReturnType<typeof mockFetch>) =>
  waitFor(() =>
    expect(
      ['GET /api/reports/unmatched-transactions', 'GET /api/reports/match-suggestions'].map(
        (key) => mock.calls(key).length,
      ),
    ).toEqual([2, 2]),
  );
