import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatchedBooking } from '../fixtures/api';
import { openBrowser, screenshot } from '../fixtures/browser';
import { DEMO_ADMIN, DEMO_AGENT } from '../fixtures/demo';
import { apiWrite, apiWriteOk, ExcelReportsPage } from '../page-models/excel-reports';
import { apiJson, field, signInAs } from '../page-models/mantine';
import { settled } from '../page-models/transactions';

/*
 * The demo has no payouts, so this journey pays two out through the API first, in a month no other journey
 * looks at: an Air Canada booking of Olivia's (GST registered) dated 2026-08-20, CA$1,000.00 received in
 * full, and a TUI UK booking of Amelia's, £400.00, each paid by a bulk payout dated 2026-08-31. Payouts
 * cannot be undone (their items are immutable), so what it leaves behind is those bookings, their credit
 * transactions, the payout records with their items, and the debits on Olivia's CAD and Amelia's GBP accounts.
 */
const RUN = Date.now().toString(36).toUpperCase();
const REFERENCE = `AC-9${String(Date.now() % 100_000).padStart(5, '0')}`;
const PAYOUT_NAME = `Excel report E2E ${RUN}`;
/** TUI UK's format is eight digits; the demo's start with 40. */
const GBP_REFERENCE = `7${String(Date.now() % 10_000_000).padStart(7, '0')}`;
const BOOKING_DATE = '2026-08-20';
const PAYOUT_DATE = '2026-08-31';
const SHOTS = '/tmp/shots/excel';

interface Item {
  agent_name: string;
  gst: number;
  total: number;
}

let browser: Awaited<ReturnType<typeof openBrowser>>;
let payoutId: number;
let item: Item;

async function shot(name: string) {
  const { page } = browser;
  await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Keeps a downloaded file beside the screenshots, to open by hand. */
function keep(file: { filename: string; bytes: Buffer }) {
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(path.join(SHOTS, file.filename), file.bytes);
}

/**
 * Pays out one booking through the API (the admin's session): recorded for `agent`, its supplier's credit
 * received in full, paid by a bulk payout named `name` on PAYOUT_DATE. The payout's id and its items.
 */
async function payOut(o: {
  agent: string;
  supplier: string;
  reference: string;
  amount: string;
  name: string;
}): Promise<{ id: number; items: Item[] }> {
  const { page } = browser;
  const booking = await createMatchedBooking(page, {
    agent: o.agent,
    supplier: o.supplier,
    reference: o.reference,
    amount: o.amount,
    date: BOOKING_DATE,
    customer: 'Excel, Report',
  });
  const paid = await apiWriteOk<{ payout_ids: number[] }>(page, '/bulk-payouts/process', {
    data: {
      payouts: [{ booking_id: booking, payout_amount: o.amount }],
      description: o.name,
      payout_date: PAYOUT_DATE,
    },
  });
  expect(paid.payout_ids).toHaveLength(1);
  const id = paid.payout_ids[0]!;
  const detail = await apiJson<{ items: Item[] }>(page, `/api/payouts/${id}`);
  expect(detail.items.map((i) => i.agent_name)).toEqual([o.agent]);
  return { id, items: detail.items };
}

/** The cells of one CSV line (RFC 4180: a quoted cell may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  return cells;
}

/** 'YYYY-MM-DD' of the UTC day `daysAgo` days before now. */
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await openBrowser();
  await signInAs(browser.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const cad = await payOut({
    agent: 'Olivia Tremblay',
    supplier: 'Air Canada Vacations',
    reference: REFERENCE,
    amount: '1000.00',
    name: PAYOUT_NAME,
  });
  payoutId = cad.id;
  item = cad.items[0]!;
  // The same month also paid in GBP: a CSV or IIF of the whole month must name its currency.
  await payOut({
    agent: 'Amelia Singh',
    supplier: 'TUI UK',
    reference: GBP_REFERENCE,
    amount: '400.00',
    name: `${PAYOUT_NAME} GBP`,
  });
});
afterAll(async () => {
  await browser.close();
});

