/**
 * The transaction import file (agents-transactions-payouts.md §2.6, §3 "Parsed row", §5 "Transaction
 * import"): bytes in, parsed rows out. The browser (preview) and the server (the import job) call the
 * same function, so what the preview shows is what the job writes.
 *
 * The file: CSV or TXT (any of UTF-8 with or without BOM, UTF-16 with or without BOM, Windows-1252;
 * comma, semicolon or tab separated), XLSX or XLS (first sheet). No header row: every row counts.
 * Column 1 is the reference, column 2 the amount; a positive amount is a credit, a negative one a
 * debit, and the stored amount is the absolute value.
 *
 * Where the spec drops a row "silently" we still drop it, but say which row and why (`skipped`): an
 * import that loses a payment without a word is the harm this product exists to prevent. Rules we
 * added for money safety (docs/decisions/0003):
 * - amounts are read exactly (no floating point): '1,234.50' (grouped thousands), '(12.50)'
 *   (accounting negative), '£12.50' and '-£75.25' are amounts; '12,50' (decimal comma), '1e6',
 *   'NaN', '' and more than 2 decimals are not, and the row is skipped with the reason;
 * - a row with a third non-empty column is skipped: in a comma file, an unquoted '1,234.50' or
 *   '12,50' splits into two cells and reading only the first would import the wrong amount.
 */
import type { WorkSheet } from '@e965/xlsx';
import Papa from 'papaparse';
import { formatMismatchMessage, matchesBookingFormat } from '../bookings/booking-format';
import { MAX_MONEY_CENTS, parseDecimalUnits, type Cents } from '../money/money';
import { MSG_SELECT_FILE_TO_IMPORT, MSG_SELECT_SUPPLIER_ACCOUNT } from '../schemas/transactions';

export const TRANSACTION_IMPORT_MAX_BYTES = 10_485_760;
export const TRANSACTION_IMPORT_POLL_MS = 3000;
/** The number of rows a job writes per database transaction. */
export const TRANSACTION_IMPORT_CHUNK = 5000;
/** The accept attribute of the file input. */
export const TRANSACTION_IMPORT_ACCEPT = '.csv,.txt,.xlsx,.xls';

/**
 * Limits of a spreadsheet upload (README "Limits"): a 10 MB xlsx may not unpack to more than
 * {@link SPREADSHEET_MAX_UNPACKED_BYTES} in all, nor any large entry inflate more than
 * {@link SPREADSHEET_MAX_RATIO} times; a sheet may not hold more than {@link SPREADSHEET_MAX_ROWS} rows
 * or {@link SPREADSHEET_MAX_CELLS} cells. A 1 MB zip bomb inflating to 1 GiB is refused from its
 * central directory, before one byte is inflated.
 */
export const SPREADSHEET_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const SPREADSHEET_MAX_RATIO = 100;
/** Entries below this size are not held to the ratio (a tiny XML part may compress very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** More rows than a 10 MB CSV can hold (about 400,000). */
export const SPREADSHEET_MAX_ROWS = 500_000;
export const SPREADSHEET_MAX_CELLS = 5_000_000;
export const SPREADSHEET_TOO_LARGE = 'The file is too large to read once unpacked.';

export const IMPORT_MESSAGES = {
  selectFile: MSG_SELECT_FILE_TO_IMPORT,
  selectAccount: MSG_SELECT_SUPPLIER_ACCOUNT,
  unsupported: 'Unsupported file format',
  noData: 'No data found in the file',
  noValidData: 'No valid data found in the file after parsing',
  tooLarge: 'File size must be less than 10MB',
  unpackedTooLarge: SPREADSHEET_TOO_LARGE,
  readFailed: 'Failed to read file',
  startFailed: 'Failed to start import process',
  statusFailed: 'Failed to fetch import status',
  parseErrorTitle: 'Error Parsing File',
  successTitle: 'Import Successful!',
} as const;

