/**
 * The day totals (migration 0013): per day, card and currency, the bookings in the card and the
 * commission and GST of their lines, as `bookingLinesSql` and `itemLinesSql` compute them (a booking
 * card's line on its booking date, Past on its payout date), and the charts' totals per agent and per
 * supplier beside them (migration 0020, added up per month and year, and month to date: 0027), and Past's
 * paid bookings per payout day by their previous payout day (0027). The admins' summary and charts of a
 * whole range (no filter but the dates) read these instead of computing every line: a few thousand rows
 * for all time at ten million bookings.
 *
 * Writes never compute anything: statement triggers append the days they touch to `report_dirty_days`.
 * Reads never write: a summary takes the stored totals of the clean days of its range and computes the
 * dirty ones live, in one statement (one snapshot, so a day is either stored or live, never both and
 * never neither, and the Past card read beside it agrees). The job runner recomputes the dirty days in
 * the background (`refreshDirtyDays`, every few seconds on each server): it takes the refresh lock (one
 * refresher at a time, the others skip), removes a batch of days from the dirty list, recomputes them
 * from the lines as of then and stores them. A write that commits meanwhile has appended its day again,
 * so the next pass recomputes it: a day is never left stale. A booking card's counts add up across
 * days because each booking has one day, one card and one currency there (Past's do not: see dayTotalsSql).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { withTryLock, type Db, type Tx } from '../../db/client';
import type { PeriodicTask } from '../../jobs/job-runner';
import { getGstRate } from '../../shared/settings';
import { dateArray } from '../../shared/sql';
import { adminRangeScope, type ReportScope } from './report-filters';
import { bookingLinesSql, itemLinesSql } from './report-lines';

/** The transaction-level advisory lock of the refresh ('report days'). */
const REFRESH_LOCK = 727_014;

/** The booking cards, computed by `bookingLinesSql` (Past comes from the payout items: `itemLinesSql`). */
const DAY_CARDS = ['pending', 'confirmed', 'cancelled'] as const;

/** The dirty days of a range, as a subquery: what a read computes live. */
export const dirtyDaysIn = (start: string, end: string): SQL =>
  sql`select d.day from report_dirty_days d where d.day between ${start}::date and ${end}::date`;

/**
 * The most days one refresh transaction recomputes (a GST rate change, or an import spanning years, makes
 * a thousand days dirty): a month's worth, so the newest month is stored within seconds (~0.35 s a day at
 * ten million bookings) while the older ones follow.
 */
const REFRESH_BATCH_DAYS = 31;

/**
 * Recomputes the dirty days, newest first (the dashboard opens on the last 30 days, which a read computes
 * live while they are dirty), `batchDays` per transaction, until none is left or `stopping()`
 * says so; returns how many days it recomputed, or 0 at once when another refresher holds the lock.
 */
