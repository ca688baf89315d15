/**
 * The bookings search's trigram indexes (bookings_reference_trgm_idx, bookings_customer_trgm_idx) are GIN
 * indexes with PostgreSQL's fast update: a write appends its trigrams to a pending list, which is merged
 * into the index only when it passes 4 MB or at a vacuum, and every search reads the whole list. After an
 * import that stored 50,000 match statuses the lists held 827 pages, and a search of a common surname at
 * 10,000,000 bookings took 55.8 ms instead of 40.9 ms (bench/README.md). The job runner merges them every
 * few seconds instead (one server at a time), so a search reads an almost empty list and no writer waits
 * for the merge.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { withTryLock, type Db } from '../../db/client';
import type { PeriodicTask } from '../../jobs/job-runner';

/** The transaction-level advisory lock of the merge ('search indexes'). */
const MERGE_LOCK = 727_017;

/** How often each server merges the pending lists. */
const MERGE_EVERY_MS = 10_000;

/**
 * Merges the pending lists of the search's trigram indexes into them. Returns the pending pages merged,
 * or null when another server is merging.
 */
export async function mergeSearchIndexes(db: Db): Promise<number | null> {
  return withTryLock(db, MERGE_LOCK, async (tx) => {
    const { rows } = await tx.execute<{ pages: number }>(sql`
      select (gin_clean_pending_list('bookings_reference_trgm_idx'::regclass)
            + gin_clean_pending_list('bookings_customer_trgm_idx'::regclass))::int as pages`);
    return rows[0]!.pages;
  });
}

/** The job runner's side: a periodic merge on each server. */
export function searchIndexMerger(db: Db, log: Pick<Logger, 'warn'>): PeriodicTask {
  let refused = false;
  return {
    task: 'search-indexes',
    sweepMs: MERGE_EVERY_MS,
    sweep: async () => {
      if (refused) return;
      await mergeSearchIndexes(db).catch((err: unknown) => {
        // A database user that does not own the indexes may not merge them (42501): PostgreSQL's own
        // merges (at 4 MB and at vacuum) still happen, so say it once and stop trying.
        if ((err as { code?: string }).code === '42501') refused = true;
        log.warn({ err }, 'search index merge failed');
      });
    },
  };
}
