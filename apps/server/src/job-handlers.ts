import type { Logger } from 'pino';
import type { Db } from './db/client';
import { bookingCountsCompactor, searchIndexMerger } from './features/bookings';
import { dayTotalsRefresher } from './features/reports';
import { transactionImportHandler } from './features/transactions';
import type { JobHandler } from './jobs/job-runner';

/** Every background job the product runs; like routes.ts, features meet only here. */
export const jobHandlers = (
  db: Db,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  /** `sweepMs`: how often a server takes over an import whose server died (JOB_SWEEP_SECONDS). */
  options: { sweepMs?: number } = {},
): JobHandler[] => [
  transactionImportHandler(db, log, options),
  dayTotalsRefresher(db, log),
  bookingCountsCompactor(db, log),
  searchIndexMerger(db, log),
];