export async function refreshDirtyDays(
  db: Db,
  batchDays = REFRESH_BATCH_DAYS,
  stopping: () => boolean = () => false,
): Promise<number> {
  let done = 0;
  while (!stopping()) {
    const n = await withTryLock(db, REFRESH_LOCK, async (tx) => {
      const { rows } = await tx.execute<{ day: string }>(
        sql`select distinct day::text as day from report_dirty_days order by 1 desc limit ${batchDays}`,
      );
      const days = rows.map((r) => r.day).reverse();
      if (days.length === 0) return 0;
      // Every mark of these days committed so far goes; a write committing after this statement leaves
      // its own mark, so the day is recomputed again.
      await tx.execute(sql`delete from report_dirty_days where day = any(${dateArray(days)})`);
      const scope: ReportScope = { ...adminRangeScope(days[0]!, days[days.length - 1]!), days };
      await tx.execute(sql`delete from report_day_totals where day = any(${dateArray(days)})`);
      await tx.execute(sql`delete from report_day_refs where day = any(${dateArray(days)})`);
      await tx.execute(sql`delete from report_paid_days where day = any(${dateArray(days)})`);
      await tx.execute(sql`
        insert into report_paid_days (day, currency_id, prev_day, bookings)
        ${paidDayRowsSql(sql`select unnest(${dateArray(days)})`)}`);
      // The lines of these days computed once, for both: the booking cards' totals per day, and every
      // card's commission per agent and per supplier (Past on its payout date) for the charts.
      await tx.execute(sql`
        with l as materialized (${chartLinesSql(scope, await getGstRate(tx))}),
        totals as (
          insert into report_day_totals (day, card, currency_id, bookings, lines, commission, gst)
          select l.day, l.card, l.currency_id, count(distinct l.booking_id), count(*), sum(l.commission), sum(l.gst)
            from l
           group by l.day, l.card, l.currency_id
        )
        insert into report_day_refs (day, card, currency_id, kind, ref_id, commission)
        ${refRowsSql(sql`l`)}`);
      // The month-to-date rows from each month's first recomputed day on (drizzle/0027), from the day rows.
      await tx.execute(sql`select report_recompute_cum_refs(${dateArray(days)})`);
      // Their months, added up again from the day rows (a month is read whole only when none of its
      // days is dirty: see chartTotalsSql), and their years from the months, agent rows only (the charts'
      // months come from the supplier rows; the same rule).
      await rollUp(tx, 'month', days);
      await rollUp(tx, 'year', days);
      return days.length;
    });
    if (!n) break;
    done += n;
  }
  // A refresh of many days (after a migration, a GST rate change, an import spanning years) rewrites most of
  // these tables: their statistics and visibility map at once, not at autovacuum's next pass. Until then,
  // measured at a million bookings, an all-time summary took 317–344 ms instead of 23–27: planned on the
  // old counts, and with `analyze` alone still reading the heap behind every index entry of the new rows.
  if (done >= ANALYZE_AFTER_DAYS)
    await db.execute(
      sql`vacuum (analyze) report_day_totals, report_day_refs, report_month_refs, report_year_refs, report_cum_refs, report_paid_days`,
    );
  return done;
}

/** How many days one refresh recomputes before it vacuums and analyzes the tables too. */
export const ANALYZE_AFTER_DAYS = 100;

/**
 * Every card's lines of a whole range as `card, currency_id, bookings, lines, commission, gst` rows: the
 * stored totals of its clean days and its dirty days computed live (Past on its payout dates). Shaped like
 * the grouped lines, so the summary sums either the same way. A booking is in one day of each booking
 * card, so their counts add up across days; Past's does not (a booking paid on two days of the range is
 * one booking), so its day rows count 0 and `withPaid` adds the range's distinct paid bookings per
 * currency: `report_paid_days` of the clean days and the dirty ones live, each booking on its first payout
 * day in the range (its previous payout day is none or before the range). Use it inside one statement
 * with the rest of the summary.
 */
export function dayTotalsSql(gstRate: string, s: ReportScope, withPaid: boolean): SQL {
  const dirty = dirtyDaysIn(s.start_date, s.end_date);
  const live: ReportScope = { ...adminRangeScope(s.start_date, s.end_date), days: dirty };
  const paidBookings = sql`
    union all
    select 'paid', t.currency_id, sum(t.bookings)::int, 0, 0, 0
      from (select t.day, t.currency_id, t.prev_day, t.bookings
              from report_paid_days t
             where t.day between ${s.start_date} and ${s.end_date} and t.day not in (${dirty})
            union all
            ${paidDayRowsSql(dirty)}) t
     where t.prev_day is null or t.prev_day < ${s.start_date}::date
     group by t.currency_id`;
  return sql`
    select t.card, t.currency_id, case when t.card = 'paid' then 0 else t.bookings end, t.lines, t.commission, t.gst
      from report_day_totals t
     where t.day between ${s.start_date} and ${s.end_date} and t.day not in (${dirty})
    union all
    select l.card, l.currency_id, case when l.card = 'paid' then 0 else count(distinct l.booking_id) end::int,
           count(*)::int, sum(l.commission), sum(l.gst)
      from (${chartLinesSql(live, gstRate)}) l
     group by l.card, l.currency_id
    ${withPaid ? paidBookings : sql``}`;
}

