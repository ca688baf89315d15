import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, agentUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { validateAutoAcceptScore, validateGstRate } from '../utils/settings-form';

const THRESHOLD_MESSAGE = 'The auto-accept threshold must be a whole number from 50 to 100.';
/** The accounting settings an admin receives, as they are by default. */
const accounting = {
  agency_name: 'Travel Host Agency',
  quickbooks_commission_account: 'Commission Expense',
  quickbooks_gst_account: 'GST/HST Receivable',
  quickbooks_clearing_account: 'Telpay Clearing',
  quickbooks_date_format: 'MM/DD/YYYY',
};

describe('Settings page', () => {
  it('loads the GST rate and saves a new one', async () => {
    const mock = mockFetch({
      'GET /api/settings': { body: { status: 'success', data: { gst_rate: '5.00' } } },
      'POST /settings': {
        body: { status: 'success', message: 'Settings updated successfully.', data: { gst_rate: '13.50' } },
      },
    });
    const { user } = renderApp('/settings', { session: sessionFor(adminUser) });

    const input = await screen.findByRole('textbox', { name: /GST rate/ });
    expect(input).toHaveValue('5.00%');
    await user.clear(input);
    await user.type(input, '13.5{Enter}');

    expect(await screen.findByText('Settings updated successfully.')).toBeInTheDocument();
    expect(mock.calls('POST /settings')[0]?.body).toEqual({ gst_rate: '13.5' });
    // Not sent by the server, not shown, not posted.
    expect(screen.queryByRole('textbox', { name: /Auto-accept threshold/ })).not.toBeInTheDocument();
  });

  it("edits the match suggestions' auto-accept threshold an admin receives", async () => {
    const mock = mockFetch({
      'GET /api/settings': {
        body: { status: 'success', data: { gst_rate: '5.00', ...accounting, auto_accept_score: 90 } },
      },
      'POST /settings': {
        body: {
          status: 'success',
          message: 'Settings saved successfully',
          data: { gst_rate: '5.00', ...accounting, auto_accept_score: 85 },
        },
      },
    });
    const { user } = renderApp('/settings', { session: sessionFor(adminUser) });

    const section = await screen.findByRole('group', { name: 'Match suggestions' });
    const threshold = within(section).getByRole('textbox', { name: /Auto-accept threshold/ });
    expect(threshold).toHaveValue('90');
    expect(threshold).toHaveAccessibleDescription(
      "A best suggestion at or above this score, 10 points ahead of the next, may be accepted in bulk ('Accept all'). 90 is where precision was measured at 100 %.",
    );

    // Below 50: the domain's message on the field, nothing posted.
    await user.clear(threshold);
    await user.type(threshold, '45');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(THRESHOLD_MESSAGE)).toBeInTheDocument();
    expect(mock.calls('POST /settings')).toHaveLength(0);

    await user.clear(threshold);
    await user.type(threshold, '85');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(mock.calls('POST /settings')[0]?.body).toEqual({ gst_rate: '5', ...accounting, auto_accept_score: 85 });
    expect(threshold).toHaveValue('85');
  });

  it("shows the server's message for the threshold on its field", async () => {
    mockFetch({
      'GET /api/settings': { body: { status: 'success', data: { gst_rate: '5.00', auto_accept_score: 90 } } },
      'POST /settings': {
        status: 422,
        body: { message: THRESHOLD_MESSAGE, errors: { auto_accept_score: [THRESHOLD_MESSAGE] } },
      },
    });
    const { user } = renderApp('/settings', { session: sessionFor(adminUser) });
    await screen.findByRole('textbox', { name: /Auto-accept threshold/ });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(THRESHOLD_MESSAGE)).toBeInTheDocument();
    // The field has it; the alert does not repeat it.
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
  });

  it('edits the agency name and the QuickBooks settings an admin receives', async () => {
    const mock = mockFetch({
      'GET /api/settings': { body: { status: 'success', data: { gst_rate: '5.00', ...accounting } } },
      'POST /settings': {
        status: 422,
        body: {
          message: 'The clearing account must not contain double quotes or control characters.',
          errors: {
            quickbooks_clearing_account: ['The clearing account must not contain double quotes or control characters.'],
          },
        },
      },
    });
    const { user } = renderApp('/settings', { session: sessionFor(adminUser) });

    const agency = await screen.findByRole('textbox', { name: /Agency name/ });
    expect(agency).toHaveValue('Travel Host Agency');
    const account = screen.getByRole('textbox', { name: /Commission expense account/ });
    await user.clear(account);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The commission expense account field is required.')).toBeInTheDocument();
    expect(mock.calls('POST /settings')).toHaveLength(0);

    await user.type(account, 'Expenses:Agent Commissions');
    await user.clear(agency);
    await user.type(agency, ' Maple Travel ');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('The clearing account must not contain double quotes or control characters.'),
    ).toBeInTheDocument();
    expect(mock.calls('POST /settings')[0]?.body).toEqual({
      ...accounting,
      gst_rate: '5',
      agency_name: 'Maple Travel',
      quickbooks_commission_account: 'Expenses:Agent Commissions',
    });
  });

  it('shows the server error for the field', async () => {
    mockFetch({
      'GET /api/settings': { body: { status: 'success', data: { gst_rate: '5.00' } } },
      'POST /settings': {
        status: 422,
        body: { message: 'Invalid.', errors: { gst_rate: ['The gst rate field must not be greater than 100.'] } },
      },
    });
    const { user } = renderApp('/settings', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The gst rate field must not be greater than 100.')).toBeInTheDocument();
  });

  it('is admin only', async () => {
    renderApp('/settings', { session: sessionFor(agentUser) });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });
});

describe("validateGstRate (the server's settingsInputSchema rule and messages)", () => {
  it.each([
    ['5', null],
    [0, null],
    [100, null],
    ['12.25', null],
    ['', 'The GST rate field is required.'],
    ['100.01', 'The GST rate field must be between 0 and 100.'],
    ['1.234', 'The GST rate must be a number with at most 2 decimals.'],
    ['-1', 'The GST rate field must be between 0 and 100.'],
    ['abc', 'The GST rate must be a number with at most 2 decimals.'],
  ])('%j → %j', (value, message) => {
    expect(validateGstRate(value)).toBe(message);
  });
});

describe("validateAutoAcceptScore (the server's settingsInputSchema rule and message)", () => {
  it.each([
    [90, null],
    ['85', null],
    [50, null],
    [100, null],
    [49, THRESHOLD_MESSAGE],
    [101, THRESHOLD_MESSAGE],
    ['', THRESHOLD_MESSAGE],
    ['90.5', THRESHOLD_MESSAGE],
  ])('%j → %j', (value, message) => {
    expect(validateAutoAcceptScore(value)).toBe(message);
  });
});
