import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../fixtures/browser';
import { apiJson, choose, field, signInAs } from '../page-models/mantine';

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('commission rules', () => {
  it('creates a tier rule through the form and the rate follows it', async () => {
    const { page } = browser;
    await signInAs(page, 'admin@example.com', 'admin-demo');
    await page.goto('/commissions/create');
    await choose(page, 'Commission Type', 'Tier');
    await choose(page, 'Select Option', 'Silver');
    await field(page, 'Percentage').fill('12.5');
    await page.getByLabel('TUI UK', { exact: true }).check();
    await screenshot(page, 'commission-form');
    await page.getByRole('button', { name: 'Create Commission' }).click();
    await page.waitForURL(/\/commissions$/);
    await page.getByText('12.50').first().waitFor();
    await screenshot(page, 'commission-list');

    // Liam Chen holds Silver in the demo data: his rate for TUI UK now comes from the tier rule.
    const agents = await apiJson<{ data: { id: number; email: string }[] }>(page, '/agents?search=liam.chen');
    const suppliers = await apiJson<{ data: { id: number; name: string }[] }>(page, '/api/suppliers');
    const tui = suppliers.data.find((s) => s.name === 'TUI UK')!;
    const rate = await apiJson<{ commission_percentage: number; is_sub_agent: boolean }>(
      page,
      `/commissions/rates?agent_id=${agents.data[0]!.id}&supplier_id=${tui.id}&date=2026-06-01`,
    );
    expect(rate).toMatchObject({ commission_percentage: 12.5, is_sub_agent: false });
  });
});
