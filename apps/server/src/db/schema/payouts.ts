import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { users } from './auth';
import { bookings } from './bookings';
import { currencies } from './reference';
import { transactions } from './transactions';

/**
 * A payout record (DOMAIN.md "Payouts", docs/decisions/0006-payout-records.md): one per currency of a
 * run. `total_amount` is what went to agents, GST included: the sum of its items' totals, raised in the
 * same database transaction as the items it counts.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    /** The description ('Bookings bulk payout', 'Payout {reference}', …). */
    name: varchar('name', { length: 255 }).notNull(),
    payout_date: date('payout_date', { mode: 'string' }).notNull(),
    currency_id: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    total_amount: numeric('total_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** 'single' (bookings list) or 'bulk' (bulk payout / reconcile screen). */
    kind: varchar('kind', { length: 8 }).notNull(),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payouts_kind', sql`${t.kind} in ('single', 'bulk')`)],
);

/**
 * What one payout paid one agent line of one booking. Immutable: a trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0010). `actual_commission_id` is the line at payout time, not a foreign key: a line
 * that has received nothing may be replaced when its booking is recomputed, and the item keeps its own
 * agent, percentage and amounts.
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: serial('id').primaryKey(),
    payout_id: integer('payout_id')
      .notNull()
      .references(() => payouts.id),
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    actual_commission_id: integer('actual_commission_id').notNull(),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** The payout amount (gross terms) the percentage applies to. */
    gross_portion: numeric('gross_portion', { precision: 14, scale: 2 }).notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull(),
    gst: numeric('gst', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    /** The agent's debit (a credit for a clawback); null when the item is zero. */
    transaction_id: integer('transaction_id').references(() => transactions.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A payout's items; with the booking, the summary counts Past's distinct bookings from the index alone.
    index('payout_items_payout_booking_idx').on(t.payout_id, t.booking_id),
    index('payout_items_agent_created_idx').on(t.agent_id, t.created_at),
    // A booking's items, with their payout: Past's previous payout day of each booking paid on a day
    // (report_paid_days) reads only the index.
    index('payout_items_booking_idx').on(t.booking_id, t.payout_id),
    // A line's items (DOMAIN.md invariant 3: its paid_amount is their sum; books:check reads them by line).
    index('payout_items_actual_commission_idx').on(t.actual_commission_id),
    check('payout_items_total', sql`${t.total} = ${t.commission} + ${t.gst}`),
  ],
);
