import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../fixtures/demo';
import { openBrowser, screenshot } from '../fixtures/browser';
import { apiJson, apiPostJson, signInAs } from '../page-models/mantine';
import {
  alertWith,
  BulkTransactionFormPage,
  errorOf,
  settled,
  TransactionFormPage,
  TransactionsListPage,
} from '../page-models/transactions';

// Demo data (apps/server/src/features/demo/demo-seed.ts): every supplier has one commissions account.
// AC-519004 is Liam Chen's Air Canada booking of CA$1,999.99 and no demo payment matches it, so
// one completed credit of exactly that amount makes it read `match` (DOMAIN.md "Matching").
const AIR_CANADA = 'Air Canada Vacations commissions (Air Canada Vacations) - CAD';
const AIR_CANADA_FORMAT = 'AC-000000';
const BOOKING = { reference: 'AC-519004', amount: '1999.99' };
// Transat's format TSXXXXXX: 'TS' then six letters or digits. Bulk rows are TS + a tag of this run +
// two digits, new references no booking has; they are entered as pending, so they never show up
// as unclaimed credits in other journeys.
const TRANSAT = 'Transat Holidays commissions (Transat Holidays) - CAD';
const TRANSAT_FORMAT = 'TSXXXXXX';
// 'TS', a digit, then the time: the rows are typed without the format's literal 'TS', and a typed 'S' or 'T'
// right after it would be taken for that literal by the mask (a tag starting with 'S' failed a CI run).
const TAG = `TS0${Date.now().toString(36).toUpperCase().slice(-3)}`;
const BULK = [`${TAG}01`, `${TAG}02`, `${TAG}03`];

interface Listing {
  data: { id: number; reference_number: string; status: string; amount: number; transaction_type: string }[];
  total: number;
}

const listing = (page: Page, reference: string) =>
  apiJson<Listing>(page, `/transactions?reference=${encodeURIComponent(reference)}&page_size=100`);

