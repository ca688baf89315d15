import { z, type ZodType } from 'zod';

/**
 * The building blocks of response schemas. Every route's answer is described here, in the domain, once:
 * the server's API tests check each answer against it (see `checkResponse`), the OpenAPI document is
 * generated from it, and the web client's types are `z.output` of it.
 */

/** Money as it leaves the server: a number rounded to 2 decimals (CONTRACT.md §2). */
export const moneyOut = z.number();
/** A percentage as it leaves the server: a number with at most 4 decimals. */
export const percentOut = z.number();
/** `YYYY-MM-DD`. */
export const dateOut = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** ISO-8601 UTC (CONTRACT.md §2): `2026-03-01T10:00:00.123Z`, fractional seconds optional. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
/** ISO-8601 UTC timestamp: such a string, or a `Date` from the database (serialised to one). */
export const timestampOut = z.union([
  z.string().regex(ISO_TIMESTAMP, 'An ISO-8601 UTC timestamp (YYYY-MM-DDTHH:MM:SS.sssZ).'),
  z.date().transform((d) => d.toISOString()),
]);

/** `{status: 'success', …shape}`. */
export const success = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal('success'), ...shape });

/** `{status: 'success', message, …shape}`. */
export const successMessage = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ status: z.literal('success'), message: z.string(), ...shape });

/** `{status: 'success', data}`. */
export const successData = <T extends ZodType>(data: T) => success({ data });

/** The contract's list page: `{data, current_page, last_page, per_page, from, to, total}`. */
export const pageOf = <T extends ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  });

/** `{status: 'success', message}` alone. */
export const messageResponse = successMessage({});

export type ResponseProblem = { path: string; problem: string };

/**
 * Why `value` does not answer to `schema`: the schema's own issues, plus every key the value carries
 * that the schema does not describe (an undocumented field is drift too: the OpenAPI document and the
 * web client's types would not know it). Empty when it fits.
 */
export function checkResponse(schema: ZodType, value: unknown): ResponseProblem[] {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(root)', problem: i.message }));
  }
  const problems: ResponseProblem[] = [];
  undocumentedKeys(value, parsed.data, '', problems);
  return problems;
}

function undocumentedKeys(input: unknown, output: unknown, at: string, out: ResponseProblem[]): void {
  if (out.length >= 20) return;
  if (Array.isArray(input) && Array.isArray(output)) {
    const n = Math.min(input.length, output.length);
    for (let i = 0; i < n; i++) undocumentedKeys(input[i], output[i], `${at}${at ? '.' : ''}${i}`, out);
    return;
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return;
  for (const key of Object.keys(input)) {
    const path = `${at}${at ? '.' : ''}${key}`;
    if (!(key in output)) {
      if (input[key] !== undefined) out.push({ path, problem: 'not described by the response schema' });
      continue;
    }
    undocumentedKeys(input[key], output[key], path, out);
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** An exact decimal sent as text ('12.50', '-3.1250', '0'): CONTRACT.md §2's "numeric strings". */
export const decimalOut = z.string().regex(/^-?\d+(\.\d+)?$/);
