import type { Locator, Page } from 'playwright-core';
import { field } from './mantine';

/** A table's body rows as the text of their cells (trimmed, white space folded). */
export function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => (td as { innerText: string }).innerText.replace(/\s+/g, ' ').trim()),
      ),
    );
}

/** The bookings list's payout modal (bookings spec §4 "Payout modal", §5 "Payout (bookings list)"). */
export class PayoutModal {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: 'Process Payout' });
  }

  /** Waits until the booking's payout information is shown. */
  async loaded() {
    await this.dialog().getByTestId('payout-available').waitFor();
  }

  /** A labelled figure of the modal ('Available amount', 'Paid', 'Remaining', …). */
  async fact(label: string): Promise<string> {
    const box = this.dialog().getByText(label, { exact: true }).locator('xpath=..');
    return (await box.innerText()).replace(label, '').trim();
  }

  amount() {
    return this.dialog().getByLabel(/^Payout amount/);
  }

  partial() {
    return this.dialog().getByLabel('Partial payment');
  }

  /** What the amount leaves of the booking, under the Partial payment box ('… will remain: …'). */
  partialNote() {
    return this.dialog().locator(
      '.mantine-Checkbox-root:has([data-testid="payout-partial"]) .mantine-Checkbox-description',
    );
  }

  /** 'Commission breakdown' (what paying all of the available amount gives each agent). */
  breakdown() {
    return tableRows(this.dialog().getByTestId('payout-breakdown'));
  }

  /** 'This payout pays': what the typed amount gives each agent, then the totals row. */
  preview() {
    return this.dialog().getByTestId('payout-preview');
  }

  async submit() {
    await this.dialog().getByRole('button', { name: 'Process Payout' }).click();
  }
}

/** /bulk-payouts and /bulk-reconcile (agents-transactions-payouts §2.8). */
export class BulkPayoutsPage {
  constructor(private readonly page: Page) {}

  async open(mode: 'payout' | 'reconcile') {
    await this.page.goto(mode === 'payout' ? '/bulk-payouts' : '/bulk-reconcile');
    await this.page.getByRole('button', { name: 'Search' }).waitFor();
  }

  async dates(from: string, to: string) {
    await field(this.page, 'Date from').fill(from);
    await field(this.page, 'Date to').fill(to);
  }

  /** Search, then wait for the answer: the grouped table or the empty state. */
  async search() {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/bulk-payouts/search'));
    await this.page.getByRole('button', { name: 'Search' }).click();
    await answered;
    await this.table().or(this.page.getByTestId('empty-state')).waitFor();
  }

  table() {
    return this.page.getByTestId('bulk-bookings-table');
  }

  /** How many pixels of the table are hidden sideways (0: every column is in view without scrolling). */
  hiddenWidth(): Promise<number> {
    return this.table().evaluate((table) => {
      const viewport = table.closest('.mantine-ScrollArea-viewport') as { scrollWidth: number; clientWidth: number };
      return viewport.scrollWidth - viewport.clientWidth;
    });
  }

  /** Each agent group's header: agent, booking count, total commission. */
  groups(): Promise<string[][]> {
    return this.table()
      .locator('tbody[data-testid^="agent-group-"]')
      .evaluateAll((groups) =>
        groups.map((g) =>
          ['group-agent', 'group-count', 'group-commission'].map(
            (id) => (g.querySelector(`[data-testid="${id}"]`) as { innerText: string } | null)?.innerText ?? '',
          ),
        ),
      );
  }

  row(reference: string) {
    return this.table()
      .locator('tr[data-testid^="booking-row-"]')
      .filter({ has: this.page.getByRole('link', { name: reference, exact: true }) });
  }

  /** The references listed, in the table's order. */
  references(): Promise<string[]> {
    return this.table()
      .locator('tr[data-testid^="booking-row-"] a')
      .evaluateAll((links) => links.map((a) => (a as { innerText: string }).innerText.trim()));
  }

  async select(reference: string) {
    await this.page.getByRole('checkbox', { name: `Select ${reference}`, exact: true }).check();
  }

