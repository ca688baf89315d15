/**
 * The rows of a transaction import file (agents-transactions-payouts.md §3 "Parsed row"): cells in,
 * parsed rows and skipped rows with their reasons out, and the file's totals. Amounts are read exactly
 * (docs/decisions/0003).
 */
import { MAX_MONEY_CENTS, parseDecimalUnits, type Cents } from '../money/money';

export type AmountParse = { ok: true; value: Cents } | { ok: false; reason: string };

const quote = (s: string) => `'${s}'`;

/**
 * An amount cell, exactly. A spreadsheet number goes through its shortest round-trip text, so
 * 12.5 is '12.5' and 0.1 + 0.2 is refused for having too many decimals.
 */
export function parseImportAmount(cell: unknown): AmountParse {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return { ok: false, reason: 'the amount is not a number' };
    return parseImportAmount(String(cell));
  }
  const raw = typeof cell === 'string' ? cell.trim() : cell == null ? '' : String(cell as string | boolean).trim();
  if (raw === '') return { ok: false, reason: 'the amount is empty' };
  let s = raw;
  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) [negative, s] = [true, paren[1]!.trim()];
  const signed = /^([-+])\s*(.*)$/.exec(s);
  if (signed) [negative, s] = [negative !== (signed[1] === '-'), signed[2]!];
  s = s.replace(/^[£$€]\s*/, '');
  const signedAfterSymbol = !signed && /^([-+])\s*(.*)$/.exec(s);
  if (signedAfterSymbol) [negative, s] = [negative !== (signedAfterSymbol[1] === '-'), signedAfterSymbol[2]!];
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(s))
    return { ok: false, reason: `${quote(raw)} uses a comma for decimals; write ${s.replace(',', '.')}` };
  const units = /^[\d.]+$/.test(s) ? parseDecimalUnits(s, 2) : null;
  if (units === null) {
    if (/^\d*\.\d{3,}$/.test(s)) return { ok: false, reason: `${quote(raw)} has more than 2 decimals` };
    if (/^[\d.]+e[-+]?\d+$/i.test(s))
      return { ok: false, reason: `${quote(raw)} is not a plain amount (no exponents)` };
    return { ok: false, reason: `${quote(raw)} is not an amount` };
  }
  if (units === 0n) return { ok: false, reason: 'the amount is zero' };
  if (units > MAX_MONEY_CENTS) return { ok: false, reason: `${quote(raw)} is too large` };
  return { ok: true, value: (negative ? -units : units) as Cents };
}

export interface ImportParsedRow {
  /** The row (line) of the file, from 1. */
  row: number;
  reference: string;
  /** Signed: ≥ 0 is a credit, < 0 a debit. */
  amount: Cents;
}

export interface ImportSkippedRow {
  row: number;
  reason: string;
}

export const skippedRowMessage = (s: ImportSkippedRow) => `Row ${s.row}: ${s.reason}`;

export const importRowType = (amount: Cents): 'credit' | 'debit' => (amount >= 0n ? 'credit' : 'debit');

const cellText = (c: unknown): string =>
  typeof c === 'string' ? c.trim() : c == null ? '' : String(c as number | boolean).trim();

/** A line with no cell but empty or blank ones: ignored quietly, and not counted as a row. */
export const isBlankImportLine = (line: readonly unknown[]): boolean => line.every((c) => cellText(c) === '');

/** One non-blank line (its cells as trimmed text, without the trailing empty ones) → a parsed row or why not. */
function parseImportLine(row: number, line: readonly unknown[], texts: readonly string[]): ImportParsedRow | string {
  if (texts.length < 2) return 'needs two columns: reference, amount';
  if (texts.length > 2)
    return `has ${texts.length} columns; expected 2 (reference, amount) — an amount with a comma must be in quotes`;
  const reference = texts[0]!;
  if (reference === '') return 'has no reference';
  if (reference.length > 64) return 'the reference is longer than 64 characters';
  const amount = parseImportAmount(typeof line[1] === 'number' ? line[1] : texts[1]);
  return amount.ok ? { row, reference, amount: amount.value } : amount.reason;
}

/** Rows of cells → parsed rows and skipped rows with their reasons. Blank lines are ignored quietly. */
export function parseImportCells(cells: readonly (readonly unknown[])[]): {
  rows: ImportParsedRow[];
  skipped: ImportSkippedRow[];
} {
  const rows: ImportParsedRow[] = [];
  const skipped: ImportSkippedRow[] = [];
  for (let i = 0; i < cells.length; i++) {
    const line = cells[i]!;
    const texts = line.map(cellText);
    while (texts.length && texts[texts.length - 1] === '') texts.pop();
    if (texts.length === 0) continue;
    const parsed = parseImportLine(i + 1, line, texts);
    if (typeof parsed === 'string') skipped.push({ row: i + 1, reason: parsed });
    else rows.push(parsed);
  }
  return { rows, skipped };
}

export interface ImportSummary {
  row_count: number;
  credit_count: number;
  debit_count: number;
  /** Sum of the credits (positive). */
  total_credits: Cents;
  /** Sum of the debits as a positive amount. */
  total_debits: Cents;
  /** credits − debits */
  net_total: Cents;
}

export function summarizeImport(rows: readonly ImportParsedRow[]): ImportSummary {
  let credits = 0n;
  let debits = 0n;
  let creditCount = 0;
  for (const r of rows) {
    if (r.amount >= 0n) {
      credits += r.amount;
      creditCount++;
    } else debits -= r.amount;
  }
  return {
    row_count: rows.length,
    credit_count: creditCount,
    debit_count: rows.length - creditCount,
    total_credits: credits as Cents,
    total_debits: debits as Cents,
    net_total: (credits - debits) as Cents,
  };
}
