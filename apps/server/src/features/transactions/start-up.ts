import type { Db } from '../../db/client';
import { backfillMatchStatuses } from './transaction-matching';

/**
 * The transactions feature's start-up step, run once the database is migrated (main.ts, cli.ts and
 * the test template): bookings whose stored match status is not computed yet (written before the
 * column existed) get it. Returns how many bookings it computed.
 */
export async function computeMissingMatchStatuses(db: Db, log: (msg: string) => void = () => {}): Promise<number> {
  const computed = await backfillMatchStatuses(db);
  if (computed > 0) log(`computed the transaction match status of ${computed} booking(s)`);
  return computed;
}
