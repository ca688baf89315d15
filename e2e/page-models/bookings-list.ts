import type { Page } from 'playwright-core';

/** The bookings list (/bookings). */
export class BookingsListPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/bookings${query}`);
    await this.page.getByTestId('legend').waitFor();
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(text);
    await this.page.getByRole('button', { name: 'Filter' }).click();
  }

  row(reference: string) {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name: reference, exact: true }) });
  }

  banner() {
    return this.page.getByTestId('success-banner');
  }

  action(name: string, reference: string) {
    return this.row(reference).getByRole(name === 'Edit' || name === 'View' ? 'link' : 'button', {
      name: `${name} ${reference}`,
    });
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }
}
