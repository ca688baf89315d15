/**
 * `POST /api/reports/excel` on real payouts (the report world: CAD and GBP, GST-registered agents, a
 * sub-agent split, a clawback): every file is read back with a second library (SheetJS) or parsed as
 * text, and every total is compared, to the cent and per currency, with the payout items in the database.
 */
import * as XLSX from '@e965/xlsx';
import {
  addDays,
  moneyFromDb,
  moneyToString,
  QUICKBOOKS_COLUMNS,
  REPORT_FILE_FORMATS,
  sumMoney,
  TELPAY_COLUMNS,
  type Cents,
} from '@app/domain';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { libreOffice } from '../../test/requires-tool';
import { book, buildReportWorld, DAY, payOut, receive, type ReportWorld } from './reports.testing';
import { QUICKBOOKS_TOO_MANY_ROWS } from './report-files.service';

let w: ReportWorld;
const START = addDays(DAY, -2);
const END = addDays(DAY, 2);
const OLD = addDays(DAY, -40);
/** A range nobody paid in, for the 999-row limit (items inserted directly). */
const BULK_DAY = '2001-02-03';

let payoutIds: { cad: number; gbp: number; clawback: number; old: number };

beforeAll(async () => {
  w = await buildReportWorld();
  // Ana (Gold 12.5%, GST): Sunwing 1000.00 and 400.00 in one payout (one Telpay row); TUI 512.80 (GBP).
  const a1 = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '1000.00' });
  const a2 = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '400.00' });
  // Sam through Pat (Pat 70% with GST, Sam 40% of it, no GST): Transat 999.99.
  const split = await book(w, { agent: 'sam', supplier: 'transat', amount: '999.99' });
  const gbp = await book(w, { agent: 'ana', supplier: 'tui', amount: '512.80' });
  const refund = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '-100.00' });
  const old = await book(w, { agent: 'otto', supplier: 'sunwing', amount: '300.00' });
  await receive(w, 'sunwing', a1.reference, '1000.00');
  await receive(w, 'sunwing', a2.reference, '400.00');
  await receive(w, 'transat', split.reference, '999.99');
  await receive(w, 'tui', gbp.reference, '512.80');
  await receive(w, 'sunwing', refund.reference, '100.00', { type: 'debit' });
  await receive(w, 'sunwing', old.reference, '300.00');
  const paid = await payOut(
    w,
    [
      { booking: a1.id, amount: '1000.00' },
      { booking: a2.id, amount: '400.00' },
      { booking: split.id, amount: '999.99' },
      { booking: gbp.id, amount: '512.80' },
    ],
    DAY,
  );
  const currencyOf = async (id: number) =>
    (await w.q(`select c.code from payouts p join currencies c on c.id = p.currency_id where p.id = $1`, [id]))[0]!
      .code as string;
  const [clawback] = await payOut(w, [{ booking: refund.id, amount: '-100.00' }], DAY);
  const [oldPayout] = await payOut(w, [{ booking: old.id, amount: '300.00' }], OLD);
  payoutIds = {
    cad: (await Promise.all(paid.map(async (id) => ((await currencyOf(id)) === 'CAD' ? id : 0)))).find(Boolean)!,
    gbp: (await Promise.all(paid.map(async (id) => ((await currencyOf(id)) === 'GBP' ? id : 0)))).find(Boolean)!,
    clawback: clawback!,
    old: oldPayout!,
  };
  await w.q(
    `update users set name = 'Zoë Ångström-Fitzgerald de la Montagne' where id =
    (select user_id from agents where id = $1)`,
    [w.agent.ana],
  );
}, 120_000);

/* ------------------------------------------------------------------ helpers */

type Filters = Record<string, unknown>;

async function download(body: Filters) {
  const res = await w.admin.post('/api/reports/excel', { json: { start_date: START, end_date: END, ...body } });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return res;
}

/** The payout items of the range per currency, summed by PostgreSQL. */
async function itemTotals(where = 'true'): Promise<Record<string, { commission: Cents; gst: Cents; total: Cents }>> {
  const rows = await w.q(
    `select c.code, sum(pi.commission)::text as commission, sum(pi.gst)::text as gst, sum(pi.total)::text as total
       from payout_items pi join payouts p on p.id = pi.payout_id join currencies c on c.id = p.currency_id
       join bookings b on b.id = pi.booking_id
      where p.payout_date between $1 and $2 and ${where} group by c.code`,
    [START, END],
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.code,
      { commission: moneyFromDb(r.commission), gst: moneyFromDb(r.gst), total: moneyFromDb(r.total) },
    ]),
  );
}

