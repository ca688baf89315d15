/**
 * The books check (`npm run cli -- books:check`, DOMAIN.md "Money invariants") over the shared bookings
 * dataset of bookings.ts (1,000,000 bookings with their lines and supplier transactions by default,
 * BENCH_BOOKINGS): `checkBooks` called directly, as the CLI calls it (it is no HTTP route), one warm-up
 * run then three. Target: each run under a minute.
 *
 * Whatever the dataset's books hold, the time includes building every violation the check finds (their
 * number is in the dataset): a `bench:seed` that writes paid bookings without payout records makes
 * hundreds of thousands of them.
 */
import { checkBooks, type BooksReport } from '../apps/server/src/features/books';
import { bookingsDataset } from './bookings';
import { timingsOf } from './lib';
import type { BenchContext, BenchResult } from './run';

const LIMIT_MS = 60_000;

export async function benchBooksCheck(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const warmup = Math.min(ctx.warmup, 1);
  const runs = Math.max(1, Math.min(ctx.requests, 3));
  const times: number[] = [];
  let last: BooksReport | null = null;
  for (let i = 0; i < warmup + runs; i++) {
    last = await checkBooks(s.db);
    if (i >= warmup) times.push(last.ms);
  }
  const t = timingsOf(times, warmup);
  return {
    name: 'books-check',
    description: 'checkBooks (npm run cli -- books:check): the six money invariants over the whole database',
    ...t,
    target: `each run < ${LIMIT_MS / 1000} s`,
    passed: t.max_ms < LIMIT_MS,
    dataset: { ...s.dataset, ...last!.checked, violations: last!.violations.length },
  };
}
