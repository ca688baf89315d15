import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionFor } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';

const cad = { id: 2, code: 'CAD', name: 'Canadian Dollar', symbol: '$' };
const supplier = {
  id: 1,
  name: 'Sunwing',
  currency_id: 2,
  currency: cad,
  currency_symbol: '$',
  booking_number_format: 'SW0000000',
};
const account = {
  id: 7,
  name: 'Sunwing main',
  account_number: '0042',
  accountable_type: 'supplier',
  accountable_id: 1,
  accountable: { id: 1, name: 'Sunwing', booking_number_format: 'SW0000000' },
  accountable_name: 'Sunwing',
  booking_number_format: 'SW0000000',
  currency_id: 2,
  currency: cad,
  currency_code: 'CAD',
  is_deleted: false,
  balance: 1234.5,
  credit_total: 1300,
  debit_total: 65.5,
  transaction_count: 3,
};

describe('Accounts page', () => {
  it('lists accounts with owner, format and balance, and the per-currency summary', async () => {
    const mock = mockFetch({
      'GET /accounts': { body: { status: 'success', data: [account] } },
      'POST /accounts/transactions/currency-summary': {
        body: {
          status: 'success',
          message: 'Currency summary retrieved successfully',
          data: [
            {
              currency_id: 2,
              currency: 'CAD',
              currency_symbol: '$',
              total_amount: 1234.5,
              credit_amount: 1300,
              debit_amount: 65.5,
            },
          ],
        },
      },
    });
    renderApp('/accounts', { session: sessionFor(adminUser) });
    const row = await screen.findByTestId('account-7');
    expect(row).toHaveTextContent('Sunwing main');
    expect(row).toHaveTextContent('SW0000000');
    expect(within(row).getByTestId('balance')).toHaveTextContent('1,234.50');
    await waitFor(() => expect(mock.calls('POST /accounts/transactions/currency-summary')).toHaveLength(1));
    expect(mock.calls('POST /accounts/transactions/currency-summary')[0]?.body).toEqual({
      account_ids: [7],
      status: 'completed',
    });
    expect(await within(screen.getByTestId('currency-summary')).findByText('CA$65.50')).toBeInTheDocument();
  });

  it("creates a supplier account and shows the supplier's format", async () => {
    const mock = mockFetch({
      'GET /accounts': { body: { status: 'success', data: [] } },
      'GET /api/suppliers': { body: { status: 'success', data: [supplier] } },
      'GET /agents-list': { body: { status: 'success', data: [] } },
      'GET /api/currencies': { body: { status: 'success', data: [cad] } },
      'POST /accounts': { body: { status: 'success', message: 'Account created successfully', data: account } },
    });
    const { user } = renderApp('/accounts', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await user.type(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), 'Sunwing main');
    await user.click(within(dialog).getByPlaceholderText('Choose a supplier'));
    await user.click(await screen.findByRole('option', { name: 'Sunwing' }));
    expect(within(dialog).getByTestId('account-format')).toHaveTextContent('SW0000000');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(mock.calls('POST /accounts')).toHaveLength(1));
    expect(mock.calls('POST /accounts')[0]?.body).toMatchObject({
      name: 'Sunwing main',
      accountable_type: 'supplier',
      accountable_id: 1,
      currency_id: 2,
    });
  });
});