export const importFailedMessage = (message: string) => `Import failed: ${message}`;
/** The description of imported rows when the form leaves it empty (spec §2.6). */
export const defaultImportDescription = (today: string) => `CSV/Excel Import - ${today}`;

export type ImportFileKind = 'text' | 'xlsx' | 'xls';

/** The kind of file by its extension (csv, txt, xlsx, xls; case-insensitive), or null. */
export function transactionImportFileKind(filename: string): ImportFileKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'txt') return 'text';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'xls') return 'xls';
  return null;
}

type Magic = 'zip' | 'ole2' | 'png' | 'jpeg' | 'gif' | 'pdf' | null;

/** Recognises the binary containers a spreadsheet or a misnamed upload starts with. */
export function sniffMagic(b: Uint8Array): Magic {
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole2';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf';
  return null;
}

/** Looks for UTF-16 without a BOM: text of mostly ASCII has a NUL in every other byte. */
function utf16WithoutBom(b: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(b.length - (b.length % 2), 2000);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenNul++;
    if (b[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.6 && evenNul < pairs * 0.1) return 'utf-16le';
  if (evenNul > pairs * 0.6 && oddNul < pairs * 0.1) return 'utf-16be';
  return null;
}

/**
 * Decodes a text file: BOM first (UTF-8, UTF-16 LE/BE), then BOM-less UTF-16, then strict UTF-8,
 * and Windows-1252 when the bytes are not UTF-8 (a '£' saved by Excel on Windows is 0xA3).
 * Returns null for binary content (NUL characters after decoding).
 */
export function decodeTextFile(b: Uint8Array): string | null {
  let encoding = 'utf-8';
  let offset = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) offset = 3;
  else if (b[0] === 0xff && b[1] === 0xfe) [encoding, offset] = ['utf-16le', 2];
  else if (b[0] === 0xfe && b[1] === 0xff) [encoding, offset] = ['utf-16be', 2];
  else encoding = utf16WithoutBom(b) ?? 'utf-8';
  const body = b.subarray(offset);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    if (encoding !== 'utf-8') return null;
    text = new TextDecoder('windows-1252').decode(body);
  }
  return text.includes('\u0000') ? null : text;
}

/**
 * The field separator: semicolon or tab when every one of the first non-empty lines has one,
 * otherwise comma (the spec's format).
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const lines = text
    .split(/\r\n|\n|\r/, 200)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  if (lines.length === 0) return ',';
  if (lines.every((l) => l.includes(';'))) return ';';
  if (lines.every((l) => l.includes('\t'))) return '\t';
  return ',';
}

/** Splits delimited text into rows of cells (RFC 4180 quotes; blank lines kept so row numbers are lines). */
export function splitDelimitedText(text: string): string[][] {
  const result = Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    header: false,
    skipEmptyLines: false,
    dynamicTyping: false,
  });
  return result.data;
}

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

