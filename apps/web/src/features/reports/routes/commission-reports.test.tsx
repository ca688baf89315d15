import { defaultReportRange } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { todayUtc } from '../../../lib/dates';
import { adminUser, agentUser } from '../../../testing/fixtures';
import { nothingOverdue } from '../../../testing/overdue-fixtures';
import {
  chartsAnswer,
  dashboardMocks,
  line,
  linesAnswer,
  renderDashboard,
  sent,
  summaryAnswer,
} from '../reports.testing';

// jsdom lays nothing out: recharts warns that its charts have no size. Only that warning is silenced.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});

const range = () => defaultReportRange(todayUtc());
const card = (name: string) => screen.findByTestId(`card-${name}`);
const texts = (el: HTMLElement, testId: string) =>
  within(el)
    .getAllByTestId(testId)
    .map((e) => e.textContent);

describe('/reports/commissions as an admin', () => {
  it('asks for the default range and shows the four cards, each currency on its own', async () => {
    const { mock } = renderDashboard(adminUser, dashboardMocks());
    const next = await card('confirmed');
    await waitFor(() => expect(within(next).getByTestId('card-count')).toHaveTextContent('2 bookings'));
    // Next Payout: £100.00 and CA$1,450.97 side by side, never added.
    expect(texts(next, 'total-with-gst')).toEqual(['£100.00', 'CA$1,450.97']);
    expect(texts(next, 'total-parts')).toEqual([
      'Commission £100.00 · GST £0.00',
      'Commission CA$1,381.88 · GST CA$69.09',
    ]);
    expect(within(await card('pending')).getByTestId('card-count')).toHaveTextContent('3 bookings');
    expect(within(await card('paid')).getByTestId('card-empty')).toHaveTextContent('Nothing in this range.');
    expect(within(await card('cancelled')).getByTestId('card-count')).toHaveTextContent('1 booking');

    const query = sent(mock.calls('GET /api/reports/commission-summary')[0]);
    expect(query.get('start_date')).toBe(range().start_date);
    expect(query.get('end_date')).toBe(range().end_date);
    expect([...query.keys()].sort()).toEqual(['end_date', 'start_date']);

    // The claims panel gets its place, its heading and the current filters.
    expect(screen.getByRole('heading', { name: 'Unmatched Credit Transactions' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('claims-range').textContent!)).toEqual({
      startDate: range().start_date,
      endDate: range().end_date,
      supplierIds: [],
    });
  });

  it('reads the filters from the URL and sends them; Apply writes new ones to the URL, Reset clears them', async () => {
    const { mock, router, user } = renderDashboard(
      adminUser,
      dashboardMocks(),
      '/reports/commissions?start_date=2026-10-01&end_date=2026-10-31&include_suppliers=1,3&agent_id=42&payout_id=9&state_id=4',
    );
    await card('confirmed');
    await waitFor(() => expect(mock.calls('GET /api/reports/commission-summary')).toHaveLength(1));
    const query = sent(mock.calls('GET /api/reports/commission-summary')[0]);
    expect(query.get('start_date')).toBe('2026-10-01');
    expect(query.get('end_date')).toBe('2026-10-31');
    expect(query.getAll('include_suppliers[]')).toEqual(['1', '3']);
    expect(query.get('agent_id')).toBe('42');
    expect(query.get('payout_id')).toBe('9');
    // A state without its country means nothing: left out.
    expect(query.get('state_id')).toBeNull();
    expect(JSON.parse(screen.getByTestId('claims-range').textContent!).supplierIds).toEqual([1, 3]);
    // The accounts of the included suppliers only (Sunwing's 7 and TUI UK's 8).
    await waitFor(() => expect(mock.calls('POST /accounts/transactions/currency-summary')).toHaveLength(1));
    expect(mock.calls('POST /accounts/transactions/currency-summary')[0]!.body).toEqual({
      account_ids: [7, 8],
      status: 'completed',
    });

    const start = screen.getByLabelText(/^Start Date/);
    await user.clear(start);
    await user.type(start, '2026-09-15{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('start_date=2026-09-15'));
    expect(router.state.location.search).toContain('include_suppliers=1%2C3');
    await waitFor(() =>
      expect(sent(mock.calls('GET /api/reports/commission-summary').at(-1)).get('start_date')).toBe('2026-09-15'),
    );

    // Back returns to the previous filters, and the form shows them again.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText(/^Start Date/)).toHaveValue('2026-10-01'));

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText(/^Start Date/)).toHaveValue(range().start_date);
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { mock, router, user } = renderDashboard(adminUser, dashboardMocks());
    await card('confirmed');
    const end = screen.getByLabelText(/^End Date/);
    await user.clear(end);
    await user.type(end, '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(mock.calls('GET /api/reports/commission-summary')).toHaveLength(1);
  });

  it('opens a card in a modal: its lines link to the bookings, sort and page on the server, with the totals', async () => {
    const lines = [line(1), line(2, { booking_reference: 'SW4472290', agent_name: 'Noah Gagnon', percentage: 30 })];
    const { mock, router, user } = renderDashboard(
      adminUser,
      dashboardMocks({
        'GET /api/reports/confirmed-bookings': linesAnswer(lines, { total: 12 }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'View Next Payout details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Next Payout' });
    const table = await within(dialog).findByTestId('detail-lines');
    const rows = within(table).getAllByRole('row');
    expect([...rows[1]!.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      'AC-1',
      'Nov 2, 2026',
      'Customer 1',
      'Air Canada',
      'Olivia Tremblay',
      'CA$1,842.50',
      '75%',
      'CA$1,381.88',
      'CA$69.09',
      'CA$1,450.97',
    ]);
    expect(within(rows[2]!).getByRole('link', { name: 'SW4472290' })).toHaveAttribute('href', '/bookings/102');
    expect(within(dialog).getByTestId('detail-count')).toHaveTextContent('12 bookings');
    expect(texts(within(dialog).getByTestId('detail-totals'), 'total-with-gst')).toEqual(['CA$1,450.97']);
    expect(within(dialog).getByTestId('showing')).toHaveTextContent('Showing 1 to 2 of 12 results (10 per page)');
    expect(router.state.location.search).toBe('?card=confirmed');

    const first = sent(mock.calls('GET /api/reports/confirmed-bookings')[0]);
    expect([first.get('page'), first.get('per_page'), first.get('sort'), first.get('direction')]).toEqual([
      '1',
      '10',
      'booking_date',
      'desc',
    ]);
    expect(first.get('start_date')).toBe(range().start_date);

    await user.click(within(dialog).getByRole('button', { name: 'Sort by Agent' }));
    await waitFor(() => {
      const q = sent(mock.calls('GET /api/reports/confirmed-bookings').at(-1));
      expect([q.get('sort'), q.get('direction')]).toEqual(['agent', 'desc']);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Sort by Agent' }));
    await waitFor(() =>
      expect(sent(mock.calls('GET /api/reports/confirmed-bookings').at(-1)).get('direction')).toBe('asc'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(sent(mock.calls('GET /api/reports/confirmed-bookings').at(-1)).get('page')).toBe('2'));

    await user.click(within(dialog).getByRole('link', { name: 'AC-1' }));
    expect(await screen.findByTestId('booking-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings/101');
    // Back from the booking opens the card again.
    await router.navigate(-1);
    expect(await screen.findByRole('dialog', { name: 'Next Payout' })).toBeInTheDocument();
  });

  it('offers a PDF per payout in Past Commissions', async () => {
    const paid = line(3, { payout_id: 9, payout_name: 'November payout', payout_date: '2026-11-20' });
    const { user } = renderDashboard(
      adminUser,
      dashboardMocks({ 'GET /api/reports/paid-bookings': linesAnswer([paid]) }),
      '/reports/commissions?card=paid',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Past Commissions' });
    const row = within(await within(dialog).findByTestId('detail-lines')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('November payoutNov 20, 2026');
    expect(within(row).getByRole('button', { name: 'PDF of November payout' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('downloads the Next payout PDF for the filters, and shows the alert when it fails', async () => {
    const { mock, user } = renderDashboard(
      adminUser,
      dashboardMocks({
        'GET /api/reports/next-payout-pdf': [
          new Response('%PDF-1.7 next', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="next-payout-2026-11-25.pdf"',
            },
          }),
          new Error('offline'),
        ],
      }),
      '/reports/commissions?start_date=2026-10-01&include_suppliers=3',
    );
    const downloads: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:next', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const button = await screen.findByRole('button', { name: 'Next payout PDF' });
    await user.click(button);
    await waitFor(() => expect(downloads).toEqual(['next-payout-2026-11-25.pdf blob:next']));
    const query = sent(mock.calls('GET /api/reports/next-payout-pdf')[0]);
    expect(query.get('start_date')).toBe('2026-10-01');
    expect(query.getAll('include_suppliers[]')).toEqual(['3']);

    await user.click(button);
    expect(await screen.findByText('Error generating PDF. Please try again.')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
  });

  it('says why the account balances are missing, in the spec’s words', async () => {
    const failed = renderDashboard(
      adminUser,
      dashboardMocks({
        'POST /accounts/transactions/currency-summary': { status: 500, body: { status: 'error', message: '' } },
      }),
    );
    expect(await screen.findByTestId('balances-error')).toHaveTextContent('Failed to fetch account balances');
    failed.unmount();

    renderDashboard(
      adminUser,
      dashboardMocks({ 'POST /accounts/transactions/currency-summary': new TypeError('Failed to fetch') }),
    );
    expect(await screen.findByTestId('balances-error')).toHaveTextContent('Unknown error occurred');
  });

  it('shows the balances per currency, and one set of charts per currency with a switch', async () => {
    const { user } = renderDashboard(adminUser, dashboardMocks());
    expect(await screen.findByTestId('balance-CAD')).toHaveTextContent(
      'CADCA$4,017.50Credits CA$4,017.50 · Debits CA$0.00',
    );
    expect(await screen.findByTestId('charts-GBP')).toBeInTheDocument();
    expect(screen.queryByTestId('charts-CAD')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('chart-currency')).getByRole('radio', { name: 'CAD' }));
    expect(await screen.findByTestId('charts-CAD')).toBeInTheDocument();
    expect(screen.queryByTestId('charts-GBP')).not.toBeInTheDocument();
  });

  it("lists every agent in the chart's table, two of the same name too, under the column Agent", async () => {
    const sams = [
      { agent_id: 7, name: 'Sam Lee', total: 300 },
      { agent_id: 8, name: 'Sam Lee', total: 200 },
      { agent_id: null, name: 'Others', total: 50 },
    ];
    renderDashboard(adminUser, dashboardMocks({ 'GET /api/reports/commission-charts': chartsAnswer(['GBP'], sams) }));
    const table = within(await screen.findByTestId('chart-by-agent')).getByTestId('chart-table');
    const cells = (selector: string) =>
      [...table.querySelectorAll('tr')]
        .map((tr) => [...tr.querySelectorAll(selector)].map((c) => c.textContent))
        .filter((r) => r.length > 0);
    expect(cells('thead th')).toEqual([['Agent', 'Commission']]);
    expect(cells('tbody th, tbody td')).toEqual([
      ['Sam Lee', '£300.00'],
      ['Sam Lee', '£200.00'],
      ['Others', '£50.00'],
    ]);
    const suppliers = within(screen.getByTestId('chart-by-supplier')).getByTestId('chart-table');
    expect([...suppliers.querySelectorAll('thead th')].map((c) => c.textContent)).toEqual(['Supplier', 'Commission']);
  });

  it('shows what is overdue per currency, with the way to the overdue commissions report', async () => {
    const { router, user } = renderDashboard(adminUser, dashboardMocks());
    const panel = await screen.findByTestId('overdue-card');
    expect(within(panel).getByRole('heading', { name: 'Overdue commissions' })).toBeInTheDocument();
    const tiles = await within(panel).findAllByTestId('overdue-card-currency');
    expect(tiles.map((t) => t.textContent)).toEqual([
      'CAD2 bookingsCA$2,115.00CA$490.00 over 90 days',
      'GBP1 booking£1,180.00None over 90 days',
    ]);
    expect(panel).toHaveTextContent('as of Nov 27, 2026');
    await user.click(within(panel).getByRole('link', { name: 'View overdue commissions' }));
    expect(await screen.findByTestId('overdue-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reports/overdue-commissions');
  });

  it('has clear empty states', async () => {
    renderDashboard(
      adminUser,
      dashboardMocks({
        'GET /api/reports/commission-summary': {
          body: {
            status: 'success',
            counts: { pending: 0, confirmed: 0, paid: 0, cancelled: 0 },
            totals: { pending: [], confirmed: [], paid: [], cancelled: [] },
          },
        },
        'GET /api/reports/commission-charts': chartsAnswer([]),
        'GET /accounts': { body: { status: 'success', data: [] } },
        'GET /api/reports/overdue-commissions': { body: nothingOverdue },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('card-empty')).toHaveLength(4));
    expect(await screen.findByTestId('overdue-card-empty')).toHaveTextContent(
      'Nothing overdue: every supplier has paid what is due.',
    );
    expect(await screen.findByTestId('charts-empty')).toHaveTextContent('No commissions in this range to chart.');
    expect(await screen.findByTestId('balances-empty')).toHaveTextContent('No supplier accounts match the filters.');
  });
});

describe('/reports/commissions as an agent', () => {
  it('has no Cancelled card, no admin filters and no balances; admin-only filters in the URL are not sent', async () => {
    const { mock } = renderDashboard(
      agentUser,
      dashboardMocks({ 'GET /api/reports/commission-summary': summaryAnswer(0) }),
      '/reports/commissions?agent_id=7&tier_id=2&country_id=1&booking_group_id=5&card=cancelled',
    );
    await card('confirmed');
    expect(screen.getAllByTestId(/^card-(pending|confirmed|paid|cancelled)$/).map((c) => c.dataset.testid)).toEqual([
      'card-pending',
      'card-confirmed',
      'card-paid',
    ]);
    // ?card=cancelled opens nothing for an agent.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The Select's input and its list both carry the label.
    expect(screen.getAllByLabelText('Booking group').length).toBeGreaterThan(0);
    for (const label of ['Agent', 'Tier', 'Country', 'State']) expect(screen.queryAllByLabelText(label)).toEqual([]);
    expect(screen.queryByTestId('account-balances')).not.toBeInTheDocument();
    // The overdue report is the admins': not shown, and not even asked for (the API refuses agents).
    expect(screen.queryByTestId('overdue-card')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unclaimed bookings' })).toBeInTheDocument();

    await waitFor(() => expect(mock.calls('GET /api/reports/commission-summary')).toHaveLength(1));
    const query = sent(mock.calls('GET /api/reports/commission-summary')[0]);
    expect(query.get('booking_group_id')).toBe('5');
    for (const key of ['agent_id', 'tier_id', 'country_id']) expect(query.get(key)).toBeNull();
    expect(mock.calls('GET /agents-list')).toHaveLength(0);
    expect(mock.calls('POST /accounts/transactions/currency-summary')).toHaveLength(0);
    expect(mock.calls('GET /api/reports/overdue-commissions')).toHaveLength(0);
  });
});
