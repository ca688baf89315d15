/**
 * The report files written as streams (issue 14 "Excel"). Workbooks: exceljs' streaming
 * `WorkbookWriter` (each row committed as soon as it is written; inline strings, no shared-string table
 * held in memory), a bold frozen header row, money as numbers with `#,##0.00`, dates as dates, widths
 * chosen before the first row from the longest values, and per currency a totals row of `SUM` formulas
 * whose cached results are the exact sums (bigint cents) of the rows above. Amounts of different
 * currencies are never summed: rows come ordered by currency and each currency's block has its own totals.
 *
 * The layouts (columns, references, journal lines, text rules) are the domain's (reports/accounting-files).
 */
import {
  EXCEL_ISO_DATE_FORMAT,
  EXCEL_MONEY_FORMAT,
  EXCEL_PERCENT_FORMAT,
  excelDateFormat,
  iifEntry,
  iifHeader,
  journalEntry,
  journalSides,
  moneyToNumber,
  moneyToString,
  percentFromDb,
  percentToNumber,
  QUICKBOOKS_COLUMNS,
  TELPAY_COLUMNS,
  telpayCsvHeader,
  telpayCsvLine,
  telpayRow,
  uniqueSheetName,
  type AgentPayment,
  type Cents,
  type JournalAccounts,
  type QuickBooksDateFormat,
} from '@app/domain';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { collectGarbageIfGrown } from '../../shared/heap';
import type { AgentCurrencySummary, CommissionLine, PaymentStats } from './report-files.repo';

type Kind = 'text' | 'money' | 'date' | 'percent' | 'int';

interface Column {
  header: string;
  kind: Kind;
  /** Longest value in characters (the header's length is taken into account). */
  chars?: number;
  /** For dates: the number format (ISO unless given). */
  numFmt?: string;
}

type Value = string | Cents | number | null;

const MAX_WIDTH = 60;

/** Characters an amount takes when shown with `#,##0.00` (its sign and thousands separators included). */
export function moneyChars(c: Cents): number {
  const digits = moneyToString(c < 0n ? (-c as Cents) : c).split('.')[0]!.length;
  return digits + Math.floor((digits - 1) / 3) + 3 + (c < 0n ? 1 : 0);
}

const columnLetter = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : columnLetter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26));

/** A YYYY-MM-DD date as the UTC midnight exceljs turns into the date's serial number. */
const excelDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/**
 * Cell styles, one object each, shared by every cell that has it: exceljs looks a style object up by
 * identity (a WeakMap) instead of describing it again for each cell. Frozen: no setter may change one.
 */
type Style = Partial<ExcelJS.Style>;
const style = (s: Style): Style => Object.freeze(s);
const PLAIN = style({});
const BOLD = style({ font: { bold: true } });
/** The header of a column of numbers or dates: right-aligned over its values. */
const BOLD_RIGHT = style({ font: { bold: true }, alignment: { horizontal: 'right' } });
const MONEY = style({ numFmt: EXCEL_MONEY_FORMAT });
const BOLD_MONEY = style({ numFmt: EXCEL_MONEY_FORMAT, font: { bold: true } });
const PERCENT = style({ numFmt: EXCEL_PERCENT_FORMAT });
const dateStyles = new Map<string, Style>();
const dateStyle = (numFmt: string): Style => {
  if (!dateStyles.has(numFmt)) dateStyles.set(numFmt, style({ numFmt }));
  return dateStyles.get(numFmt)!;
};

const styleOf = (c: Column): Style =>
  c.kind === 'money'
    ? MONEY
    : c.kind === 'percent'
      ? PERCENT
      : c.kind === 'date'
        ? dateStyle(c.numFmt ?? EXCEL_ISO_DATE_FORMAT)
        : PLAIN;

/** One worksheet written row by row: header first, then rows, per-currency totals, commit. */
class SheetWriter {
  private readonly sheet: ExcelJS.Worksheet;
  private readonly styles: Style[];
  private rowNumber = 1;
  private blockStart = 2;
  private readonly sums: bigint[];

  constructor(
    workbook: ExcelJS.stream.xlsx.WorkbookWriter,
    name: string,
    private readonly columns: readonly Column[],
    private readonly onCommit: () => void,
  ) {
    this.sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = columns.map((c) => ({
      width: Math.min(MAX_WIDTH, Math.max(c.header.length, c.chars ?? 0, c.kind === 'date' ? 10 : 0) + 3),
    }));
    this.styles = columns.map(styleOf);
    this.write(
      columns.map((c) => c.header),
      columns.map((c) => (c.kind === 'text' ? BOLD : BOLD_RIGHT)),
    );
    this.sums = columns.map(() => 0n);
  }

