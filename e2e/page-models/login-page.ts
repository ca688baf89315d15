import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  /** Inputs by label; required labels carry an asterisk, and the password toggle has a label too. */
  private input(label: string) {
    return this.page.locator('input').and(this.page.getByLabel(new RegExp(`^${label}`)));
  }

  async open() {
    await this.page.goto('/login');
    await this.input('Email').waitFor();
  }

  async signIn(email: string, password: string) {
    await this.input('Email').fill(email);
    await this.input('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  error() {
    return this.page.getByRole('alert').or(this.page.locator('.mantine-InputWrapper-error')).first();
  }
}
