import { describe, expect, it } from 'vitest';
import { journeyBrowser, screenshot } from '../fixtures/browser';
import { AgentFormPage } from '../page-models/agents';
import { apiJson, apiPostJson, choose, signInAs } from '../page-models/mantine';
import { settled } from '../page-models/transactions';

const RUN = Date.now().toString(36);
const EMAIL = `e2e.agent.${RUN}@example.com`;
/** Two TUI UK references (its format is 8 digits), unique per run. */
const REFS = [1, 2].map((i) => `${String(Date.now()).slice(-7)}${i}`);

const browser = journeyBrowser();

// Demo rates (apps/server/src/features/demo/demo-seed.ts): the Bronze tier has a 55% rule for TUI UK,
// Gold and Silver have none, so there the agent's own default (50% here) applies.
describe('agent edit and tier history', () => {
  let agentId = 0;

  it('creates an agent through the agent form, FareConnect number and percentage included', async () => {
    const { page } = browser;
    const form = new AgentFormPage(page);
    await signInAs(page, 'admin@example.com', 'admin-demo');
    await form.openCreate();
    // The FareConnect number is required on the form (spec §5): a blank one is refused before posting.
    await form.submit();
    expect(await page.getByText('The fareconnect number field is required.').count()).toBe(1);
    await form.fillNew({
      name: `Erin E2E ${RUN}`,
      email: EMAIL,
      fareconnectNumber: `FC-E2E-${RUN}`.toUpperCase(),
      tier: 'Bronze',
      commissionPercentage: '50',
      password: 'e2e-password-1',
    });
    await form.submit();
    await page.waitForURL(/\/agents(\?|$)/);
    const list = await apiJson<{ data: { id: number; fareconnect_number: string }[] }>(
      page,
      `/agents?search=${encodeURIComponent(EMAIL)}`,
    );
    expect(list.data.map((a) => a.fareconnect_number)).toEqual([`FC-E2E-${RUN}`.toUpperCase()]);
    agentId = list.data[0]!.id;

    // Two bookings the tier change will recalculate (set up through the API: the booking form is not under test).
    const suppliers = await apiJson<{ data: { id: number; name: string }[] }>(page, '/api/suppliers');
    const tui = suppliers.data.find((s) => s.name === 'TUI UK')!.id;
    for (const [reference, date] of [
      [REFS[0]!, '2026-10-12'],
      [REFS[1]!, '2026-11-10'],
    ] as const) {
      await apiPostJson(page, '/bookings', {
        booking_reference: reference,
        supplier_id: tui,
        booking_date: date,
        customer_name: 'E2E, Customer',
        booking_amount: '1000.00',
        status: 'confirmed',
        primary_agent_id: agentId,
      });
    }
  });

  it('loads the agent, changes the tier with a back-dated start, saves, and the change sticks', async () => {
    const { page } = browser;
    const form = new AgentFormPage(page);
    await form.openEdit(agentId);
    // Stored as numeric(7,4), read back as the form takes it.
    expect(await form.input('Commission percentage').inputValue()).toBe('50.00');
    await form.changeTier('Gold', 'Promoted after a strong quarter', '2026-10-01');
    await screenshot(page, 'agent-edit-tier-change');
    await form.submit();
    // Both bookings go from Bronze's 55% to the agent's 50%: £550.00 → £500.00 each, by how much in all.
    const text = 'Agent updated successfully. 2 bookings recalculated: agent commission -£100.00.';
    const saved = form.notification(text);
    await settled(saved);
    await page.waitForURL(/\/agents(\?|$)/);
    expect(await saved.textContent()).toBe(text);
    await screenshot(page, 'agent-updated-notification');

    await form.openEdit(agentId);
    expect(await form.input('Commission tier').inputValue()).toBe('Gold');
    expect(await form.input('Commission percentage').inputValue()).toBe('50.00');
    expect(await page.getByLabel('Tier change reason').count()).toBe(0);
    await form.input('Commission percentage').scrollIntoViewIfNeeded();
    await screenshot(page, 'agent-edit-reloaded');

    // A second change from Nov 1: the Nov 10 booking stays at 50% (Silver has no TUI UK rule either).
    await form.changeTier('Silver', 'Moved to the Silver programme', '2026-11-01');
    await form.submit();
    await form.notification('Agent updated successfully. No bookings needed recalculating.').waitFor();
    await page.waitForURL(/\/agents(\?|$)/);
  });

  it('shows the changes in the tier history', async () => {
    const { page } = browser;
    await page.goto(`/agents/${agentId}/tier-history`);
    const info = page.getByTestId('agent-information');
    await info.waitFor();
    await page.getByText('Silver Tier').waitFor();
    // The first tier began on Oct 1, 2026, before the record was created: that is when the agent started.
    expect(await info.textContent()).toContain('Agent SinceOct 1, 2026');
    expect(await info.textContent()).toContain('Current TierSilver');
    const entries = page.getByTestId('tier-entry');
    expect(await entries.count()).toBe(2);
    const newest = await entries.nth(0).textContent();
    expect(newest).toContain('From: Nov 1, 2026');
    expect(newest).toContain('Current Active Tier');
    expect(newest).toContain('Reason: Moved to the Silver programme');
    expect(newest).toContain('Changed by: Alex Morgan');
    const older = await entries.nth(1).textContent();
    expect(older).toContain('Gold Tier');
    expect(older).toContain('From: Oct 1, 2026');
    expect(older).toContain('To: Oct 31, 2026');
    expect(older).toContain('Reason: Promoted after a strong quarter');
    const stats = await page.getByTestId('tier-statistics').textContent();
    // Gold was the first tier, Silver the one change.
    expect(stats).toContain('Total Tier Changes1');
    expect(stats).toContain('Average Time in Tier30 days');
    expect(stats).toContain('Most Recent ChangeNov 1, 2026');
    await screenshot(page, 'agent-tier-history');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('tier-statistics').scrollIntoViewIfNeeded();
    await screenshot(page, 'agent-tier-history-phone');
    await page.setViewportSize({ width: 1360, height: 860 });
  });
});

