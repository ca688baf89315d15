import { z } from 'zod';

/**
 * Online backup and restore of the product's database (docs/decisions/0007-backup-and-restore.md).
 *
 * A backup is one gzip file written from one `REPEATABLE READ, READ ONLY` transaction:
 *
 *   COMMISSION-BACKOFFICE-BACKUP            the magic line
 *   {header}                                one JSON line: format version, server version, migration
 *                                           level, created_at, per table its columns, rows, checksum,
 *                                           and the sequences' positions
 *   \table public.<name>                    then per table, in foreign-key order, the rows exactly as
 *   <COPY text rows>                        `COPY … TO STDOUT` writes them, ended by PostgreSQL's own
 *   \.                                      end-of-data line (a data line never starts with `\.`)
 *   \end <sha256>                           the SHA-256 of every byte above this line
 *
 * A restore reads the file twice: once to check it whole (magic, header, framing, row counts, SHA-256)
 * before touching the database, then again into ONE transaction that brings the schema to the
 * backup's migration level, empties every table, loads them with `COPY … FROM STDIN`, resets the
 * sequences, checks every table's row count and checksum against the header, migrates on to this
 * code's level and commits. Anything wrong rolls everything back.
 */

/** The schemas whose tables a backup holds. pg-boss's `pgboss` is left out: see the decision record. */
export const BACKUP_SCHEMAS = ['public'] as const;

export const MAGIC = 'COMMISSION-BACKOFFICE-BACKUP';
export const BACKUP_FORMAT_VERSION = 1;
/** The order-independent digest of a table's rows, also named in the header. */
export const CHECKSUM_FUNCTION = 'sum(hashtextextended(row(<columns>)::text, 0)::numeric)';

/** A refusal with a message for the operator (bad file, wrong database, nothing done). */
export class BackupError extends Error {}

const tableEntry = z.object({
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  /** The columns COPY carries: all but the generated ones, which PostgreSQL recomputes. */
  copy_columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().nonnegative(),
  checksum: z.string().regex(/^-?\d+$/),
});
const sequenceEntry = z.object({
  name: z.string().min(1),
  last_value: z.string().regex(/^-?\d+$/),
  is_called: z.boolean(),
});
const migrationLevel = z.object({ tag: z.string().nullable(), created_at: z.number().int(), hash: z.string() });
export const headerSchema = z.object({
  format: z.literal('commission-backoffice-backup'),
  format_version: z.number().int().positive(),
  server_version: z.string(),
  server_version_num: z.number().int(),
  migration: migrationLevel,
  created_at: z.string(),
  checksum_function: z.string(),
  schemas: z.array(z.string()),
  tables: z.array(tableEntry),
  sequences: z.array(sequenceEntry),
});
export type BackupHeader = z.infer<typeof headerSchema>;
export type BackupTable = z.infer<typeof tableEntry>;
export type MigrationLevel = z.infer<typeof migrationLevel>;
