import type { Page } from 'playwright-core';
import { choose, field } from './mantine';
import { alertWith } from './transactions';

export interface NewAgent {
  name: string;
  email: string;
  fareconnectNumber: string;
  tier: string;
  commissionPercentage?: string;
  password: string;
}

/** The agent form (/agents/create, /agents/{id}/edit; agents spec §2.1). */
export class AgentFormPage {
  constructor(private readonly page: Page) {}

  input(label: string) {
    return field(this.page, label);
  }

  async openCreate() {
    await this.page.goto('/agents/create');
    await this.page.getByTestId('agent-form').waitFor();
  }

  /**
   * Opens the edit page and waits until the agent's tier shows: the form renders once the agent is
   * loaded, the tier select shows its label once the tiers are loaded too.
   */
  async openEdit(agentId: number) {
    await this.page.goto(`/agents/${agentId}/edit`);
    await this.page.getByTestId('agent-form').waitFor();
    const tier = await this.input('Commission tier').elementHandle();
    await this.page.waitForFunction((input) => (input as unknown as { value: string }).value !== '', tier);
  }

  async fillNew(agent: NewAgent) {
    await this.input('Full name').fill(agent.name);
    await this.input('Home address').fill('1 Test Street, Toronto ON');
    await this.input('Phone number').fill('+1 416 555 0100');
    await this.input('FareConnect email').fill(agent.email);
    await this.input('Date of birth').fill('1990-04-12');
    await this.input('SIN number').fill('046454286');
    await this.input('FareConnect number').fill(agent.fareconnectNumber);
    await choose(this.page, 'Commission tier', agent.tier);
    if (agent.commissionPercentage !== undefined) {
      await this.input('Commission percentage').fill(agent.commissionPercentage);
    }
    await this.input('Password').first().fill(agent.password);
    await this.input('Password confirmation').fill(agent.password);
  }

  /** Picks another tier; the reason and start date fields appear for an existing agent. */
  async changeTier(tier: string, reason: string, startDate: string) {
    await choose(this.page, 'Commission tier', tier);
    await this.input('Tier change reason').fill(reason);
    await this.input('Tier start date').fill(startDate);
  }

  async submit() {
    await this.page.getByRole('button', { name: /^(Create|Update) Agent$/ }).click();
  }

  /** The notification a save shows (it outlives the redirect to the list). */
  notification(text: string) {
    return alertWith(this.page, text);
  }
}
