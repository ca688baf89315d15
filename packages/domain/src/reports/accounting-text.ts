/**
 * The text of the files accounting imports (`/work/shared/ACCOUNTING-FILES.md`): the character sets the
 * importers take and the CSV encoding. Layout facts are marked as in accounting-files.ts.
 */
import type { Cents } from '../money/money';
import { moneyToString } from '../money/money';

/* ------------------------------------------------------------------ text */

/** Letters NFKD does not take apart. */
const ASCII_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
};

/**
 * Plain ASCII text: accents dropped ('Zoë Ångström' → 'Zoe Angstrom'), ß → ss, Ø → O, typographic
 * quotes and dashes made plain, control characters and anything else without an ASCII form removed,
 * runs of spaces made one.
 */
export function toAscii(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKD')) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f) out += ch;
    else if (ASCII_LETTERS[ch] !== undefined) out += ASCII_LETTERS[ch];
    else if (/\s/u.test(ch)) out += ' ';
    // combining marks (the accents NFKD split off) and everything else: dropped
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/**
 * Text QuickBooks Desktop reads from an IIF file, which it reads as Windows-1252 (UNVERIFIED: no UTF-8
 * IIF import is documented): Latin-1 letters kept ('José' stays, so it matches the vendor list), others
 * made ASCII, tabs and line breaks made spaces (they would end the field or the row).
 */
export function toLatin1(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += ' ';
    else if (code <= 0xff) out += ch;
    else out += toAscii(ch);
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Cuts to at most `max` characters (code points), without a trailing space. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

/* ------------------------------------------------------------------ CSV */

/**
 * A text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading
 * apostrophe (OWASP "CSV injection"): the CSV files and the IIF file, which LibreOffice and Excel open
 * as a sheet too. Amounts are written with {@link csvAmount} and are not text.
 */
export const noFormula = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One CSV field (RFC 4180): {@link noFormula}, then quoted when it holds a comma, quote, line break or edge space. */
export function csvText(value: string): string {
  const safe = noFormula(value);
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An amount as the import files write it: `1050.00`, `-0.05` (no symbol, no thousands separator). */
export const csvAmount = (c: Cents): string => moneyToString(c);

/** VERIFIED for Telpay (Windows tools) and harmless for QuickBooks: rows end with CRLF. */
export const CSV_EOL = '\r\n';

/** A CSV row of already-encoded fields. */
export const csvRow = (fields: readonly string[]): string => fields.join(',') + CSV_EOL;

/** VERIFIED (QuickBooks Online journal import): UTF-8 with a byte order mark. */
export const UTF8_BOM = '\ufeff';
