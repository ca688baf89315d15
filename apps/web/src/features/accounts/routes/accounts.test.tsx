import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cad, supplierRow } from '../../../testing/catalog-fixtures';
import { sunwingAccount } from '../../../testing/fixtures';
import { done, ok, renderScreen } from '../../../testing/screen';

const supplier = supplierRow(1, 'Sunwing', cad, 'SW0000000');
const account = {
  ...sunwingAccount,
  account_number: '0042',
  balance: 1234.5,
  credit_total: 1300,
  debit_total: 65.5,
  transaction_count: 3,
};

describe('Accounts page', () => {
  it('lists accounts with owner, format and balance, and the per-currency summary', async () => {
    const { mock } = renderScreen('/accounts', {
      'GET /accounts': ok([account]),
      'POST /accounts/transactions/currency-summary': done('Currency summary retrieved successfully', {
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
      }),
    });
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
    const { mock, user } = renderScreen('/accounts', {
      'GET /accounts': ok([]),
      'GET /api/suppliers': ok([supplier]),
      'GET /agents-list': ok([]),
      'GET /api/currencies': ok([cad]),
      'POST /accounts': done('Account created successfully', { data: account }),
    });
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
