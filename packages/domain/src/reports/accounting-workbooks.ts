/**
 * The spreadsheet rules the report workbooks follow (`/work/shared/ACCOUNTING-FILES.md`). Layout facts are
 * marked as in accounting-files.ts.
 */
import type { QuickBooksDateFormat } from './accounting-files';
import { cut } from './accounting-text';

/* ------------------------------------------------------------------ workbooks */

/** The number format of every money cell: a number shown with thousands separators and 2 decimals. */
export const EXCEL_MONEY_FORMAT = '#,##0.00';
/** Dates in the Telpay and commission sheets: real dates shown as ISO (what Telpay's wizard is told). */
export const EXCEL_ISO_DATE_FORMAT = 'yyyy-mm-dd';
/** The QuickBooks sheet's dates: real dates shown in the company's format ('/' escaped: never the locale's). */
export const excelDateFormat = (f: QuickBooksDateFormat): string => f.toLowerCase().replace(/\//g, '\\/');
/** Percentages are numbers of percent (12.5 is 12.5%), shown with 2 to 4 decimals. */
export const EXCEL_PERCENT_FORMAT = '0.00##';

/** VERIFIED (Excel): a sheet name has 1 to 31 characters, none of []:*?/\, does not start or end with '. */
export const SHEET_NAME_MAX = 31;
// eslint-disable-next-line no-control-regex -- control characters are refused too
const SHEET_NAME_REFUSED = /[[\]:*?/\\\u0000-\u001f\u007f]/g;

/**
 * A sheet name for `wanted` that Excel accepts and that differs (ignoring case, as Excel compares) from
 * every name in `used`, which it joins. 'History' is reserved by Excel. Blank gives 'Sheet'.
 */
export function uniqueSheetName(wanted: string, used: Set<string>): string {
  const cleaned = wanted.replace(SHEET_NAME_REFUSED, ' ').replace(/\s+/g, ' ').trim();
  const base =
    cut(cleaned, SHEET_NAME_MAX)
      .replace(/^'+|'+$/g, '')
      .trim() || 'Sheet';
  const taken = (name: string) => used.has(name.toLowerCase()) || name.toLowerCase() === 'history';
  let name = base;
  for (let n = 2; taken(name); n++) {
    const suffix = ` (${n})`;
    name = cut(base, SHEET_NAME_MAX - suffix.length) + suffix;
  }
  used.add(name.toLowerCase());
  return name;
}
