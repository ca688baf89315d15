import type { Logger } from 'pino';
import type { Db } from './db/client';
import { transactionImportHandler } from './features/transactions';
import type { JobHandler } from './jobs/job-runner';

/** Every background job the product runs; like routes.ts, features meet only here. */
export const jobHandlers = (db: Db, log: Pick<Logger, 'info' | 'warn' | 'error'>): JobHandler[] => [
  transactionImportHandler(db, log),
];
