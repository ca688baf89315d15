import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { AppShell } from '../page-models/app-shell';
import { LoginPage } from '../page-models/login-page';
import { apiJson, field } from '../page-models/mantine';

// Demo logins (the app under test is started with DEMO=1 on an empty data directory).
const ADMIN = { email: 'admin@example.com', password: 'admin-demo', name: 'Alex Morgan' };
const AGENT = { email: 'olivia.tremblay@example.com', password: 'agent-demo', name: 'Olivia Tremblay' };
const RUN = Date.now().toString(36);
const ADMIN_ONLY = [
  'agents',
  'suppliers',
  'settings',
  'commission-tiers',
  'transactions',
  'bulk-payouts',
  'reports-excel',
  'reports-overdue',
];

const browser = journeyBrowser();

describe('signing in', () => {
  it('sends a visitor to the login page and refuses a wrong password with the server message', async () => {
    const { page } = browser;
    await page.goto('/bookings');
    await page.waitForURL(/\/login\?redirect=%2Fbookings/);
    const login = new LoginPage(page);
    await login.signIn(ADMIN.email, 'not-the-password');
    await expectText(page, 'These credentials do not match our records.');
    await screenshot(page, 'login-wrong-password');
  });

  it('signs an admin in and shows the whole navigation', async () => {
    const { page } = browser;
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/bookings/);
    const shell = new AppShell(page);
    expect(await shell.currentUser().textContent()).toContain(ADMIN.name);
    const ids = await shell.navIds();
    for (const id of [...ADMIN_ONLY, 'claims']) expect(ids).toContain(id);
    await screenshot(page, 'admin-home');
  });

  it('lets the admin add a commission tier through its page', async () => {
    const { page } = browser;
    await new AppShell(page).nav().getByTestId('nav-commission-tiers').click();
    await page.waitForURL(/\/commission-tiers/);
    await page
      .getByRole('button', { name: /new tier|add tier|create/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Platinum E2E ${RUN}`);
    await dialog.getByLabel('Description').fill('Created by the browser journey');
    await dialog.getByRole('button', { name: /save|create/i }).click();
    await page.getByRole('cell', { name: `Platinum E2E ${RUN}`, exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'admin-commission-tiers');

    await new AppShell(page).nav().getByTestId('nav-suppliers').click();
    await page.getByRole('cell', { name: 'Air Canada Vacations', exact: true }).waitFor();
    await screenshot(page, 'admin-suppliers');
    await new AppShell(page).nav().getByTestId('nav-settings').click();
    await page.locator('input').and(page.getByLabel(/GST/)).waitFor();
    expect(await page.locator('input').and(page.getByLabel(/GST/)).inputValue()).toBe('5.00%');
    await screenshot(page, 'admin-settings');

    // The match suggestions' auto-accept threshold: saved, still there when the page is loaded again, set back.
    const threshold = field(page, 'Auto-accept threshold');
    expect(await threshold.inputValue()).toBe('90');
    const saveThreshold = async (score: string) => {
      await threshold.fill(score);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('alert').filter({ hasText: 'Settings saved successfully' }).first().waitFor();
    };
    await saveThreshold('95');
    await page.reload();
    await threshold.waitFor();
    expect(await threshold.inputValue()).toBe('95');
    await saveThreshold('90');
    const saved = await apiJson<{ data: { auto_accept_score: number } }>(page, '/api/settings');
    expect(saved.data.auto_accept_score).toBe(90);
    await new AppShell(page).signOut();
  });

  it('signs an agent in with only the agent navigation', async () => {
    const { page, context } = browser;
    await context.clearCookies(); // independent of how the previous test ended
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(AGENT.email, AGENT.password);
    await page.waitForURL(/\/bookings/);
    const shell = new AppShell(page);
    expect(await shell.currentUser().textContent()).toContain(AGENT.name);
    const ids = await shell.navIds();
    for (const id of ADMIN_ONLY) expect(ids).not.toContain(id);
    // Agents reach their own claims ('My claims') at the address admins review them.
    expect(ids).toEqual(expect.arrayContaining(['bookings', 'claims', 'my-sub-agents', 'my-tier-history']));
    await screenshot(page, 'agent-home');

    // An admin page opened by address is refused in the UI too (the API answers 403 anyway).
    await page.goto('/suppliers');
    await expectText(page, 'You do not have access to this page.');
    await screenshot(page, 'agent-no-access');
  });
});

async function expectText(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
}
