import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { DEMO_ADMIN, DEMO_AGENT } from '../fixtures/demo';
import { apiJson, field, signInAs } from '../page-models/mantine';

// Every demo booking is dated 2026-09-14 to 2026-11-20 (apps/server/src/features/demo/demo-seed.ts): this
// range holds them all whatever day the journey runs. Other journeys pay, reconcile and cancel demo
// bookings in any order, so the cards are compared with the API's summary for the same filters, not with
// fixed amounts. This journey changes nothing (it reads and downloads).
const RANGE = 'start_date=2026-09-01&end_date=2026-12-31';
const DASHBOARD = `/reports/commissions?${RANGE}`;
const CARDS = ['pending', 'confirmed', 'paid', 'cancelled'] as const;

interface CurrencyTotal {
  currency_code: string;
  total: number;
  gst_total: number;
  total_with_gst: number;
}
interface Summary {
  counts: Record<(typeof CARDS)[number], number>;
  totals: Record<(typeof CARDS)[number], CurrencyTotal[]>;
}

const browser = journeyBrowser();

/** The dashboard at `address`, once the cards, charts and (admins) balances have their figures. */
async function openDashboard(page: Page, address: string) {
  await page.goto(address);
  await page.getByRole('heading', { name: 'Commission reports', level: 2 }).waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('main [role="status"][aria-label^="Loading"], main .mantine-Skeleton-root') &&
      document.querySelector('[data-testid="card-confirmed"] [data-testid="card-count"]') !== null,
    undefined,
    { timeout: 20_000 },
  );
}

const money = (amount: number, code: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(amount);

/** What a card shows: its count and, per currency, the total with GST and its parts. */
async function cardFigures(page: Page, card: string) {
  const el = page.getByTestId(`card-${card}`);
  const totals = await el.getByTestId('currency-total').all();
  return {
    count: await el.getByTestId('card-count').textContent(),
    totals: await Promise.all(
      totals.map(async (t) => [
        await t.getByTestId('total-with-gst').innerText(),
        await t.getByTestId('total-parts').innerText(),
      ]),
    ),
  };
}

const expectedFigures = (summary: Summary, card: (typeof CARDS)[number]) => ({
  count: `${summary.counts[card]} booking${summary.counts[card] === 1 ? '' : 's'}`,
  totals: summary.totals[card].map((t) => [
    money(t.total_with_gst, t.currency_code),
    `Commission ${money(t.total, t.currency_code)} · GST ${money(t.gst_total, t.currency_code)}`,
  ]),
});

/** The detail modal's rows: [reference, …cells]. */
async function detailRows(dialog: Locator): Promise<string[][]> {
  const table = dialog.getByTestId('detail-lines');
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => (c.textContent ?? '').trim())));
}