/** Rows of cells → parsed rows and skipped rows with their reasons. Blank lines are ignored quietly. */
export function parseImportCells(cells: readonly (readonly unknown[])[]): {
  rows: ImportParsedRow[];
  skipped: ImportSkippedRow[];
  nonBlank: number;
} {
  const rows: ImportParsedRow[] = [];
  const skipped: ImportSkippedRow[] = [];
  let nonBlank = 0;
  cells.forEach((line, i) => {
    const row = i + 1;
    const texts = line.map(cellText);
    while (texts.length && texts[texts.length - 1] === '') texts.pop();
    if (texts.length === 0) return;
    nonBlank++;
    const skip = (reason: string) => skipped.push({ row, reason });
    if (texts.length < 2) return skip('needs two columns: reference, amount');
    if (texts.length > 2)
      return skip(
        `has ${texts.length} columns; expected 2 (reference, amount) — an amount with a comma must be in quotes`,
      );
    const reference = texts[0]!;
    if (reference === '') return skip('has no reference');
    if (reference.length > 64) return skip('the reference is longer than 64 characters');
    const amount = parseImportAmount(typeof line[1] === 'number' ? line[1] : texts[1]);
    if (!amount.ok) return skip(amount.reason);
    rows.push({ row, reference, amount: amount.value });
  });
  return { rows, skipped, nonBlank };
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

export type ImportFileResult =
  | { ok: true; rows: ImportParsedRow[]; skipped: ImportSkippedRow[]; summary: ImportSummary }
  | { ok: false; error: string; skipped: ImportSkippedRow[] };

const failure = (error: string, skipped: ImportSkippedRow[] = []): ImportFileResult => ({ ok: false, error, skipped });

export type SpreadsheetRefusal = { ok: false; reason: 'too-large' | 'unreadable' };
/** `bytes` are what the reader gets: the same array, or a copy whose local headers carry the declared sizes. */
export type ArchiveVerdict = { ok: true; bytes: Uint8Array } | SpreadsheetRefusal;

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;

/**
 * Checks a zip container (xlsx) from its declared sizes, without inflating anything: the End Of
 * Central Directory record, then every central entry and its local header, walked exactly as
 * SheetJS walks them (the last EOCD signature, the count and offset it reads; the local header's
 * sizes, which SheetJS trusts). Refused as too large: a total over the limit, a large entry over the
 * ratio, ZIP64. Refused as unreadable: encryption, a method other than stored or deflate, a local
 * header that disagrees with its central entry, offsets outside the file. An entry streamed with a
 * data descriptor (bit 3, sizes 0 in its local header, as streaming writers do) is read with its
 * declared sizes patched into a copy, so the reader never allocates more than was checked.
 */
export function inspectSpreadsheetArchive(bytes: Uint8Array): ArchiveVerdict {
  const tooLarge: SpreadsheetRefusal = { ok: false, reason: 'too-large' };
  const unreadable: SpreadsheetRefusal = { ok: false, reason: 'unreadable' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The last signature in the file, as SheetJS looks for it.
  let end = bytes.length - 4;
  while (end >= 0 && u32(end) !== ZIP_END) end--;
  if (end < 0 || end + 22 > bytes.length) return unreadable;
  if (end >= 20 && u32(end - 20) === ZIP64_LOCATOR) return tooLarge;
  const count = u16(end + 10);
  const cdSize = u32(end + 12);
  const cdStart = u32(end + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdStart === 0xffffffff) return tooLarge;
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0 || u16(end + 8) !== count) return unreadable;
  if (cdStart + cdSize > end) return unreadable;
  const hasZip64Extra = (from: number, length: number) => {
    for (let at = from; at + 4 <= from + length; at += 4 + u16(at + 2)) if (u16(at) === ZIP64_EXTRA) return true;
    return false;
  };
  let patched: Uint8Array | null = null;
  let total = 0;
  let at = cdStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cdStart + cdSize || u32(at) !== ZIP_CENTRAL) return unreadable;
    const [flags, method, packed, size] = [u16(at + 8), u16(at + 10), u32(at + 20), u32(at + 24)];
    const [nameLength, extraLength, commentLength, offset] = [u16(at + 28), u16(at + 30), u16(at + 32), u32(at + 42)];
    if (at + 46 + nameLength + extraLength + commentLength > cdStart + cdSize) return unreadable;
    if (packed === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) return tooLarge;
    if (hasZip64Extra(at + 46 + nameLength, extraLength)) return tooLarge;
    if (flags & 0x41 || (method !== 0 && method !== 8) || (method === 0 && packed !== size)) return unreadable;
    total += size;
    if (total > SPREADSHEET_MAX_UNPACKED_BYTES) return tooLarge;
    if (size > RATIO_FLOOR_BYTES && size > SPREADSHEET_MAX_RATIO * packed) return tooLarge;
    // The local header: SheetJS reads the method and the sizes from here.
    if (offset + 30 > cdStart || u32(offset) !== ZIP_LOCAL) return unreadable;
    const [localFlags, localMethod, localPacked, localSize] = [
      u16(offset + 6),
      u16(offset + 8),
      u32(offset + 18),
      u32(offset + 22),
    ];
    const localExtra = offset + 30 + u16(offset + 26);
    if (localExtra + u16(offset + 28) + packed > cdStart) return unreadable;
    if (hasZip64Extra(localExtra, u16(offset + 28))) return tooLarge;
    if (localFlags & 0x2041 || localMethod !== method) return unreadable;
    if (localPacked !== packed || localSize !== size) {
      if (!(localFlags & 0x08) || localPacked !== 0 || localSize !== 0) return unreadable;
      patched ??= bytes.slice();
      const out = new DataView(patched.buffer, patched.byteOffset, patched.byteLength);
      out.setUint32(offset + 18, packed, true);
      out.setUint32(offset + 22, size, true);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, bytes: patched ?? bytes };
}

