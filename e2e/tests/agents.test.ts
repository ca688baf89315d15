import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot } from '../fixtures/browser';
import { apiJson, choose, field, signInAs } from '../page-models/mantine';

const RUN = Date.now().toString(36);
const EMAIL = `e2e.agent.${RUN}@example.com`;

let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('agent tier history', () => {
  let agentId = 0;

  it('creates an agent through the agent form', async () => {
    const { page } = browser;
    await signInAs(page, 'admin@example.com', 'admin-demo');
    await page.goto('/agents/create');
    await field(page, 'Full name').fill(`Erin E2E ${RUN}`);
    await field(page, 'Home address').fill('1 Test Street, Toronto ON');
    await field(page, 'Phone number').fill('+1 416 555 0100');
    await field(page, 'FareConnect email').fill(EMAIL);
    await field(page, 'Date of birth').fill('1990-04-12');
    await field(page, 'SIN number').fill('046454286');
    await choose(page, 'Commission tier', 'Bronze');
    await field(page, 'Password').first().fill('e2e-password-1');
    await field(page, 'Password confirmation').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Create Agent' }).click();
    await page.waitForURL(/\/agents(\?|$)/);
    const list = await apiJson<{ data: { id: number; email: string }[] }>(
      page,
      `/agents?search=${encodeURIComponent(EMAIL)}`,
    );
    expect(list.data).toHaveLength(1);
    agentId = list.data[0]!.id;
  });

  it('changes the tier with a back-dated start, then shows the timeline and statistics', async () => {
    const { page } = browser;
    await page.goto(`/agents/${agentId}/edit`);
    await field(page, 'Full name').waitFor();
    await choose(page, 'Commission tier', 'Gold');
    await field(page, 'Tier change reason').fill('Promoted after a strong quarter');
    await field(page, 'Tier start date').fill('2026-01-01');
    await screenshot(page, 'agent-tier-change');
    await page.getByRole('button', { name: 'Update Agent' }).click();
    await page.waitForURL(/\/agents(\?|$)/);

    // A second change, also back-dated: the Gold period closes the day before.
    await page.goto(`/agents/${agentId}/edit`);
    await field(page, 'Full name').waitFor();
    await choose(page, 'Commission tier', 'Silver');
    await field(page, 'Tier change reason').fill('Moved to the Silver programme');
    await field(page, 'Tier start date').fill('2026-06-01');
    await page.getByRole('button', { name: 'Update Agent' }).click();
    await page.waitForURL(/\/agents(\?|$)/);

    await page.goto(`/agents/${agentId}/tier-history`);
    await page.getByText('Tier History Timeline').waitFor();
    await page.getByText('Silver Tier').waitFor();
    expect(await page.getByText('Gold Tier').count()).toBe(1);
    expect(await page.getByText('Current Active Tier').count()).toBe(1);
    expect(await page.getByText('Promoted after a strong quarter').count()).toBe(1);
    expect(await page.getByText('Jan 1, 2026').count()).toBeGreaterThan(0);
    expect(await page.getByText('May 31, 2026').count()).toBeGreaterThan(0);
    await page.getByText('Tier Statistics').waitFor();
    await screenshot(page, 'agent-tier-history');

    const history = await apiJson<{
      history: { commission_tier: { name: string }; start_date: string; end_date: string | null }[];
      statistics: { total_tier_changes: number; average_time_in_tier: string };
    }>(page, `/agents/${agentId}/tier-history`);
    expect(history.history.map((h) => [h.commission_tier.name, h.start_date, h.end_date])).toEqual([
      ['Silver', '2026-06-01', null],
      ['Gold', '2026-01-01', '2026-05-31'],
    ]);
    expect(history.statistics.total_tier_changes).toBe(2);
    expect(history.statistics.average_time_in_tier).toBe('150 days');
  });
});
