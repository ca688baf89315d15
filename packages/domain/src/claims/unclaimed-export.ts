/**
 * The unclaimed list export (issue 24 §3): the unmatched credits as a CSV an admin shares with the agents,
 * who then claim theirs through the search-and-claim flow. UTF-8 with a byte order mark (Excel reads the
 * accents of supplier names), CRLF, RFC 4180 quoting, text that a spreadsheet would run as a formula
 * escaped, amounts exact with their currency. A credit carries no customer name: the column is there,
 * empty, for the agent who recognises the booking.
 */
import type { Cents } from '../money/money';
import { csvAmount, csvRow, csvText, UTF8_BOM } from '../reports/accounting-text';

export const UNCLAIMED_EXPORT_HEADER = [
  'Supplier',
  'Reference',
  'Customer name',
  'Date',
  'Amount',
  'Currency',
  'Account',
] as const;

export interface UnclaimedExportRow {
  supplier_name: string;
  reference_number: string;
  transaction_date: string;
  amount: Cents;
  currency_code: string;
  account_name: string;
}

/** The file's text: the header, then one row per credit in the order given. */
export function unclaimedCsv(rows: readonly UnclaimedExportRow[]): string {
  let out = UTF8_BOM + csvRow(UNCLAIMED_EXPORT_HEADER);
  for (const r of rows)
    out += csvRow([
      csvText(r.supplier_name),
      csvText(r.reference_number),
      '',
      r.transaction_date,
      csvAmount(r.amount),
      csvText(r.currency_code),
      csvText(r.account_name),
    ]);
  return out;
}

/** The download's name: `unclaimed-credits-2026-11-27.csv` (the day it was made). */
export const unclaimedExportFilename = (today: string): string => `unclaimed-credits-${today}.csv`;