  amount(reference: string) {
    return this.page.getByRole('spinbutton', { name: `Payout amount for ${reference}` });
  }

  /** The row's Reconcile box (payout mode). */
  reconcile(reference: string) {
    return this.page.getByRole('checkbox', { name: `Reconcile ${reference}`, exact: true });
  }

  /** 'Confirm reconcile': asked before a reconcile lowers a booking's gross. */
  confirmReconcile() {
    return this.page.getByRole('dialog', { name: 'Confirm reconcile' });
  }

  /** The confirmation's rows: [reference, gross now, gross after, drop]. */
  drops(): Promise<string[][]> {
    return tableRows(this.confirmReconcile().getByTestId('reconcile-drops'));
  }

  /** Answers the confirmation with Confirm and waits until it has gone. */
  async acceptReconcile() {
    await this.confirmReconcile().getByRole('button', { name: 'Confirm' }).click();
    await this.confirmReconcile().waitFor({ state: 'hidden' });
  }

  /** The red line under a row: why it cannot be paid (or not without its Reconcile box). */
  async rowNote(reference: string) {
    const testId = await this.row(reference).getAttribute('data-testid');
    return this.page.getByTestId(testId!.replace('booking-row-', 'block-reason-'));
  }

  /** The screen's alert: the selection's first problem, or the server's answer. */
  alert() {
    return this.page.getByTestId('bulk-alert');
  }

  /** Answers the confirmation with Cancel and waits until it has gone. */
  async cancelReconcile() {
    await this.confirmReconcile().getByRole('button', { name: 'Cancel' }).click();
    await this.confirmReconcile().waitFor({ state: 'hidden' });
  }

  async editCommission(reference: string) {
    await this.page.getByRole('button', { name: `Edit Commission for ${reference}` }).click();
  }

  percentage(agent: string, reference: string) {
    return this.page.getByRole('spinbutton', { name: `${agent} percentage for ${reference}` });
  }

  /** The custom split's box of a row: the inputs, 'Company: N%' and 'Must equal 100%' while it is not. */
  customSplit(reference: string) {
    return this.row(reference).locator('[data-testid^="custom-commission-"]');
  }

  /** The Commission Summary's figure (testid summary-…). */
  summary(id: string) {
    return this.page.getByTestId(`summary-${id}`);
  }

  async submit(label: 'Process Payouts' | 'Reconcile Bookings') {
    await this.page.getByRole('button', { name: label }).click();
  }

  results() {
    return this.page.getByRole('dialog', { name: 'Processing Results' });
  }

  /** The results modal's rows: [reference, status, message] and the icon's label ('Succeeded' / 'Failed'). */
  resultRows(): Promise<{ cells: string[]; icon: string }[]> {
    return this.results()
      .getByTestId('results-table')
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => {
          const tds = [...tr.querySelectorAll('td')];
          return {
            icon: tds[0]?.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '',
            cells: tds.slice(1).map((td) => (td as { innerText: string }).innerText.trim()),
          };
        }),
      );
  }
}

/** /payouts: the payout records and a record's items. */
export class PayoutsHistoryPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/payouts');
    await this.table().waitFor();
  }

  table() {
    return this.page.getByTestId('payouts-table');
  }

  /** [name, date, total, currency, bookings, kind, by] per record, newest first. */
  async records(): Promise<string[][]> {
    return (await tableRows(this.table())).map((cells) => cells.slice(0, 7));
  }

  /** Opens the record in the given row (0 = newest) and waits for its items. */
  async view(index: number) {
    await this.table()
      .locator('tbody tr')
      .nth(index)
      .getByRole('button', { name: /^View / })
      .click();
    await this.detail().getByTestId('payout-items').waitFor();
  }

  detail() {
    return this.page.getByRole('dialog');
  }

  items() {
    return tableRows(this.detail().getByTestId('payout-items'));
  }

  subtotals() {
    return tableRows(this.detail().getByTestId('payout-subtotals'));
  }
}
