import fs from 'node:fs';
import type { APIResponse, Page } from 'playwright-core';
import { apiJson, field } from './mantine';

/** /reports/excel (agents-transactions-payouts §2.11). */
export class ExcelReportsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/reports/excel');
    await this.page.getByRole('heading', { name: 'Excel Reports' }).waitFor();
  }

  date(label: 'Start Date' | 'End Date') {
    return field(this.page, label);
  }

  async dates(start: string, end: string) {
    await this.date('Start Date').fill(start);
    await this.date('End Date').fill(end);
  }

  /** Types into a searchable picker and takes the option that matches. */
  async pick(label: 'From Payout' | 'Supplier' | 'Currency', search: string, option: RegExp) {
    await field(this.page, label).click();
    await field(this.page, label).fill(search);
    await this.page.getByRole('option', { name: option }).click();
  }

  reportType(id: 'bookings' | 'commissions') {
    return this.page.getByTestId(`report-type-${id}`);
  }

  format(label: string) {
    return this.page.getByRole('radio', { name: label, exact: true });
  }

  button() {
    return this.page.getByRole('button', { name: /^(Generate Report|Generating\.\.\.)$/ });
  }

  error() {
    return this.page.getByTestId('form-error');
  }

  /**
   * Clicks Generate Report and waits for the browser's download: its file name, its bytes, and the
   * Content-Disposition the server answered with.
   */
  async generate(): Promise<{ filename: string; bytes: Buffer; disposition: string | undefined }> {
    const [download, response] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.waitForResponse((r) => r.url().endsWith('/api/reports/excel')),
      this.button().click(),
    ]);
    const path = await download.path();
    return {
      filename: download.suggestedFilename(),
      bytes: fs.readFileSync(path),
      disposition: response.headers()['content-disposition'],
    };
  }
}

const jsonHeaders = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** A write with the page's session and CSRF token: a multipart form or a JSON body; the raw answer. */
export async function apiWrite(
  page: Page,
  url: string,
  body: { multipart: Record<string, string> } | { data: unknown },
): Promise<APIResponse> {
  const { csrf_token } = await apiJson<{ csrf_token: string }>(page, '/api/session');
  return page.request.post(url, { headers: { ...jsonHeaders, 'x-csrf-token': csrf_token }, ...body });
}

/** As `apiWrite`, for a write that must succeed: its JSON answer. */
export async function apiWriteOk<T>(
  page: Page,
  url: string,
  body: { multipart: Record<string, string> } | { data: unknown },
): Promise<T> {
  const res = await apiWrite(page, url, body);
  if (!res.ok()) throw new Error(`${url} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}
