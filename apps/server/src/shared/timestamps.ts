import { sql, type SQL } from 'drizzle-orm';

/**
 * A `timestamptz` column as CONTRACT.md §2 sends timestamps: ISO-8601 UTC with milliseconds
 * (`2026-03-01T10:00:00.123Z`, what `Date.toISOString()` gives), not PostgreSQL's text form.
 * `column` is SQL text written in the code (a qualified column name), never input.
 */
export const isoTimestamp = (column: string): SQL =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