/** Today as the screens write it ('Nov 26, 2026', UTC: the server's calendar). */
const todayShown = () =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );

describe('agent form checks and a same-day tier change', () => {
  const email = `e2e.sameday.${RUN}@example.com`;
  let agentId = 0;

  it('refuses a 2,000-character name, a future birth date, SIN 123 and phone 555 beside each field, then saves once fixed', async () => {
    const { page } = browser;
    const form = new AgentFormPage(page);
    await form.openCreate();
    await form.fillNew({
      name: 'N'.repeat(2000),
      email,
      fareconnectNumber: `FC-SD-${RUN}`.toUpperCase(),
      tier: 'Bronze',
      password: 'e2e-password-1',
    });
    await form.input('Date of birth').fill('2030-01-01');
    await form.input('SIN number').fill('123');
    await form.input('Phone number').fill('555');
    // Nothing is cut: the field keeps all 2,000 characters and says what is wrong.
    expect((await form.input('Full name').inputValue()).length).toBe(2000);
    await form.submit();
    await page.getByText('Please fix the validation errors below.').waitFor();
    for (const message of [
      'The full name field must not be greater than 255 characters.',
      'The date of birth must be a date in the past.',
      'The sin number must be 9 digits (spaces or hyphens allowed).',
      'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.',
    ]) {
      expect(await page.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    await form.input('Full name').scrollIntoViewIfNeeded();
    await screenshot(page, 'agent-form-field-errors');

    // A SIN failing its check digit is refused too; fixed, the agent saves.
    await form.input('SIN number').fill('046 454 287');
    await form.submit();
    await page
      .getByText('The sin number is not a valid Social Insurance Number (its check digit does not match).')
      .waitFor();
    await form.input('Full name').fill(`Sam Sameday ${RUN}`);
    await form.input('Date of birth').fill('1990-04-12');
    await form.input('SIN number').fill('046 454 286');
    await form.input('Phone number').fill('+1 (416) 555-0100');
    await form.submit();
    await page.waitForURL(/\/agents(\?|$)/);
    const list = await apiJson<{ data: { id: number }[] }>(page, `/agents?search=${encodeURIComponent(email)}`);
    agentId = list.data[0]!.id;
    const saved = await apiJson<{ data: { sin_number: string; phone_number: string } }>(page, `/agents/${agentId}`);
    expect(saved.data).toMatchObject({ sin_number: '046 454 286', phone_number: '+1 (416) 555-0100' });
  });

  it('moves the agent created as Bronze today to Silver from today: Bronze stays in the timeline, one change', async () => {
    const { page } = browser;
    const form = new AgentFormPage(page);
    await form.openEdit(agentId);
    // A blank start date is today.
    await choose(page, 'Commission tier', 'Silver');
    await form.input('Tier change reason').fill('Signed up for Silver the day they joined');
    await form.submit();
    await form.notification('Agent updated successfully. No bookings needed recalculating.').waitFor();
    await page.waitForURL(/\/agents(\?|$)/);

    await page.goto(`/agents/${agentId}/tier-history`);
    await page.getByText('Silver Tier').waitFor();
    const today = todayShown();
    expect(await page.getByTestId('agent-information').textContent()).toContain('Current TierSilver');
    const entries = page.getByTestId('tier-entry');
    expect(await entries.count()).toBe(2);
    const silver = await entries.nth(0).textContent();
    expect(silver).toContain(`From: ${today}`);
    expect(silver).toContain('Current Active Tier');
    expect(silver).toContain('Reason: Signed up for Silver the day they joined');
    const bronze = await entries.nth(1).textContent();
    expect(bronze).toContain('Bronze Tier');
    expect(bronze).toContain(`From: ${today}`);
    expect(bronze).toContain(`To: ${today}Changed the same day`);
    const stats = await page.getByTestId('tier-statistics').textContent();
    expect(stats).toContain('Total Tier Changes1');
    expect(stats).toContain('Average Time in Tier0 days');
    expect(stats).toContain(`Most Recent Change${today}`);
    await screenshot(page, 'agent-tier-history-same-day');
  });
});

describe('bulk agent import', () => {
  it('imports a CSV file through the import page and shows what was created', async () => {
    const { page } = browser;
    await signInAs(page, 'admin@example.com', 'admin-demo');
    await page.goto('/agents/import');
    await page.getByTestId('import-instructions').waitFor();
    const email = `e2e.import.${RUN}@example.com`;
    const csv =
      'First Name,LastName,Address,City,Prov,Postal,Birth Date,Email,Phone Number,AgentTier,JoinDate,SIN\n' +
      `Ida,Import${RUN},1 King St,Toronto,ON,M5V 1A1,1985-01-01,${email},4165550100,Gold,,046454286\n`;
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'agents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByTestId('selected-file').textContent()).toContain('agents.csv');
    await page.getByRole('button', { name: 'Import Agents' }).click();
    await page.getByRole('button', { name: 'Import Another File' }).waitFor();
    expect(await page.getByTestId('import-notice').textContent()).toBe(
      'Import completed: 1 created, 0 skipped, 0 failed.',
    );
    expect(await page.getByText(email).count()).toBeGreaterThan(0);
    // The notice closes by its named button (the theme names every alert's close button).
    await page.getByTestId('import-notice').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByTestId('import-notice').waitFor({ state: 'detached' });
    await screenshot(page, 'agent-import-results');
  });
});