export type SheetCells = { ok: true; cells: unknown[][] } | SpreadsheetRefusal;

/**
 * The first sheet of a workbook (xlsx, xls, or CSV text) as rows of cells, within the limits above
 * (SheetJS, loaded only when needed): a zip is checked first ({@link inspectSpreadsheetArchive}),
 * only the first sheet is parsed, a sheet of more than {@link SPREADSHEET_MAX_ROWS} rows is refused
 * (an xls is not even read past them), and the sheet's range is cut to its last real row and column
 * before it is expanded (a 10 KB file declaring A1:XFD1048576 would otherwise expand to 17 billion
 * blank cells). Text is read with `raw` (no guessing of numbers or dates). Numbers stay numbers;
 * blank cells are ''.
 */
export async function readFirstSheet(input: { bytes: Uint8Array } | { text: string }): Promise<SheetCells> {
  let data: Uint8Array | string;
  let zip = false;
  if ('bytes' in input) {
    data = input.bytes;
    zip = sniffMagic(data) === 'zip';
    if (zip) {
      const archive = inspectSpreadsheetArchive(data);
      if (!archive.ok) return archive;
      data = archive.bytes;
    }
  } else data = input.text;
  const XLSX = await import('@e965/xlsx');
  // A zip is bounded by its checked unpacked size and a text by its length; an xls (whose DIMENSIONS
  // record may claim any size) by the rows SheetJS reads of it.
  const xls = typeof data !== 'string' && !zip;
  const common = { dense: true, sheets: 0, ...(xls ? { sheetRows: SPREADSHEET_MAX_ROWS + 1 } : {}) } as const;
  let sheet: WorkSheet | undefined;
  try {
    const book =
      typeof data === 'string'
        ? XLSX.read(data, { ...common, type: 'string', raw: true })
        : XLSX.read(data, { ...common, type: 'array', cellDates: false, cellHTML: false });
    const name = book.SheetNames[0];
    sheet = name ? book.Sheets[name] : undefined;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!sheet) return { ok: true, cells: [] };
  const tooLarge = { ok: false, reason: 'too-large' } as const;
  // `!fullref`: SheetJS stopped reading the xls at the window, and the sheet goes on.
  if (sheet['!fullref'] && XLSX.utils.decode_range(sheet['!fullref']).e.r > SPREADSHEET_MAX_ROWS) return tooLarge;
  if (sheet['!ref']) {
    // The range as far as real cells go: a declared A1:XFD1048576 is not 17 billion blank cells.
    const range = XLSX.utils.decode_range(sheet['!ref']);
    let lastRow = -1;
    let lastCol = -1;
    (sheet['!data'] ?? []).forEach((cells: unknown[] | undefined, r: number) => {
      let c = (cells?.length ?? 0) - 1;
      while (c >= 0 && cells![c] === undefined) c--;
      if (c < 0) return;
      lastRow = r;
      lastCol = Math.max(lastCol, c);
    });
    if (lastRow >= SPREADSHEET_MAX_ROWS) return tooLarge;
    range.e.r = Math.max(range.s.r, Math.min(range.e.r, lastRow));
    range.e.c = Math.max(range.s.c, Math.min(range.e.c, lastCol));
    if ((range.e.r - range.s.r + 1) * (range.e.c - range.s.c + 1) > SPREADSHEET_MAX_CELLS) return tooLarge;
    sheet['!ref'] = XLSX.utils.encode_range(range);
  }
  return {
    ok: true,
    cells: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true }),
  };
}