/**
 * `report_paid_days`' rows of the payout days in `days` (a one-column subquery), computed from the payout
 * items: per day and currency, the bookings paid that day, grouped by each one's previous payout day in
 * that currency (null for its first).
 */
function paidDayRowsSql(days: SQL): SQL {
  return sql`
    select d.day, d.currency_id, prev.day as prev_day, count(*)::int as bookings
      from (select distinct p.payout_date as day, p.currency_id, pi.booking_id
              from payouts p join payout_items pi on pi.payout_id = p.id
             where p.payout_date in (${days})) d
     cross join lateral (select max(p2.payout_date) as day
                           from payout_items pi2 join payouts p2 on p2.id = pi2.payout_id
                          where pi2.booking_id = d.booking_id and p2.currency_id = d.currency_id
                            and p2.payout_date < d.day) prev
     group by d.day, d.currency_id, prev.day`;
}

/** The coarser chart totals of `days`' months (from `report_day_refs`) or years (from the months' agent rows). */
async function rollUp(tx: Tx, unit: 'month' | 'year', days: readonly string[]): Promise<void> {
  const periods = [...new Set(days.map((d) => (unit === 'month' ? `${d.slice(0, 7)}-01` : `${d.slice(0, 4)}-01-01`)))];
  const [table, from, fromPeriod] =
    unit === 'month'
      ? [sql`report_month_refs`, sql`report_day_refs`, sql`r.day`]
      : [sql`report_year_refs`, sql`report_month_refs`, sql`r.month`];
  const [first, last] = [sql`${periods[0]!}::date`, sql`${periods[periods.length - 1]!}::date`];
  await tx.execute(sql`delete from ${table} where ${sql.identifier(unit)} = any(${dateArray(periods)})`);
  await tx.execute(sql`
    insert into ${table} (${sql.identifier(unit)}, card, currency_id, kind, ref_id, commission)
    select date_trunc(${unit}, ${fromPeriod})::date, r.card, r.currency_id, r.kind, r.ref_id, sum(r.commission)
      from ${from} r
     where ${fromPeriod} >= ${first} and ${fromPeriod} < ${last} + ${`1 ${unit}`}::interval
       and date_trunc(${unit}, ${fromPeriod})::date = any(${dateArray(periods)})
       ${unit === 'year' ? sql`and r.kind = 'agent'` : sql``}
     group by 1, 2, 3, 4, 5`);
}

/**
 * Every card's lines in the scope with the day the charts count them on (`day`: the booking date, or a
 * Past line's payout date) and the columns the day totals group: booking_id, commission, gst.
 */
function chartLinesSql(s: ReportScope, gstRate: string): SQL {
  return sql`
    select x.card, x.booking_id, x.currency_id, x.agent_id, x.supplier_id, x.commission, x.gst,
           coalesce(x.payout_date, x.booking_date) as day
      from (${bookingLinesSql(s, gstRate, DAY_CARDS)} union all ${itemLinesSql(s)}) x`;
}

/** `day, card, currency_id, kind, ref_id, commission` of the lines aliased `l`: one row per agent and one per supplier. */
function refRowsSql(l: SQL): SQL {
  return sql`
    select ${l}.day, ${l}.card, ${l}.currency_id,
           case when grouping(${l}.agent_id) = 0 then 'agent' else 'supplier' end,
           case when grouping(${l}.agent_id) = 0 then ${l}.agent_id else ${l}.supplier_id end,
           sum(${l}.commission)
      from ${l}
     group by grouping sets ((${l}.day, ${l}.card, ${l}.currency_id, ${l}.agent_id),
                             (${l}.day, ${l}.card, ${l}.currency_id, ${l}.supplier_id))`;
}

/**
 * The charts of an admin's whole range as `day, card, currency_id, kind, ref_id, commission` rows (kind
 * 'agent' or 'supplier'; every line is in one row of each), one statement, one snapshot: the stored years
 * (agent rows) and months that lie whole in the range with no dirty day; of each other month, its part
 * [a, b] of the range as the month-to-date rows of b less those of the day before a when no day of
 * [a, b] is dirty, else its clean day rows and its dirty days computed live. A year's, month's or part's
 * `day` is its first day. `gstRate` null: the caller saw no dirty day in the range in this statement's
 * snapshot (a repeatable-read transaction), and the live part (whose planning alone takes ~15 ms) is
 * left out.
 */
