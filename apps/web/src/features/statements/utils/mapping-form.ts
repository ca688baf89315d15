import {
  columnLetter,
  STATEMENT_DATE_FORMATS,
  type StatementDateFormat,
  type StatementMapping,
  type StatementPreview,
} from '@app/domain';

/**
 * A statement's column mapping as the form holds it (statement-layout.ts has the rules): columns are 0-based
 * indexes, shown by letter; `skip_rows` as the number field gives it (a number, or '' while it is empty).
 */
export type MappingDraft = Omit<StatementMapping, 'skip_rows'> & { skip_rows: number | string };

export type ColumnField =
  | 'reference_column'
  | 'amount_column'
  | 'debit_column'
  | 'credit_column'
  | 'date_column'
  | 'customer_name_column'
  | 'booking_date_column';

export type MappingSource = StatementPreview['mapping_source'];

/** Where the first mapping came from, as the form says it. */
export const MAPPING_SOURCE_NOTES: Record<MappingSource, string> = {
  saved: "Saved from this account's last statement.",
  guessed: 'Guessed from the header row: check it.',
  none: 'Map the columns.',
  given: 'As you set it.',
};

/** The form's start when the server has no mapping to offer (no saved one, no header row to guess from). */
export const BLANK_MAPPING: MappingDraft = {
  skip_rows: 0,
  reference_column: null,
  amount_mode: 'amount',
  amount_column: null,
  debit_column: null,
  credit_column: null,
  date_column: null,
  date_format: 'YYYY-MM-DD',
  customer_name_column: null,
  booking_date_column: null,
};

/**
 * The mapping to send (and save with the statement): the columns of the amount layout not chosen left out;
 * the form keeps them, so switching back finds them again.
 */
export function mappingToSend(draft: MappingDraft): MappingDraft {
  return draft.amount_mode === 'amount'
    ? { ...draft, debit_column: null, credit_column: null }
    : { ...draft, amount_column: null };
}

/** The mapping as the multipart field `mapping` takes it: JSON text. */
export const mappingJson = (draft: MappingDraft): string => JSON.stringify(mappingToSend(draft));

/** The form's number of header rows, as a count (0 while the field is empty or not a whole number). */
export function skipRowsOf(draft: MappingDraft): number {
  const n = typeof draft.skip_rows === 'number' ? draft.skip_rows : Number.parseInt(draft.skip_rows, 10);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * The row whose cells name the columns: the last header row skipped (the first row when one is skipped),
 * or none when no row is skipped.
 */
export function headerRow(rows: readonly (readonly string[])[], skipRows: number): readonly string[] | null {
  return skipRows > 0 ? (rows[skipRows - 1] ?? null) : null;
}

/** The value of the 'None' choice of an optional column. */
export const NO_COLUMN = 'none';

const COLUMN_FIELDS: readonly ColumnField[] = [
  'reference_column',
  'amount_column',
  'debit_column',
  'credit_column',
  'date_column',
  'customer_name_column',
  'booking_date_column',
];

/** A column by letter, and the header's text when there is one: 'B · Booking Ref'. */
export function columnLabel(index: number, header: readonly string[] | null): string {
  const text = header?.[index]?.trim();
  return text ? `${columnLetter(index)} · ${text}` : columnLetter(index);
}

/** A choice per column of the file (and any column the mapping names beyond them, so it still shows). */
export function columnOptions(columnCount: number, header: readonly string[] | null, draft: MappingDraft) {
  const named = COLUMN_FIELDS.map((f) => draft[f] ?? -1);
  const count = Math.max(columnCount, ...named.map((c) => c + 1));
  return Array.from({ length: count }, (_, i) => ({ value: String(i), label: columnLabel(i, header) }));
}

/** A select's value for a column, and back. */
export const columnValue = (column: number | null, optional = false): string | null =>
  column === null ? (optional ? NO_COLUMN : null) : String(column);
export function columnFromValue(value: string | null): number | null {
  if (value === null || value === NO_COLUMN) return null;
  // eslint-disable-next-line no-restricted-syntax -- a column's index
  return Number(value);
}

/** What each column of the file is mapped to, for the raw rows' headers ('Reference', 'Date'). */
export function columnRoles(draft: MappingDraft): Map<number, string[]> {
  const m = mappingToSend(draft);
  const roles = new Map<number, string[]>();
  const add = (column: number | null, role: string) => {
    if (column !== null) roles.set(column, [...(roles.get(column) ?? []), role]);
  };
  add(m.reference_column, 'Reference');
  add(m.amount_column, 'Amount');
  add(m.credit_column, 'Money in');
  add(m.debit_column, 'Money out');
  add(m.date_column, 'Date');
  add(m.customer_name_column, 'Customer name');
  add(m.booking_date_column, 'Booking date');
  return roles;
}

/** Each date format with the last day of 2026 written in it. */
const DATE_FORMAT_EXAMPLES: Record<StatementDateFormat, string> = {
  'YYYY-MM-DD': '2026-12-31',
  'DD/MM/YYYY': '31/12/2026',
  'MM/DD/YYYY': '12/31/2026',
  'DD.MM.YYYY': '31.12.2026',
  'DD-MM-YYYY': '31-12-2026',
  YYYYMMDD: '20261231',
  'DD MMM YYYY': '31 Dec 2026',
};

export const DATE_FORMAT_OPTIONS = STATEMENT_DATE_FORMATS.map((f) => ({
  value: f,
  label: `${f} (${DATE_FORMAT_EXAMPLES[f]})`,
}));

/**
 * The first message of each mapping field: the preview's (`reference_column`) and a refused import's
 * (`mapping.reference_column`) alike; a problem of the whole mapping under `mapping`.
 */
export function mappingFieldErrors(errors: Record<string, readonly string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = key === 'mapping' ? key : key.replace(/^mapping\./, '');
    if (messages[0] !== undefined && out[field] === undefined) out[field] = messages[0];
  }
  return out;
}

/** The mapping fields the form shows; a message for another goes above them. */
export const MAPPING_FIELDS: readonly string[] = ['skip_rows', 'amount_mode', 'date_format', ...COLUMN_FIELDS];
