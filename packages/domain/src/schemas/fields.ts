import { z } from 'zod';

/**
 * Field helpers shared by the server (request validation) and the browser (forms).
 * Form posts and multipart bodies deliver every value as a string, JSON bodies deliver
 * numbers and booleans: each helper accepts both and normalises.
 */

export const required = (label: string) => `The ${label} field is required.`;

/** A trimmed, non-empty string of at most `max` characters. */
export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `The ${label} field must not be greater than ${max} characters.`);

/** An optional trimmed string; empty and missing both become ''. */
export const optionalText = (label: string, max = 1000) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} field must not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => v ?? '');

const toInt = (v: unknown) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v);
  return v;
};

/** A positive integer id, from a number or a string of digits. */
export const id = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : toInt(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? required(label) : `The ${label} must be a valid id.`) })
      .int(`The ${label} must be a valid id.`)
      .positive(`The ${label} must be a valid id.`)
      .max(2_147_483_647, `The ${label} must be a valid id.`),
  );

export const optionalId = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : toInt(v)),
    z
      .number({ error: `The ${label} must be a valid id.` })
      .int(`The ${label} must be a valid id.`)
      .positive(`The ${label} must be a valid id.`)
      .max(2_147_483_647, `The ${label} must be a valid id.`)
      .nullable(),
  );

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

/** A calendar date as YYYY-MM-DD that exists (2024-02-30 is refused). */
export const isoDate = (label: string) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .refine(isValidIsoDate, `The ${label} is not a valid date (YYYY-MM-DD).`);

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
    search: z.string().trim().max(200).optional().catch(undefined),
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