const cents = (n: unknown): Cents => {
  expect(typeof n).toBe('number');
  return moneyFromDb((n as number).toFixed(2));
};

interface Sheet {
  rows: XLSX.CellObject[][];
  ws: XLSX.WorkSheet;
  xml: string;
}

/** Every sheet of a workbook with its cells (SheetJS), and the raw XML of the sheet and styles. */
function readWorkbook(buf: Buffer): { names: string[]; sheets: Record<string, Sheet>; styles: string } {
  const wb = XLSX.read(buf, { type: 'buffer', cellFormula: true, cellNF: true, cellStyles: true, bookFiles: true });
  const files = (wb as unknown as { files: Record<string, { content: Buffer }> }).files;
  const text = (name: string) => Buffer.from(files[name]!.content).toString('utf8');
  const sheets: Record<string, Sheet> = {};
  wb.SheetNames.forEach((name, i) => {
    const ws = wb.Sheets[name]!;
    const range = XLSX.utils.decode_range(ws['!ref'] ?? 'A1:A1');
    const rows: XLSX.CellObject[][] = [];
    for (let r = range.s.r; r <= range.e.r; r++) {
      const row: XLSX.CellObject[] = [];
      for (let c = range.s.c; c <= range.e.c; c++) row.push(ws[XLSX.utils.encode_cell({ r, c })] ?? { t: 'z' });
      rows.push(row);
    }
    sheets[name] = { rows, ws, xml: text(`xl/worksheets/sheet${i + 1}.xml`) };
  });
  return { names: wb.SheetNames, sheets, styles: text('xl/styles.xml') };
}

/** The header is frozen (a pane below row 1), its cells bold, and every column wide enough for its values. */
function expectStyled(sheet: Sheet, styles: string) {
  expect(sheet.xml).toMatch(/<pane[^>]*ySplit="1"[^>]*state="frozen"/);
  const fonts = [
    ...(/<fonts[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)?.[1] ?? '').matchAll(/<font>([\s\S]*?)<\/font>|<font\/>/g),
  ];
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf [^>]*fontId="(\d+)"/g)];
  const headerStyles = [...(/<row r="1"[^>]*>([\s\S]*?)<\/row>/.exec(sheet.xml)?.[1] ?? '').matchAll(/ s="(\d+)"/g)];
  expect(headerStyles.length).toBe(sheet.rows[0]!.length);
  for (const [, s] of headerStyles) expect(fonts[Number(xfs[Number(s)]![1])]![0]).toContain('<b/>');
  const cols = sheet.ws['!cols'] ?? [];
  sheet.rows[0]!.forEach((_, c) => {
    const longest = Math.max(...sheet.rows.map((row) => String(row[c]?.w ?? row[c]?.v ?? '').length));
    // A column exceljs leaves out has the default width (about 9 characters).
    expect(cols[c]?.width ?? 9, `column ${c + 1}`).toBeGreaterThanOrEqual(longest);
  });
}

/** The rows of a sheet as header → cell. */
function records(sheet: Sheet) {
  const [header, ...rows] = sheet.rows;
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [String(h.v), row[i]!])));
}

const isTotal = (r: Record<string, XLSX.CellObject>) => Object.values(r)[0]?.v === 'Total';

/** Per currency: the data rows' sum of a money column equals its totals row's SUM formula and cached value. */
function expectTotals(sheet: Sheet, currencyColumn: string, moneyColumns: string[]) {
  const totals: Record<string, Record<string, Cents>> = {};
  let block: Record<string, XLSX.CellObject>[] = [];
  let firstRow = 2;
  records(sheet).forEach((r, i) => {
    if (!isTotal(r)) {
      block.push(r);
      return;
    }
    const currency = String(r[currencyColumn]!.v);
    for (const b of block) expect(b[currencyColumn]!.v).toBe(currency);
    totals[currency] = {};
    for (const column of moneyColumns) {
      const cell = r[column]!;
      const letter = XLSX.utils.encode_col(Object.keys(r).indexOf(column));
      expect(cell.f).toBe(`SUM(${letter}${firstRow}:${letter}${firstRow + block.length - 1})`);
      expect(cell.z).toBe('#,##0.00');
      const sum = sumMoney(block.filter((b) => b[column]!.t !== 'z').map((b) => cents(b[column]!.v)));
      expect(cents(cell.v)).toBe(sum);
      totals[currency][column] = sum;
    }
    firstRow = i + 3;
    block = [];
  });
  expect(block).toEqual([]);
  return totals;
}

