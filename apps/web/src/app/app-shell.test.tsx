import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { adminUser, agentUser, sessionFor } from '../testing/fixtures';
import { mockFetch } from '../testing/mock-fetch';
import { renderApp } from '../testing/render';

const ADMIN_ONLY_LINKS = [
  'nav-commissions',
  'nav-agents',
  'nav-agents-import',
  'nav-suppliers',
  'nav-commission-tiers',
  'nav-accounts',
  'nav-settings',
  'nav-transactions',
  'nav-transactions-create',
  'nav-transactions-create-bulk',
  'nav-transactions-import',
  'nav-bulk-payouts',
  'nav-bulk-reconcile',
  'nav-payouts',
  'nav-reports-excel',
];

describe('app shell navigation', () => {
  it('shows admins every area, with the user and role in the header', async () => {
    renderApp('/bookings', { session: sessionFor(adminUser) });
    const nav = await screen.findByTestId('nav');
    for (const id of [
      ...ADMIN_ONLY_LINKS,
      'nav-bookings',
      'nav-bookings-create',
      'nav-booking-groups',
      'nav-reports-commissions',
      'nav-claims',
    ]) {
      expect(within(nav).getByTestId(id)).toBeInTheDocument();
    }
    expect(within(nav).getByTestId('nav-claims')).toHaveTextContent('Claims review');
    expect(within(nav).queryByTestId('nav-my-sub-agents')).not.toBeInTheDocument();
    expect(screen.getByTestId('current-user')).toHaveTextContent('Ada Admin');
    expect(screen.getByTestId('current-role')).toHaveTextContent('Admin');
    expect(within(nav).getByTestId('nav-bookings')).toHaveAttribute('aria-current', 'page');
  });

  it('hides admin-only links from agents and links their own agent pages', async () => {
    renderApp('/bookings', { session: sessionFor(agentUser) });
    const nav = await screen.findByTestId('nav');
    for (const id of ADMIN_ONLY_LINKS) expect(within(nav).queryByTestId(id)).not.toBeInTheDocument();
    for (const id of [
      'nav-bookings',
      'nav-bookings-create',
      'nav-booking-groups',
      'nav-reports-commissions',
      'nav-claims',
    ]) {
      expect(within(nav).getByTestId(id)).toBeInTheDocument();
    }
    expect(within(nav).getByTestId('nav-claims')).toHaveTextContent('My claims');
    expect(within(nav).getByTestId('nav-my-sub-agents')).toHaveAttribute('href', '/agents/42/sub-agents');
    expect(within(nav).getByTestId('nav-my-tier-history')).toHaveAttribute('href', '/agents/42/tier-history');
    expect(screen.getByTestId('current-role')).toHaveTextContent('Agent');
  });

  it('navigates with the links', async () => {
    stallFetch();
    const { user, router } = renderApp('/bookings', { session: sessionFor(adminUser) });
    await user.click(await screen.findByTestId('nav-claims'));
    // The claims screen's code loads with its route: the navigation ends when it has.
    await waitFor(() => expect(router.state.location.pathname).toBe('/claims'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Claims review' })).toBeInTheDocument();
  });
});

/** Every request stays in flight: enough to see which screen a route renders. */
function stallFetch() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
}

describe('routing and access', () => {
  it.each([
    ['/reports/commissions', 'Commission reports', adminUser],
    ['/reports/commissions', 'Commission reports', agentUser],
    ['/reports/excel', 'Excel Reports', adminUser],
    ['/claims', 'Claims review', adminUser],
    ['/claims', 'My claims', agentUser],
  ])('routes %s to its screen (%s)', async (path, title, who) => {
    stallFetch();
    renderApp(path, { session: sessionFor(who) });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
  });

  it.each([
    ['/bulk-payouts', 'Bulk payouts'],
    ['/bulk-reconcile', 'Bulk reconcile'],
    ['/payouts', 'Payouts'],
  ])('routes %s to its screen', async (path, title) => {
    mockFetch({
      'GET /api/suppliers': { body: { status: 'success', data: [] } },
      'GET /api/payouts': {
        body: {
          status: 'success',
          payouts: [],
          current_page: 1,
          last_page: 1,
          per_page: 25,
          from: null,
          to: null,
          total: 0,
        },
      },
      'GET /api/settings': { body: { status: 'success', data: { gst_rate: '5.00' } } },
    });
    renderApp(path, { session: sessionFor(adminUser) });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
  });

  it('shows Not Found for an unknown address', async () => {
    renderApp('/no/such/page', { session: sessionFor(agentUser) });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });

  it('tells an agent an admin page is not for them', async () => {
    const mock = mockFetch({});
    renderApp('/suppliers', { session: sessionFor(agentUser) });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(mock.requests).toHaveLength(0);
  });

  it("lets an agent open their own agent pages but not another agent's", async () => {
    mockFetch({
      'GET /agents/42/sub-agents': {
        body: {
          status: 'success',
          parent: { id: 42, name: 'Alex Agent', email: '' },
          data: [],
          candidates: [],
          suppliers: [],
        },
      },
    });
    const own = renderApp('/agents/42/sub-agents', { session: sessionFor(agentUser) });
    expect(await screen.findByText('No sub-agents yet.')).toBeInTheDocument();
    own.unmount();

    renderApp('/agents/43/tier-history', { session: sessionFor(agentUser) });
    expect(await screen.findByTestId('no-access')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login with the page to come back to', async () => {
    mockFetch({ 'GET /api/session': { body: sessionFor(null) } });
    const { router } = renderApp('/bookings/5/edit?tab=notes');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fbookings%2F5%2Fedit%3Ftab%3Dnotes');
  });

  it('goes to /login when an API call answers 401 (session expired)', async () => {
    mockFetch({ 'GET /api/commission-tiers': { status: 401, body: { status: 'error', message: 'Unauthenticated.' } } });
    const { router } = renderApp('/commission-tiers', { session: sessionFor(adminUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fcommission-tiers');
  });

  it('signs out through POST /logout and reloads the sign-in page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const mock = mockFetch({
      'POST /logout': { body: { status: 'success', message: 'Signed out.', csrf_token: 'next' } },
    });
    const { user } = renderApp('/no/such/page', { session: sessionFor(adminUser) });

    await user.click(await screen.findByTestId('sign-out'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(mock.calls('POST /logout')[0]?.headers.get('X-CSRF-TOKEN')).toBe('test-csrf-token');
  });
});
