import type { ClaimRequest, SessionUser, UnmatchedTransaction } from '@app/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
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
