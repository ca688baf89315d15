import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sunwingAccount } from '../../../testing/fixtures';
import type { RecordedRequest } from '../../../testing/mock-fetch';
import { renderScreen, type ApiMocks } from '../../../testing/screen';
import {
  GUESSED_MAPPING,
  importAnswer,
  previewAnswer,
  statementDetailAnswer,
  statementLine,
  statementSummary,
} from '../statements.testing';

const JOB = '0b6f3c2e-4d1a-4c5e-9f7a-1234567890ab';
const accounts = { body: { status: 'success', data: [sunwingAccount] } };
const file = new File(['Payment date,Booking Ref\n'], 'sunwing-november.csv', { type: 'text/csv' });
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
const bodyOf = (request: RecordedRequest) => request.body as Record<string, unknown>;
const mappingSent = (request: RecordedRequest) => JSON.parse(bodyOf(request).mapping as string) as unknown;

const status = (over: Record<string, unknown> = {}) => ({
  body: {
    job_id: JOB,
    status: 'processing',
    processed_count: 0,
    total_rows: 3,
    imported_count: 0,
    errors: [],
    error_count: 0,
    message: null,
    ...over,
  },
});

/** The import screen with the account and the file chosen, once the first preview shows. */
async function openWithFile(mocks: ApiMocks) {
  const app = renderScreen('/statements/import', { 'GET /accounts': accounts, ...mocks });
  await screen.findByTestId('statement-import-form');
  await app.user.click(screen.getByLabelText(/^Supplier account/, { selector: 'input' }));
  await app.user.click(await screen.findByRole('option', { name: 'Sunwing main (Sunwing) - CAD' }));
  fireEvent.change(app.container.querySelector('input[type="file"]')!, { target: { files: [file] } });
  await screen.findByTestId('statement-mapping');
  return app;
}

const select = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input' });
const importButton = () => screen.getByRole('button', { name: /^Import \d+ lines?$/ });

afterEach(() => {
  vi.useRealTimers();
});

