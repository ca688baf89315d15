import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, agentUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const booking = (over: Record<string, unknown> = {}) => ({
  id: 5,
  booking_reference: 'TR-1',
  booking_date: '2026-03-01',
  customer_name: 'Jean Client',
  booking_amount: 100,
  expected_commission: 70,
  paid_amount: 0,
  remaining_amount: 100,
  status: 'pending',
  is_personal: false,
  is_reconciled: false,
  is_sub_agent: true,
  is_claimed_booking: false,
  booking_group_id: null,
  primary_agent_id: 9,
  primary_agent: { id: 9, user: { name: 'Pat Parent' } },
  sub_agent_id: 42,
  sub_agent: { id: 42, user: { name: 'Alex Agent' } },
  supplier_id: 3,
  supplier: { id: 3, name: 'Transat', currency_symbol: 'C$', currency: { code: 'CAD', symbol: 'C$' } },
  actions: { view: true, edit: true, delete: false, cancel: false, payout: false, transactions_link: false },
  trip_number: null,
  notes: 'Window seat',
  commission_percentage: 70,
  rate_source: 'agent_default',
  parent_agent_id: 9,
  split_percentage: 60,
  booking_group: null,
  booking_receipt: { id: 1, filename: 'receipt.pdf', url: '/bookings/5/receipt' },
  cancellation_note: null,
  created_at: '2026-03-01T10:00:00Z',
  actual_commissions: [
    line(1, 42, 'Alex Agent', 'sub_agent', 42, 42, 2.1, 44.1),
    line(2, 9, 'Pat Parent', 'parent', 28, 28, 0, 28),
  ],
  transaction_status: { status: 'no_transaction', transaction_count: 0, can_payout: false, transactions: [] },
  history: [
    {
      id: 1,
      occurred_at: '2026-03-01T10:00:00Z',
      action: 'create',
      user_name: 'Alex Agent',
      before: null,
      after: { status: 'pending' },
      meta: null,
    },
  ],
  ...over,
});
function line(
  id: number,
  agentId: number,
  name: string,
  role: string,
  pct: number,
  amount: number,
  gst: number,
  total: number,
) {
  return {
    id,
    agent_id: agentId,
    agent: { id: agentId, user: { name } },
    role,
    status: 'pending',
    percentage: pct,
    amount,
    gst_amount: gst,
    total_with_gst: total,
    paid_amount: 0,
    payment_date: null,
  };
}

describe('Booking page', () => {
  it('shows the read fields, the commission lines with GST and totals, history and the receipt', async () => {
    mockFetch({
      'GET /bookings/5': { body: { status: 'success', data: booking() } },
      'GET /bookings/5/commission-explanation': {
        body: { status: 'success', data: { lines: ['Rate 70.00% from the agent default.', 'Sub-agent: 60% of it.'] } },
      },
    });
    renderApp('/bookings/5', { session: sessionFor(agentUser) });
    expect(await screen.findByRole('heading', { name: 'Booking TR-1' })).toBeInTheDocument();
    const lines = screen.getByTestId('commission-lines');
    const rows = within(lines).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Alex Agent');
    expect(rows[1]).toHaveTextContent('sub-agent');
    expect(rows.at(-1)).toHaveTextContent(/Total.*CA\$70\.00.*CA\$2\.10.*CA\$72\.10/);
    expect(await screen.findByTestId('commission-explanation')).toHaveTextContent('Sub-agent: 60% of it.');
    expect(screen.getByText('Alex Agent (split 60%)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /receipt\.pdf/ })).toHaveAttribute('href', '/bookings/5/receipt');
    expect(within(screen.getByTestId('history')).getByText('create')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/bookings/5/edit');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows no explanation when the explanation call fails, and the admin actions', async () => {
    mockFetch({
      'GET /bookings/5': {
        body: {
          status: 'success',
          data: booking({
            actions: { view: true, edit: true, delete: true, cancel: true, payout: false, transactions_link: true },
          }),
        },
      },
      'GET /bookings/5/commission-explanation': { status: 404, body: { status: 'error', message: 'Not found.' } },
    });
    renderApp('/bookings/5', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(screen.queryByTestId('commission-explanation')).not.toBeInTheDocument();
  });

  it('loads the booking into the edit form', async () => {
    mockFetch({
      'GET /bookings/5': { body: { status: 'success', data: booking() } },
      'GET /api/suppliers': { body: { status: 'success', data: [] } },
      'GET /api/booking-groups': { body: { status: 'success', data: [] } },
      'GET /api/booking-suppliers': { body: { status: 'success', data: [] } },
      'POST /api/check-booking-reference': { body: { exists: false, message: '' } },
      'GET /commissions/rates': {
        body: {
          is_sub_agent: true,
          commission_percentage: 70,
          parent_commission_percentage: 28,
          sub_agent_commission_percentage: 42,
          split_percentage: 60,
          parent_agent_id: 9,
        },
      },
    });
    renderApp('/bookings/5/edit', { session: sessionFor(agentUser) });
    expect(await screen.findByRole('button', { name: 'Update Booking' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^customer name/i, { selector: 'input' })).toHaveValue('Jean Client');
    expect(screen.getByLabelText(/^notes/i)).toHaveValue('Window seat');
    expect(await screen.findByTestId('sub-agent-panel')).toHaveTextContent('Primary agent id: 9');
    expect(screen.getByTestId('expected-commission')).toHaveValue('70.00');
  });
});
