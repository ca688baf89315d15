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
import { formatMismatchMessage, matchesBookingFormat } from '../bookings/booking-format';
import { MSG_SELECT_FILE_TO_IMPORT, MSG_SELECT_SUPPLIER_ACCOUNT } from '../schemas/transactions';
import {
  parseImportCells,
  summarizeImport,
  type ImportParsedRow,
  type ImportSkippedRow,
  type ImportSummary,
} from './import-rows';
import { readFirstSheet, sniffMagic, SPREADSHEET_MAX_ROWS, SPREADSHEET_TOO_LARGE } from './spreadsheet';
import { decodeTextFile, splitDelimitedText } from './text-file';

export const TRANSACTION_IMPORT_MAX_BYTES = 10_485_760;
export const TRANSACTION_IMPORT_POLL_MS = 3000;
/**
 * The rows an import job writes per statement (all its statements share one database transaction);
 * it reports its progress after each.
 */
export const TRANSACTION_IMPORT_CHUNK = 20_000;
/** The accept attribute of the file input. */
export const TRANSACTION_IMPORT_ACCEPT = '.csv,.txt,.xlsx,.xls';

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

export type ImportFileResult =
  | { ok: true; rows: ImportParsedRow[]; skipped: ImportSkippedRow[]; summary: ImportSummary }
  | { ok: false; error: string; skipped: ImportSkippedRow[] };

const failure = (error: string, skipped: ImportSkippedRow[] = []): ImportFileResult => ({ ok: false, error, skipped });

/** A file's cells (rows of cells, first sheet for Excel), or the spec's message for the whole file. */
export type ImportCellsResult = { ok: true; cells: unknown[][] } | { ok: false; error: string };

/**
 * The one reader of an import file's bytes (the two-column import and a supplier's statement in its own
 * layout): its kind by extension and magic bytes, its size, its text decoding or its first sheet.
 */
export async function readImportFileCells(filename: string, bytes: Uint8Array): Promise<ImportCellsResult> {
  const kind = transactionImportFileKind(filename);
  const refuse = (error: string) => ({ ok: false, error }) as const;
  if (!kind) return refuse(IMPORT_MESSAGES.unsupported);
  if (bytes.length > TRANSACTION_IMPORT_MAX_BYTES) return refuse(IMPORT_MESSAGES.tooLarge);
  if (bytes.length === 0) return refuse(IMPORT_MESSAGES.noData);
  const magic = sniffMagic(bytes);
  if (kind === 'text') {
    if (magic) return refuse(IMPORT_MESSAGES.unsupported);
    const text = decodeTextFile(bytes);
    if (text === null) return refuse(IMPORT_MESSAGES.unsupported);
    // A sheet's row limit holds for text too (the agent import reads CSV as a sheet and refuses it alike):
    // a file of more rows is refused once the first row past the limit is read, before any amount is parsed.
    const split = splitDelimitedText(text, SPREADSHEET_MAX_ROWS);
    if (split.overLimit) return refuse(IMPORT_MESSAGES.unpackedTooLarge);
    return { ok: true, cells: split.rows };
  }
  // An Excel file is a ZIP (xlsx) or an OLE2 compound file (xls); either extension may hold either.
  if (magic !== 'zip' && magic !== 'ole2') return refuse(IMPORT_MESSAGES.unsupported);
  const sheet = await readFirstSheet({ bytes });
  if (!sheet.ok)
    return refuse(sheet.reason === 'too-large' ? IMPORT_MESSAGES.unpackedTooLarge : IMPORT_MESSAGES.unsupported);
  return { ok: true, cells: sheet.cells };
}

/**
 * The one parser of an import file, for the preview and the job. Returns the parsed rows and the
 * skipped ones, or the spec's message for the whole file.
 */
export async function parseTransactionImportFile(filename: string, bytes: Uint8Array): Promise<ImportFileResult> {
  const read = await readImportFileCells(filename, bytes);
  if (!read.ok) return failure(read.error);
  const { rows, skipped } = parseImportCells(read.cells);
  if (rows.length === 0 && skipped.length === 0) return failure(IMPORT_MESSAGES.noData);
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
    else skipped.push({ row: r.row, reason: `'${r.reference}': ${formatMismatchMessage(format)}` });
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