describe('Statement import: preview and mapping', () => {
  it("shows the file's first rows, the guessed mapping and the lines it reads, then reads again through a changed one", async () => {
    const { mock, user } = await openWithFile({
      'POST /api/statements/preview': [
        { body: previewAnswer() },
        {
          body: previewAnswer({
            mapping: { ...GUESSED_MAPPING, customer_name_column: null },
            mapping_source: 'given',
            lines: previewAnswer().data.lines.map((l) => ({ ...l, customer_name: null })),
          }),
        },
      ],
    });
    const [first] = mock.calls('POST /api/statements/preview');
    expect(bodyOf(first!)).toEqual({ account_id: '7', file });

    expect(screen.getByTestId('mapping-source')).toHaveTextContent('Guessed from the header row: check it.');
    expect(screen.getByLabelText('Header rows to skip')).toHaveValue('1');
    expect(select(/^Reference/)).toHaveValue('B · Booking Ref');
    expect(screen.getByLabelText('One signed column')).toBeChecked();
    expect(select(/^Amount/)).toHaveValue('E · Commission');
    expect(select('Date')).toHaveValue('A · Payment date');
    expect(select('Date format')).toHaveValue('DD/MM/YYYY (31/12/2026)');
    expect(select('Customer name')).toHaveValue('C · Lead Passenger');
    expect(select('Booking date')).toHaveValue('D · Departure Date');

    const raw = within(screen.getByTestId('statement-raw-rows')).getAllByRole('row');
    expect(cells(raw[0]!)).toEqual(['Row', 'ADate', 'BReference', 'CCustomer name', 'DBooking date', 'EAmount']);
    expect(cells(raw[1]!)).toEqual([
      '1 skipped',
      'Payment date',
      'Booking Ref',
      'Lead Passenger',
      'Departure Date',
      'Commission',
    ]);
    expect(cells(raw[2]!)).toEqual(['2', '05/11/2026', 'SW-100001', 'Claire Martin', '01/03/2026', '250.00']);

    const lines = () => within(screen.getByTestId('statement-preview-lines')).getAllByRole('row');
    expect(lines().map(cells)).toEqual([
      ['Row', 'Reference', 'Money in', 'Money out', 'Date', 'Customer', 'Booking date'],
      ['2', 'SW-100001', 'CA$250.00', '', 'Nov 5, 2026', 'Claire Martin', 'Mar 1, 2026'],
      ['3', 'sw 100002', 'CA$1,100.00', '', 'Nov 5, 2026', 'Jean Roy', 'Mar 2, 2026'],
      ['4', 'SW-999999', '', 'CA$40.00', 'Nov 6, 2026', 'Nobody Known', 'Mar 3, 2026'],
    ]);
    const totals = screen.getByTestId('statement-preview-totals');
    expect(totals).toHaveTextContent('Lines3');
    expect(totals).toHaveTextContent('Money inCA$1,350.00');
    expect(totals).toHaveTextContent('Money outCA$40.00');
    expect(totals).toHaveTextContent('NetCA$1,310.00');
    const skipped = screen.getByTestId('statement-preview-skipped');
    expect(skipped).toHaveTextContent('2 line(s) will not be imported');
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["Row 5: 'abc' is not an amount", "Row 6: is the statement's total, not a payment"]);
    expect(importButton()).toHaveTextContent('Import 3 lines');
    expect(importButton()).toBeEnabled();

    await user.click(select('Customer name'));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await waitFor(() => expect(mock.calls('POST /api/statements/preview')).toHaveLength(2));
    const second = mock.calls('POST /api/statements/preview')[1]!;
    expect(bodyOf(second)).toMatchObject({ account_id: '7', file });
    expect(mappingSent(second)).toEqual({ ...GUESSED_MAPPING, customer_name_column: null });
    await waitFor(() => expect(cells(lines()[1]!)[5]).toBe('—'));
    // The raw rows say what each column now is.
    expect(cells(within(screen.getByTestId('statement-raw-rows')).getAllByRole('row')[0]!)).toEqual([
      'Row',
      'ADate',
      'BReference',
      'C',
      'DBooking date',
      'EAmount',
    ]);
    expect(importButton()).toBeEnabled();
  });

  it('shows the mapping errors on their fields and imports nothing until they are fixed', async () => {
    const errors = {
      credit_column: ['Choose the column that holds the credits (money in).'],
      debit_column: ['Choose the column that holds the debits (money out).'],
    };
    const { mock, user } = await openWithFile({
      'POST /api/statements/preview': [
        { body: previewAnswer() },
        {
          body: previewAnswer({
            mapping: null,
            mapping_source: 'none',
            mapping_errors: errors,
            lines: [],
            line_count: 0,
            skipped: [],
            skipped_count: 0,
            credit_total: 0,
            debit_total: 0,
          }),
        },
      ],
    });
    await user.click(screen.getByLabelText('Debit and credit columns'));
    expect(await screen.findByText('Choose the column that holds the credits (money in).')).toBeInTheDocument();
    expect(screen.getByText('Choose the column that holds the debits (money out).')).toBeInTheDocument();
    expect(mappingSent(mock.calls('POST /api/statements/preview')[1]!)).toEqual({
      ...GUESSED_MAPPING,
      amount_mode: 'debit_credit',
      amount_column: null,
    });
    expect(select(/^Money in/)).toHaveAccessibleDescription(/Choose the column that holds the credits/);
    expect(screen.getByTestId('statement-preview-empty')).toBeInTheDocument();
    expect(importButton()).toHaveTextContent('Import 0 lines');
    expect(importButton()).toBeDisabled();
    // The mapping the form started from is still said.
    expect(screen.getByTestId('mapping-source')).toHaveTextContent('Guessed from the header row: check it.');
  });

  it('keeps the mapping on screen when a preview fails, and reads the file again on request', async () => {
    const { mock, user } = await openWithFile({
      'POST /api/statements/preview': [
        { body: previewAnswer() },
        { status: 500, body: { status: 'error', message: 'Server Error' } },
        { body: previewAnswer({ mapping: { ...GUESSED_MAPPING, skip_rows: 2 }, mapping_source: 'given' }) },
      ],
    });
    await user.clear(screen.getByLabelText('Header rows to skip'));
    await user.type(screen.getByLabelText('Header rows to skip'), '2');
    expect(await screen.findByTestId('preview-problem')).toHaveTextContent('Server Error');
    expect(screen.getByTestId('statement-mapping')).toBeInTheDocument();
    expect(screen.getByTestId('statement-preview-lines')).toBeInTheDocument();
    expect(importButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Read the file again' }));
    await waitFor(() => expect(importButton()).toBeEnabled());
    expect(screen.queryByTestId('preview-problem')).not.toBeInTheDocument();
    const calls = mock.calls('POST /api/statements/preview');
    expect(calls.map((c) => (bodyOf(c).mapping === undefined ? null : mappingSent(c)))).toEqual([
      null,
      { ...GUESSED_MAPPING, skip_rows: 2 },
      { ...GUESSED_MAPPING, skip_rows: 2 },
    ]);
  });

  it('says on the file field when the server cannot read the file', async () => {
    const { user, container } = renderScreen('/statements/import', {
      'GET /accounts': accounts,
      'POST /api/statements/preview': {
        status: 422,
        body: { message: 'Unsupported file format', errors: { file: ['Unsupported file format'] } },
      },
    });
    await screen.findByTestId('statement-import-form');
    await user.click(select(/^Supplier account/));
    await user.click(await screen.findByRole('option', { name: 'Sunwing main (Sunwing) - CAD' }));
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await screen.findByText('Unsupported file format')).toBeInTheDocument();
    expect(screen.queryByTestId('preview-problem')).not.toBeInTheDocument();
    expect(screen.queryByTestId('statement-mapping')).not.toBeInTheDocument();
  });
});