  /** A row of `values` (null: no cell at all) with their styles, written out at once. */
  private write(values: readonly ExcelJS.CellValue[], styles: readonly Style[]): void {
    const row = this.sheet.addRow([]);
    values.forEach((v, i) => {
      if (v === null || v === undefined) return;
      const cell = row.getCell(i + 1);
      cell.value = v;
      cell.style = styles[i]!;
    });
    row.commit();
  }

  /** A data row; money is given in cents, percentages as numbers, dates as YYYY-MM-DD. */
  row(values: readonly Value[]): void {
    this.write(
      values.map((v, i) => {
        const kind = this.columns[i]!.kind;
        if (v === null) return null;
        if (kind === 'money') {
          this.sums[i]! += v as bigint;
          return moneyToNumber(v as Cents);
        }
        if (kind === 'int') this.sums[i]! += BigInt(v as number);
        return kind === 'date' ? excelDate(v as string) : (v as string | number);
      }),
      this.styles,
    );
    this.rowNumber += 1;
  }

  /** Whether rows were written since the last totals. */
  get open(): boolean {
    return this.rowNumber >= this.blockStart;
  }

  /**
   * The totals row of the rows since the last one: `labels` (column index → text) and, under every money
   * and count column, `SUM` of the block with its exact cached result.
   */
  totals(labels: Record<number, string>): void {
    if (!this.open) return;
    const from = this.blockStart;
    const to = this.rowNumber;
    const values = this.columns.map((column, i): ExcelJS.CellValue => {
      if (column.kind !== 'money' && column.kind !== 'int') return labels[i] ?? null;
      const letter = columnLetter(i);
      const sum = this.sums[i]!;
      this.sums[i] = 0n;
      return {
        formula: `SUM(${letter}${from}:${letter}${to})`,
        // eslint-disable-next-line no-restricted-syntax -- a count column's total (money goes through moneyToNumber)
        result: column.kind === 'money' ? moneyToNumber(sum as Cents) : Number(sum),
      } as ExcelJS.CellFormulaValue;
    });
    this.write(
      values,
      this.columns.map((c) => (c.kind === 'money' ? BOLD_MONEY : BOLD)),
    );
    this.rowNumber += 1;
    this.blockStart = this.rowNumber + 1;
  }

  commit(): void {
    this.sheet.commit();
    this.onCommit();
  }
}

/** Bytes the answer may hold unsent before the writer waits for the client. */
const UNSENT_LIMIT = 1024 * 1024;

/**
 * A workbook streamed into `out`, paced. exceljs' WorkbookWriter zips each sheet through archiver (its
 * `zip`), which takes a sheet only after the previous one is compressed: rows written faster than that
 * wait in memory. So between batches the writer waits until every committed sheet has been zipped
 * (archiver's public `progress` event) and the answer has gone out to the client.
 */
class PacedWorkbook {
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private committed = 0;
  private zipped = 0;
  private failure: Error | null = null;

  constructor(private readonly out: Writable & { readableLength?: number }) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    this.workbook.creator = 'Commission Back Office';
    const zip = (this.workbook as unknown as { zip: NodeJS.EventEmitter }).zip;
    zip.on('progress', (p: { entries: { processed: number } }) => (this.zipped = p.entries.processed));
    zip.on('error', (err: Error) => (this.failure = err));
  }

  sheet(name: string, columns: readonly Column[]): SheetWriter {
    return new SheetWriter(this.workbook, name, columns, () => (this.committed += 1));
  }

  /**
   * Waits for the zip and the client to catch up; stops when the download was abandoned. Then collects the
   * batch's garbage (shared/heap.ts): without it the server's RSS climbed 70–150 MB over its idle size.
   */
  async breathe(): Promise<void> {
    await this.caughtUp();
    collectGarbageIfGrown();
  }

  private async caughtUp(): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure;
      if (this.out.destroyed) throw new Error('The download was abandoned.');
      if (this.zipped >= this.committed && (this.out.readableLength ?? 0) < UNSENT_LIMIT) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  commit(): Promise<void> {
    return this.workbook.commit();
  }
}

/** Runs `rows` through `write`, a totals row (labelled by `label`) whenever the currency changes. */
async function byCurrency<T extends { currency: string }>(
  book: PacedWorkbook,
  sheet: SheetWriter,
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  write: (row: T) => void,
  label: (currency: string) => Record<number, string>,
): Promise<void> {
  let currency: string | null = null;
  for await (const batch of batches) {
    for (const row of batch) {
      if (currency !== null && row.currency !== currency) sheet.totals(label(currency));
      currency = row.currency;
      write(row);
    }
    await book.breathe();
  }
  if (currency !== null) sheet.totals(label(currency));
}

