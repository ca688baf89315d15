import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, agentUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { payoutDetailAnswer, payoutListAnswer, payoutRecord } from '../payouts.testing';

const newest = payoutRecord(4, {
  name: 'Payout SW0000009',
  total_amount: 105,
  payout_date: '2026-05-03',
  kind: 'single',
});
const bulk = payoutRecord(3, { booking_count: 2, item_count: 3, total_amount: 546 });

const item = (
  id: number,
  booking: [number, string],
  agent: [number, string],
  pct: number,
  c: number,
  gst: number,
  total: number,
) => ({
  id,
  booking_id: booking[0],
  booking_reference: booking[1],
  booking_date: '2026-04-01',
  supplier_name: 'Sunwing',
  agent_id: agent[0],
  agent_name: agent[1],
  gross_portion: 1000,
  percentage: pct,
  commission: c,
  gst,
  total,
});

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('/payouts', () => {
  it('lists the payout records as the server orders them (newest first)', async () => {
    const mock = mockFetch({ 'GET /api/payouts': { body: payoutListAnswer([newest, bulk]) } });
    renderApp('/payouts', { session: sessionFor(adminUser) });
    const table = await screen.findByTestId('payouts-table');
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[0]!)).toEqual(['Name', 'Date', 'Total', 'Currency', 'Bookings', 'Kind', 'By', 'Actions']);
    expect(cells(rows[1]!)).toEqual([
      'Payout SW0000009',
      'May 3, 2026',
      'CA$105.00',
      'CAD',
      '1',
      'Single',
      'Ada Admin',
      'ViewPDF',
    ]);
    expect(cells(rows[2]!)).toEqual([
      'Bookings bulk payout 3',
      'May 1, 2026',
      'CA$546.00',
      'CAD',
      '2',
      'Bulk',
      'Ada Admin',
      'ViewPDF',
    ]);
    expect(new URL(mock.calls('GET /api/payouts')[0]!.url, 'http://x').searchParams.get('page')).toBe('1');
  });

  it('opens a payout with its items and what each agent received', async () => {
    mockFetch({
      'GET /api/payouts': { body: payoutListAnswer([bulk]) },
      'GET /api/payouts/3': {
        body: payoutDetailAnswer(bulk, [
          item(1, [1, 'SW0000001'], [11, 'Olivia Parent'], 42, 420, 21, 441),
          item(2, [1, 'SW0000001'], [12, 'Noah Sub'], 28, 280, 0, 280),
          item(3, [2, 'SW0000002'], [11, 'Olivia Parent'], 42, 42.1, 2.11, 44.21),
        ]),
      },
    });
    const { user } = renderApp('/payouts', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'View Bookings bulk payout 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bookings bulk payout 3' });
    const items = within(await within(dialog).findByTestId('payout-items')).getAllByRole('row');
    expect(items.map(cells)).toEqual([
      ['Booking reference', 'Agent', 'Percentage', 'Commission', 'GST', 'Total'],
      ['SW0000001', 'Olivia Parent', '42%', 'CA$420.00', 'CA$21.00', 'CA$441.00'],
      ['SW0000001', 'Noah Sub', '28%', 'CA$280.00', 'CA$0.00', 'CA$280.00'],
      ['SW0000002', 'Olivia Parent', '42%', 'CA$42.10', 'CA$2.11', 'CA$44.21'],
    ]);
    expect(within(items[3]!).getByRole('link', { name: 'SW0000002' })).toHaveAttribute('href', '/bookings/2');
    const subtotals = within(within(dialog).getByTestId('payout-subtotals')).getAllByRole('row');
    expect(subtotals.map(cells)).toEqual([
      ['Agent', 'Commission', 'GST', 'Total'],
      ['Olivia Parent', 'CA$462.10', 'CA$23.11', 'CA$485.21'],
      ['Noah Sub', 'CA$280.00', 'CA$0.00', 'CA$280.00'],
    ]);
  });

  it("downloads a payout's PDF under the server's file name, and says so when it cannot", async () => {
    const mock = mockFetch({
      'GET /api/payouts': { body: payoutListAnswer([newest]) },
      'GET /api/reports/payout-pdf/4': [
        new Response('%PDF-1.7 test', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="payout-4-2026-05-03.pdf"',
          },
        }),
        { status: 500, body: { status: 'error', message: 'Server Error' } },
      ],
    });
    // jsdom has no object URLs and does not download: the link's click is where the file is handed over.
    const saved: { name: string; body: Promise<string> }[] = [];
    let pending: Blob | undefined;
    Object.assign(URL, { createObjectURL: (blob: Blob) => ((pending = blob), 'blob:pdf'), revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, body: pending!.text() });
    });
    const { user } = renderApp('/payouts', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'PDF of Payout SW0000009' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('payout-4-2026-05-03.pdf');
    expect(await saved[0]!.body).toBe('%PDF-1.7 test');
    expect(mock.calls('GET /api/reports/payout-pdf/4')).toHaveLength(1);
    // The row's PDF button does not also open the row.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'PDF of Payout SW0000009' }));
    expect(await screen.findByText('Error generating PDF. Please try again.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('says when there are no payouts, and when they cannot be loaded', async () => {
    mockFetch({ 'GET /api/payouts': { body: payoutListAnswer([]) } });
    const empty = renderApp('/payouts', { session: sessionFor(adminUser) });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No payouts yet.');
    empty.unmount();

    mockFetch({ 'GET /api/payouts': { status: 500, body: { status: 'error', message: '' } } });
    renderApp('/payouts', { session: sessionFor(adminUser) });
    expect(await screen.findByTestId('query-error')).toHaveTextContent('The payouts could not be loaded.');
  });

  it('is for admins only', async () => {
    const mock = mockFetch({});
    renderApp('/payouts', { session: sessionFor(agentUser) });
    expect(await screen.findByTestId('no-access')).toBeInTheDocument();
    expect(mock.requests).toHaveLength(0);
  });
});
