import { BOOKING_REFERENCE_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { agentOption, bookingDetail, subAgentBookingDetail } from '../../../testing/booking-fixtures';
import { adminUser, agentUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch, type RecordedRequest } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const gbp = { id: 1, name: 'British Pound', code: 'GBP', symbol: '£' };
const cad = { id: 2, name: 'Canadian Dollar', code: 'CAD', symbol: 'C$' };
const supplier = (id: number, name: string, currency: typeof gbp, format: string | null) => ({
  id,
  name,
  currency_id: currency.id,
  currency,
  currency_symbol: currency.symbol,
  booking_number_format: format,
  commission_due_days: 60,
  match_tolerance_percent: 2,
});
const SUPPLIERS = [
  supplier(1, 'Sunwing', cad, 'SW0000000'),
  supplier(2, 'TUI UK', gbp, null),
  supplier(3, 'Transat', cad, null),
  supplier(4, 'Nobody Air', gbp, null),
];
const rateResponse = (pct: number, sub?: { parent: number; split: number }) => ({
  is_sub_agent: !!sub,
  commission_percentage: pct,
  parent_commission_percentage: sub ? (pct * (100 - sub.split)) / 100 : null,
  sub_agent_commission_percentage: sub ? (pct * sub.split) / 100 : null,
  split_percentage: sub?.split ?? null,
  parent_agent_id: sub?.parent ?? null,
});
/** Agent 42: Sunwing 12.5 (tier), TUI 10, Transat through parent 9 (split 60, parent rate 70), none for Nobody Air. */
const RATES: Record<string, ReturnType<typeof rateResponse>> = {
  '1': rateResponse(12.5),
  '2': rateResponse(10),
  '3': rateResponse(70, { parent: 9, split: 60 }),
  '4': rateResponse(0),
};
const rates = (req: RecordedRequest) => {
  const url = new URL(req.url, 'http://localhost');
  return { body: RATES[url.searchParams.get('supplier_id') ?? ''] ?? rateResponse(0) };
};
/** `GET /api/booking-suppliers` from the same rates: bookable ones for the agent, all (annotated) for an admin's agent. */
const bookingSuppliers = (req: RecordedRequest) => {
  const forAgent = new URL(req.url, 'http://localhost').searchParams.get('agent_id');
  const data = SUPPLIERS.map((s) => {
    const r = RATES[String(s.id)] ?? rateResponse(0);
    return {
      id: s.id,
      name: s.name,
      currency_symbol: s.currency_symbol,
      booking_number_format: s.booking_number_format,
      parentAgentName: r.parent_agent_id === null ? null : 'Pat Parent',
      parentAgentId: r.parent_agent_id,
      splitPercentage: r.split_percentage,
      commission_percentage: r.commission_percentage,
      bookable: r.is_sub_agent || r.commission_percentage > 0,
    };
  }).filter((s) => forAgent !== null || s.bookable);
  return { body: { status: 'success', data } };
};
const ok = (data: unknown) => ({ body: { status: 'success', data } });
const noWarning = { body: { exists: false, message: '' } };

function mockForm(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/suppliers': ok(SUPPLIERS),
    'GET /commissions/rates': rates,
    'GET /api/booking-suppliers': bookingSuppliers,
    'GET /api/booking-groups': ok([{ id: 5, name: 'Smith family' }]),
    'GET /agents-list': ok([agentOption(42, 'Alex Agent', 'a@x.test'), agentOption(43, 'Bea Broker', 'b@x.test')]),
    'POST /api/check-booking-reference': noWarning,
    'POST /api/check-unclaimed-transaction': { status: 404, body: { status: 'error', message: 'Not found.' } },
    'POST /api/check-duplicate-booking-supplier': { body: { has_duplicate: false, message: '', bookings: [] } },
    'GET /bookings': {
      body: { data: [], current_page: 1, last_page: 1, per_page: 25, from: null, to: null, total: 0 },
    },
    ...extra,
  });
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function pickSupplier(user: ReturnType<typeof renderApp>['user'], name: string) {
  const field = input(/^supplier/i);
  await user.click(field);
  await user.click(await screen.findByRole('option', { name }));
}

