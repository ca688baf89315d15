import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiHeaders, createMatchedBooking, createSupplierCredit } from '../fixtures/api';
import { DEMO_ADMIN } from '../fixtures/demo';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { AppShell } from '../page-models/app-shell';
import { BookingFormPage } from '../page-models/bookings-form';
import { BookingsListPage } from '../page-models/bookings-list';
import { LoginPage } from '../page-models/login-page';
import { choose } from '../page-models/mantine';
import { settled } from '../page-models/transactions';

// Demo logins (DEMO=1 on an empty data directory). Olivia: default 70%, GST registered (5%).
const AGENT = { email: 'olivia.tremblay@example.com', password: 'agent-demo' };
// Noah: Olivia's sub-agent, books Sunwing and Transat through her at a 40% split.
const SUB_AGENT = { email: 'noah.gagnon@example.com', password: 'agent-demo' };
const RUN = Date.now().toString(36).toUpperCase();

const browser = journeyBrowser();

/**
 * Jet2holidays pays the booking in full and the admin pays it out, through the API with the page's session:
 * the only way a booking becomes completed.
 */
async function payInFull(page: Page, bookingId: number, reference: string, amount: string) {
  await createSupplierCredit(page, 'Jet2holidays', reference, amount, 'Bookings journey credit');
  const paid = await page.request.post(`/bookings/${bookingId}/process-payout`, {
    headers: await apiHeaders(page),
    data: { payout_amount: amount, description: '', is_partial: 0 },
  });
  if (!paid.ok()) throw new Error(`process-payout answered ${paid.status()}: ${await paid.text()}`);
}

/** DELETE /bookings/{id} from the signed-in page (method override, CSRF token from the session). */
async function deleteFromPage(page: Page, url: string) {
  return page.evaluate(async (target) => {
    const session = (await (await fetch('/api/session', { headers: { Accept: 'application/json' } })).json()) as {
      csrf_token: string;
    };
    const res = await fetch(target, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-CSRF-TOKEN': session.csrf_token,
      },
      body: JSON.stringify({ _method: 'DELETE' }),
    });
    return { status: res.status, body: (await res.json()) as { message: string } };
  }, url);
}

async function signIn(page: Page, who: { email: string; password: string }) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(who.email, who.password);
  await page.waitForURL(/\/bookings/);
}

