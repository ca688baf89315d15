import { sql, type SQL } from 'drizzle-orm';

/**
 * A `timestamptz` column as CONTRACT.md §2 sends timestamps: ISO-8601 UTC with milliseconds
 * (`2026-03-01T10:00:00.123Z`, what `Date.toISOString()` gives), not PostgreSQL's text form.
 * `column` is a column name written in the code (`alias.column`), each part quoted as an identifier.
 */
export const isoTimestamp = (column: string): SQL =>
  sql`to_char(${sql.join(
    column.split('.').map((part) => sql.identifier(part)),
    sql`.`,
  )} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
