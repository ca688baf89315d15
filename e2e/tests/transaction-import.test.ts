import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../fixtures/demo';
import { openBrowser, screenshot } from '../fixtures/browser';
import { apiJson, signInAs } from '../page-models/mantine';
import { TransactionImportPage } from '../page-models/transaction-import';
import { settled, TransactionsListPage } from '../page-models/transactions';

// Demo data (apps/server/src/features/demo/demo-seed.ts): Sunwing's commissions account, CAD, booking
// number format SW0000000. The file's references are SW + a tag of this run + three digits, which no
// booking has; the rows go in as pending, so they never read as unclaimed credits in other journeys.
const SUNWING = 'Sunwing Vacations commissions (Sunwing Vacations) - CAD';
const TAG = `SW${String(Date.now() % 10_000).padStart(4, '0')}`;
const ROWS = 300;
const FIXTURES = path.resolve(new URL('.', import.meta.url).pathname, '../../fixtures/transaction-import');

const reference = (i: number) => `${TAG}${String(i).padStart(3, '0')}`;
/** Every fifth row is a debit; amounts in cents, so the expected totals are exact integers. */
const cents = (i: number) => (i % 5 === 4 ? -((i % 20) * 100 + 125) : (i % 50) * 100 + 1 + (i % 97));
const decimal = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const cad = (c: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'CAD' }).format(
    decimal(c) as Intl.StringNumericLiteral,
  );

const lines = Array.from({ length: ROWS }, (_, i) => `${reference(i)},${decimal(cents(i))}`);
// Two rows that cannot be imported: a decimal comma (quoted, so one cell) and a reference off the format.
const FILE = [...lines, `${reference(998)},"12,50"`, 'XX1234567,10.00'].join('\r\n');
const credits = Array.from({ length: ROWS }, (_, i) => cents(i)).filter((c) => c > 0);
const debits = Array.from({ length: ROWS }, (_, i) => cents(i)).filter((c) => c < 0);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

interface Listing {
  data: { reference_number: string; amount: number; transaction_type: string; status: string; description: string }[];
  total: number;
}

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
  await signInAs(browser.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

describe('transaction import', () => {
  it('previews a supplier statement, imports it in the background, and the rows are in the listing', async () => {
    const { page } = browser;
    const screen = new TransactionImportPage(page);
    await screen.open();
    await screen.choose('Supplier account', SUNWING);
    await screen.choose('Status', 'Pending');
    await page.getByLabel('Common description').fill(`Sunwing statement ${TAG}`);
    await screen.setFile({ name: `sunwing-${TAG}.csv`, mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    await screen.preview();

    // The browser read the file with the job's own parser: counts and exact totals in the account's currency.
    expect(await screen.summary()).toEqual({
      file: `sunwing-${TAG}.csv`,
      rows: String(ROWS),
      credits: cad(sum(credits)),
      debits: cad(-sum(debits)),
      net: cad(sum(credits) + sum(debits)),
    });
    const skipped = await screen.skipped().innerText();
    expect(skipped).toContain('2 row(s) will not be imported');
    expect(skipped).toContain("Row 301: '12,50' uses a comma for decimals; write 12.50");
    expect(skipped).toContain("Row 302: 'XX1234567': Format should match: SW0000000");

    const first = await screen.previewRows();
    expect(first).toHaveLength(100);
    expect(first[0]).toEqual(['1', reference(0), cad(cents(0)), 'Credit']);
    expect(first[4]).toEqual(['5', reference(4), cad(-cents(4)), 'Debit']);
    await settled(screen.dialog());
    await screenshot(page, 'transaction-import-preview');
    await screen.dialog().getByRole('button', { name: 'Show All Items' }).click();
    expect(await screen.previewRows()).toHaveLength(ROWS);
    await screen.dialog().getByRole('button', { name: 'Show Less' }).click();
    expect(await screen.previewRows()).toHaveLength(100);

    const jobId = await screen.startImport();
    // The address carries the job: a reload keeps watching it.
    await page.reload();
    await screen.success().or(screen.progress()).waitFor();
    await screen.success().waitFor({ timeout: 30_000 });
    expect(await screen.success().innerText()).toContain('Import Successful!');
    expect(await screen.imported().innerText()).toBe(`${ROWS} transaction(s) imported, 2 error(s).`);
    expect(await screen.errors().innerText()).toContain('Row 301:');
    expect(await page.getByTestId('import-job-id').innerText()).toBe(jobId);
    await screenshot(page, 'transaction-import-success');

    const status = await apiJson<{ status: string; imported_count: number; error_count: number }>(
      page,
      `/api/transactions/import/status/${jobId}`,
    );
    expect(status).toMatchObject({ status: 'completed', imported_count: ROWS, error_count: 2 });

    expect(await page.getByTestId('import-return').innerText()).toBe('Go to Transactions Listing');
    await page.getByTestId('import-return').click();
    await page.waitForURL(/\/transactions$/);
    const list = new TransactionsListPage(page);
    await list.open(`?reference=${reference(4)}`);
    const row = list.row(reference(4));
    await row.waitFor();
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Sunwing Vacations commissions');
    expect(text).toContain('Debit');
    expect(text).toContain(decimal(-cents(4)));
    expect(await list.status(reference(4))).toBe('Pending');
    await screenshot(page, 'transaction-import-listing');

    expect((await apiJson<Listing>(page, `/transactions?reference=${TAG}`)).total).toBe(ROWS);
    const [one] = (await apiJson<Listing>(page, `/transactions?reference=${reference(0)}`)).data;
    expect(one).toMatchObject({
      reference_number: reference(0),
      amount: 0.01,
      transaction_type: 'credit',
      status: 'pending',
      description: `Sunwing statement ${TAG}`,
    });
  });

  it("refuses a picture renamed to .csv in the preview with 'Unsupported file format'", async () => {
    const { page } = browser;
    const screen = new TransactionImportPage(page);
    await screen.open();
    await screen.choose('Supplier account', SUNWING);
    await screen.setFile(path.join(FIXTURES, 'image-renamed.csv'));
    await screen.preview();
    await screen.dialog().getByText('Error Parsing File').waitFor();
    expect(await screen.parseError().innerText()).toBe('Unsupported file format');
    expect(await screen.importButton().isDisabled()).toBe(true);
    await settled(screen.dialog());
    await screenshot(page, 'transaction-import-unsupported');
    await screen.dialog().getByRole('button', { name: 'Cancel' }).click();
    await screen.dialog().waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('job=');
  });
});
