import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { agents } from './agents';
import { users } from './auth';
import { suppliers } from './reference';
import { storedFiles } from './stored-files';

export const bookingGroups = pgTable(
  'booking_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    description: text('description').notNull().default(''),
    /** The agent whose group it is (null: created by an admin for no one in particular). */
    agent_id: integer('agent_id').references(() => agents.id),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('booking_groups_agent_idx').on(t.agent_id)],
);

/*
 * Besides what Drizzle declares below, migration 0017 adds (NOT VALID, so rows written before are reported
 * by `books:check` rather than stopping the migration) the CHECK constraints of DOMAIN.md "Money
 * invariants" 1: `bookings_paid_within_gross` (paid_amount between 0 and the gross, same sign) and
 * `bookings_status_follows_payouts` (partial and completed only with what payouts paid; pending and
 * confirmed with nothing paid).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    booking_reference: varchar('booking_reference', { length: 64 }).notNull(),
    trip_number: varchar('trip_number', { length: 64 }),
    customer_name: varchar('customer_name', { length: 255 }).notNull(),
    booking_date: date('booking_date', { mode: 'string' }).notNull(),
    /** Gross commission in the supplier's currency; negative for a refund booking. */
    booking_amount: numeric('booking_amount', { precision: 14, scale: 2 }).notNull(),
    expected_commission: numeric('expected_commission', { precision: 14, scale: 2 }).notNull(),
    /** The agent-side rate r that produced expected_commission, and where it came from. */
    commission_percentage: numeric('commission_percentage', { precision: 7, scale: 4 }).notNull(),
    rate_source: varchar('rate_source', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    notes: text('notes'),
    is_personal: boolean('is_personal').notNull().default(false),
    is_group_booking: boolean('is_group_booking').notNull().default(false),
    booking_group_id: integer('booking_group_id').references(() => bookingGroups.id),
    primary_agent_id: integer('primary_agent_id')
      .notNull()
      .references(() => agents.id),
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    is_sub_agent: boolean('is_sub_agent').notNull().default(false),
    parent_agent_id: integer('parent_agent_id').references(() => agents.id),
    sub_agent_id: integer('sub_agent_id').references(() => agents.id),
    split_percentage: numeric('split_percentage', { precision: 7, scale: 4 }),
    /** Gross settled by payouts so far. */
    paid_amount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    remaining_amount: numeric('remaining_amount', { precision: 14, scale: 2 }).generatedAlwaysAs(
      sql`booking_amount - paid_amount`,
    ),
    is_reconciled: boolean('is_reconciled').notNull().default(false),
    is_claimed_booking: boolean('is_claimed_booking').notNull().default(false),
    booking_receipt_file_id: integer('booking_receipt_file_id').references(() => storedFiles.id),
    /**
     * DOMAIN.md "Matching": the booking's match status against the transactions, kept current by
     * the matching service in the same database transaction as every write that can change it
     * (transactions, booking reference/supplier/amount). NULL = not computed yet (backfilled at start).
     */
    transaction_match_status: varchar('transaction_match_status', { length: 24 }),
    /**
     * What the matched transactions add up to (credits − debits), stored with the match status by the
     * same statement (0 with no transaction; NULL while the status is). Overdue commissions read it.
     */
    transaction_net: numeric('transaction_net', { precision: 14, scale: 2 }),
    /**
     * The reference as match suggestions compare it (drizzle/0023 suggestion_reference_key(), the domain's
     * suggestionReferenceKey): stored, so the lookups read it instead of computing it per row.
     */
    suggestion_key: text('suggestion_key').generatedAlwaysAs(sql`suggestion_reference_key(booking_reference)`),
    /** Match suggestions: the customer's family name as the domain's surnameKey folds it (drizzle/0026). */
    surname_key: text('surname_key').generatedAlwaysAs(sql`suggestion_surname_key(customer_name)`),
    cancellation_note: text('cancellation_note'),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('bookings_status', sql`${t.status} in ('pending', 'confirmed', 'partial', 'completed', 'cancelled')`),
    index('bookings_date_idx').on(t.booking_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bookings_agent_date_idx').on(
      t.primary_agent_id,
      t.booking_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bookings_sub_agent_idx').on(t.sub_agent_id),
    index('bookings_supplier_date_idx').on(t.supplier_id, t.booking_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list filtered on status and supplier (a supplier's page 40 of its pending bookings): the rows of
    // the page in order, without reading the supplier's other statuses (p95 355 -> 15 ms at 10,000,000).
    index('bookings_supplier_status_date_idx').on(
      t.supplier_id,
      t.status,
      t.booking_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The bulk payout search's bookings (bulk-payout-search.ts): open, with money matched. A supplier's month
    // at ten million bookings is ~40,000 bookings, of which ~10,000 are these (the rest paid or cancelled).
    index('bookings_payable_supplier_date_idx')
      .on(t.supplier_id, t.booking_date)
      // (Written as <> twice, not `not in`: PostgreSQL prints the index back in this form, which the bench
      // seed's rebuild reads.)
      .where(sql`status <> 'completed' and status <> 'cancelled' and transaction_match_status <> 'no_transaction'`),
    index('bookings_status_date_idx').on(t.status, t.booking_date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check(
      'bookings_transaction_match_status',
      sql`${t.transaction_match_status} in ('match', 'partial', 'mismatch', 'no_transaction', 'multiple_transactions')`,
    ),
    index('bookings_match_status_date_idx').on(
      t.transaction_match_status,
      t.booking_date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bookings_group_idx').on(t.booking_group_id),
    // Matching to transactions: supplier + normalised reference (DOMAIN.md "Matching").
    index('bookings_supplier_reference_idx').on(t.supplier_id, sql`upper(btrim(${t.booking_reference}))`),
    index('bookings_reference_trgm_idx').using('gin', sql`${t.booking_reference} gin_trgm_ops`),
    index('bookings_customer_trgm_idx').using('gin', sql`${t.customer_name} gin_trgm_ops`),
    // Match suggestions (issue 24 §1): equal keys per supplier, and near ones (one or two characters off)
    // through their first or last four characters, one of which such a typo leaves whole (decision 0013).
    index('bookings_suggestion_key_idx').on(t.supplier_id, t.suggestion_key),
    index('bookings_suggestion_key_start_idx').on(t.supplier_id, sql`left(${t.suggestion_key}, 4)`),
    index('bookings_suggestion_key_end_idx').on(t.supplier_id, sql`right(${t.suggestion_key}, 4)`),
    index('bookings_surname_key_idx').on(t.supplier_id, t.surname_key, t.booking_amount),
    // Overdue commissions: the live bookings that may still be owed money, per supplier by date and id (a
    // page's order), with what the report adds up (an index-only scan per supplier).
    index('bookings_overdue_idx')
      .on(t.supplier_id, t.booking_date, t.id, t.booking_amount, t.transaction_net)
      .where(
        sql`${t.status} <> 'cancelled' and not ${t.is_reconciled} and ${t.booking_amount} > 0 and ${t.transaction_match_status} <> 'match'`,
      ),
  ],
);

/** Overdue commissions: what an admin said chasing a booking's commission, and when to chase again. */
export const bookingFollowUps = pgTable(
  'booking_follow_ups',
  {
    id: serial('id').primaryKey(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    next_follow_up_date: date('next_follow_up_date', { mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_follow_ups_booking_idx').on(t.booking_id, t.id.desc())],
);

/** Commission lines (`actual_commissions`): one per agent that earns from a booking. */
export const actualCommissions = pgTable(
  'actual_commissions',
  {
    id: serial('id').primaryKey(),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** 'primary' (direct), 'parent' or 'sub_agent' */
    role: varchar('role', { length: 16 }).notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    gst_amount: numeric('gst_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    total_with_gst: numeric('total_with_gst', { precision: 14, scale: 2 }).notNull(),
    /** Commission (without GST) paid to this agent so far; never rewritten by a recalculation. */
    paid_amount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    status: varchar('status', { length: 16 }).notNull(),
    payment_date: date('payment_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('actual_commissions_booking_agent_key').on(t.booking_id, t.agent_id),
    index('actual_commissions_agent_status_idx').on(t.agent_id, t.status),
    check('actual_commissions_status', sql`${t.status} in ('pending', 'confirmed', 'paid', 'cancelled')`),
  ],
);

/**
 * The bookings list's exact totals without counting a million rows (issue 23; docs/decisions/0011): how
 * many bookings have each status, stored match status and supplier, as signed deltas that statement
 * triggers append in the writer's transaction (drizzle/0021: no row is ever updated, so writers never
 * wait on each other), summed by the reader in its snapshot and compacted by the job runner. An admin's
 * list filtered on nothing but these reads `sum(n)` here instead of `count(*)` on `bookings`.
 */
export const bookingCounts = pgTable(
  'booking_counts',
  {
    status: varchar('status', { length: 16 }).notNull(),
    transaction_match_status: varchar('transaction_match_status', { length: 24 }),
    supplier_id: integer('supplier_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('booking_counts_supplier_idx').on(t.supplier_id)],
);
