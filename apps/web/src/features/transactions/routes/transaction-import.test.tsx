import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUser, sessionFor, sunwingAccount } from '../../../testing/fixtures';
import { mockFetch } from '../../../testing/mock-fetch';
import { renderApp } from '../../../testing/render';
import { allowConsoleError } from '../../../testing/setup-tests';

const account = sunwingAccount;
const JOB = '0b6f3c2e-4d1a-4c5e-9f7a-1234567890ab';
const status = (over: Record<string, unknown> = {}) => ({
  body: {
    job_id: JOB,
    status: 'processing',
    processed_count: 0,
    total_rows: 4000,
    imported_count: 0,
    errors: [],
    error_count: 0,
    message: null,
    ...over,
  },
});

const fileInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"][accept=".csv,.txt,.xlsx,.xls"]')!;
const choose = (container: HTMLElement, file: File) =>
  fireEvent.change(fileInput(container), { target: { files: [file] } });
const csv = (text: string, name = 'statement.csv') => new File([text], name, { type: 'text/csv' });

async function openForm(path = '/transactions/import') {
  const app = renderApp(path, { session: sessionFor(adminUser) });
  await screen.findByTestId('import-form');
  return app;
}

async function pickAccount(user: ReturnType<typeof renderApp>['user'], name = 'Sunwing main (Sunwing) - CAD') {
  await user.click(screen.getByLabelText(/^Supplier account/, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name }));
}

