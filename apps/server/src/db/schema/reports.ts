import { date, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The dashboard's day totals (reports feature, report-day-totals.ts; migration 0013): per booking day,
 * card (pending = Future, confirmed = Next Payout, cancelled) and currency, the bookings and the
 * commission and GST of their lines. A cache the summary refreshes before it reads: the days in
 * `report_dirty_days` are recomputed from the lines by the same SQL as the live cards.
 */
export const reportDayTotals = pgTable(
  'report_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    card: varchar('card', { length: 16 }).notNull(),
    currency_id: integer('currency_id').notNull(),
    bookings: integer('bookings').notNull(),
    /** Commission lines (a card detail's row count). */
    lines: integer('lines').notNull().default(0),
    commission: numeric('commission').notNull(),
    gst: numeric('gst').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.card, t.currency_id] })],
);

/**
 * Days whose card totals must be recomputed: appended by statement triggers on every write that can
 * move a card (bookings, lines, transactions, an agent's GST, the GST rate, an account's owner, a
 * supplier's currency), removed by the refresh that recomputes them. No key: writers never wait on each other.
 */
export const reportDirtyDays = pgTable('report_dirty_days', { day: date('day', { mode: 'string' }).notNull() }, (t) => [
  index('report_dirty_days_day_idx').on(t.day),
]);
