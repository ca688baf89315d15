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
  excelDateFormat,
  iifEntry,
  iifHeader,
  journalEntry,
  journalSides,
  percentFromDb,
  percentToNumber,
  QUICKBOOKS_COLUMNS,
  TELPAY_COLUMNS,
  telpayCsvHeader,
  telpayCsvLine,
  telpayRow,
  uniqueSheetName,
  type AgentPayment,
  type JournalAccounts,
  type QuickBooksDateFormat,
} from '@app/domain';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { AgentCurrencySummary, CommissionLine, PaymentStats } from './report-files.repo';
import { byCurrency, moneyChars, PacedWorkbook, type Column, type SheetWriter } from './report-files.workbook';

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
  await writeSummarySheet(book, input.summaries);
  await writeAgentSheets(book, input);
  await book.commit();
}

const longest = (pick: (s: AgentCurrencySummary) => number, of: readonly AgentCurrencySummary[]) =>
  Math.max(0, ...of.map(pick));
const moneyOf = (of: readonly AgentCurrencySummary[]) =>
  Math.max(0, ...of.map((s) => Math.max(moneyChars(s.total), moneyChars(s.commission), moneyChars(s.maxGross))));

async function writeSummarySheet(book: PacedWorkbook, summaries: readonly AgentCurrencySummary[]): Promise<void> {
  const summary = book.sheet(SUMMARY_SHEET, [
    { header: 'Agent', kind: 'text', chars: longest((s) => s.agentName.length, summaries) },
    { header: 'FareConnect #', kind: 'text', chars: longest((s) => s.agentCode.length, summaries) },
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
}

/** Opens an agent's sheet, its widths from the agent's summaries. */
function agentSheetOpener(book: PacedWorkbook, summaries: readonly AgentCurrencySummary[]) {
  const byAgent = new Map<number, AgentCurrencySummary[]>();
  for (const s of summaries) byAgent.set(s.agentId, [...(byAgent.get(s.agentId) ?? []), s]);
  const used = new Set([SUMMARY_SHEET.toLowerCase()]);
  return (agentId: number): SheetWriter => {
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
}

/** A sheet per agent, in the order of the lines; each currency's block ends with its totals. */
async function writeAgentSheets(book: PacedWorkbook, input: CommissionsWorkbookInput): Promise<void> {
  const agentSheet = agentSheetOpener(book, input.summaries);
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
