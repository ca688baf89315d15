/**
 * The bookings list's maintained counts (`booking_counts`, drizzle/0021; docs/decisions/0011): statement
 * triggers append signed deltas per status, stored match status and supplier in every writer's
 * transaction, so `sum(n)` in a reader's snapshot is exactly `count(*)` of the bookings it sees. The
 * job runner folds the deltas into one row per group every few seconds (one server at a time).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { withTryLock, type Db, type DbOrTx } from '../../db/client';
import type { PeriodicTask } from '../../jobs/job-runner';

/** The transaction-level advisory lock of the compaction ('booking counts'). */
const COMPACT_LOCK = 727_016;

/** The filters the maintained counts answer (an admin's list filtered on these alone). */
export interface CountedFilters {
  status?: string | undefined;
  transaction_status?: string | undefined;
  supplier_id?: number | undefined;
}

/** The number of bookings with these filters, from the deltas (exact in the caller's snapshot). */
export async function countBookings(db: DbOrTx, f: CountedFilters): Promise<number> {
  const where: SQL[] = [sql`true`];
  if (f.status) where.push(sql`c.status = ${f.status}`);
  if (f.transaction_status) where.push(sql`c.transaction_match_status = ${f.transaction_status}`);
  if (f.supplier_id) where.push(sql`c.supplier_id = ${f.supplier_id}`);
  const { rows } = await db.execute<{ total: number }>(
    sql`select coalesce(sum(c.n), 0)::int as total from booking_counts c where ${sql.join(where, sql` and `)}`,
  );
  return rows[0]!.total;
}

/**
 * Folds the deltas into one row per group (a group at 0 goes). Returns the rows it folded, or 0 when
 * another server is folding. Deltas a writer commits meanwhile are not in this statement's snapshot:
 * they stay, and the next pass folds them.
 */
export async function compactBookingCounts(db: Db): Promise<number> {
  const folded = await withTryLock(db, COMPACT_LOCK, async (tx) => {
    const { rows } = await tx.execute<{ folded: number }>(sql`
      with gone as (delete from booking_counts returning *),
      kept as (
        insert into booking_counts (status, transaction_match_status, supplier_id, n)
        select status, transaction_match_status, supplier_id, sum(n) from gone
         group by 1, 2, 3 having sum(n) <> 0
      )
      select count(*)::int as folded from gone`);
    return rows[0]!.folded;
  });
  return folded ?? 0;
}

/** How often each server folds the deltas. */
const COMPACT_EVERY_MS = 10_000;

/** The job runner's side: a periodic fold on each server (one at a time: the others find the lock taken). */
export function bookingCountsCompactor(db: Db, log: Pick<Logger, 'error'>): PeriodicTask {
  return {
    task: 'booking-counts',
    sweepMs: COMPACT_EVERY_MS,
    sweep: async () => {
      await compactBookingCounts(db).catch((err: unknown) => log.error({ err }, 'booking counts compaction failed'));
    },
  };
}
