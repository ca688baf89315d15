import { z } from 'zod';

/**
 * Field helpers shared by the server (request validation) and the browser (forms).
 * Form posts and multipart bodies deliver every value as a string, JSON bodies deliver
 * numbers and booleans: each helper accepts both and normalises.
 */

export const required = (label: string) => `The ${label} field is required.`;

/** The int4 range every id lives in (PostgreSQL `integer` / `serial`). */
export const MAX_ID = 2_147_483_647;

/** C0 controls and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** The same but tab, newline and carriage return, which multi-line text (notes, addresses) keeps. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Half of a UTF-16 surrogate pair without its other half (JSON "\ud800"): not a character, not storable. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a text is refused, or null: control characters (C0 but, in multi-line text, tab/newline/CR;
 * and DEL) and lone surrogates. PostgreSQL refuses NUL in text outright; the others are never typed.
 */
export function textProblem(label: string, value: string, multiline = false): string | null {
  if ((multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(value))
    return `The ${label} field must not contain control characters.`;
  if (LONE_SURROGATE.test(value)) return `The ${label} field contains characters that are not valid text.`;
  return null;
}

export interface TextOptions {
  /** Keeps tab, newline and carriage return (textareas: notes, descriptions, addresses). Default false. */
  multiline?: boolean;
  /** The message when blank or missing, instead of 'The {label} field is required.' */
  requiredMessage?: string;
}

/** A string with no control characters (see {@link textProblem}); refined before any trimming. */
const cleanString = (label: string, multiline: boolean, error?: string) =>
  z.string(error === undefined ? undefined : { error }).superRefine((v, ctx) => {
    const problem = textProblem(label, v, multiline);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
  });

/** A trimmed, non-empty string of at most `max` characters, without control characters. */
export const requiredText = (label: string, max = 255, { multiline = false, requiredMessage }: TextOptions = {}) =>
  cleanString(label, multiline, requiredMessage ?? required(label))
    .trim()
    .min(1, requiredMessage ?? required(label))
    .max(max, `The ${label} field must not be greater than ${max} characters.`);

/** An optional trimmed string without control characters; empty and missing both become ''. */
export const optionalText = (label: string, max = 1000, { multiline = false }: TextOptions = {}) =>
  cleanString(label, multiline)
    .trim()
    .max(max, `The ${label} field must not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => v ?? '');

/**
 * A text filter of a list (`search`, `reference`): trimmed; a value that is not one string or is
 * longer than `max` is ignored (undefined), control characters are a 422 like in any field.
 */
export const filterText = (label: string, max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v : undefined),
    cleanString(label, false)
      .transform((v) => v.trim())
      .transform((v) => (v.length > max ? undefined : v))
      .optional(),
  );

/** A number, or a string of digits (spaces around allowed) as a number; anything else as it is. */
const toInt = (v: unknown) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v);
  return v;
};

const isBlank = (v: unknown) => v === '' || v === null || v === undefined;

/** Whether `v` is an id: an integer 1..{@link MAX_ID}, or a string of such digits. */
export function isId(v: unknown): boolean {
  const n = toInt(v);
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ID;
}

export interface IdMessages {
  /** When blank or missing; default 'The {label} field is required.' */
  required?: string;
  /** When not an id; default 'The {label} must be a valid id.' */
  invalid?: string;
}

const idNumber = (label: string, messages: IdMessages) => {
  const invalid = messages.invalid ?? `The ${label} must be a valid id.`;
  return z
    .number({ error: (iss) => (iss.input === undefined ? (messages.required ?? required(label)) : invalid) })
    .int({ error: invalid, abort: true })
    .min(1, { error: invalid, abort: true })
    .max(MAX_ID, invalid);
};

/** A positive integer id in the int4 range, from a number or a string of digits (not '1e3', '0x1f' or true). */
export const id = (label: string, messages: IdMessages = {}) =>
  z.preprocess((v) => (isBlank(v) ? undefined : toInt(v)), idNumber(label, messages));

/** Like {@link id}, but blank or missing gives null. */
export const optionalId = (label: string, messages: IdMessages = {}) =>
  z.preprocess((v) => (isBlank(v) ? null : toInt(v)), idNumber(label, messages).nullable());

/** An id filter of a list (`?agent_id=`): blank or missing gives undefined, anything else must be an id (422). */
export const idFilter = (label: string) =>
  z.preprocess((v) => (isBlank(v) ? undefined : toInt(v)), idNumber(label, {}).optional());

/**
 * A list of ids (`booking_ids[]`, a JSON array): `message` for any item that is not an id; blank or
 * missing is an empty list, blank items of a form are skipped, and a single value is a one-item list.
 */
export const idList = (
  message: string,
  {
    min = 0,
    minMessage = message,
    max,
    maxMessage,
  }: { min?: number; minMessage?: string; max: number; maxMessage?: string },
) =>
  z.preprocess(
    (v) => (isBlank(v) ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '').map(toInt)),
    z
      .array(idNumber('id', { invalid: message, required: message }))
      .min(min, minMessage)
      .max(max, maxMessage ?? `At most ${max} items can be sent at once.`),
  );

/** The id in a path (`/bookings/{id}`): digits in the int4 range; anything else is a 404. */
export const pathId = () =>
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_ID));

/** Booleans as the spec posts them: 1/0, "1"/"0", true/false, "true"/"false", "on". Missing is false. */
export const flag = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return false;
      if (v === true || v === 1 || v === '1' || v === 'true' || v === 'on') return true;
      if (v === false || v === 0 || v === '0' || v === 'false' || v === 'off') return false;
      return v;
    },
    z.boolean({ error: 'The field must be true or false.' }),
  );

/** The dates a request may carry: PostgreSQL and people agree on these (year 0000 is neither's). */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';

/** A calendar date as YYYY-MM-DD that exists (2024-02-30 is refused) between {@link MIN_DATE} and {@link MAX_DATE}. */
export const isoDate = (label: string) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .superRefine((v, ctx) => {
      const problem = isoDateProblem(label, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
    });

/** An optional 'YYYY-MM-DD' date as {@link isoDate} checks it; blank or missing gives ''. */
export const optionalIsoDate = (label: string) =>
  z
    .string({ error: `The ${label} is not a valid date (YYYY-MM-DD).` })
    .trim()
    .nullish()
    .transform((v) => v ?? '')
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : isoDateProblem(label, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
    });

/** A date filter of a list (`?date_from=`): blank or missing gives undefined, anything else as {@link isoDate} (422). */
export const dateFilter = (label: string) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), isoDate(label).optional());

/** Why `value` is not a request date, or null. */
export function isoDateProblem(label: string, value: string): string | null {
  if (!isValidIsoDate(value)) return `The ${label} is not a valid date (YYYY-MM-DD).`;
  if (value < MIN_DATE || value > MAX_DATE) return `The ${label} must be a date between ${MIN_DATE} and ${MAX_DATE}.`;
  return null;
}

/** Whether `value` is a YYYY-MM-DD date that exists in the calendar (any year 0000–9999). */
export function isValidIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** Paging and sorting for list endpoints (CONTRACT.md §2 Lists). */
export const listQuery = <S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number], perPage = 15) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    per_page: z.coerce.number().int().min(1).max(100).catch(perPage),
    sort: z.enum(sorts).catch(defaultSort as never),
    direction: z.enum(['asc', 'desc']).catch('asc'),
    search: filterText('search', 200),
  });

export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}
