import { addDays, bornOnOrBefore } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../../lib/dates';
import { adminUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const agent = {
  id: 9,
  user: { id: 19, name: 'Ana Lee', email: 'ana@x.test' },
  full_name: 'Ana Lee',
  nickname: '',
  home_address: '1 Main St',
  phone_number: '416-555-0100',
  fareconnect_email: 'ana@x.test',
  personal_email: '',
  date_of_birth: '1985-03-12',
  sin_number: '046454286',
  fareconnect_number: 'FC100001',
  country_id: 1,
  state_id: 11,
  inactive: false,
  commission_tier_id: 1,
  commission_tier: { id: 1, name: 'Gold' },
  commission_percentage: null,
  commission_fixed: null,
  commission_type: 'percentage',
  status: 'active',
  has_gst: false,
  gst_number: '',
  joined_on: '2025-01-01',
  created_at: '2025-01-01T00:00:00Z',
};

const reference = {
  'GET /api/commission-tiers': {
    body: {
      status: 'success',
      data: [
        { id: 1, name: 'Gold', description: '' },
        { id: 2, name: 'Silver', description: '' },
      ],
    },
  },
  'GET /api/countries': {
    body: {
      status: 'success',
      data: [
        { id: 1, name: 'Canada', code: 'CA' },
        { id: 2, name: 'United States', code: 'US' },
      ],
    },
  },
  'GET /api/countries/1/states': {
    body: { status: 'success', data: { data: { data: [{ id: 11, country_id: 1, name: 'Ontario', code: 'ON' }] } } },
  },
  'GET /api/countries/2/states': {
    body: { status: 'success', data: { data: { data: [{ id: 21, country_id: 2, name: 'Texas', code: 'TX' }] } } },
  },
};

describe('Agent form', () => {
  it('edit: keeps the state at first load, reveals tier change fields, posts PUT with 1/0 and shows server errors', async () => {
    const mock = mockFetch({
      ...reference,
      'GET /agents/9': { body: { status: 'success', data: agent } },
      'POST /agents/9': {
        status: 422,
        body: {
          message: 'The fareconnect email has already been taken.',
          errors: { fareconnect_email: ['The fareconnect email has already been taken.'] },
        },
      },
    });
    const { user } = renderApp('/agents/9/edit', { session: sessionFor(adminUser) });
    const form = await screen.findByTestId('agent-form');
    expect(screen.getByRole('heading', { name: 'Edit Agent' })).toBeInTheDocument();
    await waitFor(() => expect(form.querySelector('#agent-state_id')).toHaveValue('Ontario'));
    expect(within(form).queryByLabelText('Tier change reason')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('GST number')).not.toBeInTheDocument();

    await user.click(form.querySelector<HTMLElement>('#agent-commission_tier_id')!);
    await user.click(await screen.findByRole('option', { name: 'Silver' }));
    expect(within(form).getByLabelText('Tier change reason')).toBeInTheDocument();
    expect(within(form).getByLabelText('Tier start date')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('Has GST'));
    expect(within(form).getByLabelText('GST number')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Update Agent' }));
    expect(
      await screen.findByText('The fareconnect email has already been taken.', {
        selector: '[data-testid="form-error"] *, [data-testid="form-error"]',
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(/FareConnect email/)).toHaveFocus());
    const body = mock.calls('POST /agents/9')[0]!.body as Record<string, string>;
    expect(body).toMatchObject({
      _method: 'PUT',
      commission_tier_id: '2',
      has_gst: '1',
      inactive: '0',
      state_id: '11',
    });

    // Another country clears the state.
    await user.click(form.querySelector<HTMLElement>('#agent-country_id')!);
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    await waitFor(() => expect(form.querySelector('#agent-state_id')).toHaveValue(''));
  });

  it("edit: saves what it loaded ('50.0000' is 50%), and the notification says the recalculation and its amounts once", async () => {
    const emptyList = { data: [], current_page: 1, last_page: 1, per_page: 15, from: null, to: null, total: 0 };
    const updated = (message: string, changed: number, difference: { currency_code: string; amount: string }[]) => ({
      body: {
        status: 'success',
        message,
        redirect: '/agents',
        data: { ...agent, commission_percentage: '50.00' },
        tier_change: null,
        recalculation: { changed, difference },
      },
    });
    const mock = mockFetch({
      ...reference,
      'GET /agents/9': { body: { status: 'success', data: { ...agent, commission_percentage: '50.00' } } },
      'GET /agents': { body: emptyList },
      'POST /agents/9': [
        updated('Agent updated successfully. 2 bookings recalculated: agent commission +300.00 CAD, -12.50 GBP.', 2, [
          { currency_code: 'CAD', amount: '300.00' },
          { currency_code: 'GBP', amount: '-12.50' },
        ]),
        updated('Agent updated successfully. No bookings needed recalculating.', 0, []),
      ],
    });
    const { user, router } = renderApp('/agents/9/edit', { session: sessionFor(adminUser) });
    let form = await screen.findByTestId('agent-form');
    const percentage = within(form).getByLabelText('Commission percentage');
    expect(percentage).toHaveValue('50.00');
    // Trailing zeros are the same number: the form's own check lets it through.
    await user.clear(percentage);
    await user.type(percentage, '50.0000');
    await user.click(within(form).getByRole('button', { name: 'Update Agent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
    expect(mock.calls('POST /agents/9')[0]!.body).toMatchObject({ _method: 'PUT', commission_percentage: '50.0000' });
    // How many and by how much, each currency in its own symbol, exact.
    expect(
      await screen.findAllByText(
        'Agent updated successfully. 2 bookings recalculated: agent commission +CA$300.00, -£12.50.',
      ),
    ).toHaveLength(1);

    // No booking changed: the server's sentence alone, no '0 booking(s) recalculated.' glued on.
    await router.navigate('/agents/9/edit');
    form = await screen.findByTestId('agent-form');
    // Saved only once the agent has loaded into the form again (a click before that is not a save).
    await waitFor(() => expect(within(form).getByLabelText('Commission percentage')).not.toHaveValue(''));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Update Agent' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Update Agent' }));
    // The whole suite on two busy cores can take longer than waitFor's default second for the save.
    await waitFor(() => expect(mock.calls('POST /agents/9')).toHaveLength(2));
    expect(await screen.findAllByText('Agent updated successfully. No bookings needed recalculating.')).toHaveLength(1);
    expect(screen.queryByText(/booking\(s\)/)).not.toBeInTheDocument();
  });

  it('create: requires the fields and the password, with the validation message', async () => {
    const mock = mockFetch(reference);
    const { user } = renderApp('/agents/create', { session: sessionFor(adminUser) });
    const form = await screen.findByTestId('agent-form');
    await user.click(within(form).getByRole('button', { name: 'Create Agent' }));
    expect(await screen.findByText('Please fix the validation errors below.')).toBeInTheDocument();
    expect(screen.getByText('The full name field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    // The FareConnect number is required on the form (spec §5): marked, and checked before posting.
    expect(within(form).getByLabelText(/FareConnect number/)).toBeRequired();
    expect(screen.getByText('The fareconnect number field is required.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(/Full name/)).toHaveFocus());
    expect(mock.calls('POST /agents')).toHaveLength(0);
  });

  it('create: refuses a name over 255 characters (kept, not cut), a future birth date, SIN 123 and phone 555 beside each field', async () => {
    const mock = mockFetch(reference);
    const { user } = renderApp('/agents/create', { session: sessionFor(adminUser) });
    const form = await screen.findByTestId('agent-form');
    const name = within(form).getByLabelText(/Full name/);
    const set = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    set(/Full name/, 'N'.repeat(2000));
    expect(name).toHaveValue('N'.repeat(2000));
    set(/Phone number/, '555');
    set(/SIN number/, '123');
    // Tomorrow, on the browser's (UTC) calendar.
    set(/Date of birth/, addDays(todayUtc(), 1));
    await user.click(within(form).getByRole('button', { name: 'Create Agent' }));
    expect(await screen.findByText('Please fix the validation errors below.')).toBeInTheDocument();
    const messageOf = (label: RegExp) => {
      const input = within(form).getByLabelText(label);
      return document.getElementById(
        input
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('-error'))!,
      )?.textContent;
    };
    expect(messageOf(/Full name/)).toBe('The full name field must not be greater than 255 characters.');
    expect(messageOf(/Phone number/)).toBe(
      'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.',
    );
    expect(messageOf(/SIN number/)).toBe('The sin number must be 9 digits (spaces or hyphens allowed).');
    expect(messageOf(/Date of birth/)).toBe('The date of birth must be a date in the past.');
    await waitFor(() => expect(name).toHaveFocus());

    // A SIN failing Luhn and someone 18 tomorrow are refused too.
    set(/SIN number/, '046 454 287');
    set(/Date of birth/, addDays(bornOnOrBefore(todayUtc()), 1));
    await user.click(within(form).getByRole('button', { name: 'Create Agent' }));
    await waitFor(() =>
      expect(messageOf(/SIN number/)).toBe(
        'The sin number is not a valid Social Insurance Number (its check digit does not match).',
      ),
    );
    expect(messageOf(/Date of birth/)).toBe(
      `The agent must be at least 18 years old: the date of birth must be on or before ${bornOnOrBefore(todayUtc())}.`,
    );
    expect(mock.calls('POST /agents')).toHaveLength(0);
  });
});
