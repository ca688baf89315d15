import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch, type MockHandler } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { allowConsoleError } from '../../../testing/setup-tests';

const gbp = { id: 1, name: 'British Pound', code: 'GBP', symbol: '£' };
const supplier = (id: number, name: string) => ({
  id,
  name,
  currency_id: 1,
  currency: gbp,
  currency_symbol: '£',
  booking_number_format: null,
  commission_due_days: 60,
  match_tolerance_percent: 2,
});
// Deliberately out of order: the checklist sorts by name.
const suppliers = [supplier(3, 'Transat'), supplier(1, 'airOne'), supplier(2, 'Sunwing')];
const ok = (data: unknown) => ({ body: { status: 'success', data } });
const tiers = [
  { id: 10, name: 'Gold' },
  { id: 11, name: 'Silver' },
];
const agents = [
  { id: 42, name: 'Ana Agent' },
  { id: 43, name: 'Pat Parent' },
];
const options: MockHandler = (req) =>
  ok(new URL(req.url, 'http://x').searchParams.get('type') === 'tier' ? tiers : agents);

const noRecalculation = { changed: 0, difference: [] };
/** The preview of a save that recalculates nothing: the form saves without asking. */
const nothingToRecalculate = ok({ changed: 0, by_status: { pending: 0, confirmed: 0, partial: 0 }, difference: [] });
/** The server's answer to a save: the message, the rule as saved, the bookings recalculated. */
const saved = (message: string, data: Record<string, unknown>) => ({
  body: { status: 'success', message, data, recalculation: noRecalculation },
});

const emptyList = { body: { data: [], current_page: 1, last_page: 1, per_page: 25, from: null, to: null, total: 0 } };