describe('Excel reports', () => {
  it('asks for both dates, then downloads the Telpay & QuickBooks workbook of one payout', async () => {
    const { page } = browser;
    const reports = new ExcelReportsPage(page);
    await reports.open();
    // Spec §2.11, §9: the last 28 days to today, include, the bookings report.
    expect(await reports.date('Start Date').inputValue()).toBe(utcDay(28));
    expect(await reports.date('End Date').inputValue()).toBe(utcDay(0));
    expect(await reports.reportType('bookings').getAttribute('aria-checked')).toBe('true');
    await settled(page.locator('main'));
    await shot('excel-reports-default');

    await reports.date('Start Date').fill('');
    await reports.button().click();
    await reports.error().waitFor();
    expect(await reports.error().innerText()).toBe('Please select both start and end dates.');
    await shot('excel-reports-dates-required');

    await reports.dates('2026-08-01', '2026-08-31');
    await reports.pick('From Payout', RUN, new RegExp(`^${PAYOUT_NAME} — .*\\(Aug 31, 2026\\)$`));
    await settled(page.locator('main'));
    await shot('excel-reports-filled');
    const file = await reports.generate();
    keep(file);
    expect(file.filename).toMatch(/\.xlsx$/);
    expect(file.disposition).toContain(`filename="${file.filename}"`);
    // An .xlsx is a zip: 'PK' and the local file header's 3, 4.
    expect([...file.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await page.getByTestId('report-saved').waitFor();
    expect(await page.getByTestId('report-saved').innerText()).toBe(`Downloaded ${file.filename}`);
    expect(await reports.error().count()).toBe(0);
    expect(await reports.button().innerText()).toBe('Generate Report');
    await shot('excel-reports-downloaded');
  });

  it('downloads the Telpay CSV of the same payout: one row for Olivia with her commission plus GST', async () => {
    const { page } = browser;
    const reports = new ExcelReportsPage(page);
    await reports.format('Telpay import (.csv)').check();
    const file = await reports.generate();
    keep(file);
    expect(file.filename).toMatch(/\.csv$/);
    const text = file.bytes.toString('ascii');
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^Payee Code,Payee Name,/);
    const header = csvCells(lines[0]!);
    const rows = lines.slice(1).map(csvCells);
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]![header.indexOf(name)];
    expect(cell('Payee Name')).toBe('Olivia Tremblay');
    expect(cell('Payment Date')).toBe(PAYOUT_DATE);
    // Plain amounts with two decimals, equal to the payout item's total and GST.
    expect(cell('Amount')).toMatch(/^\d+\.\d{2}$/);
    expect(Number(cell('Amount'))).toBe(item.total);
    expect(Number(cell('GST/HST Amount'))).toBe(item.gst);
  });

  it('refuses a Telpay CSV of the whole month (CAD and GBP) and points to the Currency filter; with CAD chosen it downloads', async () => {
    const { page } = browser;
    const reports = new ExcelReportsPage(page);
    // The whole month: no payout chosen, every currency (a fresh page).
    await reports.open();
    await reports.dates('2026-08-01', '2026-08-31');
    expect(await field(page, 'From Payout').inputValue()).toBe('');
    expect(await field(page, 'Currency').inputValue()).toBe('');
    await reports.format('Telpay import (.csv)').check();
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/reports/excel')),
      reports.button().click(),
    ]);
    expect(refused.status()).toBe(422);
    await reports.error().waitFor();
    const alert = await reports.error().innerText();
    expect(alert).toContain('An error occurred while generating the report. Please try again.');
    expect(alert).toContain(
      'The payouts in this range are in CAD and GBP, and a Telpay import (.csv) file holds one currency. Choose a currency in the Currency filter',
    );
    expect(await field(page, 'Currency').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Choose a currency: a CSV or IIF file holds one.').isVisible()).toBe(true);
    await settled(page.locator('main'));
    await shot('excel-reports-one-currency');
    await reports.error().scrollIntoViewIfNeeded();
    await shot('excel-reports-one-currency-message');

    await reports.pick('Currency', 'CAD', /^CAD — /);
    expect(await page.getByText('Choose a currency: a CSV or IIF file holds one.').count()).toBe(0);
    const file = await reports.generate();
    keep(file);
    const lines = file.bytes
      .toString('ascii')
      .split('\r\n')
      .filter((line) => line !== '');
    const header = csvCells(lines[0]!);
    const rows = lines.slice(1).map(csvCells);
    expect(rows.map((r) => r[header.indexOf('Currency')])).toEqual(rows.map(() => 'CAD'));
    expect(rows.map((r) => r[header.indexOf('Payee Name')])).toContain('Olivia Tremblay');
    expect(rows.map((r) => r[header.indexOf('Payee Name')])).not.toContain('Amelia Singh');
    await settled(page.locator('main'));
    await shot('excel-reports-one-currency-chosen');
  });

  it('downloads the commissions workbook; its report has no Telpay file', async () => {
    const { page } = browser;
    const reports = new ExcelReportsPage(page);
    await reports.reportType('commissions').click();
    expect(await reports.reportType('commissions').getAttribute('aria-checked')).toBe('true');
    expect(await reports.format('Telpay import (.csv)').count()).toBe(0);
    expect(await reports.format('Excel workbook (.xlsx)').isChecked()).toBe(true);
    // Hold the answer back to see the generating state (spec §2.11, §4).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reports/excel', async (route) => {
      await held;
      await route.continue();
    });
    const generated = reports.generate();
    await expect.poll(() => reports.button().innerText()).toBe('Generating...');
    expect(await reports.button().isDisabled()).toBe(true);
    await shot('excel-reports-generating');
    release();
    const file = await generated;
    await page.unroute('**/api/reports/excel');
    keep(file);
    expect(await reports.button().isEnabled()).toBe(true);
    expect(file.filename).toMatch(/\.xlsx$/);
    expect([...file.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await settled(page.locator('main'));
    await shot('excel-reports-commissions');
  });

  it('gives an agent no access, on the page and in the API', async () => {
    const { page } = browser;
    await signInAs(page, DEMO_AGENT.email, DEMO_AGENT.password);
    await page.goto('/reports/excel');
    await page.getByTestId('no-access').waitFor();
    expect(await page.getByRole('heading', { name: 'Excel Reports' }).count()).toBe(0);
    const refused = await apiWrite(page, '/api/reports/excel', {
      data: { start_date: '2026-08-01', end_date: '2026-08-31', report_type: 'bookings', payout_id: payoutId },
    });
    expect(refused.status()).toBe(403);
    await shot('excel-reports-agent-no-access');
  });
});
