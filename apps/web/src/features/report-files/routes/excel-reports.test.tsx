import { REPORT_DATES_REQUIRED } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../lib/api-client';
import { cad, gbp, supplierRow } from '../../../testing/catalog-fixtures';
import { mockFetch, type MockHandler } from '../../../testing/mock-fetch';
import { renderWithProviders } from '../../../testing/render';
import { ONE_CURRENCY_PROMPT } from '../components/report-filter-fields';
import { REPORT_FAILED } from '../hooks/use-excel-report';
import { ExcelReportsRoute } from './excel-reports';

const payout = (id: number, name: string, total: number, date: string, code = 'CAD', symbol = '$') => ({
  id,
  name,
  total_amount: total,
  payout_date: date,
  currency_code: code,
  currency_symbol: symbol,
  kind: 'bulk',
  booking_count: 1,
  item_count: 1,
  created_by: 'Ada Admin',
  created_at: `${date}T10:00:00.000Z`,
});

const payouts = {
  body: {
    status: 'success',
    payouts: [
      payout(7, 'Bookings bulk payout', 921.2, '2026-11-20'),
      payout(6, 'Bookings bulk payout', 464.86, '2026-11-20', 'GBP', '£'),
    ],
    current_page: 1,
    last_page: 1,
    per_page: 500,
    from: 1,
    to: 2,
    total: 2,
  },
};
const list = (data: unknown[]) => ({ body: { status: 'success', data } });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const file = (content: string, headers: Record<string, string> = {}) =>
  new Response(content, { status: 200, headers: { 'content-type': XLSX_TYPE, ...headers } });

function renderPage(report: MockHandler | MockHandler[]) {
  const mock = mockFetch({
    'GET /api/payouts': payouts,
    'GET /api/suppliers': list([supplierRow(3, 'Sunwing Vacations', cad, null), supplierRow(5, 'TUI UK', gbp, null)]),
    'GET /api/currencies': list([gbp, cad]),
    'POST /api/reports/excel': report,
  });
  return { mock, ...renderWithProviders(<ExcelReportsRoute />) };
}

/** What the page handed the browser to save: each link click's file name and the file's text. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  const saved: { filename: string; blob: Blob | undefined }[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const href = `blob:report-${++next}`;
    blobs.set(href, blob);
    return href;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ filename: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
  });
  return saved;
}

/** An input by its label (a required one's label ends with an asterisk). */
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const generateButton = () => screen.getByRole('button', { name: /Generate Report|Generating\.\.\./ });

