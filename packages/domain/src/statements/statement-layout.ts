/**
 * Supplier statements in their own layout (issue 24 §2): a supplier's CSV or Excel statement read through a
 * column mapping the admin sets once per supplier account (which column holds the reference, the amount or
 * the debit and credit, the date and its format, the customer's name, the booking date; how many header
 * rows to skip). Each line becomes a transaction on the account, as the two-column import's rows do; the
 * name and booking date are kept with it and feed the match suggestions.
 *
 * The same money rules as the two-column import (import-rows.ts): amounts exactly (parseImportAmount), a
 * line that cannot be read is skipped with its row and reason, never dropped silently. The reference is
 * kept as the supplier wrote it (up to 64 characters): a statement line is the supplier's record, not a
 * reference typed to the booking number format, and the suggestions read through its noise.
 */
import { z } from 'zod';
import { excelSerialToIsoDate } from '../agents/agent-import';
import { addMoney, negMoney, type Cents } from '../money/money';
import { isValidIsoDate, MAX_DATE, MIN_DATE } from '../schemas/fields';
import { parseImportAmount, type ImportSkippedRow } from '../transactions/import-rows';

/** The date formats a statement's date columns may use (an Excel date cell is read whatever the format). */
export const STATEMENT_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
  'YYYYMMDD',
  'DD MMM YYYY',
] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/** The most columns a mapping may name (A to CV), and header rows it may skip. */
export const STATEMENT_MAX_COLUMNS = 100;
export const STATEMENT_MAX_SKIP_ROWS = 50;
/** The longest customer name kept from a line. */
export const STATEMENT_MAX_NAME = 150;

/** A column as its letter(s): 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const column = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `The ${label} column must be one of the file's columns.` })
      .int(`The ${label} column must be one of the file's columns.`)
      .min(0, `The ${label} column must be one of the file's columns.`)
      .max(STATEMENT_MAX_COLUMNS - 1, `The ${label} column must be one of the first ${STATEMENT_MAX_COLUMNS} columns.`)
      .nullable(),
  );

/**
 * A statement's column mapping, as saved per supplier account. Columns are 0-based indexes (A = 0).
 * `amount_mode`: 'amount' (one signed column: positive is money in, a credit) or 'debit_credit' (money in
 * in the credit column, out in the debit column).
 */
export const statementMappingSchema = z
  .object({
    skip_rows: z.preprocess(
      (v) => (v === '' || v === undefined || v === null ? 0 : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: `The header rows to skip must be a whole number from 0 to ${STATEMENT_MAX_SKIP_ROWS}.` })
        .int(`The header rows to skip must be a whole number from 0 to ${STATEMENT_MAX_SKIP_ROWS}.`)
        .min(0, `The header rows to skip must be a whole number from 0 to ${STATEMENT_MAX_SKIP_ROWS}.`)
        .max(
          STATEMENT_MAX_SKIP_ROWS,
          `The header rows to skip must be a whole number from 0 to ${STATEMENT_MAX_SKIP_ROWS}.`,
        ),
    ),
    reference_column: column('reference'),
    amount_mode: z.enum(['amount', 'debit_credit'], { error: 'Choose how the amounts are written.' }),
    amount_column: column('amount'),
    debit_column: column('debit'),
    credit_column: column('credit'),
    date_column: column('date'),
    date_format: z.enum(STATEMENT_DATE_FORMATS, { error: 'Choose the date format.' }).default('YYYY-MM-DD'),
    customer_name_column: column('customer name'),
    booking_date_column: column('booking date'),
  })
  .superRefine((m, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (m.reference_column === null) need('reference_column', 'Choose the column that holds the reference.');
    if (m.amount_mode === 'amount' && m.amount_column === null)
      need('amount_column', 'Choose the column that holds the amount.');
    if (m.amount_mode === 'debit_credit') {
      if (m.credit_column === null) need('credit_column', 'Choose the column that holds the credits (money in).');
      if (m.debit_column === null) need('debit_column', 'Choose the column that holds the debits (money out).');
      if (m.credit_column !== null && m.credit_column === m.debit_column)
        need('debit_column', 'The debit and credit columns must be two different columns.');
    }
  });
export type StatementMapping = z.output<typeof statementMappingSchema>;

