/**
 * Bulk agent import (agents spec §2.2, §5, §9; CONTRACT.md §4 "Agent import file"): pure reading of
 * the rows a spreadsheet library gives (an array of rows of cells), without IO.
 *
 * Columns are taken by position, never guessed from header names. The first row is the header; data
 * starts on spreadsheet row 2 and "Row" is the spreadsheet row number.
 */
import { z } from 'zod';
import { dayNumberToIsoDate } from '../commission/iso-date';
import { isValidIsoDate } from '../schemas/fields';
import { AGENT_NAME_MAX, dateOfBirthProblem, phoneProblem, sinProblem } from './agent-fields';
import { SPREADSHEET_TOO_LARGE } from '../transactions/spreadsheet';

export const AGENT_IMPORT_COLUMNS = [
  'First Name',
  'LastName',
  'Address',
  'City',
  'Prov',
  'Postal',
  'Birth Date',
  'Email',
  'Phone Number',
  'AgentTier',
  'JoinDate',
  'SIN',
] as const;
export type AgentImportColumn = (typeof AGENT_IMPORT_COLUMNS)[number];

export const AGENT_IMPORT_MAX_BYTES = 10_485_760;
export const AGENT_IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const AGENT_IMPORT_MIME_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
] as const;

/** Messages of spec §5 and §8, verbatim. */
export const AGENT_IMPORT_MESSAGES = {
  invalidType: 'Please select a valid Excel or CSV file',
  tooLarge: 'File size must be less than 10MB',
  /** A workbook that would unpack past the spreadsheet limits (zip bomb, a sheet of millions of cells). */
  unpackedTooLarge: SPREADSHEET_TOO_LARGE,
  noFile: 'Please select a file first',
  failedPrefix: 'Import failed: ',
  unknownError: 'Unknown error',
  requestFailed: 'Failed to import agents. Please try again.',
  emptyFile: 'The file is empty: it has no header row and no agents.',
  noDataRows: 'The file has a header row but no agents (data starts on row 2).',
  wrongColumns: (found: number) =>
    `The file must have the ${AGENT_IMPORT_COLUMNS.length} columns of the template in this order: ${AGENT_IMPORT_COLUMNS.join(', ')} (found ${found}).`,
} as const;

export type AgentImportFileKind = 'xlsx' | 'xls' | 'csv';

/**
 * The kind of an import file from its MIME type or, failing that, its extension (spec §5: either
 * matching is enough). Null when neither says Excel or CSV.
 */
export function agentImportFileKind(filename: string, mimetype: string): AgentImportFileKind | null {
  const name = filename.toLowerCase();
  const mime = mimetype.toLowerCase().split(';')[0]!.trim();
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (name.endsWith('.xls')) return 'xls';
  if (name.endsWith('.csv')) return 'csv';
  if (mime === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  if (mime === 'application/vnd.ms-excel') return 'xls';
  if (mime === 'text/csv') return 'csv';
  return null;
}

/** True when the type is acceptable (the browser's check; the server also checks the content). */
export const isAcceptedAgentImportFile = (filename: string, mimetype: string) =>
  agentImportFileKind(filename, mimetype) !== null;

/** '512.00 Bytes', '1.50 KB', '10.00 MB' (spec §5: Bytes, KB or MB with 2 decimals). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toFixed(2)} Bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Default password of an imported agent (spec §9): the e-mail's part before '@' followed by 123. */
export const defaultImportPassword = (email: string) => `${email.split('@')[0] ?? ''}123`;

/** Excel's day 0 is 1899-12-30 (1900 date system, with Lotus's phantom 1900-02-29 as serial 60). */
const EXCEL_EPOCH_DAY = -25569; // day number of 1899-12-30 (1970-01-01 = 0)
const MAX_EXCEL_SERIAL = 2_958_465; // 9999-12-31

/** 'YYYY-MM-DD' of an Excel serial date (time of day ignored); null outside 1..9999-12-31 or 60. */
export function excelSerialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial)) return null;
  const whole = Math.floor(serial);
  if (whole < 1 || whole > MAX_EXCEL_SERIAL || whole === 60) return null;
  // Serials 1..59 are before the phantom leap day, so they count from one day later.
  return dayNumberToIsoDate(EXCEL_EPOCH_DAY + whole + (whole < 60 ? 1 : 0));
}

