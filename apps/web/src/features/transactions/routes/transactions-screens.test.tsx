import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sunwingAccount } from '../../../testing/fixtures';
import { done, ok, renderScreen } from '../../../testing/screen';

const account = sunwingAccount;
const cad = sunwingAccount.currency;
/** A completed CAD credit on the Sunwing account, as `GET /transactions` lists it. */
const tx = (id: number, reference_number: string) => ({
  id,
  account_id: 7,
  account_name: 'Sunwing main',
  account: {
    id: 7,
    name: 'Sunwing main',
    accountable_type: 'supplier',
    accountable: { id: 1, name: 'Sunwing' },
    booking_number_format: 'SW0000000',
    currency: { id: 2, code: 'CAD', symbol: '$' },
  },
  supplier_id: 1,
  supplier_name: 'Sunwing',
  accountable_type: 'supplier',
  accountable_name: 'Sunwing',
  transaction_type: 'credit',
  currency_id: 2,
  currency_code: 'CAD',
  currency_symbol: '$',
  amount: 12.5,
  reference_number,
  status: 'completed',
  description: null,
  is_partial: false,
  cheque_reference_number: null,
  reference_image_url: null,
  transaction_date: '2026-05-01',
  created_at: '2026-05-01T09:30:00.123Z',
});
const bulkSaved = done('1 transaction(s) created successfully', { count: 1, redirect: '/transactions' });
const page = (data: unknown[]) => ({
  body: { data, current_page: 1, last_page: 1, per_page: 15, from: 1, to: data.length, total: data.length },
});

