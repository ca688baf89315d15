/**
 * The day totals (migration 0013): per booking day, card and currency, the bookings in the card and the
 * commission and GST of their lines, as `bookingLinesSql` computes them. The admins' summary of a whole
 * range (no filter but the dates) adds these up instead of computing every line: a few thousand rows
 * for all time at a million bookings.
 *
 * Writes never compute anything: statement triggers append the days they touch to `report_dirty_days`.
 * A read first recomputes the dirty days of its range, in one transaction: it takes the refresh lock
 * (refreshes run one at a time, so two never recompute the same day into each other's rows), removes
 * those days from the dirty list, recomputes them from the lines as of now and stores them. A write that
 * commits meanwhile has appended its day again, so the next read recomputes it: a day is never left
 * stale. Counts add up across days because each booking has one day, one card and one currency.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dateArray } from '../../shared/sql';
import { adminRangeScope, type ReportScope } from './report-filters';
import { bookingLinesSql } from './report-lines';

/** The transaction-level advisory lock of the refresh ('report days'). */
const REFRESH_LOCK = 727_014;

/** The booking cards the day totals hold (Past is read from the payout items). */
const DAY_CARDS = ['pending', 'confirmed', 'cancelled'] as const;

/** Recomputes the dirty days between `start` and `end` (inclusive); returns how many. */
export async function refreshDayTotals(db: Db, gstRate: string, start: string, end: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    const { rows } = await tx.execute<{ day: string }>(
      sql`delete from report_dirty_days where day between ${start} and ${end} returning day`,
    );
    const days = [...new Set(rows.map((r) => r.day))].sort();
    if (days.length === 0) return 0;
    const scope: ReportScope = { ...adminRangeScope(days[0]!, days[days.length - 1]!), days };
    await tx.execute(sql`delete from report_day_totals where day = any(${dateArray(days)})`);
    await tx.execute(sql`
      insert into report_day_totals (day, card, currency_id, bookings, lines, commission, gst)
      select l.booking_date, l.card, l.currency_id, count(distinct l.booking_id), count(*), sum(l.commission), sum(l.gst)
        from (${bookingLinesSql(scope, gstRate, DAY_CARDS)}) l
       group by l.booking_date, l.card, l.currency_id`);
    return days.length;
  });
}

/**
 * The booking cards' lines of a whole range as `card, currency_id, bookings, lines, commission, gst` rows (one
 * per day, card and currency), after refreshing the range's dirty days. Shaped like the grouped lines,
 * so the summary sums either the same way.
 */
export async function dayTotalsSql(db: Db, gstRate: string, s: ReportScope) {
  await refreshDayTotals(db, gstRate, s.start_date, s.end_date);
  return sql`
    select t.card, t.currency_id, t.bookings, t.lines, t.commission, t.gst
      from report_day_totals t
     where t.day between ${s.start_date} and ${s.end_date}`;
}