describe('Booking form (agent)', () => {
  it('offers the suppliers the agent can book, labels parent-agent ones, and keeps the status pending', async () => {
    mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    const field = input(/^supplier/i);
    await user.click(field);
    expect(await screen.findByRole('option', { name: 'Sunwing' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Transat (via Pat Parent)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Nobody Air' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    const status = input(/^status/i);
    expect(status).toBeDisabled();
    expect(status).toHaveValue('Pending');
    expect(screen.getByTestId('hidden-status')).toHaveValue('pending');
    expect(screen.queryByLabelText(/^primary agent/i)).not.toBeInTheDocument();
    expect(
      screen.getByText(/Suppliers marked 'via Agent Name' require working with a parent agent/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Negative amounts create refund bookings.')).not.toBeInTheDocument();
    expect(input(/^total commission/i)).toHaveAttribute('min', '0');
    // Default booking date is today.
    expect(input(/^booking date/i)).toHaveValue(new Date().toLocaleDateString('en-CA'));
  });

  it('computes the expected commission live and exactly, and recomputes when the supplier changes', async () => {
    const mock = mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    const expected = screen.getByTestId('expected-commission');
    expect(expected).toHaveValue('');
    await pickSupplier(user, 'TUI UK');
    await user.type(input(/^total commission/i), '333.33');
    await waitFor(() => expect(expected).toHaveValue('33.33'));

    await pickSupplier(user, 'Sunwing');
    // 333.33 × 12.5 / 100 = 41.66625 → 41.67 (half away from zero, no float drift)
    await waitFor(() => expect(expected).toHaveValue('41.67'));
    // The prefix is written as every screen writes CAD (lib/format), not the stored 'C$'.
    expect(within(screen.getByTestId('booking-form')).getAllByText('CA$').length).toBeGreaterThan(0);
    const rateCalls = mock.calls('GET /commissions/rates').map((r) => new URL(r.url, 'http://x').searchParams);
    expect(rateCalls.some((p) => p.get('supplier_id') === '1' && p.get('agent_id') === '42' && p.get('date'))).toBe(
      true,
    );

    await user.clear(input(/^total commission/i));
    expect(expected).toHaveValue('');
  });

  it('shows the sub-agent panel for a supplier reached through a parent agent', async () => {
    mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'Transat (via Pat Parent)');
    const panel = await screen.findByTestId('sub-agent-panel');
    // Names, not ids (issue 19 item 6): the parent is also the primary agent.
    expect(panel).toHaveTextContent('Sub-agent: Alex Agent');
    expect(panel).toHaveTextContent('Parent agent: Pat Parent');
    expect(panel).toHaveTextContent('Split percentage: 60%');
    expect(panel).toHaveTextContent('Primary agent: Pat Parent');
    expect(panel).not.toHaveTextContent(/\bid\b/);
    await user.type(input(/^total commission/i), '100');
    // The Expected Commission stays the agent side (spec); under it, the sub-agent's own share, as in
    // their list: 60% of 70.00 = 42.00.
    await waitFor(() => expect(screen.getByTestId('expected-commission')).toHaveValue('70.00'));
    expect(screen.getByTestId('sub-agent-share').textContent).toBe('Your share: CA$42.00 (60% split)');
    await user.clear(input(/^total commission/i));
    await user.type(input(/^total commission/i), '0.06');
    // One rounding of 0.06 × 70% × 60% = 0.0252, as the server's line: not 60% of the rounded 0.04, so the line
    // names the split, not '60% of CA$0.04', which 0.03 is not.
    await waitFor(() =>
      expect(screen.getByTestId('sub-agent-share').textContent).toBe('Your share: CA$0.03 (60% split)'),
    );
    expect(screen.getByTestId('expected-commission')).toHaveValue('0.04');
  });

  it('shows no share line for a booking of your own', async () => {
    mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'Sunwing');
    await user.type(input(/^total commission/i), '100');
    await waitFor(() => expect(screen.getByTestId('expected-commission')).toHaveValue('12.50'));
    expect(screen.queryByTestId('sub-agent-share')).not.toBeInTheDocument();
  });

  it('blocks the submit when required fields are missing, marks each, and clears the message once they are filled', async () => {
    const mock = mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await user.type(input(/^customer name/i), 'Jean Client');
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    expect(await screen.findByTestId('block-alert')).toHaveTextContent(REQUIRED_FIELDS_MESSAGE);
    expect(mock.calls('POST /bookings')).toHaveLength(0);
    // Brought into view (the submit button is at the bottom of a long form).
    await waitFor(() => expect(scrolled.mock.contexts).toContain(screen.getByTestId('block-alert')));
    expect(input(/^booking reference/i)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^total commission/i)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The booking reference field is required.')).toBeInTheDocument();
    expect(screen.getByText('The booking amount field is required.')).toBeInTheDocument();
    // Filled in: not marked, and not named as missing.
    expect(input(/^customer name/i)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('The customer name field is required.')).not.toBeInTheDocument();

    await user.type(input(/^booking reference/i), 'TUI-100');
    expect(input(/^booking reference/i)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('block-alert')).toBeInTheDocument(); // the amount is still missing
    await user.type(input(/^total commission/i), '10');
    expect(screen.queryByTestId('block-alert')).not.toBeInTheDocument();
    expect(screen.queryByText('The booking amount field is required.')).not.toBeInTheDocument();
  });

  it("shows the shared schema's message on a field before sending (no supplier chosen)", async () => {
    const mock = mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await user.type(input(/^booking reference/i), 'TUI-100');
    await user.type(input(/^customer name/i), 'Jean Client');
    await user.type(input(/^total commission/i), '10');
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    expect(await screen.findByText('The supplier field is required.')).toBeInTheDocument();
    expect(screen.queryByTestId('block-alert')).not.toBeInTheDocument();
    expect(mock.calls('POST /bookings')).toHaveLength(0);
    await pickSupplier(user, 'TUI UK');
    expect(screen.queryByText('The supplier field is required.')).not.toBeInTheDocument();
  });

  it('refuses a lowercase reference with the spec message and blocks the submit', async () => {
    const mock = mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'TUI UK');
    await user.type(input(/^booking reference/i), 'ab-12');
    expect(screen.getByText(BOOKING_REFERENCE_MESSAGE)).toBeInTheDocument();
    await user.type(input(/^customer name/i), 'Jean Client');
    await user.type(input(/^total commission/i), '10');
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    expect(await screen.findByTestId('block-alert')).toHaveTextContent(BOOKING_REFERENCE_MESSAGE);
    expect(mock.calls('POST /bookings')).toHaveLength(0);
  });

  it("masks the reference with the supplier's format: red while it does not match, green when it does", async () => {
    mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'Sunwing');
    const ref = input(/^booking reference/i);
    await user.type(ref, 'sw12');
    expect(ref).toHaveValue('SW12');
    expect(ref).toHaveAttribute('data-format-state', 'mismatch');
    expect(ref).toHaveAccessibleDescription(/Format should match: SW0000000/);
    await user.type(ref, '34567');
    expect(ref).toHaveValue('SW1234567');
    expect(ref).toHaveAttribute('data-format-state', 'match');
    expect(screen.queryByText('Format should match: SW0000000')).not.toBeInTheDocument();
  });

  // Issue 19 item 13: the mask never replaces, drops or cuts what was typed; it says the format instead.
  it.each([
    ['sw12345678', 'SW12345678'], // one digit too many: kept, not cut
    ['swabcdefg', 'SWABCDEFG'], // letters where digits belong: kept, not dropped
    ['sw123-4567', 'SW123-4567'], // a hyphen where the format has none: kept
  ])('keeps %s as %s, red, with the format message', async (typed, shown) => {
    mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'Sunwing');
    const ref = input(/^booking reference/i);
    await user.type(ref, typed);
    expect(ref).toHaveValue(shown);
    await user.tab();
    expect(ref).toHaveValue(shown);
    expect(ref).toHaveAttribute('data-format-state', 'mismatch');
    expect(screen.getByText('Format should match: SW0000000')).toBeInTheDocument();
  });

  it('warns about a duplicate reference (amber, server message)', async () => {
    const mock = mockForm({
      'POST /api/check-booking-reference': {
        body: { exists: true, message: 'A booking with reference TUI-1 already exists.' },
      },
    });
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await user.type(input(/^booking reference/i), 'TUI-1');
    expect(await screen.findByTestId('duplicate-reference')).toHaveTextContent(
      'A booking with reference TUI-1 already exists.',
    );
    // A new booking excludes none (the endpoint's body has the field, null for none).
    expect(mock.calls('POST /api/check-booking-reference').at(-1)?.body).toEqual({
      booking_reference: 'TUI-1',
      agent_id: 42,
      exclude_booking_id: null,
    });
  });

  it("sends the parent agent as the primary agent for a supplier booked through the parent (the spec's hidden field)", async () => {
    const mock = mockForm({
      'POST /bookings': {
        body: {
          status: 'success',
          message: 'Booking created successfully',
          data: bookingDetail(9, { primary_agent_id: 9, sub_agent_id: 42 }),
          redirect: '/bookings/9',
        },
      },
    });
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'Transat (via Pat Parent)');
    const panel = await screen.findByTestId('sub-agent-panel');
    expect(panel).toHaveTextContent('Sub-agent: Alex Agent');
    await user.type(input(/^booking reference/i), 'TR-100');
    await user.type(input(/^customer name/i), 'Jean Client');
    await user.type(input(/^total commission/i), '100');
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(mock.calls('POST /bookings')).toHaveLength(1));
    expect(mock.calls('POST /bookings')[0]?.body).toMatchObject({ primary_agent_id: '9', status: 'pending' });
  });

  it('posts the booking as multipart and shows the success banner on the list', async () => {
    const mock = mockForm({
      'POST /bookings': {
        body: {
          status: 'success',
          message: 'Booking created successfully',
          data: bookingDetail(9, { booking_reference: 'TUI-100', customer_name: 'Jean Client', is_personal: true }),
          redirect: '/bookings/9',
        },
      },
    });
    const { user, router } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'TUI UK');
    await user.type(input(/^booking reference/i), 'TUI-100');
    await user.type(input(/^customer name/i), 'Jean Client');
    await user.type(input(/^total commission/i), '250.5');
    await user.click(screen.getByRole('checkbox', { name: 'Personal Booking' }));
    expect(screen.getByTestId('personal-note')).toHaveTextContent('Personal Booking form on the resource site');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    // The list opens at its top, where the success banner is.
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    const body = mock.calls('POST /bookings')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({
      supplier_id: '2',
      booking_reference: 'TUI-100',
      customer_name: 'Jean Client',
      booking_amount: '250.5',
      expected_commission: '25.05',
      status: 'pending',
      is_personal: '1',
      is_group_booking: '0',
    });
    // An agent's primary agent is fixed to their own agent (spec §6), sent as the form shows it.
    expect(body.primary_agent_id).toBe('42');
    expect(await screen.findByTestId('success-banner')).toHaveTextContent('Booking created successfully');
  });

  it('shows the first server message on each field', async () => {
    mockForm({
      'POST /bookings': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { booking_reference: ['Format should match: SW0000000', 'second'], customer_name: ['Too long.'] },
        },
      },
    });
    const { user } = renderApp('/bookings/create', { session: sessionFor(agentUser) });
    await pickSupplier(user, 'TUI UK');
    await user.type(input(/^booking reference/i), 'TUI-100');
    await user.type(input(/^customer name/i), 'Jean Client');
    await user.type(input(/^total commission/i), '10');
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    expect(await screen.findByText('Format should match: SW0000000')).toBeInTheDocument();
    expect(screen.getByText('Too long.')).toBeInTheDocument();
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });
});

