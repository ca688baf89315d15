import { describe, expect, it } from 'vitest';
import { createBooking } from '../fixtures/api';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { DEMO_ADMIN } from '../fixtures/demo';
import { choose, field, signInAs } from '../page-models/mantine';

/*
 * Issue 24 §2: the admin imports Jet2holidays' own statement (a title row, its headers, the passenger as
 * SURNAME/FIRST, a bank charge in brackets, the statement's total) on Supplier statements: the mapping is
 * guessed from the header row and checked on the preview, the deposit is entered, the import runs, and the
 * statement's page says how its lines stand; the line the supplier wrote with noise is then matched from its
 * suggestion, and the statement counts it as matched by suggestion.
 *
 * The journey's own bookings and references (STJ-<random>, on Jet2holidays, which has no reference format),
 * so the journeys run in any order on one demo server. Left behind: the two bookings (£240.00 and £75.50,
 * both matched), the statement and its three transactions, Jet2holidays' saved statement mapping.
 */
const TAG = `STJ-${Date.now().toString(36).toUpperCase()}`;
const browser = journeyBrowser({ width: 1360, height: 900 });

const statementFile = () => ({
  name: 'jet2holidays-november.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Jet2holidays - commission statement 25/11/2026,,,,',
      'Booking ref,Lead passenger,Travel date,Paid on,Commission',
      `${TAG}-A,HUGHES/MEGAN MS,02/03/2026,25/11/2026,240.00`,
      `${TAG.toLowerCase()} b,PATEL/ANIL MR,09/03/2026,25/11/2026,75.50`,
      'BANK CHARGE,,,25/11/2026,(1.50)',
      'TOTAL,,,,314.00',
    ].join('\r\n'),
  ),
});

describe('supplier statements', () => {
  it('the admin imports a statement in its own layout, checks the mapping and the preview, and sees its lines', async () => {
    const { page } = browser;
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const booking = { agent: 'Liam Chen', supplier: 'Jet2holidays', date: '2026-03-01' };
    await createBooking(page, { ...booking, reference: `${TAG}-A`, amount: '240.00', customer: 'Hughes, Megan' });
    await createBooking(page, { ...booking, reference: `${TAG}-B`, amount: '75.50', customer: 'Patel, Anil' });

    await page.getByRole('link', { name: 'Supplier statements' }).click();
    await page.waitForURL(/\/statements$/);
    await page.getByRole('link', { name: 'Import a statement' }).first().click();
    await page.waitForURL(/\/statements\/import/);
    await choose(page, 'Supplier account', 'Jet2holidays commissions (Jet2holidays) - GBP');
    await page.locator('input[type="file"]').setInputFiles(statementFile());

    // The mapping guessed from the header row (the title row above it skipped), to check before importing.
    const preview = page.getByTestId('statement-preview');
    await preview.waitFor();
    expect(await field(page, 'Header rows to skip').inputValue()).toBe('2');
    expect(await field(page, 'Reference').inputValue()).toMatch(/^A · Booking ref/);
    expect(await field(page, 'Amount').inputValue()).toMatch(/^E · Commission/);
    expect(await field(page, 'Customer name').inputValue()).toMatch(/^B · Lead passenger/);
    expect(await field(page, 'Date format').inputValue()).toMatch(/^DD\/MM\/YYYY/);
    const totals = await preview.getByTestId('statement-preview-totals').innerText();
    for (const figure of ['3', '£315.50', '£1.50', '£314.00']) expect(totals).toContain(figure);
    expect(await page.getByTestId('statement-preview-skipped').innerText()).toContain(
      "Row 6: is the statement's total, not a payment",
    );
    await screenshot(page, 'statements-import-preview');

    await field(page, 'Deposit received').fill('312.00');
    await page.getByRole('button', { name: 'Import 3 lines' }).click();
    await page.waitForURL(/\/statements\/\d+$/, { timeout: 30_000 });
    const record = page.getByTestId('statement-record');
    await record.waitFor();
    expect(await page.getByTestId('statement-net').innerText()).toContain('£314.00');
    expect(await page.getByTestId('statement-difference').innerText()).toContain('£2.00');
    expect(await page.getByTestId('statement-counts').innerText()).toMatch(/1 exact[\s\S]*1 unclaimed[\s\S]*1 other/);
    await screenshot(page, 'statements-record');
    const statementUrl = page.url();

    // The noisy line is matched from its suggestion on the dashboard; the statement counts it.
    await page.goto('/reports/commissions');
    const unmatched = page.getByTestId('unmatched-transactions');
    await unmatched.getByRole('searchbox', { name: 'Search unmatched transactions' }).fill(TAG.toLowerCase());
    const row = unmatched.getByRole('row').filter({ hasText: `${TAG.toLowerCase()} b` });
    await row.getByTestId('best-suggestion').waitFor();
    await row.getByRole('button', { name: /^Review suggestions for / }).click();
    const dialog = page.getByRole('dialog', { name: `Suggestions for ${TAG.toLowerCase()} b` });
    expect(await dialog.getByTestId('suggestion-reasons').first().innerText()).toContain('surname Patel');
    await dialog.getByRole('button', { name: `Accept ${TAG}-B` }).click();
    await dialog.getByRole('button', { name: 'Accept suggestion' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(statementUrl);
    await page.getByTestId('statement-record').waitFor();
    expect(await page.getByTestId('statement-counts').innerText()).toMatch(/1 exact[\s\S]*1 by suggestion/);
    await screenshot(page, 'statements-record-after-suggestion');
  });
});
