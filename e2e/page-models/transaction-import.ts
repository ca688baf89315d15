import type { Page } from 'playwright-core';
import { choose } from './mantine';

export type ImportFile = string | { name: string; mimeType: string; buffer: Buffer };

/** The transaction import screen (/transactions/import): form, preview modal, job progress. */
export class TransactionImportPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/transactions/import${query}`);
    await this.form().waitFor();
  }

  form() {
    return this.page.getByTestId('import-form');
  }

  choose(label: string, option: string) {
    return choose(this.page, label, option);
  }

  /** The import file's input (the reference image has its own). */
  async setFile(file: ImportFile) {
    await this.page.locator('input[type="file"][accept=".csv,.txt,.xlsx,.xls"]').setInputFiles(file);
  }

  /** 'Preview Transactions', then waits until the file is read (rows or a parsing error). */
  async preview() {
    await this.page.getByRole('button', { name: 'Preview Transactions' }).click();
    await this.dialog().getByTestId('import-preview').waitFor();
  }

  dialog() {
    return this.page.getByRole('dialog', { name: 'Preview Transactions' });
  }

  async summary() {
    const text = (id: string) => this.dialog().getByTestId(id).innerText();
    return {
      file: await text('preview-file'),
      rows: await text('preview-row-count'),
      credits: await text('preview-total-credits'),
      debits: await text('preview-total-debits'),
      net: await text('preview-net-total'),
    };
  }

  /** The table's data rows as [row, reference, amount, type]. */
  async previewRows(): Promise<string[][]> {
    return this.dialog()
      .getByTestId('preview-rows')
      .locator('tbody tr:not([aria-hidden])')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())));
  }

  skipped() {
    return this.dialog().getByTestId('preview-skipped');
  }

  parseError() {
    return this.dialog().getByTestId('preview-error');
  }

  importButton() {
    return this.dialog().getByRole('button', { name: 'Import Transactions' });
  }

  /** 'Import Transactions': the upload answers a job id, which the address then carries. */
  async startImport(): Promise<string> {
    await this.importButton().click();
    await this.page.waitForURL((url) => url.searchParams.has('job'));
    return new URL(this.page.url()).searchParams.get('job')!;
  }

  progress() {
    return this.page.getByTestId('import-progress');
  }

  success() {
    return this.page.getByTestId('import-success');
  }

  imported() {
    return this.page.getByTestId('import-imported');
  }

  errors() {
    return this.page.getByTestId('import-errors');
  }
}
