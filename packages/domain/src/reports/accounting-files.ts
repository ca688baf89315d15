/**
 * The files accounting imports (`/work/shared/ACCOUNTING-FILES.md`): Telpay payment rows, QuickBooks
 * Online journal lines (CSV), QuickBooks Desktop IIF text, and the spreadsheet rules the report workbooks
 * follow. Pure: amounts in, text and rows out; the server streams them.
 *
 * Every layout fact lives here or in its siblings accounting-text.ts (character sets, CSV) and
 * accounting-workbooks.ts (spreadsheets), marked VERIFIED (from the vendor's own documentation) or UNVERIFIED (our
 * best reading; change it where it is and nowhere else when a live import says otherwise).
 */
import type { Cents } from '../money/money';
import { csvAmount, csvRow, csvText, cut, noFormula, toAscii, toLatin1, UTF8_BOM } from './accounting-text';

/* ------------------------------------------------------------------ settings */

/**
 * VERIFIED: `Journal Date` is in the company's date format (US companies MM/DD/YYYY); which one a
 * company uses is a setting. IIF dates are always MM/DD/YYYY (see {@link iifDate}).
 */
export const QUICKBOOKS_DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type QuickBooksDateFormat = (typeof QUICKBOOKS_DATE_FORMATS)[number];

/**
 * VERIFIED: `Account Name` must match the chart of accounts exactly (`Parent:Child` for a sub-account):
 * the names are settings, these are their defaults.
 */
export const QUICKBOOKS_DEFAULTS = {
  commissionAccount: 'Commission Expense',
  gstAccount: 'GST/HST Receivable',
  clearingAccount: 'Telpay Clearing',
  dateFormat: 'MM/DD/YYYY',
} as const satisfies Record<string, string> & { dateFormat: QuickBooksDateFormat };

/** The accounts a journal entry posts to (from the settings). */
export interface JournalAccounts {
  commission: string;
  gst: string;
  clearing: string;
}

/**
 * Why a QuickBooks account name cannot be used, or null. UNVERIFIED (QuickBooks' own limits as we read
 * them): at most 100 characters; no double quote, tab or line break; `:` only between non-blank parts.
 */
