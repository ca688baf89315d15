import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, agentUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { validateGstRate } from '../utils/settings-form';

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
  });

  it('edits the agency name and the QuickBooks settings an admin receives', async () => {
    const accounting = {
      agency_name: 'Travel Host Agency',
      quickbooks_commission_account: 'Commission Expense',
      quickbooks_gst_account: 'GST/HST Receivable',
      quickbooks_clearing_account: 'Telpay Clearing',
      quickbooks_date_format: 'MM/DD/YYYY',
    };
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