describe('commission reports', () => {
  it('as an admin: four cards with the API figures, a detail modal, a booking link and the Next payout PDF', async () => {
    const { page } = browser;
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.setViewportSize({ width: 1680, height: 1000 });
    await openDashboard(page, DASHBOARD);

    const summary = await apiJson<Summary>(page, `/api/reports/commission-summary?${RANGE}`);
    for (const card of CARDS) expect(await cardFigures(page, card)).toEqual(expectedFigures(summary, card));
    // The demo has money in both currencies across the cards, and one cancelled booking at least.
    expect(new Set(CARDS.flatMap((c) => summary.totals[c].map((t) => t.currency_code)))).toEqual(
      new Set(['CAD', 'GBP']),
    );
    expect(summary.counts.cancelled).toBeGreaterThan(0);
    await page.getByTestId('account-balances').locator('[data-testid^="balance-"]').first().waitFor();
    await screenshot(page, 'reports-admin-wide', page.getByTestId('summary-cards'));

    // The charts, one currency at a time.
    const charts = page.getByTestId('charts');
    await charts.scrollIntoViewIfNeeded();
    await charts.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
    await screenshot(page, 'reports-admin-charts-first-currency', charts);
    const other = charts.getByTestId('chart-currency').locator('label').nth(1);
    if ((await other.count()) > 0) {
      await other.click();
      await charts.locator('.recharts-bar-rectangle').first().waitFor({ state: 'attached' });
      await screenshot(page, 'reports-admin-charts-second-currency', charts);
    }

    // Below the charts, the claims feature's panel under its heading.
    const claims = page.getByTestId('claims-panel');
    await claims.getByRole('heading', { name: 'Unmatched Credit Transactions' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-admin-claims-panel', claims);

    // Future Commissions in detail: the count and totals of the card, every row a booking link.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'View Future Commissions details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Future Commissions' });
    const rows = await detailRows(dialog);
    expect(rows.length).toBeGreaterThan(0);
    expect(await dialog.getByTestId('detail-count').textContent()).toBe(expectedFigures(summary, 'pending').count);
    expect(await dialog.getByTestId('detail-totals').getByTestId('total-with-gst').allInnerTexts()).toEqual(
      summary.totals.pending.map((t) => money(t.total_with_gst, t.currency_code)),
    );
    await screenshot(page, 'reports-admin-future-modal', dialog);

    // Sorting by reference asks the server again and orders the page.
    const [sorted] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/reports/pending-bookings?') && r.url().includes('sort=booking_reference'),
      ),
      dialog.getByRole('button', { name: 'Sort by Reference' }).click(),
    ]);
    const order = ((await sorted.json()) as { bookings: { data: { booking_reference: string }[] } }).bookings.data;
    await expect
      .poll(async () => (await detailRows(dialog)).map((r) => r[0]))
      .toEqual(order.map((l) => l.booking_reference));

    const reference = rows[0]![0]!;
    await dialog.getByRole('link', { name: reference }).first().click();
    await page.waitForURL(/\/bookings\/\d+$/);
    await page.getByText(reference).first().waitFor();
    await page.goBack();
    // Back from the booking: the dashboard with its filters and the card open again.
    await page.getByRole('dialog', { name: 'Future Commissions' }).waitFor();
    expect(page.url()).toContain('start_date=2026-09-01');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The Next payout PDF for these filters: a PDF under the server's file name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Next payout PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await page.getByText('Error generating PDF. Please try again.').count()).toBe(0);

    // 1280 wide: the four cards and the filters still fit.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openDashboard(page, DASHBOARD);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'reports-admin-1280', page.getByTestId('summary-cards'));
  });

  it('as an agent: no Cancelled card, and only their own lines in a detail modal', async () => {
    const { page } = browser;
    await signInAs(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await page.setViewportSize({ width: 1360, height: 900 });
    // An agent_id in the URL changes nothing for an agent.
    await openDashboard(page, `${DASHBOARD}&agent_id=1`);
    const cards = await page
      .locator('[data-testid^="card-"][aria-labelledby]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(cards).toEqual(['card-pending', 'card-confirmed', 'card-paid']);
    expect(await page.getByTestId('account-balances').count()).toBe(0);
    expect(await page.getByLabel('Agent', { exact: true }).count()).toBe(0);
    expect(await field(page, 'Booking group').count()).toBe(1);
    const summary = await apiJson<Summary>(page, `/api/reports/commission-summary?${RANGE}`);
    for (const card of ['pending', 'confirmed', 'paid'] as const) {
      expect(await cardFigures(page, card)).toEqual(expectedFigures(summary, card));
    }
    await screenshot(page, 'reports-agent-dashboard', page.getByTestId('summary-cards'));

    // Olivia's lines: on her own bookings and on Noah's through her (her share), never Noah's.
    await page.getByRole('button', { name: 'View Future Commissions details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Future Commissions' });
    const rows = await detailRows(dialog);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[4]))).toEqual(new Set(['Olivia Tremblay']));
    await screenshot(page, 'reports-agent-future-modal', dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // On a phone the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page, DASHBOARD);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId('summary-cards').scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-agent-phone', page.getByTestId('summary-cards'));
  });
});
