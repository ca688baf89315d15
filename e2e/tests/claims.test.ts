import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSupplierCredit } from '../fixtures/api';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { DEMO_ADMIN, DEMO_AGENT } from '../fixtures/demo';
import { ClaimModal, ClaimsPage, makeReceipt, UnclaimedSearch } from '../page-models/claims';
import { signInAs } from '../page-models/mantine';
import { alertWith, errorOf, settled } from '../page-models/transactions';

/*
 * Issue 13: Olivia (an agent) finds two supplier credits nobody booked and claims them with a receipt; the
 * admin previews the receipts, approves one (the booking appears on /bookings, matched) and rejects the
 * other with a reason, which Olivia then reads on My claims.
 *
 * The credits are the journey's own, made first through the API as the admin on the Jet2holidays account
 * (no reference format), with references no other journey uses (CLMJ-<random>), so the journeys can run in
 * any order on one demo server. Left behind, since transactions cannot be deleted and a matched booking
 * cannot either: the two CLMJ credits (£12.34 and £56.78, dated today), the two decided claims, and
 * Olivia's pending claimed Jet2holidays booking of £12.34 dated today that matches the first credit.
 */
const TAG = `CLMJ-${Date.now().toString(36).toUpperCase()}`;
const APPROVE = `${TAG}-A`;
const REJECT = `${TAG}-R`;
const REASON = 'The receipt is for another trip: please send the Jet2 confirmation.';

const browser = journeyBrowser({ width: 1360, height: 900 });

