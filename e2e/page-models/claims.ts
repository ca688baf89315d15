import type { BrowserContext, Locator, Page } from 'playwright-core';
import { field } from './mantine';

/** A receipt to upload: its name, type and bytes. */
export interface ReceiptFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const RECEIPT_HTML = (reference: string) => `
  <body style="margin:0;font:14px sans-serif">
    <div id="r" style="width:360px;padding:18px;border:1px solid #999;background:#fffdf5">
      <h2 style="margin:0 0 8px">Booking confirmation</h2>
      <p>Reference <b>${reference}</b></p><p>Jet2holidays · Manchester to Palma</p><p>Thank you for booking with us.</p>
    </div>
  </body>`;

/**
 * A receipt made on the spot by the browser itself: a PNG screenshot or a PDF print of a small page
 * naming the reference (no binary fixture in the repository).
 */
export async function makeReceipt(
  context: BrowserContext,
  reference: string,
  kind: 'png' | 'pdf',
): Promise<ReceiptFile> {
  const page = await context.newPage();
  try {
    await page.setContent(RECEIPT_HTML(reference));
    const buffer =
      kind === 'png'
        ? await page.locator('#r').screenshot({ type: 'png' })
        : await page.pdf({ width: '420px', height: '300px', printBackground: true });
    return {
      name: `receipt-${reference}.${kind}`,
      mimeType: kind === 'png' ? 'image/png' : 'application/pdf',
      buffer,
    };
  } finally {
    await page.close();
  }
}

/** The agents' unclaimed search on /reports/commissions, and its claim modal. */
export class UnclaimedSearch {
  constructor(private readonly page: Page) {}

  panel() {
    return this.page.getByTestId('unclaimed-search');
  }

  reference() {
    return this.panel().getByLabel('Booking reference');
  }

  searchButton() {
    return this.panel().getByRole('button', { name: 'Search' });
  }

  result() {
    return this.page.getByTestId('unclaimed-result');
  }

  /** What the search says when it found nothing (an answer, not an error). */
  none() {
    return this.page.getByTestId('search-none');
  }

  async find(reference: string) {
    await this.reference().fill(reference);
    await this.reference().press('Enter');
  }
}

/** The claim modal (agents: 'Claim this booking'; admins: 'Claim transaction as a booking'). */
export class ClaimModal {
  constructor(private readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Claim / });
  }

  input(label: string) {
    return this.dialog().locator('input, textarea').and(field(this.page, label));
  }

  async attach(file: ReceiptFile) {
    await this.dialog().locator('input[type="file"]').setInputFiles(file);
  }

  submit(name = 'Submit claim') {
    return this.dialog().getByRole('button', { name }).click();
  }
}

/** /claims: the admins' review, or an agent's My claims. */
export class ClaimsPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/claims${query}`);
    await this.loaded();
  }

  /** The table or its empty state is shown (no loading skeleton left). */
  async loaded() {
    await this.page.getByTestId('claims-table').or(this.page.getByTestId('empty-state')).first().waitFor();
  }

  row(reference: string) {
    return this.page.locator(`[data-claim="${reference}"]`);
  }

  /** The text of each cell of a claim's row, one line per line shown. */
  async cells(reference: string) {
    const texts = await this.row(reference).locator('td').allInnerTexts();
    return texts.map((t) => t.replace(/\n+/g, '\n').trim());
  }

  async filter(status: 'Pending' | 'Approved' | 'Rejected' | 'All') {
    await this.page.getByText(status, { exact: true }).click();
    await this.loaded();
  }

  receipt(reference: string) {
    return this.row(reference).getByRole('button', { name: `View receipt of ${reference}` });
  }

  preview() {
    return this.page.getByRole('dialog', { name: 'Receipt' });
  }

  approve(reference: string) {
    return this.row(reference).getByRole('button', { name: `Approve ${reference}` });
  }

  reject(reference: string) {
    return this.row(reference).getByRole('button', { name: `Reject ${reference}` });
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }
}
