import { explainExpectedCommission, parseMoney, percent, resolveBookingRate } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { bookingDetail } from '../../../testing/booking-fixtures';
import { commissionLine, subAgentBookingDetail } from '../../../testing/booking-fixtures';
import { adminUser, agentUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const patParent = { id: 9, name: 'Pat Parent' };
const alexAgent = { id: 42, name: 'Alex Agent' };
/** TR-1: 100.00 CAD booked by Alex Agent as a sub-agent of Pat Parent (70%, split 60%): 42.00 + 28.00. */
const booking = (over: Parameters<typeof bookingDetail>[1] = {}) =>
  subAgentBookingDetail(5, {
    actions: { view: true, edit: true, delete: false, cancel: false, payout: false, transactions_link: false },
    notes: 'Window seat',
    booking_receipt: { id: 1, filename: 'receipt.pdf', url: '/bookings/5/receipt' },
    actual_commissions: [
      commissionLine(1, alexAgent, 'sub_agent', 42, [42, 2.1, 44.1]),
      commissionLine(2, patParent, 'parent', 28, [28, 0, 28]),
    ],
    ...over,
  });

/** An admin's page also asks for the supplier credits that may be the booking's money (none here). */
const noPossibleCredits = { body: { status: 'success', data: { can_take_credit: true, suggestions: [] } } };

/** `GET /bookings/5/commission-explanation`, worked out by the domain as the server does. */
function explanation() {
  const gross = parseMoney('100.00');
  if (!gross.ok) throw new Error(gross.error);
  const rate = resolveBookingRate({
    direct: { percent: percent('70'), source: 'none' },
    link: {
      parent_agent_id: 9,
      split_percentage: percent('60'),
      supplier_in_link: true,
      parentRate: { percent: percent('70'), source: 'agent_default' },
    },
  });
  const names: Record<number, string> = { 9: patParent.name, 42: alexAgent.name };
  const agentName = (id: number) => names[id] ?? `agent #${id}`;
  const line = (agent: { id: number; name: string }, role: string, pct: string, amount: string) => ({
    agent_id: agent.id,
    agent_name: agent.name,
    role,
    percentage: pct,
    amount,
    gst_amount: '0.00',
    total_with_gst: amount,
    paid_amount: '0.00',
    status: 'pending',
    payment_date: null,
  });
  return {
    status: 'success',
    data: {
      booking_id: 5,
      booking_reference: 'TR-1',
      booking_date: '2026-03-01',
      supplier_name: 'Transat',
      currency_code: 'CAD',
      booking_amount: '100.00',
      stored_expected_commission: '70.00',
      is_consistent: true,
      agents: { primary: patParent, parent: patParent, sub_agent: alexAgent },
      ...explainExpectedCommission({ gross: gross.value, rate, subAgentId: 42, agentName }),
    },
    lines: [line(alexAgent, 'sub_agent', '42.00', '42.00'), line(patParent, 'parent', '28.00', '28.00')],
  };
}

describe('Booking page', () => {
  it('shows the read fields, the commission lines with GST and totals, history and the receipt', async () => {
    mockFetch({
      'GET /bookings/5': { body: { status: 'success', data: booking() } },
      'GET /bookings/5/commission-explanation': { body: explanation() },
    });
    renderApp('/bookings/5', { session: sessionFor(agentUser) });
    expect(await screen.findByRole('heading', { name: 'Booking TR-1' })).toBeInTheDocument();
    const lines = screen.getByTestId('commission-lines');
    const rows = within(lines).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Alex Agent');
    expect(rows[1]).toHaveTextContent('sub-agent');
    expect(rows.at(-1)).toHaveTextContent(/Total.*CA\$70\.00.*CA\$2\.10.*CA\$72\.10/);
    expect(await screen.findByTestId('commission-explanation')).toHaveTextContent(
      'Split 60.00%: Alex Agent gets 70.00% × 60.00% = 42.00% of gross, Pat Parent the rest of 70.00%.',
    );
    expect(screen.getByText('Alex Agent (split 60%)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /receipt\.pdf/ })).toHaveAttribute('href', '/bookings/5/receipt');
    expect(within(screen.getByTestId('history')).getByText('Created')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/bookings/5/edit');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows what was paid on each line, and the percentage a custom split paid it at', async () => {
    // A bulk payout paid the whole 100.00 at Alex 50% / Pat 20% instead of their 42% / 28%.
    const paidLine = (line: ReturnType<typeof commissionLine>, paid: number, at: number) => ({
      ...line,
      status: 'paid' as const,
      paid_amount: paid,
      payment_date: '2026-03-05',
      paid_percentages: [at],
      custom_split: true,
    });
    mockFetch({
      'GET /bookings/5': {
        body: {
          status: 'success',
          data: booking({
            status: 'completed',
            paid_amount: 100,
            remaining_amount: 0,
            actual_commissions: [
              paidLine(commissionLine(1, alexAgent, 'sub_agent', 42, [42, 2.1, 44.1]), 50, 50),
              {
                ...commissionLine(2, patParent, 'parent', 28, [28, 0, 28]),
                status: 'paid',
                paid_amount: 28,
                paid_percentages: [28],
              },
            ],
          }),
        },
      },
      'GET /bookings/5/commission-explanation': { body: explanation() },
      'GET /api/bookings/5/match-suggestions': noPossibleCredits,
    });
    renderApp('/bookings/5', { session: sessionFor(adminUser) });
    const alex = within(await screen.findByTestId('commission-line-1'));
    // The line keeps its own percentage and amount; Paid says what went to the agent.
    expect(alex.getByText('42%')).toBeInTheDocument();
    expect(alex.getByText('CA$42.00')).toBeInTheDocument();
    expect(alex.getByTestId('line-paid')).toHaveTextContent('CA$50.00 at 50% (custom split)');
    expect(alex.getByText(/^paid/)).toBeInTheDocument();
    const pat = within(screen.getByTestId('commission-line-2'));
    expect(pat.getByTestId('line-paid')).toHaveTextContent(/^CA\$28\.00$/);
    const rows = within(screen.getByTestId('commission-lines')).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent(/Total.*CA\$70\.00.*CA\$2\.10.*CA\$72\.10.*CA\$78\.00/);
  });

  it("names exactly the fields each history entry changed, and the agent's own share", async () => {
    type Change = {
      field: string;
      before: string | number | null;
      after: string | number;
      before_name?: string | null;
      after_name?: string | null;
    };
    const entry = (id: string, action: string, changes: Change[]) => ({
      id,
      occurred_at: '2026-03-02T09:15:00.000Z',
      action,
      user_name: 'Alex Agent',
      before: {},
      after: {},
      meta: null,
      changes,
    });
    mockFetch({
      'GET /bookings/5': {
        body: {
          status: 'success',
          data: booking({
            my_commission: 42,
            actual_commissions: [commissionLine(1, alexAgent, 'sub_agent', 42, [42, 2.1, 44.1])],
            history: [
              entry('3', 'update', [{ field: 'notes', before: null, after: 'Window seat' }]),
              entry('2', 'update', [{ field: 'booking_amount', before: '90.00', after: '100.00' }]),
              // Issue 19 item 7: 'rate_source: tier_rule; supplier_id: 3' read as labels, names and money.
              entry('1', 'create', [
                { field: 'rate_source', before: null, after: 'tier_rule' },
                { field: 'supplier_id', before: null, after: 3, before_name: null, after_name: 'Transat' },
                { field: 'primary_agent_id', before: null, after: 9, before_name: null, after_name: 'Pat Parent' },
                { field: 'sub_agent_id', before: null, after: 42, before_name: null, after_name: null },
                { field: 'expected_commission', before: null, after: '1234.5' },
                { field: 'split_percentage', before: null, after: '60.0000' },
                { field: 'is_personal', before: null, after: 'false' },
                { field: 'booking_date', before: null, after: '2026-03-01' },
              ]),
            ],
          }),
        },
      },
      'GET /bookings/5/commission-explanation': { body: explanation() },
    });
    renderApp('/bookings/5', { session: sessionFor(agentUser) });
    const rows = within(await screen.findByTestId('history')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-03-02 09:15:00');
    expect(rows[1]).toHaveTextContent('Updated');
    expect(rows[1]).toHaveTextContent('Notes: Window seat');
    expect(rows[1]).not.toHaveTextContent('cancellation_note');
    expect(rows[2]).toHaveTextContent('Total Commission: CA$90.00 → CA$100.00');
    expect(rows[3]).toHaveTextContent('Created');
    expect(rows[3]).toHaveTextContent(
      'Rate from: Tier commission rule; Supplier: Transat; Primary Agent: Pat Parent; Sub-agent: Sub-agent #42; ' +
        'Expected Commission: CA$1,234.50; Split percentage: 60%; Personal Booking: No; Booking Date: Mar 1, 2026',
    );
    expect(rows[3]).not.toHaveTextContent(/rate_source|supplier_id|tier_rule/);
    expect(screen.getByText('Your Commission').nextSibling).toHaveTextContent('CA$42.00');
  });

  it("shows an agent's refund booking read-only with the reason instead of the edit form", async () => {
    mockFetch({
      'GET /bookings/5': {
        body: { status: 'success', data: booking({ booking_amount: -150, expected_commission: -105 }) },
      },
    });
    renderApp('/bookings/5/edit', { session: sessionFor(agentUser) });
    expect(await screen.findByTestId('edit-refused')).toHaveTextContent('Only an admin can edit a refund booking.');
    expect(screen.getByTestId('booking-details')).toHaveTextContent('TR-1');
    expect(screen.queryByTestId('booking-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Booking' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the booking' })).toHaveAttribute('href', '/bookings/5');
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
      'GET /api/bookings/5/match-suggestions': noPossibleCredits,
    });
    renderApp('/bookings/5', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(screen.queryByTestId('commission-explanation')).not.toBeInTheDocument();
  });

  it('offers the way back, not Retry, for a booking that does not exist', async () => {
    mockFetch({
      'GET /bookings/404': { status: 404, body: { status: 'error', message: 'The booking was not found.' } },
    });
    renderApp('/bookings/404', { session: sessionFor(adminUser) });
    const error = await screen.findByTestId('query-error');
    expect(error).toHaveTextContent('The booking was not found.');
    expect(within(error).getByRole('link', { name: 'Back to bookings' })).toHaveAttribute('href', '/bookings');
    expect(within(error).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry and the way back when the booking could not be loaded', async () => {
    mockFetch({ 'GET /bookings/5': { status: 500, body: { status: 'error', message: 'Server Error' } } });
    renderApp('/bookings/5', { session: sessionFor(adminUser) });
    const error = await screen.findByTestId('query-error');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(error).getByRole('link', { name: 'Back to bookings' })).toBeInTheDocument();
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
    expect(await screen.findByTestId('sub-agent-panel')).toHaveTextContent('Primary agent: Pat Parent');
    expect(screen.getByTestId('expected-commission')).toHaveValue('70.00');
  });
});