beforeAll(() => {
  // jsdom's Blob has no arrayBuffer(); browsers do. Read through jsdom's FileReader instead.
  if (typeof Blob.prototype.arrayBuffer !== 'function')
    Object.defineProperty(Blob.prototype, 'arrayBuffer', {
      configurable: true,
      value(this: Blob) {
        return new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(reader.error ?? new Error('read failed'));
          reader.readAsArrayBuffer(this);
        });
      },
    });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Transaction import form', () => {
  it('checks the required fields, the file type and the 10MB limit before anything is read', async () => {
    const mock = mockFetch({ 'GET /accounts': { body: { status: 'success', data: [account] } } });
    const { user, container } = await openForm();
    expect(screen.getByTestId('import-instructions')).toHaveTextContent('INV123,100.50 (credit)');
    expect(screen.getByTestId('import-instructions')).toHaveTextContent('PMT456,-75.25 (debit)');
    expect(screen.getByTestId('import-instructions')).toHaveTextContent('CSV/Excel Import - [Date]');
    expect(screen.getByLabelText(/^Status/, { selector: 'input' })).toHaveValue('Completed');
    const partial = screen.getByTestId('is-partial-container');
    expect(partial).not.toBeVisible();
    expect(within(partial).getByLabelText('Mark as partial payments')).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    expect(screen.getByText('Please select a supplier account')).toBeInTheDocument();
    expect(screen.getByText('Please select a file to import')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    choose(container, new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Unsupported file format')).toBeInTheDocument();
    choose(container, new File([new Uint8Array(10_485_761)], 'huge.csv', { type: 'text/csv' }));
    expect(await screen.findByText('File size must be less than 10MB')).toBeInTheDocument();
    expect(screen.queryByText('Unsupported file format')).not.toBeInTheDocument();

    // Deselecting the status leaves it empty: required.
    await pickAccount(user);
    await user.click(screen.getByLabelText(/^Status/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    expect(screen.getByText('Please select a status')).toBeInTheDocument();
    expect(screen.queryByText('Please select a supplier account')).not.toBeInTheDocument();
    expect(mock.calls('POST /api/transactions/import')).toHaveLength(0);
  });
});

describe('Transaction import preview', () => {
  // 150 good rows: odd rows credit 'i.25', even rows debit '-i.50'; then three rows that cannot be imported.
  const good = Array.from({ length: 150 }, (_, k) => {
    const i = k + 1;
    return `SW${String(i).padStart(7, '0')},${i % 2 ? `${i}.25` : `-${i}.50`}`;
  });
  const text = [...good, 'SW0000999,12,50', 'XX1,10.00', 'SW0000998,abc'].join('\n');

  it('shows the counts, exact totals in the account currency, 100 rows then all, and every skipped row', async () => {
    mockFetch({ 'GET /accounts': { body: { status: 'success', data: [account] } } });
    const { user, container } = await openForm();
    await pickAccount(user);
    choose(container, csv(text));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));

    const dialog = await screen.findByRole('dialog', { name: 'Preview Transactions' });
    const preview = await within(dialog).findByTestId('import-preview');
    expect(within(preview).getByTestId('preview-file')).toHaveTextContent('statement.csv');
    expect(within(preview).getByTestId('preview-row-count')).toHaveTextContent('150');
    // Credits: 1+3+…+149 = 5625 plus 75 × 0.25; debits: 2+4+…+150 = 5700 plus 75 × 0.50.
    expect(within(preview).getByTestId('preview-total-credits')).toHaveTextContent('CA$5,643.75');
    expect(within(preview).getByText('Total credits (75)')).toBeInTheDocument();
    expect(within(preview).getByTestId('preview-total-debits')).toHaveTextContent('CA$5,737.50');
    expect(within(preview).getByTestId('preview-net-total')).toHaveTextContent('-CA$93.75');

    const rows = () => within(within(dialog).getByTestId('preview-rows')).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(100);
    expect(
      within(rows()[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'SW0000001', 'CA$1.25', 'Credit']);
    expect(
      within(rows()[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'SW0000002', 'CA$2.50', 'Debit']);
    await user.click(within(dialog).getByRole('button', { name: 'Show All Items' }));
    expect(rows()).toHaveLength(150);
    expect(within(rows()[149]!).getByText('SW0000150')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Show Less' }));
    expect(rows()).toHaveLength(100);

    const skipped = within(dialog).getByTestId('preview-skipped');
    expect(skipped).toHaveTextContent('3 row(s) will not be imported');
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 151: has 3 columns; expected 2 (reference, amount) — an amount with a comma must be in quotes',
      "Row 152: 'XX1': Format should match: SW0000000",
      "Row 153: 'abc' is not an amount",
    ]);
    expect(within(dialog).getByRole('button', { name: 'Import Transactions' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps only the rows in view in the page when Show All Items lists a big file', async () => {
    mockFetch({ 'GET /accounts': { body: { status: 'success', data: [account] } } });
    const { user, container } = await openForm();
    await pickAccount(user);
    const big = Array.from({ length: 1500 }, (_, k) => `SW${String(k + 1).padStart(7, '0')},1.00`).join('\n');
    choose(container, csv(big));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Show All Items' }));
    expect(within(dialog).getByTestId('preview-shown')).toHaveTextContent('Showing 1500 of 1500 rows');
    const references = () =>
      within(within(dialog).getByTestId('preview-rows'))
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.querySelectorAll('td')[1]?.textContent)
        .filter(Boolean);
    expect(references()).toHaveLength(80);
    expect(references()[0]).toBe('SW0000001');

    const viewport = within(dialog).getByTestId('preview-scroll').querySelector('.mantine-ScrollArea-viewport')!;
    viewport.scrollTop = 1499 * 32;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(references()).toContain('SW0001500'));
    expect(references()).not.toContain('SW0000001');
  });

  it('formats in £ for a GBP account', async () => {
    // Every account has a currency (accounts.currency_id is required): the £ here is the account's own.
    const gbpAccount = {
      ...account,
      currency_id: 1,
      currency: { id: 1, code: 'GBP', name: 'British Pound', symbol: '£' },
      currency_code: 'GBP',
      accountable: { ...account.accountable, booking_number_format: null },
      booking_number_format: null,
    };
    mockFetch({ 'GET /accounts': { body: { status: 'success', data: [gbpAccount] } } });
    const { user, container } = await openForm();
    await pickAccount(user, 'Sunwing main (Sunwing) - GBP');
    choose(container, csv('INV123,100.50\nPMT456,-75.25\n'));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('preview-total-credits')).toHaveTextContent('£100.50');
    expect(within(dialog).getByTestId('preview-total-debits')).toHaveTextContent('£75.25');
    expect(within(dialog).getByTestId('preview-net-total')).toHaveTextContent('£25.25');
    expect(within(dialog).queryByTestId('preview-skipped')).not.toBeInTheDocument();
  });

  it("shows a file it cannot read under 'Error Parsing File' and keeps Import disabled", async () => {
    mockFetch({ 'GET /accounts': { body: { status: 'success', data: [account] } } });
    const { user, container } = await openForm();
    await pickAccount(user);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    choose(container, new File([png], 'photo.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Error Parsing File')).toBeInTheDocument();
    expect(within(dialog).getByTestId('preview-error')).toHaveTextContent('Unsupported file format');
    expect(within(dialog).getByRole('button', { name: 'Import Transactions' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    choose(container, csv('REF,12,50\nheader,amount\n'));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByTestId('preview-error')).toHaveTextContent(
      'No valid data found in the file after parsing',
    );
    expect(within(again).getByTestId('preview-skipped')).toHaveTextContent('2 row(s) will not be imported');
    expect(within(again).getByRole('button', { name: 'Import Transactions' })).toBeDisabled();
  });

  it("says 'Failed to read file' when the browser cannot read it", async () => {
    mockFetch({ 'GET /accounts': { body: { status: 'success', data: [account] } } });
    const { user, container } = await openForm();
    await pickAccount(user);
    const file = csv('INV1,1.00');
    vi.spyOn(file, 'arrayBuffer').mockRejectedValue(new DOMException('gone', 'NotReadableError'));
    choose(container, file);
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    expect(await screen.findByTestId('preview-error')).toHaveTextContent('Failed to read file');
  });
});

describe('Transaction import upload', () => {
  it('posts the multipart fields, then watches the job in the address', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const mock = mockFetch({
      'GET /accounts': { body: { status: 'success', data: [account] } },
      'POST /api/transactions/import': async () => {
        await answered;
        return { body: { status: 'success', job_id: JOB, message: 'Import started.', total_rows: 2, skipped: [] } };
      },
      [`GET /api/transactions/import/status/${JOB}`]: status({ status: 'queued', total_rows: 2 }),
    });
    const { user, container, router } = await openForm();
    await pickAccount(user);
    await user.click(screen.getByLabelText(/^Status/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await user.type(screen.getByLabelText('Common description'), 'May statement');
    await user.type(screen.getByLabelText('Cheque reference number'), 'CHQ-1');
    const image = new File(['png'], 'cheque.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type="file"][accept^="image/"]')!, {
      target: { files: [image] },
    });
    expect(await screen.findByAltText('Reference image preview')).toBeInTheDocument();
    const file = csv('SW0000001,100.50\nSW0000002,-75.25\n');
    choose(container, file);
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Import Transactions' }));
    expect(await within(dialog).findByRole('button', { name: 'Uploading file...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer();

    await waitFor(() => expect(router.state.location.search).toBe(`?job=${JOB}`));
    const [post] = mock.calls('POST /api/transactions/import');
    expect(post!.headers.get('X-CSRF-TOKEN')).toBe('test-csrf-token');
    expect(post!.body).toEqual({
      account_id: '7',
      status: 'pending',
      description: 'May statement',
      is_partial: '0',
      file,
      cheque_reference_number: 'CHQ-1',
      reference_image: image,
    });
    expect(await screen.findByText('0 of 2 rows processed')).toBeInTheDocument();
    expect(screen.getByTestId('import-progress')).toHaveTextContent('Waiting to start...');
    expect(screen.getByTestId('import-job-id')).toHaveTextContent(JOB);
    expect(screen.getByTestId('import-return')).toHaveTextContent('Back to Transactions');
  });

  it('leaves the reference image out when none is chosen, and shows 422 messages on their fields', async () => {
    const mock = mockFetch({
      'GET /accounts': { body: { status: 'success', data: [account] } },
      'POST /api/transactions/import': {
        status: 422,
        body: {
          message: 'Unsupported file format',
          errors: { file: ['Unsupported file format', 'second'], cheque_reference_number: ['Too long.'] },
        },
      },
    });
    const { user, container } = await openForm();
    await pickAccount(user);
    choose(container, csv('SW0000001,1.00'));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Import Transactions' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Unsupported file format')).toBeInTheDocument();
    expect(screen.getByText('Too long.')).toBeInTheDocument();
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    expect(screen.queryByTestId('import-banner')).not.toBeInTheDocument();
    const body = mock.calls('POST /api/transactions/import')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('reference_image');
    expect(body).toMatchObject({ status: 'completed', description: '', is_partial: '0' });
  });

  it("offers 'Import this file again' when the server says the file was imported before, and sends it when ticked", async () => {
    const duplicateMessage =
      "This file was already imported into this account on 22 Nov 2026 (1 rows, job 1b2c3d4e). Tick 'Import this file again' only if the supplier really paid these amounts twice.";
    const mock = mockFetch({
      'GET /accounts': { body: { status: 'success', data: [account] } },
      'POST /api/transactions/import': [
        {
          status: 422,
          body: {
            message: 'This file was already imported into this account.',
            errors: { file: [duplicateMessage] },
            duplicate_of: { job_id: JOB, imported_at: '2026-11-22T10:00:00.000Z', total_rows: 1 },
          },
        },
        {
          body: {
            status: 'success',
            job_id: JOB,
            message: 'Import started: 1 rows queued.',
            total_rows: 1,
            skipped: [],
          },
        },
      ],
      [`GET /api/transactions/import/status/${JOB}`]: status({ total_rows: 1 }),
    });
    const { user, container, router } = await openForm();
    await pickAccount(user);
    choose(container, csv('SW0000001,1.00'));
    expect(screen.queryByLabelText('Import this file again')).not.toBeInTheDocument();
    const importOnce = async () => {
      await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
      await user.click(
        await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Import Transactions' }),
      );
    };
    await importOnce();
    expect(await screen.findByText(duplicateMessage)).toBeInTheDocument();
    const insist = screen.getByLabelText('Import this file again');
    expect(insist).not.toBeChecked();
    expect(mock.calls('POST /api/transactions/import')[0]!.body).not.toHaveProperty('allow_duplicate');

    await user.click(insist);
    expect(screen.queryByText(duplicateMessage)).not.toBeInTheDocument();
    await importOnce();
    await waitFor(() => expect(mock.calls('POST /api/transactions/import')).toHaveLength(2));
    expect((mock.calls('POST /api/transactions/import')[1]!.body as Record<string, unknown>).allow_duplicate).toBe('1');

    // The override was spent on that upload: back to the form (browser Back), the same file is not re-sent with it.
    await waitFor(() => expect(router.state.location.search).toBe(`?job=${JOB}`));
    await act(() => router.navigate(-1));
    await screen.findByTestId('import-form');
    expect(screen.queryByLabelText('Import this file again')).not.toBeInTheDocument();
    await importOnce();
    await waitFor(() => expect(mock.calls('POST /api/transactions/import')).toHaveLength(3));
    expect(mock.calls('POST /api/transactions/import')[2]!.body).not.toHaveProperty('allow_duplicate');
  });

  const duplicateReply = {
    status: 422,
    body: {
      message: 'Already imported.',
      errors: { file: ['Already imported.'] },
      duplicate_of: { job_id: JOB, imported_at: '2026-11-22T10:00:00.000Z', total_rows: 1 },
    },
  };
  const otherAccount = { ...account, id: 8, name: 'Sunwing second' };

  it.each([
    [
      'another file is chosen',
      (container: HTMLElement) => {
        choose(container, csv('SW0000002,2.00', 'other.csv'));
        return Promise.resolve();
      },
    ],
    [
      'another account is chosen',
      async (_container: HTMLElement, user: ReturnType<typeof renderApp>['user']) => {
        await pickAccount(user, 'Sunwing second (Sunwing) - CAD');
      },
    ],
  ])('hides and unticks the override when %s', async (_name, change) => {
    const mock = mockFetch({
      'GET /accounts': { body: { status: 'success', data: [account, otherAccount] } },
      'POST /api/transactions/import': duplicateReply,
    });
    const { user, container } = await openForm();
    await pickAccount(user);
    choose(container, csv('SW0000001,1.00'));
    const importOnce = async () => {
      await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
      await user.click(
        await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Import Transactions' }),
      );
    };
    await importOnce();
    await user.click(await screen.findByLabelText('Import this file again'));
    expect(screen.getByLabelText('Import this file again')).toBeChecked();

    await change(container, user);
    expect(screen.queryByLabelText('Import this file again')).not.toBeInTheDocument();
    // The override was for that file in that account: the next upload does not carry it.
    await importOnce();
    await waitFor(() => expect(mock.calls('POST /api/transactions/import')).toHaveLength(2));
    expect(mock.calls('POST /api/transactions/import')[1]!.body).not.toHaveProperty('allow_duplicate');
    expect(await screen.findByLabelText('Import this file again')).not.toBeChecked();
  });

  it('works from the keyboard: Space ticks the override, Enter previews, Enter imports', async () => {
    const mock = mockFetch({
      'GET /accounts': { body: { status: 'success', data: [account] } },
      // Only the two requests matter here; the second one's answer is another test's business.
      'POST /api/transactions/import': [duplicateReply, { status: 500, body: { status: 'error', message: 'x' } }],
    });
    const { user, container } = await openForm();
    await pickAccount(user);
    choose(container, csv('SW0000001,1.00'));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Import Transactions' }),
    );
    const insist = await screen.findByLabelText('Import this file again');
    // Tab order: the file field (and its clear button), then the override, then the description.
    screen.getByTestId('import-file').focus();
    await user.tab();
    expect(screen.getByTestId('import-file').parentElement).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(insist).toHaveFocus();
    await user.keyboard(' ');
    expect(insist).toBeChecked();
    await user.tab();
    expect(screen.getByLabelText('Common description')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Cheque reference number')).toHaveFocus();
    await user.keyboard('{Enter}');
    const importButton = await within(await screen.findByRole('dialog')).findByRole('button', {
      name: 'Import Transactions',
    });
    for (let i = 0; i < 10 && document.activeElement !== importButton; i++) await user.tab();
    expect(importButton).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(mock.calls('POST /api/transactions/import')).toHaveLength(2));
    expect(mock.calls('POST /api/transactions/import')[1]!.body).toMatchObject({ allow_duplicate: '1' });
  });

  it.each([
    [{ status: 500, body: { status: 'error', message: 'Queue unavailable.' } }, 'Error: Queue unavailable.'],
    [{ status: 500, body: {} }, 'Error: Failed to start import process'],
  ])('shows other failures in a banner: %#', async (reply, text) => {
    mockFetch({
      'GET /accounts': { body: { status: 'success', data: [account] } },
      'POST /api/transactions/import': reply,
    });
    const { user, container } = await openForm();
    await pickAccount(user);
    choose(container, csv('SW0000001,1.00'));
    await user.click(screen.getByRole('button', { name: 'Preview Transactions' }));
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Import Transactions' }),
    );
    expect(await screen.findByTestId('import-banner')).toHaveTextContent(text);
  });
});

describe('Transaction import progress', () => {
  const path = `/transactions/import?job=${JOB}`;
  const statusKey = `GET /api/transactions/import/status/${JOB}`;

  it('polls every 3 seconds through processing to Import Successful!, logging a failed poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    allowConsoleError();
    const mock = mockFetch({
      [statusKey]: [
        status({ status: 'queued' }),
        status({ processed_count: 2000, errors: ['Row 3: the amount is zero'], error_count: 1 }),
        { status: 503, body: { status: 'error', message: 'Busy.' } },
        status({
          status: 'completed',
          processed_count: 4000,
          imported_count: 3999,
          errors: ['Row 3: the amount is zero'],
          error_count: 1,
          message: 'Import completed.',
        }),
      ],
    });
    renderApp(path, { session: sessionFor(adminUser) });
    expect(await screen.findByTestId('import-processed')).toHaveTextContent('0 of 4000 rows processed');
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '0');

    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() =>
      expect(screen.getByTestId('import-processed')).toHaveTextContent('2000 of 4000 rows processed'),
    );
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByTestId('import-errors')).toHaveTextContent('Row 3: the amount is zero');

    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(mock.calls(statusKey)).toHaveLength(3));
    expect(console.error).toHaveBeenCalledWith('Failed to fetch import status', expect.anything());
    expect(screen.getByTestId('import-processed')).toHaveTextContent('2000 of 4000 rows processed');

    await vi.advanceTimersByTimeAsync(3000);
    const done = await screen.findByTestId('import-success');
    expect(done).toHaveTextContent('Import Successful!');
    expect(screen.getByTestId('import-imported')).toHaveTextContent('3999 transaction(s) imported, 1 error(s).');
    expect(screen.getByTestId('import-return')).toHaveTextContent('Go to Transactions Listing');
    expect(screen.getByTestId('go-to-listing')).toHaveAttribute('href', '/transactions');

    await vi.advanceTimersByTimeAsync(9000);
    expect(mock.calls(statusKey)).toHaveLength(4);
  });

  it("stops on 'failed' with 'Import failed: {message}'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const mock = mockFetch({
      [statusKey]: [
        status({ processed_count: 1000 }),
        status({
          status: 'failed',
          processed_count: 1000,
          imported_count: 1000,
          message: 'The stored file is missing.',
        }),
      ],
    });
    renderApp(path, { session: sessionFor(adminUser) });
    await screen.findByText('1000 of 4000 rows processed');
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByTestId('import-banner')).toHaveTextContent('Import failed: The stored file is missing.');
    await vi.advanceTimersByTimeAsync(9000);
    expect(mock.calls(statusKey)).toHaveLength(2);
    expect(screen.queryByText('Import Successful!')).not.toBeInTheDocument();
  });

  it("shows 5 errors, then 10 on expand followed by '... and N more' counted from error_count", async () => {
    const errors = Array.from({ length: 25 }, (_, i) => `Row ${i + 1}: the amount is empty`);
    mockFetch({ [statusKey]: status({ processed_count: 100, errors, error_count: 40 }) });
    const { user } = renderApp(path, { session: sessionFor(adminUser) });
    const list = await screen.findByTestId('import-errors');
    expect(list).toHaveTextContent('Errors (40)');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(errors.slice(0, 5));
    expect(within(list).queryByText(/more$/)).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Show all errors (40)' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(errors.slice(0, 10));
    expect(within(list).getByTestId('import-errors-more')).toHaveTextContent('... and 30 more');

    await user.click(within(list).getByRole('button', { name: 'Show fewer errors' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('shows the message of a 404 and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const mock = mockFetch({
      [statusKey]: { status: 404, body: { status: 'error', message: 'The import job was not found.' } },
    });
    renderApp(path, { session: sessionFor(adminUser) });
    expect(await screen.findByTestId('import-banner')).toHaveTextContent('The import job was not found.');
    await vi.advanceTimersByTimeAsync(9000);
    expect(mock.calls(statusKey)).toHaveLength(1);
  });

  it('does not ask about a job id that is not one', async () => {
    const mock = mockFetch({});
    renderApp('/transactions/import?job=../../etc', { session: sessionFor(adminUser) });
    expect(await screen.findByTestId('import-banner')).toHaveTextContent('The import job was not found.');
    expect(mock.requests).toHaveLength(0);
  });
});