async function chooseOption(user: ReturnType<typeof renderApp>['user'], label: RegExp, option: string) {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

const supplierBoxes = () =>
  screen.getAllByRole('checkbox').filter((c) => c.getAttribute('value') !== null && c.getAttribute('value') !== 'on');

describe('Commission form', () => {
  it('creates: loads options by type, sorts suppliers by name, posts JSON, redirects to /commissions', async () => {
    const mock = mockFetch({
      'GET /api/suppliers': ok(suppliers),
      'GET /commissions/options': options,
      'POST /commissions/preview': nothingToRecalculate,
      'POST /commissions': saved('Commission created successfully', {
        id: 7,
        commission_type: 'tier',
        general_id: 11,
        owner_name: 'Silver',
        percentage: '12.50',
        suppliers: [2],
      }),
      'GET /commissions': emptyList,
    });
    const { user, router } = renderApp('/commissions/create', { session: sessionFor(adminUser) });
    await screen.findByText('Select All Suppliers');
    expect(screen.getByText(/leave empty to create without any suppliers/)).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('checkbox')
        .map((c) => c.closest('.mantine-Checkbox-root')?.textContent)
        .slice(1),
    ).toEqual(['airOne', 'Sunwing', 'Transat']);
    expect(screen.getByLabelText(/^Select Option/, { selector: 'input' })).toBeDisabled();

    await chooseOption(user, /^Commission Type/, 'Tier');
    expect(mock.calls('GET /commissions/options')[0]?.url).toContain('type=tier');
    await chooseOption(user, /^Select Option/, 'Silver');
    await user.type(screen.getByRole('textbox', { name: /^Percentage/ }), '12.5');
    await user.click(screen.getByRole('checkbox', { name: 'Sunwing' }));

    await user.click(screen.getByRole('button', { name: 'Create Commission' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/commissions'));
    expect(
      await screen.findByText('Commission created successfully. No bookings needed recalculating.'),
    ).toBeInTheDocument();
    const posted = { commission_type: 'tier', general_id: 11, percentage: '12.5', suppliers: [2] };
    expect(mock.calls('POST /commissions/preview')[0]?.body).toEqual(posted);
    expect(mock.calls('POST /commissions')[0]?.body).toEqual(posted);
  });

  it('clears the chosen option when the type changes, and reloads the options', async () => {
    const mock = mockFetch({ 'GET /api/suppliers': ok(suppliers), 'GET /commissions/options': options });
    const { user } = renderApp('/commissions/create', { session: sessionFor(adminUser) });
    await screen.findByText('Select All Suppliers');
    await chooseOption(user, /^Commission Type/, 'Tier');
    await chooseOption(user, /^Select Option/, 'Gold');
    expect(screen.getByLabelText(/^Select Option/, { selector: 'input' })).toHaveValue('Gold');

    await chooseOption(user, /^Commission Type/, 'Agent');
    expect(screen.getByLabelText(/^Select Option/, { selector: 'input' })).toHaveValue('');
    await waitFor(() => expect(mock.calls('GET /commissions/options').at(-1)?.url).toContain('type=agent'));
    await chooseOption(user, /^Select Option/, 'Pat Parent');
  });

  it("shows 'Loading options...' while the options load", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({
      'GET /api/suppliers': ok(suppliers),
      'GET /commissions/options': async () => {
        await gate;
        return ok(tiers);
      },
    });
    const { user } = renderApp('/commissions/create', { session: sessionFor(adminUser) });
    await screen.findByText('Select All Suppliers');
    await chooseOption(user, /^Commission Type/, 'Tier');
    expect(await screen.findByText('Loading options...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText('Loading options...')).not.toBeInTheDocument());
  });

  it('Select All Suppliers ticks all, and follows the individual ticks', async () => {
    mockFetch({ 'GET /api/suppliers': ok(suppliers) });
    const { user } = renderApp('/commissions/create', { session: sessionFor(adminUser) });
    const all = await screen.findByRole('checkbox', { name: 'Select All Suppliers' });
    expect(all).not.toBeChecked();

    await user.click(all);
    expect(supplierBoxes().every((c) => (c as HTMLInputElement).checked)).toBe(true);
    expect(all).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Transat' }));
    expect(all).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Transat' }));
    expect(all).toBeChecked();

    await user.click(all);
    expect(supplierBoxes().some((c) => (c as HTMLInputElement).checked)).toBe(false);
    // Ticking every supplier one by one ticks Select All too.
    for (const name of ['airOne', 'Sunwing', 'Transat']) await user.click(screen.getByRole('checkbox', { name }));
    expect(all).toBeChecked();
  });

  it('edit mode restores the option after loading, shows Updating... and posts _method PUT', async () => {
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const rule = {
      id: 5,
      commission_type: 'agent',
      general_id: 43,
      owner_name: 'Pat Parent',
      percentage: '70.00',
      suppliers: [1, 3],
    };
    const mock = mockFetch({
      'GET /api/suppliers': ok(suppliers),
      'GET /commissions/options': options,
      'GET /commissions/5': ok(rule),
      'POST /commissions/5/preview': nothingToRecalculate,
      'POST /commissions/5': async () => {
        await gate;
        return saved('Commission updated successfully', rule);
      },
      'GET /commissions': emptyList,
    });
    const { user, router } = renderApp('/commissions/5/edit', { session: sessionFor(adminUser) });
    await waitFor(() =>
      expect(screen.getByLabelText(/^Select Option/, { selector: 'input' })).toHaveValue('Pat Parent'),
    );
    expect(screen.getByLabelText(/^Commission Type/, { selector: 'input' })).toHaveValue('Agent');
    expect(screen.getByRole('textbox', { name: /^Percentage/ })).toHaveValue('70.00%');
    expect(screen.getByRole('checkbox', { name: 'airOne' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sunwing' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Transat' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Update Commission' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/commissions'));
    expect(mock.calls('POST /commissions/5')[0]?.body).toEqual({
      commission_type: 'agent',
      general_id: 43,
      percentage: '70.00',
      suppliers: [1, 3],
      _method: 'PUT',
    });
  });

  it('checks the required fields and the 0–100 range before sending', async () => {
    const mock = mockFetch({ 'GET /api/suppliers': ok(suppliers), 'GET /commissions/options': options });
    const { user } = renderApp('/commissions/create', { session: sessionFor(adminUser) });
    await screen.findByText('Select All Suppliers');
    await user.click(screen.getByRole('button', { name: 'Create Commission' }));
    expect(await screen.findByText('The commission type field is required.')).toBeInTheDocument();
    expect(screen.getByText('The option field is required.')).toBeInTheDocument();
    expect(screen.getByText('The percentage field is required.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Percentage/ }), '100.5');
    await user.click(screen.getByRole('button', { name: 'Create Commission' }));
    expect(await screen.findByText('The percentage field must be between 0 and 100.')).toBeInTheDocument();
    expect(mock.calls('POST /commissions/preview')).toHaveLength(0);
    expect(mock.calls('POST /commissions')).toHaveLength(0);
  });
});

describe('Commission form: the bookings a save recalculates (issue 10 #9)', () => {
  const rule = {
    id: 5,
    commission_type: 'tier',
    general_id: 10,
    owner_name: 'Gold',
    percentage: '10.00',
    suppliers: [2],
  };
  /** Three bookings, two of them confirmed, £29.58 more in all; and a CAD one £10.00 less. */
  const preview = ok({
    changed: 4,
    by_status: { pending: 1, confirmed: 2, partial: 1 },
    difference: [
      { currency_code: 'CAD', before: '50.00', after: '40.00', delta: '-10.00' },
      { currency_code: 'GBP', before: '464.86', after: '494.44', delta: '29.58' },
    ],
  });

  async function editPercentage(mocks: Record<string, MockHandler | MockHandler[]>) {
    const mock = mockFetch({
      'GET /api/suppliers': ok(suppliers),
      'GET /commissions/options': options,
      'GET /commissions/5': ok(rule),
      'GET /commissions': emptyList,
      ...mocks,
    });
    const view = renderApp('/commissions/5/edit', { session: sessionFor(adminUser) });
    await waitFor(() => expect(screen.getByLabelText(/^Select Option/, { selector: 'input' })).toHaveValue('Gold'));
    const percentage = screen.getByRole('textbox', { name: /^Percentage/ });
    await view.user.clear(percentage);
    await view.user.type(percentage, '10.64');
    await view.user.click(screen.getByRole('button', { name: 'Update Commission' }));
    return { ...view, mock };
  }

  it('asks first with the count per status and the money per currency; Cancel saves nothing', async () => {
    const { user, mock, router } = await editPercentage({ 'POST /commissions/5/preview': preview });
    const dialog = await screen.findByRole('dialog', { name: 'Recalculate bookings?' });
    expect(dialog).toHaveTextContent(
      'This change recalculates 4 bookings (pending 1, confirmed 2, partial 1). Expected commission changes by ' +
        '-CA$10.00 (CA$50.00 → CA$40.00) and +£29.58 (£464.86 → £494.44).',
    );
    expect(mock.calls('POST /commissions/5/preview')[0]?.body).toEqual({
      commission_type: 'tier',
      general_id: 10,
      percentage: '10.64',
      suppliers: [2],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.calls('POST /commissions/5')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/commissions/5/edit');
  });

  it('Save saves, and the notification says how many bookings were recalculated', async () => {
    const recalculated = { changed: 4, difference: [{ currency_code: 'GBP', amount: '29.58' }] };
    const { user, mock, router } = await editPercentage({
      'POST /commissions/5/preview': preview,
      'POST /commissions/5': {
        body: {
          status: 'success',
          message: 'Commission updated successfully',
          data: { ...rule, percentage: '10.64' },
          recalculation: recalculated,
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Recalculate bookings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/commissions'));
    expect(await screen.findByText('Commission updated successfully. 4 bookings recalculated.')).toBeInTheDocument();
    expect(mock.calls('POST /commissions/5')[0]?.body).toMatchObject({ percentage: '10.64', _method: 'PUT' });
  });

  it("a preview the server refuses shows its errors like the save's, and nothing is saved", async () => {
    const { mock } = await editPercentage({
      'POST /commissions/5/preview': {
        status: 422,
        body: { message: 'Already listed.', errors: { suppliers: ['Already listed.'] } },
      },
    });
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Already listed.');
    expect(screen.getAllByText('Already listed.')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mock.calls('POST /commissions/5')).toHaveLength(0);
  });
});

describe('Commission form error catalogue (spec §8)', () => {
  async function submitWith(reply: MockHandler) {
    mockFetch({
      'GET /api/suppliers': ok(suppliers),
      'GET /commissions/options': options,
      'POST /commissions/preview': nothingToRecalculate,
      'POST /commissions': reply,
    });
    const view = renderApp('/commissions/create', { session: sessionFor(adminUser) });
    const { user } = view;
    await screen.findByText('Select All Suppliers');
    await chooseOption(user, /^Commission Type/, 'Tier');
    await chooseOption(user, /^Select Option/, 'Gold');
    await user.type(screen.getByRole('textbox', { name: /^Percentage/ }), '10');
    await user.click(screen.getByRole('checkbox', { name: 'Sunwing' }));
    await user.click(screen.getByRole('button', { name: 'Create Commission' }));
    return view;
  }

  it('422: the field errors plus the message', async () => {
    const { router } = await submitWith({
      status: 422,
      body: {
        message: 'The supplier "Sunwing" is already listed.',
        errors: { suppliers: ['The supplier "Sunwing" is already listed.'], percentage: ['Too high.'] },
      },
    });
    expect(await screen.findByTestId('form-error')).toHaveTextContent('The supplier "Sunwing" is already listed.');
    expect(screen.getByText('Too high.')).toBeInTheDocument();
    expect(screen.getAllByText('The supplier "Sunwing" is already listed.')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/commissions/create');
  });

  it("422 without a message: 'Please fix the validation errors below.'", async () => {
    await submitWith({ status: 422, body: { errors: { general_id: ['The selected option is invalid.'] } } });
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Please fix the validation errors below.');
    expect(screen.getByText('The selected option is invalid.')).toBeInTheDocument();
  });

  it('other failures: the server message, or the fallback', async () => {
    await submitWith({ status: 500, body: { status: 'error', message: 'Server Error' } });
    expect(await screen.findByTestId('form-error')).toHaveTextContent(/^Server Error$/);
  });

  it("other failures without a message: 'An error occurred while submitting the form.'", async () => {
    await submitWith({ status: 500, body: {} });
    expect(await screen.findByTestId('form-error')).toHaveTextContent('An error occurred while submitting the form.');
  });

  it("an unexpected success message: 'Error submitting form: ' plus the message", async () => {
    allowConsoleError();
    const { router } = await submitWith({ body: { status: 'success', message: 'Saved, sort of' } });
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Error submitting form: Saved, sort of');
    expect(router.state.location.pathname).toBe('/commissions/create');
  });

  it("a success without a message: 'Error submitting form: Please check the console for details.'", async () => {
    allowConsoleError();
    await submitWith({ body: { status: 'success' } });
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Error submitting form: Please check the console for details.',
    );
  });

  it("network failure: 'Error submitting form. Please try again.'", async () => {
    await submitWith(new TypeError('Failed to fetch'));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Error submitting form. Please try again.');
  });

  it('an options load failure is logged and leaves the options empty', async () => {
    allowConsoleError();
    mockFetch({
      'GET /api/suppliers': ok(suppliers),
      'GET /commissions/options': { status: 500, body: { status: 'error', message: 'Server Error' } },
    });
    const { user } = renderApp('/commissions/create', { session: sessionFor(adminUser) });
    await screen.findByText('Select All Suppliers');
    await chooseOption(user, /^Commission Type/, 'Agent');
    const input = screen.getByLabelText(/^Select Option/, { selector: 'input' });
    await waitFor(() => expect(input).toBeEnabled());
    await user.click(input);
    expect(within(document.body).queryAllByRole('option')).toHaveLength(0);
  });
});