async function bookingStatus(page: Page, reference: string): Promise<string> {
  const bookings = await apiJson<{ data: { id: number; booking_reference: string }[] }>(
    page,
    `/bookings?search=${encodeURIComponent(reference)}`,
  );
  const booking = bookings.data.find((b) => b.booking_reference === reference);
  if (!booking) throw new Error(`No booking ${reference} in the demo data`);
  const statuses = await apiPostJson<Record<string, { status: string }>>(page, '/bookings/transaction-status', {
    booking_ids: [booking.id],
  });
  return statuses[booking.id]!.status;
}

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
  await signInAs(browser.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

describe('transactions', () => {
  it('records a supplier payment for a booking through the single form, and the booking then matches', async () => {
    const { page } = browser;
    expect(await bookingStatus(page, BOOKING.reference)).toBe('no_transaction');

    const form = new TransactionFormPage(page);
    await form.open();
    await form.choose('Account', AIR_CANADA);
    // The account brings its currency; a new transaction is a completed credit.
    expect(await form.input('Currency').inputValue()).toMatch(/^CAD /);
    expect(await form.input('Transaction type').inputValue()).toBe('Credit');
    expect(await form.input('Status').inputValue()).toBe('Completed');

    // The mask upper-cases and puts the hyphen in; until the reference is whole it does not fit the format.
    const reference = form.input('Reference number');
    await form.typeReference('ac519');
    await expect.poll(() => reference.inputValue()).toBe('AC-519');
    await expect.poll(() => errorOf(reference)).toBe(`Format should match: ${AIR_CANADA_FORMAT}`);
    expect(await reference.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'transaction-form-format-mismatch');

    await form.typeReference('004');
    await expect.poll(() => reference.inputValue()).toBe(BOOKING.reference);
    await expect.poll(() => errorOf(reference)).toBeNull();
    await form.input('Amount').fill(BOOKING.amount);
    await form.input('Description').fill('Air Canada statement, November');
    await screenshot(page, 'transaction-form-filled');
    await form.submit();

    await page.waitForURL(/\/transactions$/);
    await settled(alertWith(page, 'Transaction created successfully'));
    await screenshot(page, 'transactions-list-created');

    const list = new TransactionsListPage(page);
    await list.open(`?reference=${BOOKING.reference}`);
    const row = list.row(BOOKING.reference);
    await row.waitFor();
    expect(await list.rows().count()).toBe(1);
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Air Canada Vacations commissions');
    expect(text).toContain('Credit');
    expect(text).toContain('1,999.99');
    expect(await list.status(BOOKING.reference)).toBe('Completed');
    await screenshot(page, 'transactions-list-filtered');

    expect(await bookingStatus(page, BOOKING.reference)).toBe('match');

    // Editing: account, type and currency are locked; the rest can change.
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/transactions\/\d+\/edit$/);
    await form.form().waitFor();
    expect(await form.input('Account').isDisabled()).toBe(true);
    expect(await form.input('Transaction type').isDisabled()).toBe(true);
    expect(await form.input('Currency').isDisabled()).toBe(true);
    expect(await form.input('Account').inputValue()).toBe(AIR_CANADA);
    expect(await form.input('Amount').isEditable()).toBe(true);
    expect(await reference.inputValue()).toBe(BOOKING.reference);
    await form.input('Cheque reference number').fill('CHQ-2291');
    await screenshot(page, 'transaction-form-edit');
    await form.submit();
    await page.waitForURL(/\/transactions$/);
    await alertWith(page, 'Transaction updated successfully').waitFor();
    await list.open(`?reference=${BOOKING.reference}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('CHQ-2291');
    expect(await bookingStatus(page, BOOKING.reference)).toBe('match');
  });

  it('blocks a bulk entry with a bad row, writes nothing, then writes all rows once fixed', async () => {
    const { page } = browser;
    const bulk = new BulkTransactionFormPage(page);
    await bulk.open();
    await bulk.choose('Supplier account', TRANSAT);
    await bulk.choose('Status', 'Pending');
    await bulk.form().getByText(`References must match the format ${TRANSAT_FORMAT}.`).waitFor();
    await bulk.addRows(2);
    await expect
      .poll(() =>
        bulk
          .form()
          .getByTestId(/^bulk-row-/)
          .count(),
      )
      .toBe(3);

    // Row 2's reference is one character short of the format; row 3 has no amount.
    await bulk.fillRow(1, { reference: BULK[0]!.toLowerCase(), amount: '120.00' });
    await bulk.fillRow(2, { reference: BULK[1]!.slice(0, -1), amount: '80.50' });
    await bulk.fillRow(3, { reference: BULK[2]!.slice(2) });
    // The mask upper-cases, and fills in the format's literal 'TS'.
    await expect.poll(() => bulk.reference(1).inputValue()).toBe(BULK[0]);
    await expect.poll(() => bulk.reference(3).inputValue()).toBe(BULK[2]);

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/transactions/store-bulk')) posts.push(r.url());
    });
    await bulk.submit();
    await bulk.formError().waitFor();
    const blocked = await bulk.formError().innerText();
    expect(blocked).toContain(
      'Form submission blocked due to validation errors. Please fix the errors below and try again.',
    );
    expect(blocked).toContain('Check the red error messages shown below individual rows.');
    // Each error sits in its own row, tied to the field it is about.
    expect(await errorOf(bulk.reference(2))).toBe(`Format should match: ${TRANSAT_FORMAT}`);
    expect(await bulk.row(2).innerText()).toContain(`Format should match: ${TRANSAT_FORMAT}`);
    expect(await errorOf(bulk.amount(3))).toBe('Amount must be greater than 0');
    expect(await bulk.row(3).innerText()).toContain('Amount must be greater than 0');
    expect(await errorOf(bulk.reference(1))).toBeNull();
    expect(await errorOf(bulk.amount(1))).toBeNull();
    expect(await errorOf(bulk.reference(3))).toBeNull();
    await screenshot(page, 'bulk-form-row-errors');
    // Nothing was sent, nothing written.
    expect(posts).toEqual([]);
    expect((await listing(page, TAG)).total).toBe(0);

    await bulk.fillRow(2, { reference: BULK[1] });
    await bulk.fillRow(3, { amount: '45.25' });
    const stored = page.waitForResponse((r) => r.url().includes('/transactions/store-bulk'));
    await bulk.submit();
    expect((await stored).status()).toBe(200);
    await page.waitForURL(/\/transactions$/);
    await settled(alertWith(page, '3 transaction(s) created successfully'));
    await screenshot(page, 'bulk-created-list');

    const written = await listing(page, TAG);
    expect(written.total).toBe(3);
    expect(
      written.data
        .map((t) => [t.reference_number, t.amount, t.transaction_type, t.status])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      [BULK[0], 120, 'credit', 'pending'],
      [BULK[1], 80.5, 'credit', 'pending'],
      [BULK[2], 45.25, 'credit', 'pending'],
    ]);
  });

  it('marks two of the new rows as failed from the listing', async () => {
    const { page } = browser;
    const list = new TransactionsListPage(page);
    await list.open();
    await list.filterByReference(TAG);
    await expect.poll(() => list.rows().count()).toBe(3);
    for (const reference of BULK) expect(await list.status(reference)).toBe('Pending');

    await list.select(BULK[0]!);
    await list.select(BULK[1]!);
    await page.getByTestId('bulk-bar').getByText('2 selected').waitFor();
    await list.applyBulkAction('Mark as Failed');
    const dialog = list.dialog('Confirm Status Update');
    await settled(dialog);
    expect(await dialog.innerText()).toContain('Are you sure you want to update 2 transaction(s) to status: failed?');
    await screenshot(page, 'transactions-bulk-status-confirm');

    const updated = page.waitForResponse((r) => r.url().includes('/transactions-bulk-update'));
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    expect((await updated).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    const result = page.getByTestId('bulk-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('Success!');
    expect(await result.innerText()).toContain('2 transaction(s) updated to failed.');
    await screenshot(page, 'transactions-bulk-status-done');

    // The listing reloads itself shortly after (spec §4); then the two rows read Failed.
    await result.waitFor({ state: 'hidden' });
    await expect.poll(() => list.status(BULK[0]!)).toBe('Failed');
    expect(await list.status(BULK[1]!)).toBe('Failed');
    expect(await list.status(BULK[2]!)).toBe('Pending');
    expect(await page.getByTestId('bulk-bar').getByText('0 selected').count()).toBe(1);
    await screenshot(page, 'transactions-bulk-status-reloaded');

    // And so they stay after a real reload.
    await page.reload();
    await list.row(BULK[0]!).waitFor();
    expect([await list.status(BULK[0]!), await list.status(BULK[1]!), await list.status(BULK[2]!)]).toEqual([
      'Failed',
      'Failed',
      'Pending',
    ]);
  });
});
