import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allBookingActions, bookingRow, noTransactionStatus } from '../../../testing/booking-fixtures';
import { adminUser, agentUser } from '../../../testing/fixtures';
import { done, ok, renderScreen, type ApiMocks } from '../../../testing/screen';

const allow = allBookingActions;
const row = bookingRow;
/** REF-1 (333.33) matched by one completed 300.00 credit: a mismatch. */
const mismatch = {
  status: 'mismatch',
  transaction_count: 1,
  can_payout: false,
  payout_block_reason: 'The booking cannot be paid out while its transaction status is mismatch.',
  needs_reconciliation: true,
  has_completed_credit: true,
  net_amount: 300,
  transactions: [
    {
      id: 11,
      status: 'completed',
      transaction_type: 'credit',
      amount: 300,
      is_partial: false,
      reference_number: 'REF-1',
      transaction_date: '2026-03-02',
      account_id: 7,
      account_name: 'Sunwing main',
    },
  ],
};
const page = (data: unknown[], over: Record<string, unknown> = {}) => ({
  body: { data, current_page: 3, last_page: 9, per_page: 10, from: 21, to: 30, total: 87, ...over },
});
const common = {
  'GET /api/suppliers': ok([]),
  'GET /agents-list': ok([]),
  'GET /api/booking-groups': ok([]),
};
/** The list at `path` with the `bookings` page, their transaction statuses, and any other answers. */
const renderBookings = (path: string, bookings: ApiMocks[string], more: ApiMocks = {}, user = adminUser) =>
  renderScreen(path, { ...common, 'GET /bookings': bookings, ...more }, user);
/** REF-1 alone, without transactions. */
const ref1 = { 'POST /bookings/transaction-status': { body: { 1: noTransactionStatus } } };
/** The list with REF-1 alone; clicks its `action` button and gives the dialog titled `title`. */
async function openRowDialog(action: string, title: string, more: ApiMocks) {
  const rendered = renderBookings('/bookings', page([row(1)]), { ...ref1, ...more });
  await rendered.user.click(await screen.findByRole('button', { name: `${action} REF-1` }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: title }) };
}

/** REF-1 (CAD 333.33) matched in full: the admin may pay it out. */
const payable = {
  ...mismatch,
  status: 'match',
  can_payout: true,
  payout_block_reason: null,
  needs_reconciliation: false,
  net_amount: 333.33,
};
/** `GET /bookings/1/payout-info` for REF-1: one agent at 50% with no GST. */
const payoutInfo = {
  status: 'success',
  message: 'Payout information retrieved successfully',
  booking: {
    id: 1,
    reference: 'REF-1',
    supplier: 'Sunwing',
    currency: { code: 'CAD', symbol: '$' },
    status: 'confirmed',
    booking_amount: 333.33,
    expected_commission: 166.67,
    paid_amount: 0,
    remaining_amount: 333.33,
    is_reconciled: false,
  },
  payout: {
    available_amount: 333.33,
    commission_breakdown: [
      { agent_id: 3, agent_name: 'Ana Agent', percentage: 50, amount: 166.67, gst_amount: 0, total: 166.67 },
    ],
    agents_without_accounts: [],
    lines: [
      { id: 9, agent_id: 3, agent_name: 'Ana Agent', percentage: 50, amount: 166.67, paid_amount: 0, has_gst: false },
    ],
    can_payout: true,
    reason: null,
    default_description: 'Payout REF-1 · Ana Agent · 2026-11-26',
  },
};