describe('bookings', () => {
  it('lets an agent record a booking and see the commission (status fixed to pending)', async () => {
    const { page } = browser;
    await signIn(page, AGENT);
    const form = new BookingFormPage(page);
    await form.open();
    expect(await form.input('Status').isDisabled()).toBe(true);
    expect(await page.getByLabel(/^Primary Agent/).count()).toBe(0);
    // Submitted empty: the alert, and each missing field marked; filled in, both go.
    await form.submit();
    await form.blockAlert().waitFor();
    expect(await form.blockAlert().textContent()).toContain('Please fill in all required fields.');
    // The alert is brought into view (the submit button is below the fold).
    const alertBox = (await form.blockAlert().boundingBox())!;
    expect(alertBox.y).toBeGreaterThanOrEqual(0);
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await form.input('Booking Reference').getAttribute('aria-invalid')).toBe('true');
    expect(await form.input('Customer Name').getAttribute('aria-invalid')).toBe('true');
    expect(await form.input('Total Commission').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'agent-booking-form-required');
    await form.choose('Supplier', 'Jet2holidays');
    await form.fill({ reference: `E2E-${RUN}`, customer: 'Jean Client', amount: '333.33' });
    // 333.33 × 70% = 233.331 → 233.33
    await expect.poll(() => form.expectedCommission().inputValue()).toBe('233.33');
    expect(await form.blockAlert().count()).toBe(0);
    expect(await form.input('Customer Name').getAttribute('aria-invalid')).not.toBe('true');
    await screenshot(page, 'agent-booking-form');
    await form.submit();
    await page.waitForURL(/\/bookings$/);
    const list = new BookingsListPage(page);
    expect(await list.banner().textContent()).toContain('Booking created successfully');
    const row = list.row(`E2E-${RUN}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('£233.33');
    expect(await row.textContent()).toContain('Pending');
    expect(await list.action('Delete', `E2E-${RUN}`).count()).toBe(0);
    await screenshot(page, 'agent-bookings-list');

    await row.getByRole('link', { name: `E2E-${RUN}`, exact: true }).click();
    const lines = page.getByTestId('commission-lines');
    await lines.waitFor();
    // GST 5% on top: 233.33 × 5% = 11.6665 → 11.67; total 245.00.
    expect(await lines.textContent()).toContain('£11.67');
    expect(await lines.textContent()).toContain('£245.00');
    await screenshot(page, 'agent-booking-view');

    // Her refund booking (an admin's to edit): the edit address shows it read-only with the reason.
    await list.open('?search=TSRF2026');
    const refundHref = await list
      .row('TSRF2026')
      .getByRole('link', { name: 'TSRF2026', exact: true })
      .getAttribute('href');
    expect(await list.action('Edit', 'TSRF2026').count()).toBe(0);
    await page.goto(`${refundHref}/edit`);
    await page.getByTestId('edit-refused').waitFor();
    expect(await page.getByTestId('edit-refused').textContent()).toBe('Only an admin can edit a refund booking.');
    expect(await page.getByTestId('booking-form').count()).toBe(0);
    expect(await page.getByTestId('booking-details').textContent()).toContain('TSRF2026');
    await screenshot(page, 'agent-refund-edit-read-only');
    await new AppShell(page).signOut();
  });

  it('lets an admin record a refund booking, cancel it or complete one, delete neither, and filter by transaction status', async () => {
    const { page } = browser;
    await signIn(page, DEMO_ADMIN);
    const form = new BookingFormPage(page);
    await form.open();
    await form.choose('Primary Agent', 'Liam Chen');
    await form.choose('Supplier', 'TUI UK');
    const reference = String(Date.now()).slice(-8);
    await form.fill({
      reference: `${reference.slice(0, 4)}-${reference.slice(4)}`,
      customer: 'Refund Client',
      amount: '-100',
    });
    // The supplier's format 00000000 keeps what is typed (issue 19 item 13): the hyphen stays, the field
    // says the format; typed again without it, it matches.
    expect(await form.input('Booking Reference').inputValue()).toBe(`${reference.slice(0, 4)}-${reference.slice(4)}`);
    expect(await form.input('Booking Reference').getAttribute('data-format-state')).toBe('mismatch');
    await page.getByText('Format should match: 00000000').waitFor();
    await screenshot(page, 'admin-booking-reference-mask-kept');
    await form.input('Booking Reference').fill('');
    await form.fill({ reference });
    expect(await form.input('Booking Reference').inputValue()).toBe(reference);
    expect(await form.input('Booking Reference').getAttribute('data-format-state')).toBe('match');
    await page.getByText('Negative amounts create refund bookings.').waitFor();
    await expect.poll(() => form.expectedCommission().inputValue()).toBe('-60.00');
    await screenshot(page, 'admin-refund-form');
    await form.submit();
    await page.waitForURL(/\/bookings$/);

    const list = new BookingsListPage(page);
    await list.search(reference);
    const row = list.row(reference);
    await row.waitFor();
    expect(await row.textContent()).toContain('-£100.00');
    expect(await row.textContent()).toContain('-£60.00');
    expect(await list.action('Delete', reference).count()).toBe(1);

    await list.action('Cancel', reference).click();
    const dialog = list.dialog('Confirm Cancellation');
    await dialog.getByLabel('Cancellation Note').fill('Refund recorded by mistake');
    await settled(dialog); // the modal's opening transition, for the screenshot
    await screenshot(page, 'admin-cancel-modal');
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
    await list.banner().waitFor();
    expect(await list.banner().textContent()).toContain('Booking cancelled successfully');
    await row.getByText('Cancelled').waitFor();
    // A cancelled booking offers neither delete nor cancel, and the server refuses a delete with a reason.
    expect(await list.action('Delete', reference).count()).toBe(0);
    expect(await list.action('Cancel', reference).count()).toBe(0);
    await screenshot(page, 'admin-bookings-cancelled');
    const href = await row.getByRole('link', { name: reference, exact: true }).getAttribute('href');
    const refusal = await deleteFromPage(page, href!);
    expect(refusal.status).toBe(409);
    expect(refusal.body.message).toBe('A cancelled booking cannot be deleted.');

    await row.getByRole('link', { name: reference, exact: true }).click();
    await page.getByTestId('history').waitFor();
    expect(await page.getByTestId('history').textContent()).toContain('Cancelled');
    await screenshot(page, 'admin-booking-view-cancelled');

    // A completed one: completed comes only from a payout (DOMAIN.md "Money invariants" 1), so the edit
    // form offers pending and confirmed only; once paid out in full the status shows but cannot change, the
    // list offers no delete (nor cancel), and the server refuses a delete with the rule's reason.
    const done = `E2E-DONE-${RUN}`;
    await form.open();
    await form.choose('Primary Agent', 'Liam Chen');
    await form.choose('Supplier', 'Jet2holidays');
    await form.fill({ reference: done, customer: 'Completed Client', amount: '250.00' });
    await form.submit();
    await page.waitForURL(/\/bookings$/);
    await list.search(done);
    const doneRow = list.row(done);
    await doneRow.getByText('Pending').waitFor();
    expect(await list.action('Delete', done).count()).toBe(1);
    await list.action('Edit', done).click();
    await page.waitForURL(/\/bookings\/\d+\/edit$/);
    await expect.poll(() => form.input('Booking Reference').inputValue()).toBe(done);
    await form.input('Status').click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Pending', 'Confirmed']);
    await screenshot(page, 'admin-booking-form-status-choices');
    await page.keyboard.press('Escape');
    const bookingId = Number(/\/bookings\/(\d+)\/edit$/.exec(page.url())![1]);
    await payInFull(page, bookingId, done, '250.00');
    await list.open();
    await list.search(done);
    await doneRow.getByText('Completed', { exact: true }).waitFor();
    // The list refetches: wait for the settled rows, not the first paint.
    await expect.poll(() => list.action('Delete', done).count()).toBe(0);
    await expect.poll(() => list.action('Cancel', done).count()).toBe(0);
    expect(await list.action('Edit', done).count()).toBe(1); // admins may still edit it
    await list.action('Edit', done).click();
    await page.waitForURL(/\/bookings\/\d+\/edit$/);
    await expect.poll(() => form.input('Status').inputValue()).toBe('Completed');
    expect(await form.input('Status').isDisabled()).toBe(true);
    await screenshot(page, 'admin-booking-form-completed');
    await list.open();
    await list.search(done);
    await doneRow.getByText('Completed', { exact: true }).waitFor();
    await screenshot(page, 'admin-bookings-completed');
    const doneHref = await doneRow.getByRole('link', { name: done, exact: true }).getAttribute('href');
    const refused = await deleteFromPage(page, doneHref!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A completed booking cannot be deleted.');

    // The list filtered by transaction status (the demo's supplier payments): every row shown is a
    // match by the live rule too (each row's colour comes from POST /bookings/transaction-status).
    // A booking of the journey's own that Jet2holidays paid short (£240.00 of £250.00) is a mismatch: the
    // match filter leaves it out, the mismatch filter shows it. (Not the demo's short-paid J2-88213: the
    // payouts journey reconciles it to what was paid, a match, and may run before this one.) Dated in May,
    // outside every range another journey searches, so their lists and totals stay as they expect.
    const short = `E2E-SHORT-${RUN}`;
    const shortBooking = {
      agent: 'Liam Chen',
      supplier: 'Jet2holidays',
      reference: short,
      amount: '250.00',
      date: '2026-05-14',
      customer: 'Short Client',
    };
    await createMatchedBooking(page, shortBooking, '240.00');
    await list.open();
    await choose(page, 'Transaction Status', 'Match');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/transaction_status=match/);
    await list.row('AC-482913').waitFor();
    await list.row('40218876').waitFor();
    await expect
      .poll(
        () =>
          page
            .getByTestId('bookings-table')
            .locator('tbody tr')
            .evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-transaction-status')))]),
        // The statuses come from a second request: on a busy machine it takes more than poll's default second.
        { timeout: 15_000 },
      )
      .toEqual(['match']);
    await screenshot(page, 'admin-bookings-transaction-status-match');
    await list.search(short);
    await page.waitForURL(new RegExp(`search=${short}`));
    await page.getByText('No bookings found matching your criteria.', { exact: true }).waitFor();
    expect(await list.row(short).count()).toBe(0);
    await choose(page, 'Transaction Status', 'Mismatch');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/transaction_status=mismatch/);
    await expect.poll(() => list.row(short).getAttribute('data-transaction-status')).toBe('mismatch');
  });

  it('lets the admin group bookings', async () => {
    const { page } = browser;
    await page.goto('/booking-groups/create');
    await page.getByRole('heading', { name: 'Create Booking Group' }).waitFor();
    await page.getByLabel(/^Group Name/).fill(`E2E group ${RUN}`);
    await page.getByTestId('available-bookings').waitFor();
    await page.getByRole('checkbox', { name: new RegExp(`^E2E-${RUN}`) }).check();
    await screenshot(page, 'admin-group-form');
    await page.getByRole('button', { name: 'Create Group' }).click();
    await page.waitForURL(/\/booking-groups$/);
    const row = page.getByRole('row').filter({ hasText: `E2E group ${RUN}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Olivia Tremblay');
    expect(await row.textContent()).toContain('£333.33');
    await screenshot(page, 'admin-groups-list');
  });

  it('lets a sub-agent book a supplier through the parent agent: registered under the parent, each seeing their own share', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await signIn(page, SUB_AGENT);
    const form = new BookingFormPage(page);
    await form.open();
    // Noah has no rate of his own for Sunwing: he books it through Olivia (Gold tier rule 75%, his split 40%).
    await form.choose('Supplier', 'Sunwing Vacations (via Olivia Tremblay)');
    const panel = page.getByTestId('sub-agent-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('Sub-agent: Noah Gagnon');
    expect(await panel.textContent()).toContain('40');
    // Names, not ids (issue 19 item 6).
    expect(await panel.textContent()).toContain('Parent agent: Olivia Tremblay');
    expect(await panel.textContent()).toContain('Primary agent: Olivia Tremblay');
    expect(await panel.textContent()).not.toMatch(/\bid\b/);

    // The Sunwing mask (SW0000000) keeps what is typed: one digit too many is neither cut nor shown as
    // valid, and an accented letter is not replaced (issue 19 item 13).
    const referenceInput = form.input('Booking Reference');
    await referenceInput.pressSequentially('sw12345678');
    expect(await referenceInput.inputValue()).toBe('SW12345678');
    expect(await referenceInput.getAttribute('data-format-state')).toBe('mismatch');
    await page.getByText('Format should match: SW0000000').waitFor();
    await screenshot(page, 'booking-reference-mask-too-long');
    await referenceInput.fill('');
    await referenceInput.pressSequentially('SWÀ123456');
    expect(await referenceInput.inputValue()).toBe('SWÀ123456');
    expect(await referenceInput.getAttribute('data-format-state')).toBe('mismatch');
    await referenceInput.fill('');

    const reference = `SW${String(Date.now()).slice(-7)}`;
    await form.fill({ reference, customer: 'Split Customer', amount: '1000.00' });
    expect(await referenceInput.getAttribute('data-format-state')).toBe('match');
    expect(await page.getByText('Format should match: SW0000000').count()).toBe(0);
    // 1000.00 × 75% = 750.00 expected; Noah 1000 × 75% × 40% = 300.00, Olivia the rest 450.00. The
    // Expected Commission stays the agent side; under it, Noah's own share, the figure of his list.
    await expect.poll(() => form.expectedCommission().inputValue()).toBe('750.00');
    expect(await page.getByTestId('sub-agent-share').textContent()).toBe('Your share: CA$300.00 (40% split)');
    await screenshot(page, 'sub-agent-booking-form');
    await form.submit();
    await page.waitForURL(/\/bookings$/);
    const list = new BookingsListPage(page);
    await list.banner().waitFor();
    const row = list.row(reference);
    await row.waitFor();
    // Registered under Olivia; the Commission column shows Noah's own share, not the agent side's 750.
    expect(await row.textContent()).toContain('Olivia Tremblay');
    expect(await row.textContent()).toContain('via Noah Gagnon');
    expect(await row.textContent()).toContain('CA$300.00');
    expect(await row.textContent()).not.toContain('CA$750.00');
    await screenshot(page, 'sub-agent-bookings-list');
    await row.getByRole('link', { name: reference, exact: true }).click();
    const lines = page.getByTestId('commission-lines');
    await lines.waitFor();
    const own = (await lines.textContent()) ?? '';
    expect(own).toContain('Noah Gagnon');
    expect(own).toContain('CA$300.00');
    expect(own).not.toContain('Olivia Tremblay');
    expect(own).not.toContain('CA$450.00');
    expect(await page.getByTestId('history').textContent()).not.toContain('450.00');
    await screenshot(page, 'sub-agent-booking-view');
    const bookingUrl = new URL(page.url()).pathname;
    await new AppShell(page).signOut();

    // The admin sees it under Olivia with both lines, edits its notes from the booking page: the form shows
    // Olivia as primary agent and Noah in the panel, and the save comes back to the booking page.
    await signIn(page, DEMO_ADMIN);
    await page.goto(bookingUrl);
    await lines.waitFor();
    const all = (await lines.textContent()) ?? '';
    expect(all).toContain('Noah Gagnon');
    expect(all).toContain('CA$300.00');
    expect(all).toContain('Olivia Tremblay');
    expect(all).toContain('CA$450.00');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit$/);
    await expect.poll(() => form.input('Primary Agent').inputValue()).toBe('Olivia Tremblay');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('Sub-agent: Noah Gagnon');
    await page.getByLabel(/^Notes/).fill('Window seats, row 12');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-sub-agent-booking-edit');
    await form.submit();
    await page.waitForURL((url) => url.pathname === bookingUrl);
    const banner = page.getByTestId('success-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Booking updated successfully');
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
    expect(await banner.isVisible()).toBe(true);
    // Still Noah's booking under Olivia, and the history names the notes, only.
    await expect.poll(async () => (await lines.textContent()) ?? '').toContain('CA$450.00');
    expect(await lines.textContent()).toContain('CA$300.00');
    const latest = page.getByTestId('history').locator('tbody tr').first();
    await expect.poll(() => latest.textContent()).toContain('Notes: Window seats, row 12');
    expect(await latest.textContent()).not.toContain('cancellation_note');
    // The creation in words (issue 19 item 7): labels, names and money, no field names or ids.
    const creation = (await page.getByTestId('history').locator('tbody tr').last().textContent()) ?? '';
    expect(creation).toContain('Created');
    expect(creation).toContain('Supplier: Sunwing Vacations');
    expect(creation).toContain('Total Commission: CA$1,000.00');
    expect(creation).toContain('Rate from: Tier commission rule');
    expect(creation).toContain('Sub-agent: Noah Gagnon');
    expect(creation).not.toMatch(/supplier_id|rate_source|tier_rule|_id\b/);
    await screenshot(page, 'admin-sub-agent-booking-saved');
    await page.getByTestId('history').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-sub-agent-booking-history');
    await new AppShell(page).signOut();
  });
});