/**
 * The one parser of an import file, for the preview and the job. Returns the parsed rows and the
 * skipped ones, or the spec's message for the whole file.
 */
export async function parseTransactionImportFile(filename: string, bytes: Uint8Array): Promise<ImportFileResult> {
  const kind = transactionImportFileKind(filename);
  if (!kind) return failure(IMPORT_MESSAGES.unsupported);
  if (bytes.length > TRANSACTION_IMPORT_MAX_BYTES) return failure(IMPORT_MESSAGES.tooLarge);
  if (bytes.length === 0) return failure(IMPORT_MESSAGES.noData);
  const magic = sniffMagic(bytes);
  let cells: unknown[][] | null;
  if (kind === 'text') {
    if (magic) return failure(IMPORT_MESSAGES.unsupported);
    const text = decodeTextFile(bytes);
    if (text === null) return failure(IMPORT_MESSAGES.unsupported);
    cells = splitDelimitedText(text);
  } else {
    // An Excel file is a ZIP (xlsx) or an OLE2 compound file (xls); either extension may hold either.
    if (magic !== 'zip' && magic !== 'ole2') return failure(IMPORT_MESSAGES.unsupported);
    const sheet = await readFirstSheet({ bytes });
    if (!sheet.ok)
      return failure(sheet.reason === 'too-large' ? IMPORT_MESSAGES.unpackedTooLarge : IMPORT_MESSAGES.unsupported);
    cells = sheet.cells;
  }
  const { rows, skipped, nonBlank } = parseImportCells(cells);
  if (nonBlank === 0) return failure(IMPORT_MESSAGES.noData);
  // A sheet's row limit holds for text too (the agent import reads CSV as a sheet and refuses it alike).
  if (nonBlank > SPREADSHEET_MAX_ROWS) return failure(IMPORT_MESSAGES.unpackedTooLarge);
  if (rows.length === 0) return failure(IMPORT_MESSAGES.noValidData, skipped);
  return { ok: true, rows, skipped, summary: summarizeImport(rows) };
}

/**
 * The rows an import writes to an account whose supplier has a booking number format: the others
 * are skipped with 'Format should match: {format}' (checked on the upper-cased reference, as the
 * single and bulk forms do). The upload and the job both call this, so they agree on the rows.
 */
export function applyReferenceFormat(
  rows: readonly ImportParsedRow[],
  format: string | null,
): { rows: ImportParsedRow[]; skipped: ImportSkippedRow[] } {
  if (!format) return { rows: [...rows], skipped: [] };
  const kept: ImportParsedRow[] = [];
  const skipped: ImportSkippedRow[] = [];
  for (const r of rows) {
    if (matchesBookingFormat(format, r.reference.toUpperCase())) kept.push(r);
    else skipped.push({ row: r.row, reason: `${quote(r.reference)}: ${formatMismatchMessage(format)}` });
  }
  return { rows: kept, skipped };
}

/**
 * What an import of this file into an account writes and what it skips (the file's own problems and
 * the rows off the supplier's format, in file order), or the message for the whole file. The browser
 * preview and the server (upload and job) call this, so all three agree on every row.
 */
export async function planTransactionImport(
  filename: string,
  bytes: Uint8Array,
  bookingNumberFormat: string | null,
): Promise<ImportFileResult> {
  const parsed = await parseTransactionImportFile(filename, bytes);
  if (!parsed.ok) return parsed;
  const formatted = applyReferenceFormat(parsed.rows, bookingNumberFormat);
  const skipped = [...parsed.skipped, ...formatted.skipped].sort((a, b) => a.row - b.row);
  if (formatted.rows.length === 0) return failure(IMPORT_MESSAGES.noValidData, skipped);
  return { ok: true, rows: formatted.rows, skipped, summary: summarizeImport(formatted.rows) };
}