async function choose(user: ReturnType<typeof renderPage>['user'], label: string, option: string) {
  const box = input(label);
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Generates, and expects the spec's message with what the server refused listed under it. */
async function expectRefused(user: ReturnType<typeof renderPage>['user'], refused: string[]) {
  await user.click(generateButton());
  const alert = await screen.findByTestId('form-error');
  expect(alert).toHaveTextContent(REPORT_FAILED);
  expect(
    within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(refused);
}

/** 'YYYY-MM-DD' of the UTC day `daysAgo` days before now, computed apart from the page's own code. */
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeEach(() => {
  setCsrfToken('csrf-test-token');
});

describe('/reports/excel', () => {
  it('opens on the last 28 days to today, every filter on "All", include, the Telpay report as a workbook', async () => {
    renderPage(file('x'));
    expect(screen.getByRole('heading', { name: 'Excel Reports' })).toBeInTheDocument();
    expect(input('Start Date')).toHaveValue(utcDay(28));
    expect(input('End Date')).toHaveValue(utcDay(0));
    expect(input('From Payout')).toHaveAttribute('placeholder', 'All Payouts');
    expect(input('Supplier')).toHaveAttribute('placeholder', 'All Suppliers');
    expect(input('Currency')).toHaveAttribute('placeholder', 'All Currencies');
    expect(screen.getByRole('radio', { name: 'Include Selected Supplier' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Exclude Selected Supplier' })).not.toBeChecked();
    const bookings = screen.getByTestId('report-type-bookings');
    const commissions = screen.getByTestId('report-type-commissions');
    expect(bookings).toHaveAttribute('aria-checked', 'true');
    expect(commissions).toHaveAttribute('aria-checked', 'false');
    expect(bookings).toHaveTextContent('Telpay and Quickbooks combined commission and GST');
    expect(commissions).toHaveTextContent('Agent details, sheet per agent');
    expect(screen.getByRole('radio', { name: 'Excel workbook (.xlsx)' })).toBeChecked();
    expect(screen.getByText(/Telpay imports only \.csv and \.txt files/)).toBeInTheDocument();
    expect(generateButton()).toHaveTextContent('Generate Report');
    expect(generateButton()).toBeEnabled();
  });

  it('lists the payouts, suppliers and currencies it can filter on', async () => {
    const { user } = renderPage(file('x'));
    await user.click(input('From Payout'));
    const payoutOptions = await screen.findAllByRole('option');
    expect(payoutOptions.map((o) => o.textContent)).toEqual([
      'Bookings bulk payout — CA$921.20 (Nov 20, 2026)',
      'Bookings bulk payout — £464.86 (Nov 20, 2026)',
    ]);
    await user.keyboard('{Escape}');
    await user.click(input('Currency'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'GBP — British Pound (£)',
        'CAD — Canadian Dollar (CA$)',
      ]),
    );
    // Searchable: typing narrows the list.
    await user.type(input('Currency'), 'cana');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['CAD — Canadian Dollar (CA$)']),
    );
  });

  it('sends the chosen filters with the CSRF token, shows Generating... meanwhile, and saves the file under the name the server gives', async () => {
    const saved = captureDownloads();
    let answer: (response: Response) => void = () => {};
    const { mock, user } = renderPage(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.clear(input('Start Date'));
    await user.type(input('Start Date'), '2026-10-28');
    await user.clear(input('End Date'));
    await user.type(input('End Date'), '2026-11-25');
    await choose(user, 'From Payout', 'Bookings bulk payout — £464.86 (Nov 20, 2026)');
    await choose(user, 'Supplier', 'TUI UK');
    await choose(user, 'Currency', 'GBP — British Pound (£)');
    await user.click(screen.getByRole('radio', { name: 'Exclude Selected Supplier' }));
    await user.click(screen.getByRole('radio', { name: 'Telpay import (.csv)' }));

    await user.click(generateButton());
    await waitFor(() => expect(generateButton()).toHaveTextContent('Generating...'));
    expect(generateButton()).toBeDisabled();
    // A second click while generating sends nothing.
    await user.click(generateButton());
    expect(mock.calls('POST /api/reports/excel')).toHaveLength(1);
    const [request] = mock.calls('POST /api/reports/excel');
    expect(request!.headers.get('X-CSRF-TOKEN')).toBe('csrf-test-token');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.body).toEqual({
      start_date: '2026-10-28',
      end_date: '2026-11-25',
      payout_id: 6,
      supplier_id: 5,
      currency_id: 1,
      filter_mode: 'exclude',
      report_type: 'bookings',
      format: 'telpay_csv',
    });

    answer(
      new Response('Payee Code,Payee Name\r\n', {
        headers: {
          'content-type': 'text/csv; charset=us-ascii',
          'content-disposition': 'attachment; filename="telpay_2026-10-28_2026-11-25.csv"',
        },
      }),
    );
    await waitFor(() => expect(generateButton()).toHaveTextContent('Generate Report'));
    expect(generateButton()).toBeEnabled();
    expect(saved.map((s) => s.filename)).toEqual(['telpay_2026-10-28_2026-11-25.csv']);
    expect(await saved[0]!.blob!.text()).toBe('Payee Code,Payee Name\r\n');
    expect(screen.getByTestId('report-saved')).toHaveTextContent('Downloaded telpay_2026-10-28_2026-11-25.csv');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    // The link is gone and its object URL released.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:report-1'));
  });

  it("falls back to the spec's file names when the answer names none", async () => {
    const saved = captureDownloads();
    const { mock, user } = renderPage([file('PK-bookings'), file('PK-commissions')]);
    await user.click(generateButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.filename).toBe('telpay_report.xlsx');

    await user.click(screen.getByTestId('report-type-commissions'));
    await user.click(generateButton());
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.filename).toBe('quickbooks_report.xlsx');
    expect(await saved[1]!.blob!.text()).toBe('PK-commissions');
    expect(mock.calls('POST /api/reports/excel').map((r) => (r.body as { report_type: string }).report_type)).toEqual([
      'bookings',
      'commissions',
    ]);
  });

  it('picks a report type with the keyboard; the commissions report is a workbook only', async () => {
    const { user } = renderPage(file('x'));
    await user.click(screen.getByRole('radio', { name: 'QuickBooks Desktop journal (.iif)' }));
    screen.getByTestId('report-type-bookings').focus();
    await user.keyboard('{ArrowRight}');
    const commissions = screen.getByTestId('report-type-commissions');
    expect(commissions).toHaveAttribute('aria-checked', 'true');
    expect(commissions).toHaveFocus();
    expect(screen.getByTestId('report-type-bookings')).toHaveAttribute('aria-checked', 'false');
    const formats = within(screen.getByRole('radiogroup', { name: 'File format' }));
    expect(formats.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['xlsx']);
    expect(formats.getByRole('radio', { name: 'Excel workbook (.xlsx)' })).toBeChecked();

    // Space on a focused card picks it too.
    screen.getByTestId('report-type-bookings').focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('report-type-bookings')).toHaveAttribute('aria-checked', 'true');
    expect(formats.getAllByRole('radio')).toHaveLength(4);
  });

  it('asks for both dates before sending anything', async () => {
    const { mock, user } = renderPage(file('x'));
    await user.clear(input('End Date'));
    await user.click(generateButton());
    expect(await screen.findByTestId('form-error')).toHaveTextContent(REPORT_DATES_REQUIRED);
    expect(input('End Date')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Start Date')).not.toHaveAttribute('aria-invalid', 'true');
    expect(mock.calls('POST /api/reports/excel')).toHaveLength(0);
    expect(generateButton()).toHaveTextContent('Generate Report');
    // The message goes once both dates are there again.
    await user.type(input('End Date'), '2026-11-25');
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
    expect(input('End Date')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the spec's message when generating fails, and is ready to try again", async () => {
    const saved = captureDownloads();
    const { user } = renderPage([
      { status: 500, body: { status: 'error', message: 'Server Error' } },
      new Error('offline'),
      file('PK'),
    ]);
    await user.click(generateButton());
    const alert = await screen.findByTestId('form-error');
    expect(alert).toHaveTextContent(REPORT_FAILED);
    expect(alert).not.toHaveTextContent('Server Error');
    expect(generateButton()).toHaveTextContent('Generate Report');
    expect(generateButton()).toBeEnabled();

    await user.click(generateButton());
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent(REPORT_FAILED));
    expect(generateButton()).toBeEnabled();

    await user.click(generateButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByTestId('form-error')).not.toBeInTheDocument();
  });

  it('lists what the server refused in a request (422) under the message', async () => {
    const { user } = renderPage({
      status: 422,
      body: {
        message: 'The start date must be a date before or equal to the end date.',
        errors: { start_date: ['The start date must be a date before or equal to the end date.'] },
      },
    });
    await user.clear(input('Start Date'));
    await user.type(input('Start Date'), '2026-12-01');
    await expectRefused(user, ['The start date must be a date before or equal to the end date.']);
  });

  it('points at the Currency filter when the server refuses a CSV or IIF file of several currencies, until one is chosen', async () => {
    const saved = captureDownloads();
    const message =
      'The payouts in this range are in CAD and GBP, and a Telpay import (.csv) file holds one currency. ' +
      'Choose a currency in the Currency filter (one file per currency), or download the Excel workbook, which keeps each currency in its own section.';
    const { mock, user } = renderPage([
      { status: 422, body: { message, errors: { currency_id: [message] } } },
      new Response('Payee Code', { status: 200, headers: { 'content-type': 'text/csv; charset=us-ascii' } }),
    ]);
    expect(screen.getByText(/A CSV or IIF file holds one currency/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Telpay import (.csv)' }));
    await expectRefused(user, [message]);
    expect(input('Currency')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(ONE_CURRENCY_PROMPT)).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await choose(user, 'Currency', 'CAD — Canadian Dollar (CA$)');
    expect(screen.queryByText(ONE_CURRENCY_PROMPT)).not.toBeInTheDocument();
    expect(input('Currency')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(generateButton());
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = mock
      .calls('POST /api/reports/excel')
      .map((r) => r.body as { currency_id: number | null; format: string });
    expect(sent.map((b) => [b.format, b.currency_id])).toEqual([
      ['telpay_csv', null],
      ['telpay_csv', cad.id],
    ]);
  });
});
