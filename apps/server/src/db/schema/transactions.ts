import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { accounts } from './accounts';
import { users } from './auth';
import { payouts } from './payouts';
import { currencies } from './reference';
import { storedFiles } from './stored-files';

/**
 * A transaction file import (spec §2.6, §3 "Import job"): the uploaded file, the options, and the
 * progress that the status call reports. The upload stages the parsed rows (`import_rows`); the worker
 * (pg-boss) writes them all, refreshes the bookings they match and completes the job in one database
 * transaction (docs/decisions/0003), so a job is either all in or not at all.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** queued → processing → completed | failed */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    transaction_status: varchar('transaction_status', { length: 16 }).notNull(),
    description: text('description'),
    is_partial: boolean('is_partial').notNull().default(false),
    cheque_reference_number: varchar('cheque_reference_number', { length: 64 }),
    reference_image_file_id: integer('reference_image_file_id').references(() => storedFiles.id),
    /** Valid rows found when the file was accepted. */
    total_rows: integer('total_rows').notNull(),
    processed_count: integer('processed_count').notNull().default(0),
    imported_count: integer('imported_count').notNull().default(0),
    /** Row problems, in file order (capped; error_count has the full number). */
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    error_count: integer('error_count').notNull().default(0),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('import_jobs_status', sql`${t.status} in ('queued', 'processing', 'completed', 'failed')`),
    index('import_jobs_unfinished_idx')
      .on(t.status)
      .where(sql`${t.status} in ('queued', 'processing')`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    transaction_type: varchar('transaction_type', { length: 8 }).notNull(),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** Always positive: the type says which way the money moved. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reference_number: varchar('reference_number', { length: 64 }).notNull(),
    /** DOMAIN.md "Matching": trimmed and case-insensitive. */
    normalized_reference: varchar('normalized_reference', { length: 64 }).generatedAlwaysAs(
      sql`upper(btrim(reference_number))`,
    ),
    status: varchar('status', { length: 16 }).notNull().default('completed'),
    description: text('description'),
    is_partial: boolean('is_partial').notNull().default(false),
    cheque_reference_number: varchar('cheque_reference_number', { length: 64 }),
    reference_image_file_id: integer('reference_image_file_id').references(() => storedFiles.id),
    transaction_date: date('transaction_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set for rows written by a file import: the job and the file's row number (1-based). */
    import_job_id: uuid('import_job_id').references(() => importJobs.id),
    import_row: integer('import_row'),
    /** Set for an agent's debit (or clawback credit) written by a payout (DOMAIN.md "Payouts"). */
    payout_id: integer('payout_id').references(() => payouts.id),
    /**
     * DOMAIN.md "Matching": a booking of the account's supplier has this reference (trimmed,
     * case-insensitive; any status). Kept by triggers (drizzle/0012) and recomputed under the matching
     * lock; the unmatched credits (claims) are read through it.
     */
    matches_booking: boolean('matches_booking').notNull().default(false),
    /**
     * Set when an admin accepted a match suggestion for this credit (issue 24 §1): the reference and the
     * amount the supplier sent (the amount differs for a split), kept as they were; the audit log has who
     * and when. A split's other parts point at the credit they were split from.
     */
    original_reference_number: varchar('original_reference_number', { length: 64 }),
    original_amount: numeric('original_amount', { precision: 14, scale: 2 }),
    split_from_transaction_id: integer('split_from_transaction_id').references((): AnyPgColumn => transactions.id),
    /**
     * A line of a supplier's statement imported in its own layout (issue 24 §2): the statement, and the
     * customer's name and booking date the line carried (they feed the match suggestions).
     */
    statement_id: integer('statement_id').references((): AnyPgColumn => statements.id),
    statement_customer_name: varchar('statement_customer_name', { length: 150 }),
    statement_booking_date: date('statement_booking_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    // A file row is written at most once, whatever a resumed or repeated job does.
    uniqueIndex('transactions_import_row_uq').on(t.import_job_id, t.import_row),
    check('transactions_type', sql`${t.transaction_type} in ('credit', 'debit')`),
    check('transactions_status', sql`${t.status} in ('pending', 'completed', 'failed', 'reversed')`),
    check('transactions_amount_positive', sql`${t.amount} > 0`),
    // Matching a booking: its supplier's accounts, then the normalised reference.
    index('transactions_account_reference_idx').on(t.account_id, t.normalized_reference),
    index('transactions_date_idx').on(t.transaction_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('transactions_account_date_idx').on(
      t.account_id,
      t.transaction_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_status_idx').on(t.status),
    index('transactions_reference_trgm_idx').using('gin', sql`${t.reference_number} gin_trgm_ops`),
    index('transactions_payout_idx')
      .on(t.payout_id)
      .where(sql`${t.payout_id} is not null`),
    // DOMAIN.md "unmatched credit transaction" (claims, the unmatched report), newest first.
    index('transactions_statement_idx')
      .on(t.statement_id)
      .where(sql`${t.statement_id} is not null`),
    index('transactions_split_from_idx')
      .on(t.split_from_transaction_id)
      .where(sql`${t.split_from_transaction_id} is not null`),
    index('transactions_unmatched_credit_idx')
      .on(t.transaction_date.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'completed' and ${t.transaction_type} = 'credit' and not ${t.matches_booking}`),
  ],
);

/**
 * The parsed rows of an import not yet written (docs/decisions/0003): staged by the upload in the
 * transaction that creates the job, read by the job's one set-based insert, deleted when it completes.
 * The type and the absolute amount are the domain's (`importRowType`, `absMoney`). UNLOGGED (drizzle/0019):
 * no WAL for rows that live seconds; a crash of PostgreSQL empties the table, and a job that finds no
 * staged rows parses its stored file again (transaction-import-job.ts).
 */
export const importRows = pgTable(
  'import_rows',
  {
    /** No foreign key (its check costs ~7 µs a row): the job's completion or failure deletes its rows. */
    import_job_id: uuid('import_job_id').notNull(),
    import_row: integer('import_row').notNull(),
    reference_number: varchar('reference_number', { length: 64 }).notNull(),
    transaction_type: varchar('transaction_type', { length: 8 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** A statement line's own date, customer name and booking date (null for the two-column import). */
    transaction_date: date('transaction_date', { mode: 'string' }),
    customer_name: varchar('customer_name', { length: 150 }),
    booking_date: date('booking_date', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.import_job_id, t.import_row] })],
);

/**
 * Match suggestions an admin rejected (issue 24 §1): that credit is never again suggested for that booking
 * (or that set of bookings, a split; ids ascending).
 */
export const matchSuggestionRejections = pgTable(
  'match_suggestion_rejections',
  {
    transaction_id: integer('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    booking_ids: integer('booking_ids').array().notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transaction_id, t.booking_ids] })],
);

/**
 * A supplier's statement imported in its own layout (issue 24 §2): the column mapping it was read with, its
 * file and job (its lines are the transactions with its id), what it added up to, and the deposit the admin
 * says paid it (optional), to compare.
 */
export const statements = pgTable(
  'statements',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    import_job_id: uuid('import_job_id')
      .notNull()
      .references(() => importJobs.id),
    filename: varchar('filename', { length: 255 }).notNull(),
    mapping: jsonb('mapping').notNull(),
    line_count: integer('line_count').notNull(),
    skipped_count: integer('skipped_count').notNull(),
    credit_total: numeric('credit_total', { precision: 14, scale: 2 }).notNull(),
    debit_total: numeric('debit_total', { precision: 14, scale: 2 }).notNull(),
    deposit_amount: numeric('deposit_amount', { precision: 14, scale: 2 }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statements_import_job_uq').on(t.import_job_id),
    index('statements_account_idx').on(t.account_id, t.id.desc()),
  ],
);

/** The column mapping of a supplier account's statements, saved by its last import and offered next time. */
export const statementMappings = pgTable('statement_mappings', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  mapping: jsonb('mapping').notNull(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