/* ------------------------------------------------------------------ bookings: Telpay + QuickBooks */

export interface BookingsWorkbookInput {
  stats: PaymentStats;
  accounts: JournalAccounts;
  dateFormat: QuickBooksDateFormat;
  /** A fresh pass over the payments (called once per sheet). */
  payments: () => AsyncIterable<AgentPayment[]>;
}

/**
 * The bookings report: a 'Telpay' sheet (one row per agent per payout) and a 'QuickBooks' sheet of the
 * same money as balanced journal lines; each currency's block ends with its totals.
 */
export async function writeBookingsWorkbook(out: Writable, input: BookingsWorkbookInput): Promise<void> {
  const book = new PacedWorkbook(out);
  const money = moneyChars(input.stats.money);
  const telpayKinds: Record<(typeof TELPAY_COLUMNS)[number], Column> = {
    'Payee Code': { header: 'Payee Code', kind: 'text', chars: input.stats.code },
    'Payee Name': { header: 'Payee Name', kind: 'text', chars: Math.min(30, input.stats.name) },
    'Account Number': { header: 'Account Number', kind: 'text', chars: input.stats.account },
    'Payment Date': { header: 'Payment Date', kind: 'date' },
    Amount: { header: 'Amount', kind: 'money', chars: money },
    'Invoice Number': { header: 'Invoice Number', kind: 'text', chars: 21 },
    'GST/HST Amount': { header: 'GST/HST Amount', kind: 'money', chars: money },
    Commission: { header: 'Commission', kind: 'money', chars: money },
    Currency: { header: 'Currency', kind: 'text', chars: 3 },
  };
  const telpay = book.sheet(
    'Telpay',
    TELPAY_COLUMNS.map((c) => telpayKinds[c]),
  );
  await byCurrency(
    book,
    telpay,
    input.payments(),
    (p) => {
      const r = telpayRow(p);
      telpay.row([
        r.payeeCode,
        r.payeeName,
        r.accountNumber,
        r.paymentDate,
        r.amount,
        r.invoiceNumber,
        r.gst,
        r.commission,
        r.currency,
      ]);
    },
    (currency) => ({ 0: 'Total', 8: currency }),
  );
  telpay.commit();

  const accountChars = Math.max(...Object.values(input.accounts).map((a) => a.length));
  const quickbooks = book.sheet('QuickBooks', [
    { header: QUICKBOOKS_COLUMNS[0], kind: 'text', chars: 21 },
    { header: QUICKBOOKS_COLUMNS[1], kind: 'date', numFmt: excelDateFormat(input.dateFormat) },
    { header: QUICKBOOKS_COLUMNS[2], kind: 'text', chars: accountChars },
    { header: QUICKBOOKS_COLUMNS[3], kind: 'money', chars: money },
    { header: QUICKBOOKS_COLUMNS[4], kind: 'money', chars: money },
    { header: QUICKBOOKS_COLUMNS[5], kind: 'text', chars: 36 },
    { header: QUICKBOOKS_COLUMNS[6], kind: 'text', chars: input.stats.name },
    { header: QUICKBOOKS_COLUMNS[7], kind: 'text', chars: 3 },
  ]);
  await byCurrency(
    book,
    quickbooks,
    input.payments(),
    (p) => {
      for (const line of journalEntry(p, input.accounts)) {
        const { debit, credit } = journalSides(line);
        quickbooks.row([
          line.journalNo,
          line.date,
          line.account,
          debit,
          credit,
          line.description,
          line.name,
          line.currency,
        ]);
      }
    },
    (currency) => ({ 0: 'Total', 7: currency }),
  );
  quickbooks.commit();
  await book.commit();
}

/* ------------------------------------------------------------------ commissions: summary + a sheet per agent */

export interface CommissionsWorkbookInput {
  /** One row per agent and currency, ordered by currency then agent. */
  summaries: readonly AgentCurrencySummary[];
  /** Every line, ordered by agent, then currency. */
  lines: AsyncIterable<CommissionLine[]>;
}

const SUMMARY_SHEET = 'Summary';

/**
 * The commissions report: a 'Summary' sheet (one row per agent and currency: lines, commission, GST,
 * total) and one sheet per agent with every line it was paid; the agent sheets in the order of the lines
 * (agent name), each named after the agent (≤ 31 characters, unique).
 */