describe('claims', () => {
  it('an agent claims two unmatched credits with a receipt; the admin approves one and rejects the other', async () => {
    const { page, context } = browser;
    const search = new UnclaimedSearch(page);
    const modal = new ClaimModal(page);
    const claims = new ClaimsPage(page);

    // The admin's unmatched table lists the journey's credits.
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await createSupplierCredit(page, 'Jet2holidays', APPROVE, '12.34', 'Claims journey credit');
    await createSupplierCredit(page, 'Jet2holidays', REJECT, '56.78', 'Claims journey credit');
    await page.goto('/reports/commissions');
    const unmatched = page.getByTestId('unmatched-transactions');
    await unmatched.getByRole('searchbox', { name: 'Search unmatched transactions' }).fill(TAG);
    const unmatchedRow = (ref: string) => unmatched.getByRole('row').filter({ hasText: ref });
    await unmatchedRow(APPROVE).waitFor();
    await unmatchedRow(REJECT).waitFor();
    expect(await unmatchedRow(APPROVE).locator('td').allInnerTexts()).toEqual([
      expect.any(String),
      APPROVE,
      'Jet2holidays',
      expect.stringContaining('Jet2holidays'),
      '£12.34',
      // The Suggestion column: the best booking the credit may be, or None (the seed decides).
      expect.any(String),
      expect.stringMatching(/View\s*Claim/),
    ]);
    await unmatched.scrollIntoViewIfNeeded();
    await screenshot(page, 'claims-admin-unmatched-table');
    // The unclaimed list for the agents: the searched credits as a CSV, exact amounts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      unmatched.getByRole('button', { name: 'Export CSV for agents' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^unclaimed-credits-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(exported[0]).toBe('Supplier,Reference,Customer name,Date,Amount,Currency,Account');
    expect(exported.filter((line) => line.startsWith(`Jet2holidays,${TAG}`))).toHaveLength(2);
    expect(exported.find((line) => line.includes(APPROVE))).toMatch(
      new RegExp(`^Jet2holidays,${APPROVE},,\\d{4}-\\d{2}-\\d{2},12\\.34,GBP,`),
    );
    await page.getByText(/^Downloaded unclaimed-credits-/).waitFor();
    await screenshot(page, 'claims-admin-unmatched-exported');
    await unmatched.getByRole('button', { name: `View ${APPROVE}` }).click();
    const view = page.getByRole('dialog', { name: 'Unmatched credit transaction' });
    await settled(view);
    expect(await view.getByRole('link', { name: 'Open transaction' }).getAttribute('href')).toMatch(
      /^\/transactions\/\d+\/edit$/,
    );
    await screenshot(page, 'claims-admin-unmatched-view');
    // An admin's claim picks the agent and needs no receipt (it creates the booking at once: not done here).
    await view.getByRole('button', { name: 'Claim' }).click();
    await view.waitFor({ state: 'hidden' });
    await settled(modal.dialog());
    expect(await modal.dialog().getByRole('heading').innerText()).toBe('Claim transaction as a booking');
    await modal.input('Primary Agent').click();
    await page.getByRole('option', { name: 'Olivia Tremblay', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    expect(await modal.dialog().getByText('Booking Receipt (Optional)').isVisible()).toBe(true);
    await screenshot(page, 'claims-admin-claim-modal', modal.dialog());
    await modal.dialog().getByRole('button', { name: 'Cancel' }).click();
    await modal.dialog().waitFor({ state: 'hidden' });

    // Olivia searches: the button waits for a reference; an unknown one is said so.
    await signInAs(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await page.goto('/reports/commissions');
    await search.panel().waitFor();
    expect(await search.searchButton().isDisabled()).toBe(true);
    await search.find(`${TAG}-NONE`);
    await search.none().waitFor();
    expect(await search.none().innerText()).toBe('No unmatched transaction found for this reference.');
    await search.panel().scrollIntoViewIfNeeded();
    await screenshot(page, 'claims-agent-search-not-found');

    // Found: the credit's card, then the claim modal; the receipt is required, the reference UPPERCASE.
    await search.find(APPROVE);
    await search.result().waitFor();
    expect(await search.result().getByTestId('transaction-facts').innerText()).toContain('£12.34');
    await search
      .result()
      .getByRole('button', { name: `Claim ${APPROVE}` })
      .click();
    await settled(modal.dialog());
    expect(await modal.input('Transaction Reference').inputValue()).toBe(APPROVE);
    expect(await modal.input('Amount').inputValue()).toBe('£12.34');
    expect(await modal.input('Booking Reference').inputValue()).toBe(APPROVE);
    await modal.input('Booking Reference').fill(APPROVE.toLowerCase());
    expect(await errorOf(modal.input('Booking Reference'))).toBe(
      'Booking reference must be in UPPERCASE letters, numbers, and hyphens only.',
    );
    await modal.input('Booking Reference').fill(APPROVE);
    await modal.submit();
    await modal.dialog().getByText('Receipt is required.').waitFor();
    expect(await errorOf(modal.input('Customer Name'))).toBe('The customer name field is required.');
    await screenshot(page, 'claims-agent-claim-modal-errors', modal.dialog());
    await modal.input('Customer Name').fill('Roy, Jean');
    await modal.input('Notes').fill('Booked by phone, forgot to record it.');
    await modal.attach(await makeReceipt(context, APPROVE, 'png'));
    await screenshot(page, 'claims-agent-claim-modal-filled', modal.dialog());
    await modal.submit();
    await modal.dialog().waitFor({ state: 'hidden' });
    await alertWith(page, 'Claim submitted for review.').first().waitFor();
    await page.getByTestId('claim-sent').waitFor();
    expect(await page.getByTestId('claim-sent').innerText()).toContain(APPROVE);
    await screenshot(page, 'claims-agent-claim-sent');

    // The second one, with a PDF receipt.
    await search.find(REJECT);
    await search
      .result()
      .getByRole('button', { name: `Claim ${REJECT}` })
      .click();
    await settled(modal.dialog());
    await modal.input('Customer Name').fill('Tremblay, Ann');
    await modal.attach(await makeReceipt(context, REJECT, 'pdf'));
    await modal.submit();
    await modal.dialog().waitFor({ state: 'hidden' });
    await page.getByTestId('claim-sent').waitFor();

    // A pending claim takes the credit out of the search.
    await search.find(APPROVE);
    await search.none().waitFor();
    expect(await search.none().innerText()).toBe('No unmatched transaction found for this reference.');

    // My claims: both pending.
    await claims.open();
    expect(await page.getByRole('heading', { name: 'My claims' }).isVisible()).toBe(true);
    // Badges are upper-cased by CSS only.
    expect((await claims.cells(APPROVE)).at(-1)).toBe('PENDING');
    expect((await claims.cells(REJECT)).at(-1)).toBe('PENDING');

    // The admin's review: previews, approves one, rejects the other with a reason.
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await claims.open();
    await claims.row(APPROVE).waitFor();
    const approveRow = await claims.cells(APPROVE);
    expect(approveRow.slice(1, 5)).toEqual([
      'Olivia Tremblay',
      expect.stringMatching(new RegExp(`^${APPROVE}\\nJet2holidays · `)),
      '£12.34',
      expect.stringMatching(/^Roy, Jean\n.+\nBooked by phone, forgot to record it\.$/),
    ]);
    await screenshot(page, 'claims-admin-review-pending');

    await claims.receipt(APPROVE).click();
    const image = claims.preview().getByRole('img', { name: `Receipt receipt-${APPROVE}.png` });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await screenshot(page, 'claims-admin-receipt-image', claims.preview());
    await page.keyboard.press('Escape');
    await claims.preview().waitFor({ state: 'hidden' });

    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Refused to (display|frame)/i.test(m.text())) refused.push(m.text());
    });
    const pdfAnswer = page.waitForResponse((r) => /\/api\/unclaimed-bookings\/\d+\/receipt$/.test(r.url()));
    await claims.receipt(REJECT).click();
    const frame = claims.preview().locator('iframe');
    await frame.waitFor();
    const answer = await pdfAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    await page.waitForTimeout(1000); // the viewer draws the page
    await screenshot(page, 'claims-admin-receipt-pdf', claims.preview());
    expect(refused).toEqual([]);
    await page.keyboard.press('Escape');
    await claims.preview().waitFor({ state: 'hidden' });

    await claims.approve(APPROVE).click();
    const confirm = claims.dialog('Approve claim');
    await settled(confirm);
    expect(await confirm.innerText()).toContain(
      `Approve Olivia Tremblay's claim of ${APPROVE} (£12.34, Jet2holidays)?`,
    );
    await screenshot(page, 'claims-admin-approve-confirm');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await alertWith(page, 'Claim approved: the booking was created.').first().waitFor();
    await claims.row(APPROVE).waitFor({ state: 'detached' });

    await claims.reject(REJECT).click();
    const rejectDialog = claims.dialog('Reject claim');
    await settled(rejectDialog);
    await rejectDialog.getByRole('button', { name: 'Reject claim' }).click();
    await rejectDialog.getByText('The reason field is required.').waitFor();
    const reason = rejectDialog.getByLabel(/^Reason/);
    await reason.fill('The receipt is for another trip:');
    await reason.press('Enter'); // a new line, not a submit
    expect(await rejectDialog.isVisible()).toBe(true);
    await reason.fill(REASON);
    await screenshot(page, 'claims-admin-reject-reason', rejectDialog);
    await rejectDialog.getByRole('button', { name: 'Reject claim' }).click();
    await rejectDialog.waitFor({ state: 'hidden' });
    await alertWith(page, 'Claim rejected.').first().waitFor();
    await claims.row(REJECT).waitFor({ state: 'detached' });

    await claims.filter('All');
    await claims.row(APPROVE).waitFor();
    expect((await claims.cells(APPROVE)).at(-2)).toMatch(/^APPROVED\nView booking\nby Alex Morgan, /);
    expect((await claims.cells(REJECT)).at(-2)).toMatch(new RegExp(`^REJECTED\\n${REASON}\\nby Alex Morgan, `));
    await screenshot(page, 'claims-admin-review-all');

    // The booking: Olivia's, pending, on the bookings list and matched to the credit.
    await page.goto(`/bookings?search=${APPROVE}`);
    const bookingRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: APPROVE, exact: true }) });
    await bookingRow.waitFor();
    await expect.poll(() => bookingRow.getAttribute('data-transaction-status')).toBe('match');
    const cells = await bookingRow.locator('td').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual([APPROVE, expect.any(String), 'Roy, Jean', 'Jet2holidays', 'Olivia Tremblay']);
    expect(cells[7]?.toLowerCase()).toBe('pending');
    await screenshot(page, 'claims-admin-bookings-matched');

    // Olivia reads the decisions.
    await signInAs(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await claims.open();
    await claims.row(APPROVE).waitFor();
    expect((await claims.cells(APPROVE)).at(-1)).toBe('APPROVED\nView booking');
    expect((await claims.cells(REJECT)).at(-1)).toBe(`REJECTED\n${REASON}`);
    await screenshot(page, 'claims-agent-my-claims');
    await claims.filter('Pending');
    await claims.row(APPROVE).waitFor({ state: 'detached' });
    if (await page.getByTestId('empty-state').isVisible()) {
      expect(await page.getByTestId('empty-state').innerText()).toContain('None of your claims is waiting for review.');
      await screenshot(page, 'claims-agent-my-claims-empty-pending');
    }
    await claims.filter('All');
    await claims.row(APPROVE).waitFor();
    await claims.row(APPROVE).getByRole('link', { name: 'View booking' }).click();
    await page.waitForURL(/\/bookings\/\d+$/);
    await page.getByText(APPROVE).first().waitFor();
  });
});