/** RFC 4180 lines of a CRLF CSV (no field here holds a line break). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const fields: string[] = [];
      const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line)) && m[0] !== '') {
        fields.push(m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!);
        if (m[2] === '') break;
      }
      return fields;
    });
}

/* ------------------------------------------------------------------ tests */

describe('POST /api/reports/excel: who and what', () => {
  it('is admins only, needs both dates, refuses a reversed range', async () => {
    const agentAnswer = await w.as.ana.post('/api/reports/excel', {
      json: { start_date: START, end_date: END, report_type: 'bookings' },
    });
    expect(agentAnswer.statusCode).toBe(403);
    const missing = await w.admin.post('/api/reports/excel', { json: { end_date: END, report_type: 'bookings' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: 'Please select both start and end dates.',
      errors: { start_date: ['Please select both start and end dates.'] },
    });
    const reversed = await w.admin.post('/api/reports/excel', {
      json: { start_date: END, end_date: START, report_type: 'commissions' },
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.start_date).toEqual([
      'The start date must be a date before or equal to the end date.',
    ]);
  });

  it('names the file and says what it is', async () => {
    const res = await download({ report_type: 'bookings' });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="telpay_report_${START}_${END}.xlsx"`);
    const commissions = await download({ report_type: 'commissions' });
    expect(commissions.headers['content-disposition']).toBe(
      `attachment; filename="quickbooks_report_${START}_${END}.xlsx"`,
    );
  });
});

describe('bookings report (.xlsx): Telpay and QuickBooks sheets', () => {
  it('has one Telpay row per agent per payout, totals per currency equal to the payout items', async () => {
    const { names, sheets, styles } = readWorkbook((await download({ report_type: 'bookings' })).rawPayload);
    expect(names).toEqual(['Telpay', 'QuickBooks']);
    const telpay = sheets.Telpay!;
    expectStyled(telpay, styles);
    expect(telpay.rows[0]!.map((c) => c.v)).toEqual([...TELPAY_COLUMNS]);
    const rows = records(telpay).filter((r) => !isTotal(r));
    // CAD: Ana (both Sunwing bookings together), Pat, Sam; the clawback payout: Ana; GBP: Ana. Not Otto (old).
    const expectedRows = await w.q(
      `select count(distinct (pi.payout_id, pi.agent_id))::int as n from payout_items pi join payouts p on p.id = pi.payout_id
        where p.payout_date between $1 and $2`,
      [START, END],
    );
    expect(rows).toHaveLength(expectedRows[0]!.n as number);
    expect(rows).toHaveLength(5);
    const ana = rows.find(
      (r) =>
        r['Invoice Number']!.v === `PO${payoutIds.cad}-${r['Payee Code']!.v}` &&
        r['Payee Name']!.v === 'Zoe Angstrom-Fitzgerald de la',
    )!;
    expect(ana['Payee Name']!.v).toHaveLength(29);
    // 12.5% of 1000.00 + 400.00 = 175.00, GST 5% = 8.75.
    expect([ana['Commission']!.v, ana['GST/HST Amount']!.v, ana['Amount']!.v]).toEqual([175, 8.75, 183.75]);
    for (const r of rows) {
      for (const column of ['Amount', 'GST/HST Amount', 'Commission']) {
        expect(r[column]!.t).toBe('n');
        expect(r[column]!.z).toBe('#,##0.00');
      }
      expect(r['Payment Date']!.t).toBe('n');
      expect(r['Payment Date']!.w).toBe(DAY);
      expect(cents(r['Amount']!.v)).toBe(cents(r['Commission']!.v) + cents(r['GST/HST Amount']!.v));
    }
    // The clawback: negative amounts, kept.
    const clawback = rows.find((r) => String(r['Invoice Number']!.v).startsWith(`PO${payoutIds.clawback}-`))!;
    expect([clawback['Commission']!.v, clawback['GST/HST Amount']!.v, clawback['Amount']!.v]).toEqual([
      -12.5, -0.63, -13.13,
    ]);
    const totals = expectTotals(telpay, 'Currency', ['Amount', 'GST/HST Amount', 'Commission']);
    const items = await itemTotals();
    expect(Object.keys(totals).sort()).toEqual(['CAD', 'GBP']);
    for (const [code, t] of Object.entries(items)) {
      expect(totals[code]).toEqual({ Amount: t.total, 'GST/HST Amount': t.gst, Commission: t.commission });
    }
  });

  it('has balanced QuickBooks entries of the same money (clearing credits = Telpay amounts, per currency)', async () => {
    const { sheets, styles } = readWorkbook((await download({ report_type: 'bookings' })).rawPayload);
    const qb = sheets.QuickBooks!;
    expectStyled(qb, styles);
    expect(qb.rows[0]!.map((c) => c.v)).toEqual([...QUICKBOOKS_COLUMNS]);
    const lines = records(qb).filter((r) => !isTotal(r));
    const byEntry = new Map<string, bigint>();
    const clearing: Record<string, bigint> = {};
    for (const l of lines) {
      const debit = l['Debits']!.t === 'z' ? 0n : cents(l['Debits']!.v);
      const credit = l['Credits']!.t === 'z' ? 0n : cents(l['Credits']!.v);
      expect((debit === 0n) !== (credit === 0n), 'one side per line').toBe(true);
      expect(debit >= 0n && credit >= 0n).toBe(true);
      const no = String(l['Journal No']!.v);
      expect(no.length).toBeLessThanOrEqual(21);
      byEntry.set(no, (byEntry.get(no) ?? 0n) + debit - credit);
      if (l['Account Name']!.v === 'Telpay Clearing') {
        const c = String(l['Currency']!.v);
        clearing[c] = (clearing[c] ?? 0n) + credit - debit;
      }
      expect(l['Journal Date']!.w).toBe(`${DAY.slice(5, 7)}/${DAY.slice(8, 10)}/${DAY.slice(0, 4)}`);
    }
    for (const [no, balance] of byEntry) expect(balance, no).toBe(0n);
    // The clawback's entry: the sides swap.
    const clawback = lines.filter((l) => String(l['Journal No']!.v).startsWith(`PO${payoutIds.clawback}-`));
    expect(clawback.map((l) => [l['Account Name']!.v, l['Debits']!.v ?? null, l['Credits']!.v ?? null])).toEqual([
      ['Commission Expense', null, 12.5],
      ['GST/HST Receivable', null, 0.63],
      ['Telpay Clearing', 13.13, null],
    ]);
    const totals = expectTotals(qb, 'Currency', ['Debits', 'Credits']);
    const items = await itemTotals();
    for (const [code, t] of Object.entries(items)) {
      expect(clearing[code]).toBe(t.total);
      expect(totals[code]!.Debits).toBe(totals[code]!.Credits);
    }
  });

  it('follows the payout, supplier (include / exclude) and currency filters', async () => {
    const cases: [Filters, string][] = [
      [{ payout_id: payoutIds.clawback }, `p.id = ${payoutIds.clawback}`],
      [{ supplier_id: w.supplier.transat }, `b.supplier_id = ${w.supplier.transat}`],
      [{ supplier_id: w.supplier.transat, filter_mode: 'exclude' }, `b.supplier_id <> ${w.supplier.transat}`],
      [{ currency_id: w.cur.GBP }, `p.currency_id = ${w.cur.GBP}`],
    ];
    for (const [filters, where] of cases) {
      const { sheets } = readWorkbook((await download({ report_type: 'bookings', ...filters })).rawPayload);
      const totals = expectTotals(sheets.Telpay!, 'Currency', ['Amount']);
      const items = await itemTotals(where);
      expect(Object.keys(totals).sort(), where).toEqual(Object.keys(items).sort());
      for (const [code, t] of Object.entries(items)) expect(totals[code]!.Amount, where).toBe(t.total);
    }
  });

  it('is a file of headers only for a range without payouts', async () => {
    const res = await w.admin.post('/api/reports/excel', {
      json: { start_date: '1990-01-01', end_date: '1990-01-31', report_type: 'bookings' },
    });
    expect(res.statusCode).toBe(200);
    const { sheets } = readWorkbook(res.rawPayload);
    expect(sheets.Telpay!.rows).toHaveLength(1);
    expect(sheets.QuickBooks!.rows).toHaveLength(1);
  });
});

describe('commissions report (.xlsx): a summary and a sheet per agent', () => {
  it('sums every agent per currency and lists every line on the agent sheet', async () => {
    const { names, sheets, styles } = readWorkbook((await download({ report_type: 'commissions' })).rawPayload);
    expect(names[0]).toBe('Summary');
    const summary = sheets.Summary!;
    expectStyled(summary, styles);
    expect(summary.rows[0]!.map((c) => c.v)).toEqual([
      'Agent',
      'FareConnect #',
      'Currency',
      'Lines',
      'Commission',
      'GST',
      'Total',
    ]);
    const totals = expectTotals(summary, 'Currency', ['Commission', 'GST', 'Total']);
    const items = await itemTotals();
    for (const [code, t] of Object.entries(items))
      expect(totals[code]).toEqual({ Commission: t.commission, GST: t.gst, Total: t.total });

    // Agent sheets: Ana (name cut to 31), Pat Parent, Sam Sub; each with its lines.
    expect(names.slice(1).sort()).toEqual(['Pat Parent', 'Sam Sub', 'Zoë Ångström-Fitzgerald de la M']);
    const perAgent = await w.q(
      `select u.name, count(*)::int as n, sum(pi.total)::text as total
         from payout_items pi join payouts p on p.id = pi.payout_id join agents ag on ag.id = pi.agent_id
         join users u on u.id = ag.user_id where p.payout_date between $1 and $2 group by u.name`,
      [START, END],
    );
    for (const name of names.slice(1)) {
      const sheet = sheets[name]!;
      expectStyled(sheet, styles);
      expect(sheet.rows[0]!.map((c) => c.v)).toEqual([
        'Booking Reference',
        'Booking Date',
        'Supplier',
        'Currency',
        'Gross',
        'Percentage',
        'Commission',
        'GST',
        'Total',
        'Payout',
        'Payout Date',
      ]);
      const lines = records(sheet).filter((r) => !isTotal(r));
      const expected = perAgent.find((a) => String(a.name).startsWith(name.slice(0, 20)))!;
      expect(lines).toHaveLength(expected.n as number);
      for (const l of lines) {
        expect(l['Percentage']!.t).toBe('n');
        expect(cents(l['Total']!.v)).toBe(cents(l['Commission']!.v) + cents(l['GST']!.v));
      }
      const sheetTotals = expectTotals(sheet, 'Currency', ['Gross', 'Commission', 'GST', 'Total']);
      expect(sumMoney(Object.values(sheetTotals).map((t) => t.Total!))).toBe(moneyFromDb(String(expected.total)));
    }
    // Sam's split line: 40% of Pat's 70% = 28% of 999.99.
    const sam = records(sheets['Sam Sub']!).filter((r) => !isTotal(r));
    expect(sam.map((l) => [l['Supplier']!.v, l['Gross']!.v, l['Percentage']!.v, l['Commission']!.v])).toEqual([
      ['Transat', 999.99, 28, 280],
    ]);
    expect(sam[0]!['Payout']!.v).toBe(`Run ${DAY}`);
  });
});

describe('the workbooks keep each currency in its own section', () => {
  it('one .xlsx of a range paid in CAD and GBP: per sheet one block and one Total row per currency, never a total across them', async () => {
    for (const report_type of ['bookings', 'commissions']) {
      const { sheets } = readWorkbook((await download({ report_type })).rawPayload);
      const seen = new Set<string>();
      for (const [name, sheet] of Object.entries(sheets)) {
        const rows = records(sheet);
        const currencyOf = (r: Record<string, XLSX.CellObject>) => String(r['Currency']!.v);
        // Each block of rows is one currency, closed by its Total row (of that currency); no row after the last.
        const blocks: string[][] = [[]];
        for (const r of rows) {
          if (isTotal(r)) {
            expect(new Set(blocks.at(-1)), `${report_type} / ${name}`).toEqual(new Set([currencyOf(r)]));
            blocks.push([]);
          } else blocks.at(-1)!.push(currencyOf(r));
        }
        expect(blocks.at(-1), `${report_type} / ${name}: rows after the last total`).toEqual([]);
        const totals = rows.filter(isTotal).map(currencyOf);
        expect(totals, `${report_type} / ${name}: one Total row per currency`).toEqual([...new Set(totals)]);
        expect(rows.some((r) => /grand/i.test(String(Object.values(r)[0]?.v ?? '')))).toBe(false);
        for (const c of totals) seen.add(c);
      }
      expect([...seen].sort(), report_type).toEqual(['CAD', 'GBP']);
    }
  });
});

describe('import files', () => {
  /** Per currency, the range's Telpay rows = QuickBooks entries: CAD Ana's payout, Pat, Sam and the clawback; GBP Ana. */
  const ENTRIES = [
    ['CAD', 4],
    ['GBP', 1],
  ] as const;

  it('Telpay CSV: ASCII, CRLF, one row per agent per payout, plain amounts, one currency per file', async () => {
    const items = await itemTotals();
    for (const [code, count] of ENTRIES) {
      const res = await download({ report_type: 'bookings', format: 'telpay_csv', currency_id: w.cur[code] });
      expect(res.headers['content-type']).toBe('text/csv; charset=us-ascii');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="telpay_payments_${START}_${END}.csv"`);
      const text = res.rawPayload.toString('latin1');
      // eslint-disable-next-line no-control-regex -- the file must be ASCII
      expect(/[^\x00-\x7f]/.test(text)).toBe(false);
      const [header, ...rows] = parseCsv(text);
      expect(header).toEqual([...TELPAY_COLUMNS]);
      expect(rows).toHaveLength(count);
      for (const r of rows) {
        expect(r[1]!.length).toBeLessThanOrEqual(30);
        expect(r[4]).toMatch(/^-?\d+\.\d\d$/);
        expect(r[8]).toBe(code);
      }
      expect(sumMoney(rows.map((r) => moneyFromDb(r[4]!)))).toBe(items[code]!.total);
    }
  });

  it('QuickBooks CSV: UTF-8 with BOM, balanced entries; more than 999 rows is a 422', async () => {
    for (const [code, count] of ENTRIES) {
      const res = await download({ report_type: 'bookings', format: 'quickbooks_csv', currency_id: w.cur[code] });
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const text = res.rawPayload.toString('utf8');
      expect(
        text.startsWith('\ufeffJournal No,Journal Date,Account Name,Debits,Credits,Description,Name,Currency\r\n'),
      ).toBe(true);
      const [, ...rows] = parseCsv(text.slice(1));
      const byEntry = new Map<string, bigint>();
      for (const r of rows) {
        const amount = (r[3] ? moneyFromDb(r[3]) : 0n) - (r[4] ? moneyFromDb(r[4]) : 0n);
        byEntry.set(r[0]!, (byEntry.get(r[0]!) ?? 0n) + amount);
        expect(r[7]).toBe(code);
      }
      expect(byEntry.size, code).toBe(count);
      for (const balance of byEntry.values()) expect(balance, code).toBe(0n);
      // Ana (renamed) is paid in both currencies.
      expect(
        rows.some((r) => r[6] === 'Zoë Ångström-Fitzgerald de la Montagne'),
        code,
      ).toBe(true);
    }

    // 333 payments of 3 lines = 999 rows: one file; a 334th (dated the next day): refused, nothing written.
    const ana = w.agent.ana;
    const [booking] = await w.q(`select id from bookings where primary_agent_id = $1 limit 1`, [ana]);
    const [line] = await w.q(`select id from actual_commissions where agent_id = $1 limit 1`, [ana]);
    await w.q(
      `with p as (
         insert into payouts (name, payout_date, currency_id, total_amount, kind)
         select 'Bulk ' || g, $1::date + (g = 334)::int, $2, 10.50, 'single' from generate_series(1, 334) g returning id)
       insert into payout_items (payout_id, booking_id, actual_commission_id, agent_id, gross_portion, percentage, commission, gst, total)
       select p.id, $3, $4, $5, 80.00, 12.5, 10.00, 0.50, 10.50 from p`,
      [BULK_DAY, w.cur.CAD, booking!.id, line!.id, ana],
    );
    const bulk = (end: string) =>
      w.admin.post('/api/reports/excel', {
        json: { start_date: BULK_DAY, end_date: end, report_type: 'bookings', format: 'quickbooks_csv', payout_id: '' },
      });
    const tooMany = await bulk(addDays(BULK_DAY, 1));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ format: [QUICKBOOKS_TOO_MANY_ROWS] });
    const fits = await bulk(BULK_DAY);
    expect(fits.statusCode).toBe(200);
    expect(parseCsv(fits.rawPayload.toString('utf8').slice(1))).toHaveLength(1 + 999);
  });

  it('QuickBooks IIF: TRNS/SPL/ENDTRNS entries whose amounts sum to 0', async () => {
    for (const [code, count] of ENTRIES) {
      const res = await download({ report_type: 'bookings', format: 'quickbooks_iif', currency_id: w.cur[code] });
      expect(res.headers['content-disposition']).toBe(`attachment; filename="quickbooks_journal_${START}_${END}.iif"`);
      const rows = res.rawPayload
        .toString('latin1')
        .split('\r\n')
        .filter((r) => r !== '')
        .map((r) => r.split('\t'));
      expect(rows.slice(0, 3).map((r) => r[0])).toEqual(['!TRNS', '!SPL', '!ENDTRNS']);
      let entry: Cents[] = [];
      const entries: Cents[][] = [];
      for (const r of rows.slice(3)) {
        if (r[0] === 'ENDTRNS') {
          entries.push(entry);
          entry = [];
          continue;
        }
        expect(r[0]).toBe(entry.length === 0 ? 'TRNS' : 'SPL');
        expect(r[2]).toBe('GENERAL JOURNAL');
        expect(r[3]).toBe(`${DAY.slice(5, 7)}/${DAY.slice(8, 10)}/${DAY.slice(0, 4)}`);
        entry.push(moneyFromDb(r[6]!));
      }
      expect(entries, code).toHaveLength(count);
      for (const e of entries) expect(sumMoney(e), code).toBe(0n);
      expect(
        rows.some((r) => r[5] === 'Zoë Ångström-Fitzgerald de la Montagne'),
        code,
      ).toBe(true);
      // The clearing lines are the Telpay amounts of the same currency, negated.
      const telpay = parseCsv(
        (
          await download({ report_type: 'bookings', format: 'telpay_csv', currency_id: w.cur[code] })
        ).rawPayload.toString(),
      );
      const clearing = rows
        .filter((r) => r[4] === 'Telpay Clearing')
        .map((r) => moneyToString(-moneyFromDb(r[6]!) as Cents));
      expect(clearing.sort(), code).toEqual(
        telpay
          .slice(1)
          .map((r) => r[4]!)
          .sort(),
      );
    }
  });

  it.each(['telpay_csv', 'quickbooks_csv', 'quickbooks_iif'] as const)(
    'refuses %s of a range paid in CAD and GBP with a 422 asking for the Currency filter; one currency needs no filter',
    async (format) => {
      const label = REPORT_FILE_FORMATS.find((f) => f.id === format)!.label;
      const message =
        `The payouts in this range are in CAD and GBP, and a ${label} file holds one currency. ` +
        'Choose a currency in the Currency filter (one file per currency), or download the Excel workbook, which keeps each currency in its own section.';
      for (const all of [{}, { currency_id: '' }, { currency_id: null }]) {
        const res = await w.admin.post('/api/reports/excel', {
          json: { start_date: START, end_date: END, report_type: 'bookings', format, ...all },
        });
        expect(res.statusCode).toBe(422);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(res.json()).toEqual({ message, errors: { currency_id: [message] } });
      }
      // The same range for one payout, or the old range: one currency, no filter needed.
      expect((await download({ report_type: 'bookings', format, payout_id: payoutIds.gbp })).statusCode).toBe(200);
      const old = await w.admin.post('/api/reports/excel', {
        json: { start_date: OLD, end_date: OLD, report_type: 'bookings', format },
      });
      expect(old.statusCode, old.body.slice(0, 300)).toBe(200);
    },
  );

  it('refuses a Telpay CSV of the commissions report', async () => {
    const res = await w.admin.post('/api/reports/excel', {
      json: { start_date: START, end_date: END, report_type: 'commissions', format: 'telpay_csv' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('LibreOffice opens the workbooks', () => {
  libreOffice.needInThisBlock();
  it('converts both reports to CSV without error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-files-'));
    try {
      for (const type of ['bookings', 'commissions']) {
        const file = path.join(dir, `${type}.xlsx`);
        fs.writeFileSync(file, (await download({ report_type: type })).rawPayload);
        execFileSync(
          'soffice',
          [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'csv', '--outdir', dir, file],
          { stdio: 'pipe', timeout: 120_000 },
        );
        const csv = fs.readFileSync(path.join(dir, `${type}.csv`), 'utf8');
        expect(csv.split('\n')[0]).toMatch(type === 'bookings' ? /^Payee Code,Payee Name/ : /^Agent,FareConnect #/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