export type ImportDate = { ok: true; value: string | null } | { ok: false };

/**
 * A Birth Date or JoinDate cell: 'YYYY-MM-DD' text, an Excel date (a number cell, or the digits of one
 * in a CSV), or blank (null).
 */
export function parseImportDate(cell: unknown): ImportDate {
  if (cell === null || cell === undefined) return { ok: true, value: null };
  if (typeof cell === 'number') {
    const v = excelSerialToIsoDate(cell);
    return v ? { ok: true, value: v } : { ok: false };
  }
  const text = String(cell).trim();
  if (text === '') return { ok: true, value: null };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isValidIsoDate(text) ? { ok: true, value: text } : { ok: false };
  if (/^\d{1,7}(\.\d+)?$/.test(text)) {
    const v = excelSerialToIsoDate(Number(text));
    return v ? { ok: true, value: v } : { ok: false };
  }
  return { ok: false };
}

/** A cell as text: numbers without exponent or float noise for ordinary integers. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? String(cell) : String(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell).trim();
}

export interface ImportLookups {
  /** Tier id by lower-cased name. */
  tiers: ReadonlyMap<string, number>;
  /** State by upper-cased code and by upper-cased name (Canada first, then the US). */
  states: ReadonlyMap<string, { id: number; country_id: number }>;
  /** Lower-cased e-mails of existing users. */
  existingEmails: ReadonlySet<string>;
}

export interface ImportAgentRow {
  row: number;
  full_name: string;
  email: string;
  home_address: string | null;
  phone_number: string | null;
  date_of_birth: string | null;
  joined_on: string | null;
  sin_number: string | null;
  commission_tier_id: number;
  country_id: number | null;
  state_id: number | null;
  default_password: string;
}

export interface ImportPlan {
  /** A problem with the whole file (nothing is imported). */
  fileError: string | null;
  total_rows: number;
  toCreate: ImportAgentRow[];
  skipped: { row: number; email: string; reason: string }[];
  failed: { row: number; email: string; data: Record<string, string>; error: string }[];
}

const emailCheck = z.email();

/**
 * Validates every row of the file before anything is written. A bad row fails on its own; an existing
 * e-mail (or one repeated in the file) is skipped; entirely blank rows are ignored. A SIN, phone number
 * or birth date, when given, passes the agent form's checks (`agent-fields`); `today` dates the age check.
 */
export function planAgentImport(
  matrix: readonly (readonly unknown[])[],
  lookups: ImportLookups,
  today: string,
): ImportPlan {
  const plan: ImportPlan = { fileError: headerProblem(matrix), total_rows: 0, toCreate: [], skipped: [], failed: [] };
  if (plan.fileError) return plan;
  const seen = new Map<string, number>();
  for (let i = 1; i < matrix.length; i++) {
    const cells = matrix[i]!;
    if (isBlankRow(cells)) continue;
    const row = i + 1;
    plan.total_rows++;
    const data = rowData(cells);
    const email = data.Email;
    const checked = checkAgentRow(cells, data, lookups, today);
    if (!checked.ok) {
      plan.failed.push({ row, email, data, error: checked.error });
      continue;
    }
    const key = email.toLowerCase();
    const first = seen.get(key);
    if (lookups.existingEmails.has(key)) {
      plan.skipped.push({ row, email, reason: 'An agent with this email already exists (not updated).' });
    } else if (first !== undefined) {
      plan.skipped.push({ row, email, reason: `The same email is already imported from row ${first}.` });
    } else {
      seen.set(key, row);
      plan.toCreate.push({ row, ...checked.agent });
    }
  }
  if (plan.total_rows === 0) plan.fileError = AGENT_IMPORT_MESSAGES.noDataRows;
  return plan;
}

/** Blank rows, trailing or anywhere, are not agents. */
const isBlankRow = (cells: readonly unknown[]) => cells.every((c) => cellText(c) === '');