export type StatementDate = { ok: true; value: string | null } | { ok: false; reason: string };

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A date cell in `format` (or an Excel date, whatever the format) as 'YYYY-MM-DD'; blank is null. */
export function parseStatementDate(cell: unknown, format: StatementDateFormat): StatementDate {
  if (cell === null || cell === undefined) return { ok: true, value: null };
  if (typeof cell === 'number') {
    const v = excelSerialToIsoDate(cell);
    return v && v >= MIN_DATE && v <= MAX_DATE
      ? { ok: true, value: v }
      : { ok: false, reason: 'the date is not a date' };
  }
  const text = String(cell).trim();
  if (text === '') return { ok: true, value: null };
  const fail = { ok: false, reason: `'${text.slice(0, 40)}' is not a date in the format ${format}` } as const;
  let y: string | undefined, m: string | undefined, d: string | undefined;
  const parts = (re: RegExp) => re.exec(text)?.slice(1) ?? [];
  switch (format) {
    case 'YYYY-MM-DD':
      [y, m, d] = parts(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
      break;
    case 'DD/MM/YYYY':
      [d, m, y] = parts(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
      break;
    case 'MM/DD/YYYY':
      [m, d, y] = parts(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
      break;
    case 'DD.MM.YYYY':
      [d, m, y] = parts(/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/);
      break;
    case 'DD-MM-YYYY':
      [d, m, y] = parts(/^(\d{1,2})-(\d{1,2})-(\d{4})$/);
      break;
    case 'YYYYMMDD':
      [y, m, d] = parts(/^(\d{4})(\d{2})(\d{2})$/);
      break;
    case 'DD MMM YYYY': {
      const [dd, mon, yy] = parts(/^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s-](\d{4})$/);
      const month = mon ? MONTHS.indexOf(mon.toUpperCase()) + 1 : 0;
      [d, m, y] = month ? [dd, String(month), yy] : [];
      break;
    }
  }
  if (!y || !m || !d) return fail;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isValidIsoDate(iso) && iso >= MIN_DATE && iso <= MAX_DATE ? { ok: true, value: iso } : fail;
}

/** One line of a statement as it becomes a transaction. */
export interface StatementParsedLine {
  /** The row of the file, from 1 (header rows counted). */
  row: number;
  reference: string;
  /** Signed: above 0 is money in (a credit), below 0 money out (a debit). */
  amount: Cents;
  /** The line's date; null when the mapping has no date column (the import's date is used). */
  date: string | null;
  customer_name: string | null;
  booking_date: string | null;
}

const text = (c: unknown): string =>
  typeof c === 'string' ? c.trim() : c == null ? '' : String(c as number | boolean).trim();

const cellAt = (line: readonly unknown[], col: number | null) => (col === null ? undefined : line[col]);
const isBlank = (c: unknown) => text(c) === '';

/** One line read through the mapping, or why not. */
function mapLine(row: number, line: readonly unknown[], m: StatementMapping): StatementParsedLine | string {
  const reference = text(cellAt(line, m.reference_column));
  if (reference === '') return 'has no reference';
  if (reference.length > 64) return 'the reference is longer than 64 characters';
  let amount: Cents;
  if (m.amount_mode === 'amount') {
    const parsed = parseImportAmount(cellAt(line, m.amount_column));
    if (!parsed.ok) return parsed.reason;
    amount = parsed.value;
  } else {
    const [credit, debit] = [cellAt(line, m.credit_column), cellAt(line, m.debit_column)];
    if (!isBlank(credit) && !isBlank(debit)) return 'has both a debit and a credit';
    if (isBlank(credit) && isBlank(debit)) return 'has neither a debit nor a credit';
    const parsed = parseImportAmount(isBlank(credit) ? debit : credit);
    if (!parsed.ok) return parsed.reason;
    if (parsed.value < 0n) return 'a debit or credit column holds a negative amount';
    amount = isBlank(credit) ? negMoney(parsed.value) : parsed.value;
  }
  const date =
    m.date_column === null
      ? ({ ok: true, value: null } as const)
      : parseStatementDate(cellAt(line, m.date_column), m.date_format);
  if (!date.ok) return date.reason;
  if (m.date_column !== null && date.value === null) return 'has no date';
  const booked =
    m.booking_date_column === null
      ? ({ ok: true, value: null } as const)
      : parseStatementDate(cellAt(line, m.booking_date_column), m.date_format);
  if (!booked.ok) return `booking date: ${booked.reason}`;
  const name = text(cellAt(line, m.customer_name_column)).slice(0, STATEMENT_MAX_NAME);
  return { row, reference, amount, date: date.value, customer_name: name || null, booking_date: booked.value };
}

export interface StatementMapped {
  lines: StatementParsedLine[];
  skipped: ImportSkippedRow[];
  credit_total: Cents;
  debit_total: Cents;
}

/**
 * A statement's cells through a mapping: the header rows skipped, blank lines ignored quietly, every other
 * line a transaction or skipped with its row and reason. A line whose reference cell reads 'total' (or
 * 'subtotal', 'balance') with no date is the statement's own total: skipped and said so, never imported.
 */
export function mapStatementCells(cells: readonly (readonly unknown[])[], m: StatementMapping): StatementMapped {
  const lines: StatementParsedLine[] = [];
  const skipped: ImportSkippedRow[] = [];
  let credit = 0n as Cents;
  let debit = 0n as Cents;
  for (let i = m.skip_rows; i < cells.length; i++) {
    const line = cells[i]!;
    if (line.every(isBlank)) continue;
    if (/^(sub\s*-?\s*)?totals?\b|^balance\b/i.test(text(cellAt(line, m.reference_column)))) {
      skipped.push({ row: i + 1, reason: "is the statement's total, not a payment" });
      continue;
    }
    const parsed = mapLine(i + 1, line, m);
    if (typeof parsed === 'string') {
      skipped.push({ row: i + 1, reason: parsed });
      continue;
    }
    lines.push(parsed);
    if (parsed.amount > 0n) credit = addMoney(credit, parsed.amount);
    else debit = addMoney(debit, negMoney(parsed.amount));
  }
  return { lines, skipped, credit_total: credit, debit_total: debit };
}

const HEADER_GUESSES: [keyof StatementMapping, RegExp][] = [
  ['booking_date_column', /(booking|travel|depart|departure|check.?in|arrival)\s*date|date\s*of\s*(travel|departure)/i],
  ['date_column', /(payment|paid|value|statement|transaction)?\s*date|^date$|(paid|received|credited)\s+on/i],
  ['reference_column', /ref|conf|booking\s*(no|num|#|id)|pnr|voucher|invoice/i],
  ['customer_name_column', /name|passenger|guest|client|customer|traveller|traveler|lead/i],
  ['credit_column', /^credits?$|money\s*in|paid\s*in/i],
  ['debit_column', /^debits?$|money\s*out|paid\s*out|recall|chargeback/i],
  ['amount_column', /amount|commission|total|net|paid|payment|value/i],
];

/** How far down a statement's header row is looked for (title rows above it: the supplier, the period). */
export const STATEMENT_HEADER_SEARCH_ROWS = 10;

/**
 * A first mapping from a statement's header row (the admin checks and changes it before importing): the
 * first of the top rows that looks like headers (no amount in it, a column naming a reference), every row
 * above it skipped; each role takes the first column whose header names it and no earlier role took; debit
 * and credit columns make it a debit/credit layout. Null when no top row looks like headers.
 */
export function guessStatementMapping(cells: readonly (readonly unknown[])[]): StatementMapping | null {
  for (let r = 0; r < Math.min(cells.length, STATEMENT_HEADER_SEARCH_ROWS); r++) {
    const guessed = guessFromHeader(cells, r);
    if (guessed) return guessed;
  }
  return null;
}

function guessFromHeader(cells: readonly (readonly unknown[])[], r: number): StatementMapping | null {
  const header = (cells[r] ?? []).map(text);
  if (header.filter((h) => h !== '').length < 2 || header.some((h) => h !== '' && parseImportAmount(h).ok)) return null;
  const taken = new Set<number>();
  const found: Partial<Record<keyof StatementMapping, number>> = {};
  for (const [role, re] of HEADER_GUESSES) {
    const col = header.findIndex((h, i) => h !== '' && !taken.has(i) && re.test(h));
    if (col >= 0) {
      found[role] = col;
      taken.add(col);
    }
  }
  if (found.reference_column === undefined) return null;
  const debitCredit = found.credit_column !== undefined && found.debit_column !== undefined;
  const samples = (col: number | undefined) => cells.slice(r + 1, r + 21).map((l) => l[col ?? -1]);
  return {
    skip_rows: r + 1,
    reference_column: found.reference_column,
    amount_mode: debitCredit ? 'debit_credit' : 'amount',
    amount_column: debitCredit ? null : (found.amount_column ?? found.credit_column ?? null),
    debit_column: debitCredit ? found.debit_column! : null,
    credit_column: debitCredit ? found.credit_column! : null,
    date_column: found.date_column ?? null,
    date_format: guessDateFormat([...samples(found.date_column), ...samples(found.booking_date_column)]),
    customer_name_column: found.customer_name_column ?? null,
    booking_date_column: found.booking_date_column ?? null,
  };
}

/** The first format that reads every non-blank sample (DD/MM before MM/DD when both do: most suppliers). */
export function guessDateFormat(samples: readonly unknown[]): StatementDateFormat {
  const filled = samples.filter((s) => !isBlank(s));
  return (
    STATEMENT_DATE_FORMATS.find((f) => filled.length > 0 && filled.every((s) => parseStatementDate(s, f).ok)) ??
    'YYYY-MM-DD'
  );
}
