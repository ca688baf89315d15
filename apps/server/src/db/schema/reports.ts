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

/**
 * Past Commissions' distinct bookings (report-day-totals.ts; migration 0027): per payout day and
 * currency, the bookings paid that day, grouped by each one's previous payout day in that currency
 * (`prev_day`, null for its first). A range [S, E] counts the rows of its days whose `prev_day` is null or
 * before S: a booking paid in the range is counted once, on its first payout day there, so the count
 * never reads the payout items. Kept by the dirty-day refresh; a payout dated before one of its
 * bookings' later payout days marks that later day dirty too (its previous day moved: migration 0027).
 */
export const reportPaidDays = pgTable(
  'report_paid_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency_id: integer('currency_id').notNull(),
    prev_day: date('prev_day', { mode: 'string' }),
    bookings: integer('bookings').notNull(),
  },
  (t) => [index('report_paid_days_day_idx').on(t.day, t.currency_id, t.prev_day)],
);

/** The columns a chart total has besides its period: what it counts, in which currency, for whom, and the sum. */
const refTotalColumns = () => ({
  card: varchar('card', { length: 16 }).notNull(),
  currency_id: integer('currency_id').notNull(),
  /** 'agent' or 'supplier': `ref_id` is an agent's or a supplier's id. */
  kind: varchar('kind', { length: 8 }).notNull(),
  ref_id: integer('ref_id').notNull(),
  commission: numeric('commission').notNull(),
});

/**
 * The dashboard charts' totals (report-day-totals.ts; migration 0020): per day, card, currency and agent
 * (`kind` 'agent') or supplier ('supplier'), the commission (GST excluded) of the card's lines, a line's
 * day being its booking date, or for Past (`paid`) its payout date. Kept by the same dirty-day refresh
 * as the day totals; each line is in exactly one agent row and one supplier row.
 */
export const reportDayRefs = pgTable(
  'report_day_refs',
  { day: date('day', { mode: 'string' }).notNull(), ...refTotalColumns() },
  (t) => [primaryKey({ columns: [t.day, t.card, t.currency_id, t.kind, t.ref_id] })],
);

/**
 * `report_day_refs` added up from the first of the month to each day (`day`), for every day from the
 * first with a row to the month's end (migration 0027): a chart range's part of a month [a, b] is the day
 * b's rows less the day before a's, one row per agent instead of one per day and card. A supplier's rows
 * are per card (the charts' months); an agent's are one card, 'earned' (every card but Cancelled). `days`
 * counts the day rows added up (a difference above 0: the agent or supplier had lines in [a, b]).
 * Recomputed with the day rows, from the first recomputed day of the month on, so it always adds up the
 * stored day rows.
 */
export const reportCumRefs = pgTable(
  'report_cum_refs',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...refTotalColumns(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.card, t.currency_id, t.kind, t.ref_id] })],
);

/** `report_day_refs` added up per month (`month` its first day): what a long range reads for its whole months. */
export const reportMonthRefs = pgTable(
  'report_month_refs',
  { month: date('month', { mode: 'string' }).notNull(), ...refTotalColumns() },
  // Kind first: a long range reads the supplier rows of every whole month, the agent rows of a few.
  (t) => [primaryKey({ columns: [t.kind, t.month, t.card, t.currency_id, t.ref_id] })],
);

/**
 * The agent rows of `report_month_refs` added up per year (`year` its first day): what an all-time range
 * reads for its whole years (the charts' months come from the supplier rows, by month).
 */
export const reportYearRefs = pgTable(
  'report_year_refs',
  { year: date('year', { mode: 'string' }).notNull(), ...refTotalColumns() },
  (t) => [primaryKey({ columns: [t.year, t.card, t.currency_id, t.kind, t.ref_id] })],
);