export function quickBooksAccountNameProblem(label: string, name: string): string | null {
  if (name.length > 100) return `The ${label} must not be greater than 100 characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/["\u0000-\u001f\u007f]/.test(name)) return `The ${label} must not contain double quotes or control characters.`;
  if (name.split(':').some((part) => part.trim() === ''))
    return `The ${label} may use ':' only between the parent and child account names.`;
  return null;
}

/* ------------------------------------------------------------------ one agent paid by one payout */

/** The money one payout paid one agent (the sum of that payout's items of that agent). */
export interface AgentPayment {
  payoutId: number;
  /** YYYY-MM-DD. */
  payoutDate: string;
  currency: string;
  agentId: number;
  /** The agent's FareConnect number: the stable payee code. */
  agentCode: string;
  agentName: string;
  /** The agent's account number in that currency, when it has one. */
  accountNumber: string | null;
  commission: Cents;
  gst: Cents;
  /** commission + gst. */
  total: Cents;
}

/** VERIFIED (QuickBooks Online): `Journal No` has at most 21 characters. */
export const JOURNAL_NO_MAX = 21;

/**
 * The one reference of a payment in both files: Telpay's `Invoice Number` and QuickBooks' `Journal No`
 * (unique per payout and agent). `PO42-FC100017` when that fits in {@link JOURNAL_NO_MAX} characters and
 * the code is letters and digits; else `42-17` (payout id - agent id: at most 10 + 1 + 10 = 21 characters).
 * The two shapes cannot collide: the first starts with letters, the second with a digit.
 */
export function paymentReference(payoutId: number, agentId: number, agentCode: string): string {
  const preferred = `PO${payoutId}-${agentCode}`;
  if (/^[A-Za-z0-9]+$/.test(agentCode) && preferred.length <= JOURNAL_NO_MAX) return preferred;
  return `${payoutId}-${agentId}`;
}

/* ------------------------------------------------------------------ Telpay */

/** UNVERIFIED (ACCOUNTING-FILES.md §1 "our layout"): Telpay takes the payee name up to 30 characters. */
export const TELPAY_PAYEE_NAME_MAX = 30;

/** The payee name Telpay gets: ASCII, at most {@link TELPAY_PAYEE_NAME_MAX} characters. */
export const telpayPayeeName = (name: string): string => cut(toAscii(name), TELPAY_PAYEE_NAME_MAX);

/**
 * UNVERIFIED layout, stable by design (the user maps the columns once in Telpay's Custom Import Wizard):
 * §1's columns, then `Commission` and `Currency` for the reader (the wizard may leave them unmapped).
 */
export const TELPAY_COLUMNS = [
  'Payee Code',
  'Payee Name',
  'Account Number',
  'Payment Date',
  'Amount',
  'Invoice Number',
  'GST/HST Amount',
  'Commission',
  'Currency',
] as const;

export interface TelpayRow {
  payeeCode: string;
  payeeName: string;
  accountNumber: string;
  /** YYYY-MM-DD (UNVERIFIED: the wizard is told the date format when mapping). */
  paymentDate: string;
  /** Commission + GST. A clawback is negative: kept (not dropped) so the file totals the journal. */
  amount: Cents;
  invoiceNumber: string;
  gst: Cents;
  commission: Cents;
  currency: string;
}

/** The Telpay row of a payment: ASCII text; the account number is the agent's account, else its code. */
export function telpayRow(p: AgentPayment): TelpayRow {
  return {
    payeeCode: toAscii(p.agentCode),
    payeeName: telpayPayeeName(p.agentName),
    accountNumber: toAscii(p.accountNumber?.trim() || p.agentCode),
    paymentDate: p.payoutDate,
    amount: p.total,
    invoiceNumber: paymentReference(p.payoutId, p.agentId, p.agentCode),
    gst: p.gst,
    commission: p.commission,
    currency: p.currency,
  };
}

/** VERIFIED: Telpay imports `.csv`/`.txt` only; first row may name the columns. ASCII, CRLF. */
export const telpayCsvHeader = (): string => csvRow(TELPAY_COLUMNS.map(csvText));

export function telpayCsvLine(r: TelpayRow): string {
  return csvRow([
    csvText(r.payeeCode),
    csvText(r.payeeName),
    csvText(r.accountNumber),
    r.paymentDate,
    csvAmount(r.amount),
    csvText(r.invoiceNumber),
    csvAmount(r.gst),
    csvAmount(r.commission),
    r.currency,
  ]);
}

/* ------------------------------------------------------------------ QuickBooks journal */

/** One journal line: a signed amount, positive = debit, negative = credit. */
export interface JournalLine {
  journalNo: string;
  /** YYYY-MM-DD. */
  date: string;
  account: string;
  amount: Cents;
  description: string;
  /** VERIFIED: `Name` on expense/payable lines is the vendor (the agent). */
  name: string;
  currency: string;
}

/**
 * The balanced journal entry of a payment: commission to the expense account, GST to the receivable,
 * the total out of the clearing account. As signed amounts: +commission, +gst, −total, which sum to 0
 * because total = commission + gst. A clawback (negative amounts) swaps the sides by the same rule:
 * the expense and GST lines become credits and the clearing line a debit. A zero line is left out; a
 * payment of nothing at all has no entry.
 */
export function journalEntry(p: AgentPayment, accounts: JournalAccounts): JournalLine[] {
  const journalNo = paymentReference(p.payoutId, p.agentId, p.agentCode);
  const line = (account: string, amount: Cents, description: string): JournalLine => ({
    journalNo,
    date: p.payoutDate,
    account,
    amount,
    description,
    name: p.agentName,
    currency: p.currency,
  });
  return [
    line(accounts.commission, p.commission, `Commission, payout ${p.payoutId}`),
    line(accounts.gst, p.gst, `GST/HST, payout ${p.payoutId}`),
    line(accounts.clearing, -p.total as Cents, `Paid via Telpay, payout ${p.payoutId}`),
  ].filter((l) => l.amount !== 0n);
}

/** The debit and credit of a line: one side only, positive (VERIFIED). */
export function journalSides(l: JournalLine): { debit: Cents | null; credit: Cents | null } {
  return l.amount >= 0n ? { debit: l.amount, credit: null } : { debit: null, credit: -l.amount as Cents };
}

/** VERIFIED columns (`Currency` is one of the optional ones; needed as soon as two currencies are paid). */
export const QUICKBOOKS_COLUMNS = [
  'Journal No',
  'Journal Date',
  'Account Name',
  'Debits',
  'Credits',
  'Description',
  'Name',
  'Currency',
] as const;

/** A YYYY-MM-DD date in the company's format. */
export function quickBooksDate(iso: string, format: QuickBooksDateFormat): string {
  const [y, m, d] = iso.split('-');
  if (format === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  if (format === 'DD/MM/YYYY') return `${d}/${m}/${y}`;
  return iso;
}

export const quickBooksCsvHeader = (): string => UTF8_BOM + csvRow(QUICKBOOKS_COLUMNS.map(csvText));

export function quickBooksCsvLine(l: JournalLine, format: QuickBooksDateFormat): string {
  const { debit, credit } = journalSides(l);
  return csvRow([
    csvText(l.journalNo),
    quickBooksDate(l.date, format),
    csvText(l.account),
    debit === null ? '' : csvAmount(debit),
    credit === null ? '' : csvAmount(credit),
    csvText(l.description),
    csvText(l.name),
    l.currency,
  ]);
}

/** UNVERIFIED (third parties report about 1,000 rows per import): at most 999 data rows per file. */
export const QUICKBOOKS_MAX_DATA_ROWS = 999;

/**
 * Groups entries into files of at most `maxRows` rows without splitting an entry (an entry larger than
 * `maxRows` is a file of its own). Empty input gives one empty file (headers only).
 */
export function splitJournalFiles<T>(
  entries: readonly (readonly T[])[],
  maxRows: number = QUICKBOOKS_MAX_DATA_ROWS,
): T[][] {
  const files: T[][] = [[]];
  for (const entry of entries) {
    const current = files[files.length - 1]!;
    if (current.length > 0 && current.length + entry.length > maxRows) files.push([...entry]);
    else current.push(...entry);
  }
  return files;
}

/* ------------------------------------------------------------------ QuickBooks Desktop IIF */

/** VERIFIED: tab-separated header rows; UNVERIFIED: CRLF and Windows-1252 text (see {@link toLatin1}). */
const IIF_FIELDS = ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'] as const;
export const IIF_EOL = '\r\n';

export const iifHeader = (): string =>
  [['!TRNS', 'TRNSID', ...IIF_FIELDS], ['!SPL', 'SPLID', ...IIF_FIELDS], ['!ENDTRNS']]
    .map((r) => r.join('\t') + IIF_EOL)
    .join('');

/**
 * An IIF text field: Windows-1252 ({@link toLatin1}) and never a formula ({@link noFormula}): an agent
 * named '=HYPERLINK(…)' became a live link when the file was opened in LibreOffice.
 */
const iifText = (value: string): string => noFormula(toLatin1(value));

/** VERIFIED: IIF dates are MM/DD/YYYY whatever the company's format. */
export const iifDate = (iso: string): string => quickBooksDate(iso, 'MM/DD/YYYY');

/**
 * One GENERAL JOURNAL transaction: the first line as `TRNS`, the others as `SPL`, then `ENDTRNS`.
 * VERIFIED: debits positive, credits negative, the amounts sum to exactly 0 (they do: see
 * {@link journalEntry}). TRNSID/SPLID are left blank for QuickBooks to number. No lines, no text.
 */
export function iifEntry(lines: readonly JournalLine[]): string {
  return lines.length === 0
    ? ''
    : lines
        .map(
          (l, i) =>
            [
              i === 0 ? 'TRNS' : 'SPL',
              '',
              'GENERAL JOURNAL',
              iifDate(l.date),
              iifText(l.account),
              iifText(l.name),
              csvAmount(l.amount),
              iifText(l.journalNo),
              iifText(l.description),
            ].join('\t') + IIF_EOL,
        )
        .join('') +
        'ENDTRNS' +
        IIF_EOL;
}
