import type { Locator, Page } from 'playwright-core';
import { choose, field } from './mantine';

/** A message shown as an alert: a Mantine notification, or the listing's bulk-status alert. */
export const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * Resolves once an element and its children have finished their CSS transitions (Mantine modals,
 * notifications), for screenshots of the final state. Two frames first: a transition starts on the
 * frame after the element mounts.
 */
export async function settled(locator: Locator) {
  await locator.waitFor();
  await locator.evaluate(async (el) => {
    const view = el.ownerDocument.defaultView as { requestAnimationFrame(callback: () => void): number };
    const frame = () => new Promise<void>((resolve) => view.requestAnimationFrame(resolve));
    await frame();
    await frame();
    await Promise.all(
      (el.getAnimations({ subtree: true }) as { finished: Promise<unknown> }[]).map((a) =>
        a.finished.catch(() => undefined),
      ),
    );
  });
}

/** The error message tied to an input through aria-describedby (Mantine's `{id}-error`), or null without one. */
export function errorOf(input: Locator): Promise<string | null> {
  return input.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id: string) => id.endsWith('-error'));
    return ids.map((id: string) => el.ownerDocument.getElementById(id)?.textContent ?? '').join(' ') || null;
  });
}

/** The single transaction form (/transactions/create, /transactions/{id}/edit). */
export class TransactionFormPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/transactions/create');
    await this.form().waitFor();
  }

  form() {
    return this.page.getByTestId('transaction-form');
  }

  input(label: string) {
    return field(this.page, label);
  }

  choose(label: string, option: string) {
    return choose(this.page, label, option);
  }

  /** Types like a person, so the reference format's mask runs on every key. */
  typeReference(text: string) {
    return this.input('Reference number').pressSequentially(text);
  }

  async submit() {
    await this.page.getByRole('button', { name: /^(Create transaction|Save changes)$/ }).click();
  }
}

/** The bulk transaction form (/transactions/create-bulk). */
export class BulkTransactionFormPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/transactions/create-bulk');
    await this.form().waitFor();
  }

  form() {
    return this.page.getByTestId('bulk-form');
  }

  choose(label: string, option: string) {
    return choose(this.page, label, option);
  }

  async addRows(n: number) {
    await this.page.getByRole('textbox', { name: 'Rows to add' }).fill(String(n));
    await this.page.getByRole('button', { name: 'Add rows' }).click();
  }

  /** Row `n` counted from 1, as on screen. */
  row(n: number) {
    return this.page.getByTestId(`bulk-row-${n - 1}`);
  }

  reference(n: number) {
    return this.page.getByRole('textbox', { name: `Reference number ${n}`, exact: true });
  }

  amount(n: number) {
    return this.page.getByRole('spinbutton', { name: `Amount ${n}`, exact: true });
  }

  async fillRow(n: number, values: { reference?: string; amount?: string }) {
    if (values.reference !== undefined) {
      await this.reference(n).clear();
      await this.reference(n).pressSequentially(values.reference);
    }
    if (values.amount !== undefined) await this.amount(n).fill(values.amount);
  }

  formError() {
    return this.page.getByTestId('form-error');
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Save transactions' }).click();
  }
}

/** The transactions listing (/transactions): filters, rows, bulk status. */
export class TransactionsListPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/transactions${query}`);
    await this.page.getByTestId('bulk-bar').waitFor();
  }

  async filterByReference(reference: string) {
    await field(this.page, 'Reference').fill(reference);
    await this.page.getByRole('button', { name: 'Filter' }).click();
    await this.page.waitForURL((url) => url.searchParams.get('reference') === reference);
  }

  table() {
    return this.page.getByTestId('transactions-table');
  }

  rows() {
    return this.table().locator('tbody tr');
  }

  row(reference: string) {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('checkbox', { name: `Select ${reference}` }) });
  }

  /** The status as it reads on screen (the cell capitalises it). */
  status(reference: string) {
    return this.row(reference).getByTestId('status').innerText();
  }

  async select(reference: string) {
    await this.page.getByRole('checkbox', { name: `Select ${reference}`, exact: true }).check();
  }

  async applyBulkAction(option: string) {
    await choose(this.page, 'Bulk action', option);
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }
}
