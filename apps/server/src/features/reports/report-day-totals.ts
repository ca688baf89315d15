/**
 * The day totals (migration 0013): per booking day, card and currency, the bookings in the card and the
 * commission and GST of their lines, as `bookingLinesSql` computes them. The admins' summary of a whole
 * range (no filter but the dates) adds these up instead of computing every line: a few thousand rows
 * for all time at a million bookings.
 *
 * Writes never compute anything: statement triggers append the days they touch to `report_dirty_days`.
 * Reads never write: a summary takes the stored totals of the clean days of its range and computes the
 * dirty ones live, in one statement (one snapshot, so a day is either stored or live, never both and
 * never neither, and the Past card read beside it agrees). The job runner recomputes the dirty days in
 * the background (`refreshDirtyDays`, every few seconds on each server): it takes the refresh lock (one
 * refresher at a time, the others skip), removes a batch of days from the dirty list, recomputes them
 * from the lines as of then and stores them. A write that commits meanwhile has appended its day again,
 * so the next pass recomputes it: a day is never left stale. Counts add up across days because each
 * booking has one day, one card and one currency.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { PeriodicTask } from '../../jobs/job-runner';
import { getGstRate } from '../../shared/settings';
import { dateArray } from '../../shared/sql';
import { adminRangeScope, type ReportScope } from './report-filters';
import { bookingLinesSql } from './report-lines';

/** The transaction-level advisory lock of the refresh ('report days'). */
const REFRESH_LOCK = 727_014;

/** The booking cards the day totals hold (Past is read from the payout items). */
const DAY_CARDS = ['pending', 'confirmed', 'cancelled'] as const;

/** The most days one refresh transaction recomputes (a GST rate change makes every day dirty). */
const REFRESH_BATCH_DAYS = 120;

/**
 * Recomputes the dirty days, oldest first, `batchDays` per transaction, until none is left or `stopping()`
 * says so; returns how many days it recomputed, or 0 at once when another refresher holds the lock.
 */
export async function refreshDirtyDays(
  db: Db,
  batchDays = REFRESH_BATCH_DAYS,
  stopping: () => boolean = () => false,
): Promise<number> {
  let done = 0;
  while (!stopping()) {
    const n = await db.transaction(async (tx) => {
      const { rows: lock } = await tx.execute<{ ok: boolean }>(
        sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as ok`,
      );
      if (!lock[0]!.ok) return 0;
      const { rows } = await tx.execute<{ day: string }>(
        sql`select distinct day::text as day from report_dirty_days order by 1 limit ${batchDays}`,
      );
      const days = rows.map((r) => r.day);
      if (days.length === 0) return 0;
      // Every mark of these days committed so far goes; a write committing after this statement leaves
      // its own mark, so the day is recomputed again.
      await tx.execute(sql`delete from report_dirty_days where day = any(${dateArray(days)})`);
      const scope: ReportScope = { ...adminRangeScope(days[0]!, days[days.length - 1]!), days };
      await tx.execute(sql`delete from report_day_totals where day = any(${dateArray(days)})`);
      await tx.execute(sql`
        insert into report_day_totals (day, card, currency_id, bookings, lines, commission, gst)
        select l.booking_date, l.card, l.currency_id, count(distinct l.booking_id), count(*), sum(l.commission), sum(l.gst)
          from (${bookingLinesSql(scope, await getGstRate(tx), DAY_CARDS)}) l
         group by l.booking_date, l.card, l.currency_id`);
      return days.length;
    });
    if (n === 0) return done;
    done += n;
  }
  return done;
}

/**
 * The booking cards' lines of a whole range as `card, currency_id, bookings, lines, commission, gst` rows:
 * the stored totals of its clean days and its dirty days computed live. Shaped like the grouped lines,
 * so the summary sums either the same way. Use it inside one statement with the rest of the summary.
 */
export function dayTotalsSql(gstRate: string, s: ReportScope): SQL {
  const dirty = sql`select d.day from report_dirty_days d where d.day between ${s.start_date} and ${s.end_date}`;
  const live: ReportScope = { ...adminRangeScope(s.start_date, s.end_date), days: dirty };
  return sql`
    select t.card, t.currency_id, t.bookings, t.lines, t.commission, t.gst
      from report_day_totals t
     where t.day between ${s.start_date} and ${s.end_date} and t.day not in (${dirty})
    union all
    select l.card, l.currency_id, count(distinct l.booking_id)::int, count(*)::int, sum(l.commission), sum(l.gst)
      from (${bookingLinesSql(live, gstRate, DAY_CARDS)}) l
     group by l.card, l.currency_id`;
}

/** How often each server looks for dirty days (a summary computes them live meanwhile). */
const REFRESH_EVERY_MS = 5_000;

/**
 * The job runner's side of the day totals: no queue, a sweep on each server every few seconds that
 * recomputes the dirty days (one server at a time: the others find the lock taken and skip). The sweep
 * does not wait for the refresh (after a GST rate change every day is dirty: the start-up must not wait
 * for that), and stops between batches when the server shuts down.
 */
export function dayTotalsRefresher(db: Db, log: Pick<Logger, 'error'>): PeriodicTask & { stop(): void } {
  let stopping = false;
  let running: Promise<unknown> | null = null;
  const refresh = () => {
    running ??= refreshDirtyDays(db, REFRESH_BATCH_DAYS, () => stopping)
      .catch((err: unknown) => {
        if (!stopping) log.error({ err }, 'day totals refresh failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    task: 'report-day-totals',
    sweepMs: REFRESH_EVERY_MS,
    sweep: async () => {
      void refresh();
    },
    stop: () => {
      stopping = true;
    },
  };
}
