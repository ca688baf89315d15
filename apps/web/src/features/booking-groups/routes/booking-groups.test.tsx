import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentUser } from '../../../testing/fixtures';
import { done, ok, pageOf, renderScreen } from '../../../testing/screen';

const available = (id: number, agent: string) => ({
  id,
  booking_reference: `REF-${id}`,
  customer_name: `Customer ${id}`,
  booking_amount: 100.5,
  currency: { code: 'CAD', symbol: 'C$' },
  agent_name: agent,
  agent_id: id,
});
/** A group as the server reads it back (`GET /booking-groups/{id}`, and the data of a save). */
const group = (id: number, name: string, description: string, bookings: ReturnType<typeof available>[]) => ({
  id,
  name,
  description,
  agent_id: 42,
  agent_name: 'Alex Agent',
  bookings_count: bookings.length,
  totals: bookings.length
    ? [
        {
          currency_code: 'CAD',
          currency_symbol: 'C$',
          total: 100.5 * bookings.length,
          expected_commission: 0,
          my_commission: 0,
        },
      ]
    : [],
  created_at: '2026-01-01T10:00:00.000Z',
  selectedBookings: bookings.map((b) => b.id),
  bookings,
});
const savedGroup = (message: string, data: ReturnType<typeof group>) =>
  done(message, { data, redirect: '/booking-groups' });
const emptyList = pageOf([]);

describe('Booking-group form', () => {
  it('lets an admin filter the bookings by agent (All Agents refetches without one) and creates the group', async () => {
    const { mock, user, router } = renderScreen('/booking-groups/create', {
      'GET /agents-list': ok([
        { id: 7, name: 'Bea Broker', email: null, user: { name: 'Bea Broker' }, fareconnect_number: 'FC100007' },
      ]),
      'GET /bookings-available-for-group': (req) =>
        new URL(req.url, 'http://x').searchParams.get('agent_id') === '7'
          ? ok([available(2, 'Bea Broker')])
          : ok([available(1, 'Alex Agent'), available(2, 'Bea Broker')]),
      'POST /booking-groups': savedGroup(
        'Booking group created successfully',
        group(4, 'Smith family', '', [available(2, 'Bea Broker')]),
      ),
      'GET /booking-groups': emptyList,
    });
    expect(await screen.findByRole('heading', { name: 'Create Booking Group' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'REF-1 Customer 1' })).toBeInTheDocument();
    expect(screen.getAllByText(/100\.50/).length).toBeGreaterThan(0);

    const agent = screen.getByLabelText('Agent', { selector: 'input' });
    expect(agent).toHaveValue('All Agents');
    await user.click(agent);
    await user.click(await screen.findByRole('option', { name: 'Bea Broker' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'REF-1 Customer 1' })).not.toBeInTheDocument());
    expect(
      mock
        .calls('GET /bookings-available-for-group')
        .map((r) => new URL(r.url, 'http://x').searchParams.get('agent_id')),
    ).toEqual([null, '7']);

    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(mock.calls('POST /booking-groups')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^group name/i), 'Smith family');
    await user.click(screen.getByRole('checkbox', { name: 'REF-2 Customer 2' }));
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-groups'));
    expect(mock.calls('POST /booking-groups')[0]?.body).toEqual({
      name: 'Smith family',
      description: '',
      selectedBookings: [2],
    });
  });

  it('shows no agent filter to an agent, the empty text, and the error message on failure', async () => {
    const { user } = renderScreen(
      '/booking-groups/create',
      {
        'GET /bookings-available-for-group': ok([]),
        'POST /booking-groups': { status: 500, body: { status: 'error', message: 'Database down' } },
      },
      agentUser,
    );
    expect(await screen.findByText('No available bookings to add to this group.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Agent', { selector: 'input' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^group name/i), 'Trip');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error submitting form: Database down');
  });

  it('edits a group: Edit Booking Group, its bookings ticked, Update Group', async () => {
    const { mock, user } = renderScreen(
      '/booking-groups/3/edit',
      {
        'GET /booking-groups/3': ok(group(3, 'Tour', 'x', [available(1, 'Alex Agent')])),
        'GET /bookings-available-for-group': ok([available(1, 'Alex Agent')]),
        'POST /booking-groups/3': savedGroup('Booking group updated successfully', group(3, 'Tour', 'x', [])),
        'GET /booking-groups': emptyList,
      },
      agentUser,
    );
    expect(await screen.findByRole('heading', { name: 'Edit Booking Group' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'REF-1 Customer 1' })).toBeChecked();
    expect(
      new URL(mock.calls('GET /bookings-available-for-group')[0]!.url, 'http://x').searchParams.get('group_id'),
    ).toBe('3');
    await user.click(screen.getByRole('checkbox', { name: 'REF-1 Customer 1' }));
    await user.click(screen.getByRole('button', { name: 'Update Group' }));
    await waitFor(() => expect(mock.calls('POST /booking-groups/3')).toHaveLength(1));
    expect(mock.calls('POST /booking-groups/3')[0]?.body).toEqual({
      name: 'Tour',
      description: 'x',
      selectedBookings: [],
      _method: 'PUT',
    });
    expect(await screen.findByTestId('success-banner')).toHaveTextContent('Booking group updated successfully');
  });
});