describe('Bookings list', () => {
  it('pays a booking out from its row and shows the success banner', async () => {
    const { mock, user } = renderBookings('/bookings', page([row(1, { actions: { ...allow, payout: true } })]), {
      'POST /bookings/transaction-status': { body: { 1: payable } },
      'GET /bookings/1/payout-info': { body: payoutInfo },
      'GET /api/settings': { body: { status: 'success', data: { gst_rate: '5.00' } } },
      'POST /bookings/1/process-payout': {
        body: {
          status: 'success',
          message: 'Payout processed successfully',
          is_partial: false,
          paid_amount: 333.33,
          remaining_amount: 0,
          payout_id: 4,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Payout REF-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process Payout' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Process Payout' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Process Payout' }));
    expect(await screen.findByTestId('success-banner')).toHaveTextContent('Payout processed successfully');
    expect(mock.calls('POST /bookings/1/process-payout')[0]!.body).toMatchObject({ payout_amount: '333.33' });
    // The list is asked again, so the row shows its new status.
    await waitFor(() => expect(mock.calls('GET /bookings').length).toBeGreaterThan(1));
  });

  it('shows the nine columns, the legend, the pagination text and a 5-button window', async () => {
    const { mock, user, router } = renderBookings(
      '/bookings?page=3&per_page=10&status=pending',
      page([row(1), row(2, { status: 'cancelled', actions: { ...allow, delete: false, cancel: false } })]),
      { 'POST /bookings/transaction-status': { body: { 1: mismatch, 2: noTransactionStatus } } },
    );
    const table = await screen.findByTestId('bookings-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Reference',
      'Date',
      'Customer',
      'Supplier',
      'Primary Agent',
      'Value',
      'Commission',
      'Status',
      'Actions',
    ]);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 21 to 30 of 87 results (10 per page)');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    const legend = screen.getByTestId('legend');
    for (const label of ['Match', 'Partial', 'Mismatch', 'No transaction', 'Multiple transactions']) {
      expect(within(legend).getAllByText(label).length).toBeGreaterThan(0);
    }
    // The filters reach the server from the URL; the page's ids go to the transaction-status call.
    const listUrl = new URL(mock.calls('GET /bookings')[0]!.url, 'http://x');
    expect(listUrl.searchParams.get('status')).toBe('pending');
    expect(listUrl.searchParams.get('page')).toBe('3');
    expect(listUrl.searchParams.get('sort')).toBe('booking_date');
    expect(listUrl.searchParams.get('direction')).toBe('desc');
    await waitFor(() => expect(mock.calls('POST /bookings/transaction-status')).toHaveLength(1));
    expect(mock.calls('POST /bookings/transaction-status')[0]?.body).toEqual({ booking_ids: [1, 2] });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'REF-1' }).closest('tr')).toHaveAttribute(
        'data-transaction-status',
        'mismatch',
      ),
    );
    expect(screen.getByRole('link', { name: 'REF-1' }).closest('tr')?.getAttribute('style')).toContain('background');
    // Cancelled rows stay neutral.
    expect(screen.getByRole('link', { name: 'REF-2' }).closest('tr')?.getAttribute('style') ?? '').not.toContain(
      'background',
    );

    // Row actions follow the row's `actions`.
    expect(screen.getByRole('button', { name: 'Delete REF-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete REF-2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel REF-2' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transactions for REF-1' })).toHaveAttribute(
      'href',
      '/transactions?reference=REF-1',
    );

    await user.click(within(pager).getByRole('button', { name: 'Page 5' }));
    expect(router.state.location.search).toContain('page=5');
    expect(router.state.location.search).toContain('status=pending');
  });

  it('filters by transaction status: readable choices, kept in the URL with the other filters, sent to the server', async () => {
    const { mock, user, router } = renderBookings('/bookings?status=confirmed', page([row(1)]), {
      'POST /bookings/transaction-status': { body: { 1: mismatch } },
    });
    await screen.findByTestId('bookings-table');
    const field = () => screen.getByLabelText('Transaction Status', { selector: 'input' });
    expect(field()).toHaveValue('');
    await user.click(field());
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Match', 'Partial', 'Mismatch', 'No transaction', 'Multiple transactions']);
    await user.click(screen.getByRole('option', { name: 'Mismatch' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    await waitFor(() => expect(router.state.location.search).toContain('transaction_status=mismatch'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('confirmed');
    await waitFor(() =>
      expect(
        mock.calls('GET /bookings').map((c) => new URL(c.url, 'http://x').searchParams.get('transaction_status')),
      ).toEqual([null, 'mismatch']),
    );
    const sent = new URL(mock.calls('GET /bookings')[1]!.url, 'http://x').searchParams;
    expect(sent.get('status')).toBe('confirmed');
    // The panel reads it back from the URL (a bookmarked view), and Reset drops it.
    expect(field()).toHaveValue('Mismatch');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('transaction_status'));
  });

  it('shows the empty text', async () => {
    const empty = page([], { from: null, to: null, total: 0, last_page: 1, current_page: 1 });
    renderBookings('/bookings', empty, {}, agentUser);
    expect(await screen.findByText('No bookings found matching your criteria.')).toBeInTheDocument();
  });

  it('gives an agent no admin actions', async () => {
    const actions = { view: true, edit: true, delete: false, cancel: false, payout: false, transactions_link: false };
    renderBookings('/bookings', page([row(1, { actions })]), ref1, agentUser);
    await screen.findByTestId('bookings-table');
    expect(screen.getByRole('link', { name: 'Edit REF-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete REF-1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Transactions for REF-1' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^agent$/i, { selector: 'input' })).not.toBeInTheDocument();
  });

  it('deletes through the confirmation modal (Escape closes it) and shows the banner', async () => {
    const { mock, user, dialog } = await openRowDialog('Delete', 'Confirm Delete', {
      'POST /bookings/1': done('Booking deleted successfully'),
    });
    expect(dialog.querySelector('input[name="_method"]')).toHaveValue('DELETE');
    expect(dialog.querySelector('input[name="_token"]')).toHaveValue('test-csrf-token');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete REF-1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(mock.calls('POST /bookings/1')).toHaveLength(1));
    expect(mock.calls('POST /bookings/1')[0]?.body).toEqual({ _method: 'DELETE' });
    expect(await screen.findByTestId('success-banner')).toHaveTextContent('Booking deleted successfully');
  });

  it('cancels with a note through the cancellation modal', async () => {
    const { mock, user, dialog } = await openRowDialog('Cancel', 'Confirm Cancellation', {
      'POST /bookings/1/cancel': done('Booking cancelled successfully'),
    });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Cancellation Note'), 'Customer changed plans');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(mock.calls('POST /bookings/1/cancel')).toHaveLength(1));
    expect(mock.calls('POST /bookings/1/cancel')[0]?.body).toEqual({ cancellation_note: 'Customer changed plans' });
    expect(await screen.findByTestId('success-banner')).toHaveTextContent('Booking cancelled successfully');
  });
});
