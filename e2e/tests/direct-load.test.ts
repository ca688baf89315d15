import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../fixtures/browser';
import { DEMO_ADMIN, DEMO_SUB_AGENT } from '../fixtures/demo';
import { AppShell } from '../page-models/app-shell';
import { LoginPage } from '../page-models/login-page';

// Every menu address loaded as a browser does on a reload, a bookmark or a pasted link: the page itself when
// signed in (never the server's 404, issue 19 item 3), the login page coming back here when signed out.
// The addresses are read from the menus themselves: the admin's, and the sub-agent Noah's (his own pages).

let browser: Awaited<ReturnType<typeof openBrowser>>;
const consoleErrors: string[] = [];
beforeAll(async () => {
  browser = await openBrowser();
  browser.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${browser.page.url()}: ${message.text()}`);
  });
});
afterAll(async () => {
  await browser.close();
});

describe.each([
  ['admin', DEMO_ADMIN],
  ['sub-agent Noah', DEMO_SUB_AGENT],
])('every menu address of the %s, loaded directly', (who, login) => {
  let menu: string[] = [];

  it('opens each signed in, with the HTTP answer 200 and no console error', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await signIn(page, login);
    menu = await menuAddresses(page);
    expect(menu.length).toBeGreaterThan(who === 'admin' ? 15 : 5);
    if (who === 'admin') expect(menu).toContain('/payouts');
    consoleErrors.length = 0;
    for (const address of menu) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(200);
      await new AppShell(page).nav().waitFor();
      // The screen's own heading (its chunk loads after the shell): a missing route would show 'Page not found' there.
      await page.locator('main h2').first().waitFor();
      expect(new URL(page.url()).pathname, address).toBe(address);
      await expect(page.getByText('Page not found').count(), address).resolves.toBe(0);
    }
    expect(consoleErrors).toEqual([]);
    if (who === 'admin') {
      await page.goto('/payouts');
      await page.getByRole('heading', { name: 'Payouts' }).first().waitFor();
      await screenshot(page, 'direct-load-payouts');
    }
  });

  it('sends each to the login page when signed out, and back after signing in', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    for (const address of menu) {
      await page.goto(address);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect'), address).toBe(address);
    }
    const last = menu.at(-1)!;
    await page.goto(last);
    await page.waitForURL((url) => url.pathname === '/login');
    await new LoginPage(page).signIn(login.email, login.password);
    await page.waitForURL((url) => url.pathname === last);
    await page.waitForLoadState('networkidle');
    await screenshot(page, `direct-load-after-login-${who === 'admin' ? 'admin' : 'sub-agent'}`);
  });
});

async function signIn(page: Page, login: { email: string; password: string }) {
  const form = new LoginPage(page);
  await form.open();
  await form.signIn(login.email, login.password);
  await page.waitForURL(/\/bookings/);
}

/** The menu's addresses, as its links give them. */
async function menuAddresses(page: Page): Promise<string[]> {
  const nav = new AppShell(page).nav();
  await nav.waitFor();
  const hrefs = await nav
    .locator('a[data-testid^="nav-"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs;
}
