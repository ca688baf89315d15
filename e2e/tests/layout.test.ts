import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, checkAccessibility, openBrowser } from '../fixtures/browser';
import { DEMO_ADMIN, DEMO_AGENT, DEMO_SUB_AGENT } from '../fixtures/demo';
import {
  layoutViolations,
  lastMenuItemReachable,
  notificationOverlaps,
  pageSettled,
  trackRequests,
} from '../page-models/layout';
import { apiJson, signInAs } from '../page-models/mantine';
import { settled } from '../page-models/transactions';

// Every page of each role's menu and a booking page, at a laptop's and a phone's size: measured, not only seen.
const VIEWPORTS = [
  { name: 'desktop', width: 1360, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const USERS = [
  { role: 'admin', ...DEMO_ADMIN },
  { role: 'agent', ...DEMO_AGENT },
  { role: 'sub-agent', ...DEMO_SUB_AGENT },
] as const;
// Noah's Transat booking through Olivia: split lines, a partial payment matched, a history. All three see it.
const BOOKING_REFERENCE = 'TS7Q2K9L';
const SHOTS = path.join(ARTIFACTS, 'layout');
/** Pages that show their rows only after a search: searched with their default filters. */
const SEARCH_FIRST = new Set(['bulk-payouts', 'bulk-reconcile']);

let browser: Awaited<ReturnType<typeof openBrowser>>;
let requests: ReturnType<typeof trackRequests>;
beforeAll(async () => {
  fs.rmSync(SHOTS, { recursive: true, force: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await openBrowser();
  requests = trackRequests(browser.page);
});
afterAll(async () => {
  await browser.close();
});

/** The menu's pages (id, address) as the signed-in user's navbar lists them. */
async function menuPages(page: Page): Promise<[id: string, href: string][]> {
  await page.getByTestId('nav-bookings').waitFor({ state: 'attached' });
  return page
    .locator('[data-testid="nav"] [data-testid^="nav-"]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid')!.slice(4), e.getAttribute('href')!]));
}

async function bookingPage(page: Page): Promise<string> {
  const list = await apiJson<{ data: { id: number; booking_reference: string }[] }>(
    page,
    `/bookings?search=${BOOKING_REFERENCE}`,
  );
  const booking = list.data.find((b) => b.booking_reference === BOOKING_REFERENCE);
  if (!booking) throw new Error(`${BOOKING_REFERENCE} is not in the list`);
  return `/bookings/${booking.id}`;
}

async function openMenu(page: Page, phone: boolean) {
  if (!phone) return;
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await settled(page.getByTestId('nav'));
}

describe.each(USERS)('layout as $role', (user) => {
  let pages: [string, string][] = [];

  beforeAll(async () => {
    const { page } = browser;
    await page.setViewportSize(VIEWPORTS[0]);
    await signInAs(page, user.email, user.password);
    pages = [...(await menuPages(page)), ['booking', await bookingPage(page)]];
  });

  /**
   * The violations once the layout has settled: Mantine's scroll area draws its scrollbar a frame or two
   * after its table has grown (a ResizeObserver), so a table whose rows just arrived may be measured
   * before it. A real violation stays; one that goes within 1.5 s was the page still laying out.
   */
  async function settledViolations(page: Page): Promise<string[]> {
    let found = await layoutViolations(page);
    for (let i = 0; i < 10 && found.length > 0; i++) {
      await page.waitForTimeout(150);
      found = await layoutViolations(page);
    }
    return found;
  }

  it.each(VIEWPORTS)(
    'fits every page at $width×$height',
    async (viewport) => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      expect(pages.length).toBeGreaterThan(user.role === 'admin' ? 20 : 4);
      const found: string[] = [];
      for (const [id, href] of pages) {
        await page.goto(href);
        await pageSettled(page, requests);
        if (SEARCH_FIRST.has(id)) {
          await page.getByRole('button', { name: 'Search', exact: true }).click();
          await page.locator('main table').first().waitFor();
          await pageSettled(page, requests);
          await checkAccessibility(page); // the page with its results, besides the empty one goto checked
        }
        found.push(...(await settledViolations(page)).map((v) => `${id}: ${v}`));
        await page.screenshot({ path: path.join(SHOTS, `${user.role}-${viewport.name}-${id}.png`), fullPage: true });
      }
      // The menu's last item, from the last page (the shell is the same on every page).
      await openMenu(page, viewport.name === 'phone');
      const menu = await lastMenuItemReachable(page);
      found.push(...menu.found.map((v) => `menu: ${v}`));
      await page.screenshot({ path: path.join(SHOTS, `${user.role}-${viewport.name}-menu.png`) });
      expect(found).toEqual([]);
      // On a laptop the whole menu shows at once, the admin's 20 items too.
      if (viewport.name === 'desktop') expect(menu.fits).toBe(true);
      // A cap, not a wait: every menu page with its axe check, about 25 for an admin, on a busy machine.
    },
    300_000,
  );
});

describe('a notification after a save', () => {
  it.each(VIEWPORTS)('leaves the header readable at $width×$height', async (viewport) => {
    const { page } = browser;
    await page.setViewportSize(viewport);
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/settings');
    await pageSettled(page, requests);
    // Saved unchanged: the settings stay as they were.
    await page.getByRole('button', { name: 'Save settings' }).click();
    await settled(page.locator('.mantine-Notification-root').first());
    await page.screenshot({ path: path.join(SHOTS, `admin-${viewport.name}-notification.png`) });
    expect(await notificationOverlaps(page)).toEqual([]);
    expect(await layoutViolations(page)).toEqual([]);
  });
});