describe('Transactions list', () => {
  it('passes the address filters to the server and changes the page size with page=1', async () => {
    const { mock, user, router } = renderScreen('/transactions?reference=SW0000001&page=3', {
      'GET /transactions': page([tx(1, 'SW0000001')]),
      'GET /accounts': ok([account]),
    });
    await screen.findByTestId('transactions-table');
    const sent = new URL(mock.calls('GET /transactions')[0]!.url, 'http://x').searchParams;
    expect(sent.get('reference')).toBe('SW0000001');
    expect(sent.get('page')).toBe('3');
    expect(screen.getByLabelText('Reference')).toHaveValue('SW0000001');
    await user.click(screen.getByLabelText(/^Page size/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(router.state.location.search).toBe('?reference=SW0000001&page=1&page_size=50');
  });

  it('selects all, confirms with the spec sentence, updates and shows the message', async () => {
    const { mock, user } = renderScreen('/transactions', {
      'GET /transactions': page([tx(1, 'SW0000001'), tx(2, 'SW0000002')]),
      'GET /accounts': ok([account]),
      'POST /transactions-bulk-update': done('2 transaction(s) updated to failed.', { updated: 2 }),
    });
    await screen.findByTestId('transactions-table');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByLabelText(/^Bulk action/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Mark as Failed' }));
    await user.click(apply);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Status Update' });
    expect(dialog).toHaveTextContent('Are you sure you want to update 2 transaction(s) to status: failed?');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByTestId('bulk-result')).toHaveTextContent('2 transaction(s) updated to failed.');
    expect(mock.calls('POST /transactions-bulk-update')[0]?.body).toEqual({
      transaction_ids: [1, 2],
      status: 'failed',
    });
  });

  it("shows a red 'Error!' alert with the server message", async () => {
    const { user } = renderScreen('/transactions', {
      'GET /transactions': page([tx(1, 'SW0000001')]),
      'GET /accounts': ok([account]),
      'POST /transactions-bulk-update': { status: 500, body: { status: 'error', message: 'Database down.' } },
    });
    await screen.findByTestId('transactions-table');
    await user.click(screen.getByRole('checkbox', { name: 'Select SW0000001' }));
    await user.click(screen.getByLabelText(/^Bulk action/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Mark as Completed' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Update Status' }));
    const alert = await screen.findByTestId('bulk-result');
    expect(alert).toHaveTextContent('Error!');
    expect(alert).toHaveTextContent('Database down.');
  });
});

describe('Bulk transaction form', () => {
  it('adds rows, keeps one row, and maps server errors back to rows', async () => {
    const { mock, user } = renderScreen('/transactions/create-bulk', {
      'GET /accounts': ok([account]),
      'POST /transactions/store-bulk': {
        status: 422,
        body: {
          message: 'Format should match: SW0000000',
          errors: { 'transactions.1.reference_number': ['Format should match: SW0000000'] },
        },
      },
    });
    await screen.findByTestId('bulk-form');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    await user.click(screen.getByLabelText(/^Supplier account/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sunwing main (Sunwing) - CAD' }));
    await user.click(screen.getByRole('button', { name: 'Add rows' }));
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);

    // Client check first: nothing is posted while rows are wrong.
    await user.click(screen.getByRole('button', { name: 'Save transactions' }));
    expect(screen.getByTestId('form-error')).toHaveTextContent(
      'Form submission blocked due to validation errors. Please fix the errors below and try again.',
    );
    expect(screen.getByTestId('form-error')).toHaveTextContent(
      'Check the red error messages shown below individual rows.',
    );
    expect(mock.calls('POST /transactions/store-bulk')).toHaveLength(0);

    await user.type(screen.getByLabelText('Reference number 1'), 'sw0000001');
    expect(screen.getByLabelText('Reference number 1')).toHaveValue('SW0000001');
    await user.type(screen.getByLabelText('Amount 1'), '10');
    await user.type(screen.getByLabelText('Reference number 2'), 'SW0000002');
    await user.type(screen.getByLabelText('Amount 2'), '20.50');
    await user.click(screen.getByRole('button', { name: 'Save transactions' }));
    await waitFor(() => expect(mock.calls('POST /transactions/store-bulk')).toHaveLength(1));
    const body = mock.calls('POST /transactions/store-bulk')[0]!.body as Record<string, string>;
    expect(body).toMatchObject({
      account_id: '7',
      transaction_type: 'credit',
      status: 'completed',
      'transactions[1][reference_number]': 'SW0000002',
      'transactions[1][amount]': '20.50',
    });
    const row2 = screen.getByTestId('bulk-row-1');
    expect(await within(row2).findByText('Format should match: SW0000000')).toBeInTheDocument();
  });
});

/** The bulk form at `path`, its save answered at `endpoint`; resolves once the form shows. */
async function openBulkForm(path: string, endpoint: string) {
  const rendered = renderScreen(path, { 'GET /accounts': ok([account]), [`POST ${endpoint}`]: bulkSaved });
  await screen.findByTestId('bulk-form');
  return rendered;
}

/** One row on the Sunwing account (SW0000001, 10), then 'Save transactions'. */
async function saveOneRow(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(screen.getByLabelText(/^Supplier account/, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: 'Sunwing main (Sunwing) - CAD' }));
  await user.type(screen.getByLabelText('Reference number 1'), 'SW0000001');
  await user.type(screen.getByLabelText('Amount 1'), '10');
  await user.click(screen.getByRole('button', { name: 'Save transactions' }));
}

describe('Bulk transaction form addresses', () => {
  it('posts to its own endpoint and cancels to the listing when ?submit= and ?cancel= point off the site', async () => {
    const hostile = new URLSearchParams({ submit: '//evil.example/steal', cancel: '/\\evil.example' });
    const { mock, user } = await openBulkForm(
      `/transactions/create-bulk?${hostile.toString()}`,
      '/transactions/store-bulk',
    );
    const cancels = screen.getAllByRole('link', { name: 'Cancel' });
    expect(cancels.length).toBeGreaterThan(0);
    for (const cancel of cancels) expect(cancel).toHaveAttribute('href', '/transactions');
    await saveOneRow(user);
    await waitFor(() => expect(mock.calls('POST /transactions/store-bulk')).toHaveLength(1));
    const post = mock.calls('POST /transactions/store-bulk')[0]!;
    expect(new URL(post.url, 'http://localhost').origin).toBe('http://localhost');
    expect(mock.requests.filter((r) => r.url.includes('evil'))).toHaveLength(0);
  });

  it('keeps a same-site ?submit= address', async () => {
    const endpoint = '/agents/3/transactions/store-bulk';
    const { mock, user } = await openBulkForm(`/transactions/create-bulk?submit=${endpoint}`, endpoint);
    await saveOneRow(user);
    await waitFor(() => expect(mock.calls('POST /agents/3/transactions/store-bulk')).toHaveLength(1));
  });
});

describe('Single transaction form', () => {
  it('cancels to the listing when ?cancel= points off the site', async () => {
    renderScreen('/transactions/create?cancel=https://evil.example', {
      'GET /accounts': ok([account]),
      'GET /api/currencies': ok([cad]),
    });
    await screen.findByTestId('transaction-form');
    for (const cancel of screen.getAllByRole('link', { name: 'Cancel' }))
      expect(cancel).toHaveAttribute('href', '/transactions');
  });

  it('locks account, type and currency on edit and offers reversed only for a reversed one', async () => {
    const { user } = renderScreen('/transactions/9/edit', {
      'GET /accounts': ok([account]),
      'GET /api/currencies': ok([cad]),
      'GET /transactions/9': ok({
        ...tx(9, 'SW0000009'),
        status: 'reversed',
        reference_image_url: '/transactions/9/reference-image',
        reference_image: { filename: 'r.png', mimetype: 'image/png' },
      }),
    });
    await screen.findByTestId('transaction-form');
    expect(screen.getByLabelText(/^Account/, { selector: 'input' })).toBeDisabled();
    expect(screen.getByLabelText(/^Transaction type/, { selector: 'input' })).toBeDisabled();
    expect(screen.getByLabelText(/^Currency/, { selector: 'input' })).toBeDisabled();
    expect(screen.getByTestId('existing-image')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Status/, { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Reversed' })).toBeInTheDocument();
  });

  it("says an empty amount is required, and a zero one too small, with the server's messages", async () => {
    const { user, mock } = renderScreen('/transactions/create', {
      'GET /accounts': ok([account]),
      'GET /api/currencies': ok([cad]),
    });
    await screen.findByTestId('transaction-form');
    const amount = screen.getByLabelText(/^Amount/);
    await user.click(screen.getByRole('button', { name: 'Create transaction' }));
    expect(await screen.findAllByText('The amount field is required.')).not.toHaveLength(0);
    expect(amount).toHaveAccessibleDescription('The amount field is required.');
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Create transaction' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('The amount field must be at least 0.01.'));
    expect(mock.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the format message as the reference is typed', async () => {
    const { user } = renderScreen('/transactions/create', {
      'GET /accounts': ok([account]),
      'GET /api/currencies': ok([cad]),
    });
    await screen.findByTestId('transaction-form');
    await user.click(screen.getByLabelText(/^Account/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sunwing main (Sunwing) - CAD' }));
    await user.type(screen.getByTestId('reference-number'), 'sw12');
    expect(screen.getByTestId('reference-number')).toHaveValue('SW12');
    expect(screen.getByText('Format should match: SW0000000')).toBeInTheDocument();
    await user.type(screen.getByTestId('reference-number'), '34567');
    expect(screen.getByTestId('reference-number')).toHaveValue('SW1234567');
    expect(screen.queryByText('Format should match: SW0000000')).not.toBeInTheDocument();
    // One digit too many is kept, not cut, and the message comes back (issue 19 item 13).
    await user.type(screen.getByTestId('reference-number'), '8');
    expect(screen.getByTestId('reference-number')).toHaveValue('SW12345678');
    expect(screen.getByText('Format should match: SW0000000')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Status/, { selector: 'input' }));
    expect(screen.queryByRole('option', { name: 'Reversed' })).not.toBeInTheDocument();
  });
});
