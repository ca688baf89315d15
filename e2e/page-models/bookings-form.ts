import type { Page } from 'playwright-core';

/** The booking form (/bookings/create, /bookings/{id}/edit). */
export class BookingFormPage {
  constructor(private readonly page: Page) {}

  /** Inputs by label (required labels carry an asterisk). */
  input(label: string) {
    return this.page.locator('input').and(this.page.getByLabel(new RegExp(`^${label}`)));
  }

  async open() {
    await this.page.goto('/bookings/create');
    await this.page.getByTestId('booking-form').waitFor();
  }

  /** Picks an option of a searchable select by typing part of it. */
  async choose(label: string, option: string) {
    const field = this.input(label);
    await field.click();
    await field.fill(option);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fill(values: { reference?: string; customer?: string; amount?: string; date?: string }) {
    if (values.reference !== undefined) await this.input('Booking Reference').pressSequentially(values.reference);
    if (values.date !== undefined) await this.input('Booking Date').fill(values.date);
    if (values.customer !== undefined) await this.input('Customer Name').fill(values.customer);
    if (values.amount !== undefined) await this.input('Total Commission').fill(values.amount);
  }

  /** The alert that blocks a submit ('Please fill in all required fields.', the reference rule). */
  blockAlert() {
    return this.page.getByTestId('block-alert');
  }

  expectedCommission() {
    return this.page.getByTestId('expected-commission');
  }

  async submit() {
    await this.page.getByRole('button', { name: /^(Create|Update) Booking$/ }).click();
  }
}