export function chartTotalsSql(s: ReportScope, gstRate: string | null): SQL {
  const [start, end] = [sql`${s.start_date}::date`, sql`${s.end_date}::date`];
  const dirty = dirtyDaysIn(s.start_date, s.end_date);
  const dirtyBetween = (from: SQL, to: SQL) =>
    sql`exists (select 1 from report_dirty_days d where d.day >= ${from} and d.day <= ${to})`;
  // Every year and month of the range that holds stored days (none lie outside the day rows' first and
  // last day), its part of the range [a, b], and whether it is read whole: inside the range, no day dirty.
  const periods = (unit: 'year' | 'month') => sql`
    select p.first_day, p.last_day, greatest(p.first_day, ${start}) as a, least(p.last_day, ${end}) as b,
           p.first_day >= ${start} and p.last_day <= ${end} and not ${dirtyBetween(sql`p.first_day`, sql`p.last_day`)} as whole
      from (select g::date as first_day, (g + ${`1 ${unit}`}::interval)::date - 1 as last_day
              from generate_series(date_trunc(${unit}, greatest(${start}, (select min(day) from report_day_refs))),
                                   date_trunc(${unit}, least(${end}, (select max(day) from report_day_refs))),
                                   ${`1 ${unit}`}::interval) g) p`;
  const live: ReportScope = { ...adminRangeScope(s.start_date, s.end_date), days: dirty };
  return sql`
    with y as (${periods('year')}),
    m as (select m.*, coalesce(y.whole, false) as in_whole_year,
                 not m.whole and not ${dirtyBetween(sql`m.a`, sql`m.b`)} as clean_part
            from (${periods('month')}) m left join y on y.first_day = date_trunc('year', m.first_day)::date)
    -- Each period's rows through its key (a lateral fenced by offset 0: the planner cannot tell how few
    -- periods there are, and would hash every month's agent rows to join one month).
    select r.year as day, r.card, r.currency_id, r.kind, r.ref_id, r.commission
      from y cross join lateral (select * from report_year_refs r where r.year = y.first_day offset 0) r
     where y.whole
    union all
    -- The supplier rows by month even in a whole year: each line is in one, so they give the charts' months.
    select r.month, r.card, r.currency_id, r.kind, r.ref_id, r.commission
      from m cross join lateral (select * from report_month_refs r where r.kind = 'supplier' and r.month = m.first_day offset 0) r
     where m.whole
    union all
    select r.month, r.card, r.currency_id, r.kind, r.ref_id, r.commission
      from m cross join lateral (select * from report_month_refs r where r.kind = 'agent' and r.month = m.first_day offset 0) r
     where m.whole and not m.in_whole_year
    union all
    -- A month not whole is in no whole year. Its part with no dirty day: b's month-to-date rows less the
    -- day before a's (kept when the agent or supplier had a day row in [a, b], as the day rows would be;
    -- an agent's in one card, 'earned', all the charts read of an agent).
    select m.a, c.card, c.currency_id, c.kind, c.ref_id, sum(c.commission)
      from m cross join lateral (
             select r.card, r.currency_id, r.kind, r.ref_id, r.commission, r.days
               from report_cum_refs r where r.day = m.b
             union all
             select r.card, r.currency_id, r.kind, r.ref_id, -r.commission, -r.days
               from report_cum_refs r where r.day = m.a - 1 and m.a > m.first_day) c
     where m.clean_part
     group by m.a, c.card, c.currency_id, c.kind, c.ref_id
    having sum(c.days) > 0
    union all
    select r.day, r.card, r.currency_id, r.kind, r.ref_id, r.commission
      from m join report_day_refs r on r.day between m.a and m.b
     where not m.whole and not m.clean_part and r.day not in (${dirty})
    ${gstRate === null ? sql`` : sql`union all select * from (with l as (${chartLinesSql(live, gstRate)}) ${refRowsSql(sql`l`)}) live`}`;
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