describe('Statement import: the import', () => {
  it('imports the lines through the mapping with the deposit, shows the progress, then the statement', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { mock, user, router } = await openWithFile({
      'POST /api/statements/preview': { body: previewAnswer() },
      'POST /api/statements/import': { body: importAnswer(JOB, 12) },
      [`GET /api/transactions/import/status/${JOB}`]: [
        status({ processed_count: 1 }),
        status({ status: 'completed', processed_count: 3, imported_count: 3, message: 'Import completed.' }),
      ],
      'GET /api/statements/12': {
        body: statementDetailAnswer(statementSummary(12, { filename: 'sunwing-november.csv' }), [statementLine(1)]),
      },
    });
    await user.type(screen.getByLabelText('Deposit received'), '1300');
    expect(screen.getByTestId('deposit-difference')).toHaveTextContent(
      'Net CA$1,310.00, deposit CA$1,300.00: difference -CA$10.00',
    );
    await user.click(importButton());

    await waitFor(() => expect(router.state.location.search).toBe(`?job=${JOB}&statement=12`));
    const [post] = mock.calls('POST /api/statements/import');
    expect(post!.headers.get('X-CSRF-TOKEN')).toBe('test-csrf-token');
    expect(bodyOf(post!)).toEqual({ account_id: '7', file, mapping: expect.any(String), deposit_amount: '1300' });
    expect(mappingSent(post!)).toEqual(GUESSED_MAPPING);
    expect(await screen.findByText('1 of 3 rows processed')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/statements/12'));
    expect(await screen.findByText('Statement imported: 3 lines.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Statement sunwing-november.csv' })).toBeInTheDocument();
  });

  it('checks the deposit, shows a refused mapping on its field, and offers to import the same file again', async () => {
    const duplicateMessage = 'This file was already imported into this account on 22 Nov 2026 (3 rows, job 1b2c3d4e).';
    const { mock, user } = await openWithFile({
      'POST /api/statements/preview': [
        { body: previewAnswer() },
        { body: previewAnswer({ mapping: { ...GUESSED_MAPPING, reference_column: 2 }, mapping_source: 'given' }) },
      ],
      'POST /api/statements/import': [
        {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            errors: { 'mapping.reference_column': ["The reference column must be one of the file's columns."] },
          },
        },
        {
          status: 422,
          body: {
            message: 'This file was already imported into this account.',
            errors: { file: [duplicateMessage] },
            duplicate_of: { job_id: JOB, imported_at: '2026-11-22T10:00:00.000Z', total_rows: 3 },
          },
        },
        { body: importAnswer(JOB, 12) },
      ],
      [`GET /api/transactions/import/status/${JOB}`]: status(),
    });
    await user.type(screen.getByLabelText('Deposit received'), '12.345');
    await user.click(importButton());
    expect(await screen.findByText('The deposit amount must be a number with at most 2 decimals.')).toBeInTheDocument();
    expect(mock.calls('POST /api/statements/import')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Deposit received'));

    await user.click(importButton());
    expect(await screen.findByText("The reference column must be one of the file's columns.")).toBeInTheDocument();
    // Said by the button as well: the field is far above it.
    expect(screen.getByTestId('import-banner')).toHaveTextContent('Error: The given data was invalid.');
    expect(importButton()).toBeDisabled();

    // Another reference column reads the file again, and the import can go.
    await user.click(select(/^Reference/));
    await user.click(await screen.findByRole('option', { name: 'C · Lead Passenger' }));
    await waitFor(() => expect(mock.calls('POST /api/statements/preview')).toHaveLength(2));
    await waitFor(() => expect(importButton()).toBeEnabled());
    expect(screen.queryByText("The reference column must be one of the file's columns.")).not.toBeInTheDocument();

    await user.click(importButton());
    expect(await screen.findByText(duplicateMessage)).toBeInTheDocument();
    expect(screen.getByTestId('import-banner')).toHaveTextContent(
      'Error: This file was already imported into this account.',
    );
    expect(bodyOf(mock.calls('POST /api/statements/import')[1]!)).not.toHaveProperty('allow_duplicate');
    const insist = screen.getByLabelText('Import this file again');
    await user.click(insist);
    expect(screen.queryByText(duplicateMessage)).not.toBeInTheDocument();
    expect(screen.queryByTestId('import-banner')).not.toBeInTheDocument();
    await user.click(importButton());
    await waitFor(() => expect(mock.calls('POST /api/statements/import')).toHaveLength(3));
    expect(bodyOf(mock.calls('POST /api/statements/import')[2]!)).toMatchObject({ allow_duplicate: '1' });
    expect(bodyOf(mock.calls('POST /api/statements/import')[2]!)).not.toHaveProperty('deposit_amount');
    expect(await screen.findByTestId('import-progress')).toBeInTheDocument();
  });
});
