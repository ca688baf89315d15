import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../fixtures/demo';
import { openBrowser, screenshot } from '../fixtures/browser';
import { AppShell } from '../page-models/app-shell';
import { BookingFormPage } from '../page-models/bookings-form';
import { BookingsListPage } from '../page-models/bookings-list';
import { LoginPage } from '../page-models/login-page';
import { choose } from '../page-models/mantine';

// Demo logins (DEMO=1 on an empty data directory). Olivia: default 70%, GST registered (5%).
const AGENT = { email: 'olivia.tremblay@example.com', password: 'agent-demo' };
const RUN = Date.now().toString(36).toUpperCase();

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser.close();
});

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
    await form.choose('Supplier', 'Jet2holidays');
    await form.fill({ reference: `E2E-${RUN}`, customer: 'Jean Client', amount: '333.33' });
    // 333.33 × 70% = 233.331 → 233.33
    await expect.poll(() => form.expectedCommission().inputValue()).toBe('233.33');
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
    // The supplier's format 00000000 masks what is typed (the hyphen is dropped).
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
    await page.waitForTimeout(400); // the modal's opening transition
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
    expect(await page.getByTestId('history').textContent()).toContain('cancel');
    await screenshot(page, 'admin-booking-view-cancelled');

    // A completed one: the admin sets the status in the edit form; the list then offers no delete
    // (nor cancel), and the server refuses a delete with the rule's reason.
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
    await choose(page, 'Status', 'Completed');
    expect(await form.input('Status').inputValue()).toBe('Completed');
    await screenshot(page, 'admin-booking-form-completed');
    await form.submit();
    await page.waitForURL(/\/bookings$/);
    expect(await list.banner().textContent()).toContain('Booking updated successfully');
    await list.search(done);
    await doneRow.getByText('Completed', { exact: true }).waitFor();
    // The list refetches after the save: wait for the settled rows, not the first paint.
    await expect.poll(() => list.action('Delete', done).count()).toBe(0);
    await expect.poll(() => list.action('Cancel', done).count()).toBe(0);
    expect(await list.action('Edit', done).count()).toBe(1); // admins may still edit it
    await screenshot(page, 'admin-bookings-completed');
    const doneHref = await doneRow.getByRole('link', { name: done, exact: true }).getAttribute('href');
    const refused = await deleteFromPage(page, doneHref!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A completed booking cannot be deleted.');

    // The list filtered by transaction status (the demo's supplier payments): every row shown is a
    // match by the live rule too (each row's colour comes from POST /bookings/transaction-status).
    await list.open();
    await choose(page, 'Transaction Status', 'Match');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/transaction_status=match/);
    await list.row('AC-482913').waitFor();
    await list.row('40218876').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('bookings-table')
          .locator('tbody tr')
          .evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-transaction-status')))]),
      )
      .toEqual(['match']);
    expect(await list.row('J2-88213').count()).toBe(0); // paid short: a mismatch
    await screenshot(page, 'admin-bookings-transaction-status-match');
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

  it('lets a sub-agent book a supplier through the parent agent and see the split', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await signIn(page, { email: 'noah.gagnon@example.com', password: 'agent-demo' });
    const form = new BookingFormPage(page);
    await form.open();
    // Noah has no rate of his own for Sunwing: he books it through Olivia (Gold tier rule 75%, his split 40%).
    await form.choose('Supplier', 'Sunwing Vacations (via Olivia Tremblay)');
    const panel = page.getByTestId('sub-agent-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('40');
    const reference = `SW${String(Date.now()).slice(-7)}`;
    await form.fill({ reference, customer: 'Split Customer', amount: '1000.00' });
    // 1000.00 × 75% = 750.00 expected; Noah 1000 × 75% × 40% = 300.00, Olivia the rest 450.00.
    await expect.poll(() => form.expectedCommission().inputValue()).toBe('750.00');
    await screenshot(page, 'sub-agent-booking-form');
    await form.submit();
    await page.waitForURL(/\/bookings$/);
    const list = new BookingsListPage(page);
    const row = list.row(reference);
    await row.waitFor();
    expect(await row.textContent()).toContain('Olivia Tremblay');
    await row.getByRole('link', { name: reference, exact: true }).click();
    const lines = page.getByTestId('commission-lines');
    await lines.waitFor();
    const text = (await lines.textContent()) ?? '';
    expect(text).toContain('Noah Gagnon');
    expect(text).toContain('CA$300.00');
    expect(text).toContain('Olivia Tremblay');
    expect(text).toContain('CA$450.00');
    await screenshot(page, 'sub-agent-booking-view');
    await new AppShell(page).signOut();
  });
});
