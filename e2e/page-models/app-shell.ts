import type { Page } from 'playwright-core';

export class AppShell {
  constructor(private readonly page: Page) {}

  nav() {
    return this.page.getByTestId('nav');
  }

  async navIds(): Promise<string[]> {
    await this.nav().waitFor();
    return this.nav()
      .locator('[data-testid^="nav-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));
  }

  currentUser() {
    return this.page.getByTestId('current-user');
  }

  async signOut() {
    await this.page.getByTestId('sign-out').click();
    await this.page.waitForURL(/\/login/);
  }
}