export async function writeCommissionsWorkbook(out: Writable, input: CommissionsWorkbookInput): Promise<void> {
  const book = new PacedWorkbook(out);
  const { summaries } = input;
  const longest = (pick: (s: AgentCurrencySummary) => number, of = summaries) => Math.max(0, ...of.map(pick));
  const moneyOf = (of: readonly AgentCurrencySummary[]) =>
    Math.max(0, ...of.map((s) => Math.max(moneyChars(s.total), moneyChars(s.commission), moneyChars(s.maxGross))));

  const summary = book.sheet(SUMMARY_SHEET, [
    { header: 'Agent', kind: 'text', chars: longest((s) => s.agentName.length) },
    { header: 'FareConnect #', kind: 'text', chars: longest((s) => s.agentCode.length) },
    { header: 'Currency', kind: 'text', chars: 3 },
    { header: 'Lines', kind: 'int', chars: 7 },
    { header: 'Commission', kind: 'money', chars: moneyOf(summaries) + 2 },
    { header: 'GST', kind: 'money', chars: moneyOf(summaries) + 2 },
    { header: 'Total', kind: 'money', chars: moneyOf(summaries) + 2 },
  ]);
  await byCurrency(
    book,
    summary,
    [summaries],
    (s) => summary.row([s.agentName, s.agentCode, s.currency, s.lines, s.commission, s.gst, s.total]),
    (currency) => ({ 0: 'Total', 2: currency }),
  );
  summary.commit();

  const byAgent = new Map<number, AgentCurrencySummary[]>();
  for (const s of summaries) byAgent.set(s.agentId, [...(byAgent.get(s.agentId) ?? []), s]);
  const used = new Set([SUMMARY_SHEET.toLowerCase()]);
  const agentSheet = (agentId: number): SheetWriter => {
    const of = byAgent.get(agentId) ?? [];
    const money = moneyOf(of);
    return book.sheet(uniqueSheetName(of[0]?.agentName ?? `Agent ${agentId}`, used), [
      { header: 'Booking Reference', kind: 'text', chars: longest((s) => s.longest.reference, of) },
      { header: 'Booking Date', kind: 'date' },
      { header: 'Supplier', kind: 'text', chars: longest((s) => s.longest.supplier, of) },
      { header: 'Currency', kind: 'text', chars: 3 },
      { header: 'Gross', kind: 'money', chars: money },
      { header: 'Percentage', kind: 'percent', chars: 8 },
      { header: 'Commission', kind: 'money', chars: money },
      { header: 'GST', kind: 'money', chars: money },
      { header: 'Total', kind: 'money', chars: money },
      { header: 'Payout', kind: 'text', chars: longest((s) => s.longest.payout, of) },
      { header: 'Payout Date', kind: 'date' },
    ]);
  };

  let sheet: SheetWriter | null = null;
  let agentId: number | null = null;
  let currency: string | null = null;
  const close = () => {
    if (!sheet) return;
    sheet.totals({ 0: 'Total', 3: currency! });
    sheet.commit();
  };
  for await (const batch of input.lines) {
    for (const l of batch) {
      if (l.agentId !== agentId) {
        close();
        sheet = agentSheet(l.agentId);
        agentId = l.agentId;
      } else if (l.currency !== currency) sheet!.totals({ 0: 'Total', 3: currency! });
      currency = l.currency;
      sheet!.row([
        l.reference,
        l.bookingDate,
        l.supplier,
        l.currency,
        l.gross,
        percentToNumber(percentFromDb(l.percentage)),
        l.commission,
        l.gst,
        l.total,
        l.payoutName,
        l.payoutDate,
      ]);
    }
    await book.breathe();
  }
  close();
  await book.commit();
}

/* ------------------------------------------------------------------ text files */

/** Writes `text` to `out`, waiting while its buffer is full. */
async function write(out: Writable, text: string | Buffer): Promise<void> {
  if (out.destroyed) throw new Error('The download was abandoned.');
  if (!out.write(text)) await once(out, 'drain');
}

/** The Telpay payments CSV: ASCII, CRLF, a header row, one row per agent per payout, no totals row. */
export async function writeTelpayCsv(out: Writable, payments: AsyncIterable<AgentPayment[]>): Promise<void> {
  await write(out, telpayCsvHeader());
  for await (const batch of payments) await write(out, batch.map((p) => telpayCsvLine(telpayRow(p))).join(''));
  out.end();
}

/** The QuickBooks Desktop IIF journal: Windows-1252 (Latin-1) text, one GENERAL JOURNAL per payment. */
export async function writeIif(
  out: Writable,
  payments: AsyncIterable<AgentPayment[]>,
  accounts: JournalAccounts,
): Promise<void> {
  await write(out, Buffer.from(iifHeader(), 'latin1'));
  for await (const batch of payments)
    await write(out, Buffer.from(batch.map((p) => iifEntry(journalEntry(p, accounts))).join(''), 'latin1'));
  out.end();
}
