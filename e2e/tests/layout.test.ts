import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, checkAccessibility, openBrowser } from '../fixtures/browser';
import { DEMO_ADMIN, DEMO_AGENT, DEMO_SUB_AGENT } from '../fixtures/demo';
import { createLongNames, LONG_AGENT_NAME, LONG_REFERENCE, type LongNames } from '../fixtures/long-names';
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
/**
 * Lists whose every column shows at 1360 px, long names included (issue 19 item 8). Others with more columns
 * (bookings, transactions, accounts) may still scroll sideways there, with a visible scrollbar.
 */
const WHOLE_AT_DESKTOP = new Set(['agents', 'payouts']);
/** Pages that show their rows only after a search: searched with their default filters. */
const SEARCH_FIRST = new Set(['bulk-payouts', 'bulk-reconcile']);

let browser: Awaited<ReturnType<typeof openBrowser>>;
let requests: ReturnType<typeof trackRequests>;
let longNames: LongNames;
beforeAll(async () => {
  fs.rmSync(SHOTS, { recursive: true, force: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await openBrowser();
  requests = trackRequests(browser.page);
  // Long names in the data (issue 19 item 8): a 255-character agent with a booking and a payout.
  await signInAs(browser.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  longNames = await createLongNames(browser.page);
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
    // The admin's pages with the long names in them: the bookings list at the booking, and its page.
    if (user.role === 'admin')
      pages.push(
        ['bookings-long', `/bookings?search=${LONG_REFERENCE}`],
        ['booking-long', `/bookings/${longNames.bookingId}`],
      );
  });

  /**
   * The violations once the layout has settled: Mantine's scroll area draws its scrollbar a frame or two
   * after its table has grown (a ResizeObserver), so a table whose rows just arrived may be measured
   * before it. A real violation stays; one that goes within the journeys' poll cap (15 s, not a shorter
   * bound a busy machine could exceed) was the page still laying out.
   */
  async function settledViolations(page: Page, wide: boolean): Promise<string[]> {
    let found: string[] = [];
    await expect
      .poll(async () => (found = await layoutViolations(page, { wide })), { interval: 150 })
      .toEqual([])
      .catch(() => undefined); // the caller reports what stayed
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
        const wide = viewport.name === 'desktop' && WHOLE_AT_DESKTOP.has(id);
        found.push(...(await settledViolations(page, wide)).map((v) => `${id}: ${v}`));
        await page.screenshot({ path: path.join(SHOTS, `${user.role}-${viewport.name}-${id}.png`), fullPage: true });
      }
      // The menu's last item, from the last page (the shell is the same on every page).
      await openMenu(page, viewport.name === 'phone');
      const menu = await lastMenuItemReachable(page);
      found.push(...menu.found.map((v) => `menu: ${v}`));
      await page.screenshot({ path: path.join(SHOTS, `${user.role}-${viewport.name}-menu.png`) });
      expect(found).toEqual([]);
      // On a laptop the whole menu shows at once, the admin's 21 items too.
      if (viewport.name === 'desktop') expect(menu.fits).toBe(true);
      // A cap, not a wait: every menu page with its axe check, about 25 for an admin, on a busy machine.
    },
    300_000,
  );
});

describe('a 255-character agent name', () => {
  it('is truncated on /agents with the whole name as a tooltip; Email, Tier, Status and Actions stay in view', async () => {
    const { page } = browser;
    await page.setViewportSize(VIEWPORTS[0]);
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/agents');
    await pageSettled(page, requests);
    await page.getByLabel(/^Search/).fill(LONG_AGENT_NAME.slice(0, 30));
    const row = page.locator('main tbody tr', { hasText: LONG_AGENT_NAME.slice(0, 30) });
    await row.waitFor();
    await expect.poll(() => page.locator('main tbody tr').count()).toBe(1);
    await pageSettled(page, requests);
    const cells = row.locator('td');
    const { width } = page.viewportSize()!;
    for (let i = 0; i < (await cells.count()); i++) {
      const box = (await cells.nth(i).boundingBox())!;
      expect(box.x + box.width, `column ${i + 1}`).toBeLessThanOrEqual(width);
    }
    const name = cells.first().locator('[data-full-text]');
    expect(await name.getAttribute('data-full-text')).toBe(LONG_AGENT_NAME);
    await name.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe(LONG_AGENT_NAME);
    await page.screenshot({ path: path.join(SHOTS, 'admin-desktop-agents-long-name.png') });
    expect(await layoutViolations(page, { wide: true })).toEqual([]);
  });
});

describe('the Past Commissions details', () => {
  it.each(VIEWPORTS)(
    'show every column whole at $width×$height, the long payout name and its PDF',
    async (viewport) => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      // The long names' agent only: their payout (dated today) is then the first row whatever else was paid.
      await page.goto(`/reports/commissions?start_date=2026-07-01&end_date=2026-12-31&agent_id=${longNames.agentId}`);
      await pageSettled(page, requests);
      await page.getByRole('button', { name: 'View Past Commissions details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Past Commissions' });
      await dialog.getByTestId('detail-lines').waitFor();
      await pageSettled(page, requests);
      // The long names' payout is in it, with its PDF button whole.
      const row = dialog.locator('tbody tr', { hasText: LONG_REFERENCE });
      await row.waitFor();
      const pdf = row.getByRole('button', { name: /^PDF of / });
      expect(await pdf.innerText()).toBe('PDF');
      await row.scrollIntoViewIfNeeded();
      await settled(dialog);
      await checkAccessibility(page); // the open dialog or notification, a state goto never saw
      await page.screenshot({ path: path.join(SHOTS, `admin-${viewport.name}-past-commissions-details.png`) });
      const found = await layoutViolations(page, { wide: viewport.name === 'desktop' });
      expect(found).toEqual([]);
    },
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
    await checkAccessibility(page); // the open dialog or notification, a state goto never saw
    await page.screenshot({ path: path.join(SHOTS, `admin-${viewport.name}-notification.png`) });
    expect(await notificationOverlaps(page)).toEqual([]);
    expect(await layoutViolations(page)).toEqual([]);
  });
});
