import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../fixtures/demo';
import { openBrowser, screenshot } from '../fixtures/browser';
import { BookingsListPage } from '../page-models/bookings-list';
import { apiJson, field, signInAs } from '../page-models/mantine';
import { BulkPayoutsPage, PayoutModal, PayoutsHistoryPage, tableRows } from '../page-models/payouts';
import { settled } from '../page-models/transactions';

// Demo data (apps/server/src/features/demo/demo-seed.ts); every agent has an account in each currency
// their bookings use, GST is 5%.
// AC-482913: Olivia's Air Canada booking, CA$1,842.50 received in full. Her Gold tier rule gives her 75%:
// a line of 1,842.50 × 75% = 1,381.875 → 1,381.88, GST 69.09; she is GST registered.
const SINGLE = 'AC-482913';
// SW4472290: Noah books Sunwing through Olivia (her 75%, his split 40%): Noah 30% (336.00), Olivia 45%
// (504.00) of CA$1,120.00, received in full. 40218876: Amelia's TUI UK booking, £845.20 received in
// full, her Bronze rule's 55% = £464.86. TS7Q2K9L: Noah's Transat booking through Olivia, CA$1,455.00,
// of which Transat paid 700.00 (partial): 1,455 × 75% = 1,091.25 for the agents.
const SPLIT = 'SW4472290';
const AMELIA = '40218876';
const PARTIAL = 'TS7Q2K9L';
// 40220417: Amelia's TUI UK booking of £512.80, for which TUI UK paid £540.00: to reconcile.
const RECONCILE = '40220417';
// J2-88213: Liam's Jet2 booking of £612.35, for which Jet2 paid £600.00 and marked nothing partial.
const SHORT = 'J2-88213';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
  await browser.page.setViewportSize({ width: 1360, height: 900 });
  await signInAs(browser.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

describe('payouts', () => {
  it('pays a booking from the bookings list in two parts, then shows both payout records and their items', async () => {
    const { page } = browser;
    const list = new BookingsListPage(page);
    const modal = new PayoutModal(page);
    // textContent: the status badge is upper-cased by CSS only.
    const statusCell = () => list.row(SINGLE).locator('td').nth(7);
    await list.open(`?search=${SINGLE}`);
    await list.action('Payout', SINGLE).click();
    await modal.loaded();
    expect(await modal.fact('Gross commission')).toBe('CA$1,842.50');
    expect(await modal.fact('Paid')).toBe('CA$0.00');
    expect(await modal.fact('Available amount')).toBe('CA$1,842.50');
    expect(await modal.breakdown()).toEqual([['Olivia Tremblay', '75%', 'CA$1,381.88', 'CA$69.09', 'CA$1,450.97']]);
    // All of it completes the booking: the Partial payment box is unticked and says so (it is no choice).
    expect(await modal.amount().inputValue()).toBe('1842.50');
    expect(await modal.partial().isChecked()).toBe(false);
    expect(await modal.partialNote().innerText()).toBe('Nothing will remain: the booking becomes completed');
    await settled(modal.dialog());
    await screenshot(page, 'payout-modal-completes');
    // Part of it: the box is ticked (something remains), 1,000.00 of 1,842.50 gives her
    // round(1,381.88 × 1,000 / 1,842.50) = 750.00 and 5% GST 37.50.
    await modal.amount().fill('1000');
    await modal.amount().blur();
    await expect.poll(() => modal.amount().inputValue()).toBe('1000.00');
    await expect.poll(() => modal.partial().isChecked()).toBe(true);
    expect(await modal.partialNote().innerText()).toBe('CA$842.50 will remain: the booking becomes partial');
    // Read-only: a click changes nothing.
    await modal.partial().click({ force: true });
    expect(await modal.partial().isChecked()).toBe(true);
    await expect
      .poll(() => tableRows(modal.preview()))
      .toEqual([['Olivia Tremblay', '75%', 'CA$750.00', 'CA$37.50', 'CA$787.50']]);
    expect(await modal.preview().locator('tfoot').innerText()).toMatch(
      /Total to agents\s+CA\$750\.00\s+CA\$37\.50\s+CA\$787\.50/,
    );
    await settled(modal.dialog());
    await screenshot(page, 'payout-modal-partial');
    const first = page.waitForRequest((r) => r.url().endsWith('/process-payout'));
    await modal.submit();
    expect((await first).postDataJSON()).toMatchObject({ payout_amount: '1000.00', is_partial: true });
    await modal.dialog().waitFor({ state: 'hidden' });
    await list.banner().waitFor();
    expect(await list.banner().innerText()).toContain('Payout processed successfully');
    await expect.poll(() => statusCell().textContent()).toBe('Partial');
    await screenshot(page, 'payout-bookings-partial');

    // The rest: what is left of the gross, and of her line and its GST, to the cent.
    await list.action('Payout', SINGLE).click();
    await modal.loaded();
    expect(await modal.fact('Paid')).toBe('CA$1,000.00');
    expect(await modal.fact('Remaining')).toBe('CA$842.50');
    expect(await modal.fact('Available amount')).toBe('CA$842.50');
    expect(await modal.amount().inputValue()).toBe('842.50');
    // The rest completes it: unticked, and sent as not partial.
    expect(await modal.partial().isChecked()).toBe(false);
    expect(await modal.partialNote().innerText()).toBe('Nothing will remain: the booking becomes completed');
    await expect
      .poll(() => tableRows(modal.preview()))
      .toEqual([['Olivia Tremblay', '75%', 'CA$631.88', 'CA$31.59', 'CA$663.47']]);
    const second = page.waitForRequest((r) => r.url().endsWith('/process-payout'));
    await modal.submit();
    expect((await second).postDataJSON()).toMatchObject({ payout_amount: '842.50', is_partial: false });
    await modal.dialog().waitFor({ state: 'hidden' });
    await list.banner().waitFor();
    expect(await list.banner().innerText()).toContain('Payout processed successfully');
    await expect.poll(() => statusCell().textContent()).toBe('Completed');
    await expect.poll(() => list.action('Payout', SINGLE).count()).toBe(0);

    // Two records, newest first; each total is what went to Olivia, GST included. Each is named after
    // the booking, its agent and the day, the second as the booking's second payment (issue 19 item 9).
    const history = new PayoutsHistoryPage(page);
    await history.open();
    const records = await history.records();
    const today = new Date().toISOString().slice(0, 10);
    expect(records.slice(0, 2).map((r) => [r[0], r[2], r[3], r[4], r[5], r[6]])).toEqual([
      [`Payout ${SINGLE} · Olivia Tremblay · ${today} · payment 2`, 'CA$663.47', 'CAD', '1', 'Single', 'Alex Morgan'],
      [`Payout ${SINGLE} · Olivia Tremblay · ${today}`, 'CA$787.50', 'CAD', '1', 'Single', 'Alex Morgan'],
    ]);
    // Newest first by payout date (then the later record first on the same day).
    const dates = records.map((r) => Date.parse(r[1]!));
    expect(dates.every((d) => !Number.isNaN(d))).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    await screenshot(page, 'payouts-history');
    // The older record's PDF (GET /api/reports/payout-pdf/:payoutId): a PDF under the server's name for it.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      history
        .table()
        .getByRole('button', { name: `PDF of Payout ${SINGLE} · Olivia Tremblay · ${today}`, exact: true })
        .click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^payout-\\d+-${today}\\.pdf$`));
    expect(fs.readFileSync(await pdf.path()).toString('latin1', 0, 5)).toBe('%PDF-');
    expect(await page.getByText('Error generating PDF. Please try again.').count()).toBe(0);
    await history.view(1);
    expect(await history.detail().getByTestId('payout-facts').innerText()).toContain('Total: CA$787.50');
    expect(await history.items()).toEqual([[SINGLE, 'Olivia Tremblay', '75%', 'CA$750.00', 'CA$37.50', 'CA$787.50']]);
    expect(await history.subtotals()).toEqual([['Olivia Tremblay', 'CA$750.00', 'CA$37.50', 'CA$787.50']]);
    await settled(history.detail());
    await screenshot(page, 'payout-record-items');
    await page.keyboard.press('Escape');
    await history.detail().waitFor({ state: 'hidden' });
  });

  it('pays two bookings at once on the bulk screen, one with a custom split, then reconciles one', async () => {
    const { page } = browser;
    const bulk = new BulkPayoutsPage(page);
    await bulk.open('payout');
    // October 1 to November 6: Amelia's TUI UK booking, and two of Olivia's (Noah's through her).
    await bulk.dates('2026-10-01', '2026-11-06');
    await bulk.search();
    expect(await bulk.groups()).toEqual([
      ['Amelia Singh', '1 booking', 'Total commission: £464.86'],
      ['Olivia Tremblay', '2 bookings', 'Total commission: CA$1,931.25'],
    ]);
    expect(await bulk.references()).toEqual([AMELIA, SPLIT, PARTIAL]);

    // Nothing selected: said, and gone as soon as a booking is selected.
    await bulk.submit('Process Payouts');
    await expect.poll(() => bulk.alert().innerText()).toBe('Please select at least one booking to process.');
    await bulk.select(AMELIA);
    await expect.poll(() => bulk.alert().count()).toBe(0);
    await bulk.select(SPLIT);
    expect(await bulk.amount(AMELIA).inputValue()).toBe('845.20');
    expect(await bulk.amount(SPLIT).inputValue()).toBe('1120.00');
    await bulk.editCommission(SPLIT);
    const split = bulk.customSplit(SPLIT);
    expect(await bulk.percentage('Noah Gagnon', SPLIT).inputValue()).toBe('30');
    expect(await bulk.percentage('Olivia Tremblay', SPLIT).inputValue()).toBe('45');
    expect(await split.getByText(/^Company:/).innerText()).toBe('Company: 25%');
    // 60 + 45 is over 100: the company's share cannot make up the difference.
    await bulk.percentage('Noah Gagnon', SPLIT).fill('60');
    await split.getByText('Must equal 100%').waitFor();
    expect(await split.getByText(/^Company:/).innerText()).toBe('Company: 0%');
    await bulk.submit('Process Payouts');
    await expect
      .poll(() => bulk.alert().innerText())
      .toBe(`Agent commission percentages for booking ${SPLIT} exceed 100% (total: 105%)`);
    await bulk.alert().scrollIntoViewIfNeeded();
    await screenshot(page, 'bulk-payouts-over-100');
    // Fixed: the error goes with its cause.
    await bulk.percentage('Noah Gagnon', SPLIT).fill('35');
    await expect.poll(() => split.getByText('Must equal 100%').count()).toBe(0);
    await expect.poll(() => bulk.alert().count()).toBe(0);
    expect(await split.getByText(/^Company:/).innerText()).toBe('Company: 20%');
    // Noah 1,120.00 × 35% = 392.00, Olivia × 45% = 504.00 + GST 25.20; Amelia 464.86.
    expect(await page.getByTestId('selected-count').innerText()).toBe('2 bookings selected');
    await expect.poll(() => bulk.summary('payout-amount').innerText()).toBe('CA$1,120.00 · £845.20');
    await expect.poll(() => bulk.summary('agent-commission').innerText()).toBe('CA$896.00 · £464.86');
    await expect.poll(() => bulk.summary('gst').innerText()).toBe('CA$25.20 · £0.00');
    await expect.poll(() => bulk.summary('total-to-agents').innerText()).toBe('CA$921.20 · £464.86');
    // At 1360 wide every column, the split's inputs and the toggles included, is in view.
    expect(await bulk.hiddenWidth()).toBe(0);
    await bulk.row(SPLIT).scrollIntoViewIfNeeded();
    await screenshot(page, 'bulk-payouts-custom-split');

    await bulk.submit('Process Payouts');
    await settled(bulk.results());
    expect(await bulk.results().getByTestId('results-message').innerText()).toBe('2 of 2 bookings processed.');
    expect(await bulk.alert().count()).toBe(0);
    expect(await bulk.resultRows()).toEqual([
      { icon: 'Succeeded', cells: [AMELIA, 'success', 'Payout processed successfully'] },
      { icon: 'Succeeded', cells: [SPLIT, 'success', 'Payout processed successfully'] },
    ]);
    await screenshot(page, 'bulk-payouts-results');
    // The search runs again by itself: the two paid bookings are gone, the partial one stays.
    await expect.poll(() => bulk.references()).toEqual([PARTIAL]);
    await bulk.results().getByRole('button', { name: 'Close', exact: true }).click();
    await bulk.results().waitFor({ state: 'hidden' });
    expect(await bulk.groups()).toEqual([['Olivia Tremblay', '1 booking', 'Total commission: CA$1,091.25']]);
    expect(await bulk.alert().count()).toBe(0);

    // One record per currency, each with what its agents received.
    const history = new PayoutsHistoryPage(page);
    await history.open();
    const records = (await history.records()).slice(0, 2).map((r) => [r[0], r[2], r[3], r[4], r[5]]);
    expect(records.sort((a, b) => a[2]!.localeCompare(b[2]!))).toEqual([
      ['Bookings bulk payout', 'CA$921.20', 'CAD', '1', 'Bulk'],
      ['Bookings bulk payout', '£464.86', 'GBP', '1', 'Bulk'],
    ]);
    const cadRow = (await history.records()).findIndex((r) => r[2] === 'CA$921.20');
    await history.view(cadRow);
    expect(await history.items()).toEqual([
      [SPLIT, 'Noah Gagnon', '35%', 'CA$392.00', 'CA$0.00', 'CA$392.00'],
      [SPLIT, 'Olivia Tremblay', '45%', 'CA$504.00', 'CA$25.20', 'CA$529.20'],
    ]);
    await page.keyboard.press('Escape');
    await history.detail().waitFor({ state: 'hidden' });

    // Reconcile: TUI UK paid £540.00 for a £512.80 booking.
    await bulk.open('reconcile');
    await bulk.search();
    expect(await bulk.references()).toContain(RECONCILE);
    expect(
      await bulk
        .row(RECONCILE)
        .getByTestId(/^reconcile-amount-/)
        .innerText(),
    ).toBe('£540.00');
    const href = await bulk.row(RECONCILE).getByRole('link', { name: RECONCILE, exact: true }).getAttribute('href');
    await bulk.select(RECONCILE);
    await expect.poll(() => bulk.summary('reconcile-amount').innerText()).toBe('£540.00');
    // Amelia's Bronze 55%: of £512.80 now, of £540.00 once reconciled (the booking page says £297.00 below).
    expect(await bulk.summary('agent-commission-before-reconciling').innerText()).toBe('£282.04');
    expect(await bulk.summary('agent-commission-after-reconciling').innerText()).toBe('£297.00');
    await page.getByTestId('commission-summary').scrollIntoViewIfNeeded();
    await screenshot(page, 'bulk-reconcile-summary');
    await bulk.submit('Reconcile Bookings');
    await settled(bulk.results());
    expect(await bulk.results().getByTestId('results-message').innerText()).toBe('1 of 1 booking reconciled.');
    expect(await bulk.resultRows()).toEqual([
      { icon: 'Succeeded', cells: [RECONCILE, 'success', 'Booking reconciled successfully'] },
    ]);
    await screenshot(page, 'bulk-reconcile-results');
    // Left to reconcile: Jet2's short payment and the two paid in part (SW4460318: the demo's overdue one).
    await expect.poll(() => bulk.references()).toEqual(['J2-88213', 'SW4460318', PARTIAL]);
    await bulk.results().getByRole('button', { name: 'Close', exact: true }).click();

    // Its booking page: the gross is what was received, the lines recomputed (Bronze 55% of 540.00), flagged.
    await page.goto(href!);
    const details = page.getByTestId('booking-details');
    await details.waitFor();
    // textContent: the labels are upper-cased by CSS only.
    const text = await details.textContent();
    expect(text).toContain('Total Commission£540.00');
    expect(text).toContain('Expected Commission£297.00');
    expect(await details.getByText('Reconciled', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'booking-reconciled');
  });

  it('offers a partly received booking unticked at what was received, asks before a reconcile lowers a gross, and leaves the rest payable', async () => {
    const { page } = browser;
    const bulk = new BulkPayoutsPage(page);
    const sent: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => {
      if (r.method() === 'POST' && /\/bulk-payouts\/(process|reconcile)$/.test(r.url())) sent.push(r.url());
    };
    page.on('request', onRequest);
    try {
      await bulk.open('payout');
      await bulk.dates('2026-11-01', '2026-11-30');
      await bulk.search();
      expect(await bulk.references()).toContain(PARTIAL);
      // Transat marked its 700.00 partial: more is coming, so the row is not ticked for reconciliation and
      // offers what was received (700.00 of 1,455.00).
      expect(await bulk.reconcile(PARTIAL).isChecked()).toBe(false);
      expect(await bulk.amount(PARTIAL).inputValue()).toBe('700.00');
      expect(await bulk.row(PARTIAL).innerText()).toContain('Available: CA$700.00');
      await bulk.select(PARTIAL);
      expect(await bulk.amount(PARTIAL).inputValue()).toBe('700.00');
      // 700/1,455 of Noah's 436.50 and Olivia's 654.75: 210.00 and 315.00, her GST 15.75.
      await expect.poll(() => bulk.summary('agent-commission').innerText()).toBe('CA$525.00');
      expect(await bulk.summary('gst').innerText()).toBe('CA$15.75');
      expect(await bulk.summary('total-to-agents').innerText()).toBe('CA$540.75');

      // Ticked by hand: the gross would drop to 700.00 and the other 755.00 could never be paid. Asked first.
      await bulk.reconcile(PARTIAL).check();
      await expect
        .poll(() =>
          bulk
            .row(PARTIAL)
            .getByTestId(/^reconcile-drop-/)
            .innerText(),
        )
        .toBe('Gross drops to CA$700.00');
      await bulk.submit('Process Payouts');
      await settled(bulk.confirmReconcile());
      expect(await bulk.drops()).toEqual([[PARTIAL, 'CA$1,455.00', 'CA$700.00', 'CA$755.00']]);
      await screenshot(page, 'bulk-payouts-reconcile-confirm');
      await bulk.cancelReconcile();
      expect(sent).toEqual([]);

      // Unticked again and paid as offered: no question, the rest stays payable.
      await bulk.reconcile(PARTIAL).uncheck();
      expect(await bulk.amount(PARTIAL).inputValue()).toBe('700.00');
      await bulk.row(PARTIAL).scrollIntoViewIfNeeded();
      await screenshot(page, 'bulk-payouts-partial');
      const href = await bulk.row(PARTIAL).getByRole('link', { name: PARTIAL, exact: true }).getAttribute('href');
      // A payout is dated on or before today: a later date is refused on the field and nothing is sent.
      await field(page, 'Payout date').fill('2099-12-31');
      // On the field (and, since a process was tried above, in the screen's alert too).
      await page
        .locator('[id$="-error"]')
        .getByText(/^The payout date cannot be after today/)
        .waitFor();
      await bulk.submit('Process Payouts');
      await expect
        .poll(() => page.getByTestId('bulk-alert').innerText())
        .toMatch(/^The payout date cannot be after today/);
      await screenshot(page, 'bulk-payouts-future-date');
      expect(sent).toEqual([]);
      await field(page, 'Payout date').fill('');
      await expect.poll(() => page.getByTestId('bulk-alert').count()).toBe(0);
      await bulk.submit('Process Payouts');
      await settled(bulk.results());
      expect(await bulk.confirmReconcile().count()).toBe(0);
      expect(await bulk.resultRows()).toEqual([
        { icon: 'Succeeded', cells: [PARTIAL, 'success', 'Payout processed successfully'] },
      ]);
      expect(sent).toHaveLength(1);
      // Nothing more is available until Transat pays the rest: the search no longer lists it.
      await expect.poll(() => bulk.references()).not.toContain(PARTIAL);
      await bulk.results().getByRole('button', { name: 'Close', exact: true }).click();
      await bulk.results().waitFor({ state: 'hidden' });

      // Its booking page: partial, 755.00 remaining, the lines with what each agent was paid.
      await page.goto(href!);
      const details = page.getByTestId('booking-details');
      await details.waitFor();
      const text = await details.textContent();
      expect(text).toContain('Total CommissionCA$1,455.00');
      expect(text).toContain('Paid / RemainingCA$700.00 / CA$755.00');
      expect(await details.getByText('Partial', { exact: true }).count()).toBe(1);
      const lines = await tableRows(page.getByTestId('commission-lines'));
      expect(lines.map((l) => [l[0], l[2], l[3], l[6]])).toEqual([
        ['Noah Gagnon', '30%', 'CA$436.50', 'CA$210.00'],
        ['Olivia Tremblay', '45%', 'CA$654.75', 'CA$315.00'],
      ]);
      await page.getByTestId('commission-lines').scrollIntoViewIfNeeded();
      await screenshot(page, 'booking-partial-paid');
      const info = await apiJson<{ booking: { remaining_amount: number }; payout: { available_amount: number } }>(
        page,
        `${href!}/payout-info`,
      );
      expect(info.booking.remaining_amount).toBe(755);
      expect(info.payout.available_amount).toBe(0);

      // Bulk reconcile: Jet2 paid £600.00 of £612.35. Reconciling it gives up £12.35: asked, and Cancel sends nothing.
      await bulk.open('reconcile');
      await bulk.search();
      expect(await bulk.references()).toEqual(expect.arrayContaining([SHORT, PARTIAL]));
      await bulk.select(SHORT);
      await bulk.submit('Reconcile Bookings');
      await settled(bulk.confirmReconcile());
      expect(await bulk.drops()).toEqual([[SHORT, '£612.35', '£600.00', '£12.35']]);
      await screenshot(page, 'bulk-reconcile-confirm');
      await bulk.cancelReconcile();
      expect(sent).toHaveLength(1);
      expect(await bulk.references()).toEqual(expect.arrayContaining([SHORT, PARTIAL]));

      // The booking paid above at Noah 35% / Olivia 45%: completed, every line paid, each saying what it
      // was paid and at what (the lines keep their own 30% and 45%).
      const found = await apiJson<{ data: { id: number; booking_reference: string }[] }>(
        page,
        `/bookings?search=${SPLIT}`,
      );
      await page.goto(`/bookings/${found.data.find((b) => b.booking_reference === SPLIT)!.id}`);
      await page.getByTestId('commission-lines').waitFor();
      const split = await tableRows(page.getByTestId('commission-lines'));
      expect(split.map((l) => [l[0], l[2], l[3], l[6], l[7]!.split(' ·')[0]])).toEqual([
        ['Noah Gagnon', '30%', 'CA$336.00', 'CA$392.00 at 35% (custom split)', 'paid'],
        ['Olivia Tremblay', '45%', 'CA$504.00', 'CA$504.00', 'paid'],
      ]);
      await page.getByTestId('commission-lines').scrollIntoViewIfNeeded();
      await screenshot(page, 'booking-custom-split');
    } finally {
      page.off('request', onRequest);
    }
  });

  it('reconciles and pays a booking marked for reconciliation in one step on Bulk payouts', async () => {
    const { page } = browser;
    const bulk = new BulkPayoutsPage(page);
    const sent: unknown[] = [];
    const onRequest = (r: { method(): string; url(): string; postDataJSON(): unknown }) => {
      if (r.method() === 'POST' && r.url().endsWith('/bulk-payouts/process')) sent.push(r.postDataJSON());
    };
    page.on('request', onRequest);
    try {
      // September: Jet2 paid £600.00 of Liam's £612.35 and marked nothing partial (mismatch). Offered here,
      // its Reconcile box ticked, at what was received.
      await bulk.open('payout');
      await bulk.dates('2026-09-01', '2026-09-30');
      await bulk.search();
      expect(await bulk.references()).toEqual([SHORT]);
      expect(await bulk.reconcile(SHORT).isChecked()).toBe(true);
      expect(await bulk.amount(SHORT).inputValue()).toBe('600.00');
      await bulk.select(SHORT);
      expect(await bulk.amount(SHORT).inputValue()).toBe('600.00');
      // His agent rule's 62.5% of £600.00, as the booking will have it once reconciled.
      await expect.poll(() => bulk.summary('agent-commission').innerText()).toBe('£375.00');

      // Unticked it cannot be paid (a mismatch is not payable): said on the row and on Process, nothing sent.
      await bulk.reconcile(SHORT).uncheck();
      const mismatch = 'The booking cannot be paid out while its transaction status is mismatch.';
      await expect
        .poll(async () => (await bulk.rowNote(SHORT)).innerText())
        .toBe(`Cannot be paid without Reconcile. ${mismatch}`);
      await bulk.submit('Process Payouts');
      await expect.poll(() => bulk.alert().innerText()).toBe(`${SHORT}: ${mismatch}`);
      await bulk.row(SHORT).scrollIntoViewIfNeeded();
      await screenshot(page, 'bulk-payouts-unreconciled');
      expect(sent).toEqual([]);

      // Ticked again: the note and the error go; Process asks about the £12.35 the reconcile gives up.
      await bulk.reconcile(SHORT).check();
      await expect.poll(async () => (await bulk.rowNote(SHORT)).count()).toBe(0);
      await expect.poll(() => bulk.alert().count()).toBe(0);
      await expect.poll(() => bulk.summary('total-to-agents').innerText()).toBe('£375.00');
      await bulk.row(SHORT).scrollIntoViewIfNeeded();
      await screenshot(page, 'bulk-payouts-reconcile-and-pay');
      await bulk.submit('Process Payouts');
      await settled(bulk.confirmReconcile());
      expect(await bulk.drops()).toEqual([[SHORT, '£612.35', '£600.00', '£12.35']]);
      await bulk.acceptReconcile();
      await settled(bulk.results());
      expect(await bulk.resultRows()).toEqual([
        { icon: 'Succeeded', cells: [SHORT, 'success', 'Payout processed successfully'] },
      ]);
      expect(sent).toEqual([
        expect.objectContaining({
          payouts: [expect.objectContaining({ payout_amount: '600.00', reconcile: true })],
        }),
      ]);
      // Paid in full once reconciled: the search no longer lists it.
      await page.getByTestId('empty-state').waitFor();
      await bulk.results().getByRole('button', { name: 'Close', exact: true }).click();
      await bulk.results().waitFor({ state: 'hidden' });

      // Its booking page: gross £600.00, Liam's line recomputed and paid, reconciled and completed.
      const found = await apiJson<{ data: { id: number; booking_reference: string }[] }>(
        page,
        `/bookings?search=${SHORT}`,
      );
      await page.goto(`/bookings/${found.data.find((b) => b.booking_reference === SHORT)!.id}`);
      const details = page.getByTestId('booking-details');
      await details.waitFor();
      const text = await details.textContent();
      expect(text).toContain('Total Commission£600.00');
      expect(text).toContain('Expected Commission£375.00');
      expect(text).toContain('Paid / Remaining£600.00 / £0.00');
      expect(await details.getByText('Reconciled', { exact: true }).isVisible()).toBe(true);
      expect(await details.getByText('Completed', { exact: true }).count()).toBe(1);
      await screenshot(page, 'booking-reconciled-and-paid');
    } finally {
      page.off('request', onRequest);
    }
  });
});