describe('Booking form (admin)', () => {
  it('lets an admin choose the primary agent and status, and refetches the rate for that agent', async () => {
    const mock = mockForm();
    const { user } = renderApp('/bookings/create', { session: sessionFor(adminUser) });
    expect(screen.getByText('Negative amounts create refund bookings.')).toBeInTheDocument();
    expect(input(/^status/i)).toBeEnabled();
    expect(input(/^total commission/i)).not.toHaveAttribute('min');
    await user.click(input(/^primary agent/i));
    await user.click(await screen.findByRole('option', { name: 'Bea Broker' }));
    await pickSupplier(user, 'Sunwing');
    await user.type(input(/^total commission/i), '-200');
    await waitFor(() => expect(screen.getByTestId('expected-commission')).toHaveValue('-25.00'));
    const calls = mock.calls('GET /commissions/rates').map((r) => new URL(r.url, 'http://x').searchParams);
    expect(calls.at(-1)?.get('agent_id')).toBe('43');
  });

  it('clears the rate when the rate fetch fails', async () => {
    mockForm({ 'GET /commissions/rates': { status: 500, body: { status: 'error', message: 'boom' } } });
    const { user } = renderApp('/bookings/create', { session: sessionFor(adminUser) });
    await user.click(input(/^primary agent/i));
    await user.click(await screen.findByRole('option', { name: 'Bea Broker' }));
    await pickSupplier(user, 'TUI UK');
    await user.type(input(/^total commission/i), '100');
    await waitFor(() => expect(screen.getByTestId('expected-commission')).toHaveValue('0.00'));
  });

  it('shows the parent as the primary agent of a via-parent booking and the sub-agent in the panel, and keeps both', async () => {
    const subBooking = subAgentBookingDetail(5);
    const mock = mockForm({
      'GET /bookings/5': { body: { status: 'success', data: subBooking } },
      'GET /agents-list': ok([
        agentOption(9, 'Pat Parent', 'p@x.test'),
        agentOption(42, 'Alex Agent', 'a@x.test'),
        agentOption(43, 'Bea Broker', 'b@x.test'),
      ]),
      'POST /bookings/5': {
        body: { status: 'success', message: 'Booking updated successfully', data: subBooking, redirect: '/bookings/5' },
      },
      // Only Alex (42) books Transat through Pat; Bea and Pat have a direct 10%.
      'GET /commissions/rates': (req: RecordedRequest) => {
        const agent = new URL(req.url, 'http://localhost').searchParams.get('agent_id');
        return { body: agent === '42' ? RATES['3'] : rateResponse(10) };
      },
    });
    const { user } = renderApp('/bookings/5/edit', { session: sessionFor(adminUser) });
    await waitFor(() => expect(input(/^primary agent/i)).toHaveValue('Pat Parent'));
    const panel = await screen.findByTestId('sub-agent-panel');
    expect(panel).toHaveTextContent('Sub-agent: Alex Agent');
    expect(panel).toHaveTextContent('Parent agent: Pat Parent');
    expect(panel).toHaveTextContent('Primary agent: Pat Parent');
    // An admin sees the sub-agent's share by name: 60% of 70.00 of the booking's 100.00.
    expect(screen.getByTestId('sub-agent-share').textContent).toBe("Alex Agent's share: CA$42.00 (60% split)");
    // The rate is the sub-agent's through the parent, as the server works it out.
    const rateAgents = mock
      .calls('GET /commissions/rates')
      .map((r) => new URL(r.url, 'http://x').searchParams.get('agent_id'));
    expect(new Set(rateAgents)).toEqual(new Set(['42']));
    // The reference checks leave the booking itself out.
    await waitFor(() => expect(mock.calls('POST /api/check-duplicate-booking-supplier')).not.toHaveLength(0));
    expect(mock.calls('POST /api/check-booking-reference')[0]?.body).toMatchObject({ exclude_booking_id: 5 });
    expect(mock.calls('POST /api/check-duplicate-booking-supplier')[0]?.body).toMatchObject({ exclude_booking_id: 5 });

    // Another agent chosen: the sub-agent state goes (spec §4); the parent again: it is back.
    await user.click(input(/^primary agent/i));
    await user.click(await screen.findByRole('option', { name: 'Bea Broker' }));
    await waitFor(() => expect(screen.queryByTestId('sub-agent-panel')).not.toBeInTheDocument());
    await user.click(input(/^primary agent/i));
    await user.click(await screen.findByRole('option', { name: 'Pat Parent' }));
    expect(await screen.findByTestId('sub-agent-panel')).toHaveTextContent('Sub-agent: Alex Agent');

    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Update Booking' }));
    await waitFor(() => expect(mock.calls('POST /bookings/5')).toHaveLength(1));
    expect(mock.calls('POST /bookings/5')[0]?.body).toMatchObject({ primary_agent_id: '9', _method: 'PUT' });
  });

  it('goes back to the booking page it was opened from after a save, at the top, with the message', async () => {
    const saved = bookingDetail(5, { booking_reference: 'SW1234567', supplier_id: 1 });
    const mock = mockForm({
      'GET /bookings/5': { body: { status: 'success', data: saved } },
      'GET /bookings/5/commission-explanation': { status: 404, body: { status: 'error', message: 'Not found.' } },
      'GET /api/bookings/5/match-suggestions': ok({ can_take_credit: false, suggestions: [] }),
      'POST /bookings/5': {
        body: { status: 'success', message: 'Booking updated successfully', data: saved, redirect: '/bookings/5' },
      },
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { user, router } = renderApp('/bookings/5', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: 'Update Booking' }));
    await waitFor(() => expect(mock.calls('POST /bookings/5')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/5'));
    expect(await screen.findByTestId('success-banner')).toHaveTextContent('Booking updated successfully');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('generates a new group name and sends an existing group as its id', async () => {
    const mock = mockForm({
      'POST /bookings': {
        body: {
          status: 'success',
          message: 'Booking created successfully',
          data: bookingDetail(9, {
            booking_reference: 'TUI-7',
            customer_name: 'Ann',
            booking_group_id: 5,
            booking_group: { id: 5, name: 'Smith family' },
          }),
          redirect: '/bookings/9',
        },
      },
    });
    const { user } = renderApp('/bookings/create', { session: sessionFor(adminUser) });
    await user.click(screen.getByRole('checkbox', { name: 'Group Booking' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect((input(/^booking group/i) as HTMLInputElement).value).toMatch(/^Group \d{4}-\d{2}-\d{2}-\d{6}$/);
    expect(screen.getByTestId('group-mode')).toHaveTextContent('A new group will be created.');
    await user.clear(input(/^booking group/i));
    await user.type(input(/^booking group/i), 'Smith family');
    expect(screen.getByTestId('group-mode')).toHaveTextContent('Existing group #5');

    await user.click(input(/^primary agent/i));
    await user.click(await screen.findByRole('option', { name: 'Alex Agent' }));
    await pickSupplier(user, 'TUI UK');
    await user.type(input(/^booking reference/i), 'TUI-7');
    await user.type(input(/^customer name/i), 'Ann');
    await user.type(input(/^total commission/i), '10');
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(mock.calls('POST /bookings')).toHaveLength(1));
    expect(mock.calls('POST /bookings')[0]?.body).toMatchObject({
      is_group_booking: '1',
      booking_group_id: '5',
      primary_agent_id: '42',
    });
  });
});