/** A problem with the whole file: no rows at all, or fewer columns in the header than the template has. */
function headerProblem(matrix: readonly (readonly unknown[])[]): string | null {
  const header = matrix[0];
  if (!header || (isBlankRow(header) && matrix.every(isBlankRow))) return AGENT_IMPORT_MESSAGES.emptyFile;
  let width = header.length;
  while (width > 0 && cellText(header[width - 1]) === '') width--;
  return width < AGENT_IMPORT_COLUMNS.length ? AGENT_IMPORT_MESSAGES.wrongColumns(width) : null;
}

/** The row's cells as text under the template's column names (what a failed row reports back). */
function rowData(cells: readonly unknown[]): Record<AgentImportColumn, string> {
  return Object.fromEntries(AGENT_IMPORT_COLUMNS.map((name, c) => [name, cellText(cells[c])])) as Record<
    AgentImportColumn,
    string
  >;
}

type CheckedRow = { ok: true; agent: Omit<ImportAgentRow, 'row'> } | { ok: false; error: string };

/** Every problem of one row, in the columns' order (one message), or the agent it creates. */
function checkAgentRow(
  cells: readonly unknown[],
  data: Record<AgentImportColumn, string>,
  lookups: ImportLookups,
  today: string,
): CheckedRow {
  const errors: string[] = [];
  const check = (problem: string | null) => {
    if (problem) errors.push(problem);
  };
  const email = data.Email;
  if (data['First Name'] === '' && data.LastName === '') errors.push('The first name field is required.');
  if (email === '') errors.push('The email field is required.');
  else if (!emailCheck.safeParse(email).success || email.length > 255)
    errors.push('The email must be a valid email address.');
  const birth = parseImportDate(cells[6]);
  if (!birth.ok) errors.push(`The birth date "${data['Birth Date']}" is not a date (use YYYY-MM-DD or an Excel date).`);
  else if (birth.value !== null) check(dateOfBirthProblem(birth.value, today, 'birth date'));
  const joined = parseImportDate(cells[10]);
  if (!joined.ok) errors.push(`The join date "${data.JoinDate}" is not a date (use YYYY-MM-DD or an Excel date).`);
  const tierId = data.AgentTier === '' ? undefined : lookups.tiers.get(data.AgentTier.toLowerCase());
  if (data.AgentTier === '') errors.push('The agent tier field is required.');
  else if (tierId === undefined) errors.push(`The commission tier "${data.AgentTier}" does not exist.`);
  const state = data.Prov === '' ? undefined : lookups.states.get(data.Prov.toUpperCase());
  if (data.Prov !== '' && !state) errors.push(`The province or state "${data.Prov}" is not known.`);
  if (data.SIN.length > 20) errors.push('The SIN must not be greater than 20 characters.');
  else if (data.SIN !== '') check(sinProblem(data.SIN, 'SIN'));
  const phone = data['Phone Number'];
  if (phone.length > 50) errors.push('The phone number must not be greater than 50 characters.');
  else if (phone !== '') check(phoneProblem(phone));
  const fullName = `${data['First Name']} ${data.LastName}`.trim().replace(/\s+/g, ' ');
  if (fullName.length > AGENT_NAME_MAX) errors.push(`The name must not be greater than ${AGENT_NAME_MAX} characters.`);
  if (errors.length || tierId === undefined || !birth.ok || !joined.ok) return { ok: false, error: errors.join(' ') };
  const address = [data.Address, data.City, [data.Prov.toUpperCase(), data.Postal].filter(Boolean).join(' ')]
    .filter((p) => p !== '')
    .join(', ');
  return {
    ok: true,
    agent: {
      full_name: fullName,
      email,
      home_address: address || null,
      phone_number: phone || null,
      date_of_birth: birth.value,
      joined_on: joined.value,
      sin_number: data.SIN || null,
      commission_tier_id: tierId,
      country_id: state?.country_id ?? null,
      state_id: state?.id ?? null,
      default_password: defaultImportPassword(email),
    },
  };
}
