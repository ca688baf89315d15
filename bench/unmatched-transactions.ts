/**
 * Unmatched credit transactions (issue 13 "Numbers"): `GET /api/reports/unmatched-transactions` as an
 * admin over the bookings dataset of bookings.ts (1,000,000 bookings and about as many supplier credits
 * by default, BENCH_BOOKINGS; bench:seed leaves one credit in a hundred bookings unmatched), a random
 * 30-day window of transaction dates, the first page (10, newest first) with its total.
 * Target p50 ≤ 100 ms.
 */
import { bookingsDataset } from './bookings';
import { measure, seededRandom } from './lib';
import type { BenchContext, BenchResult } from './run';

/** The dataset's benchmarks that run after this one (bench/run.ts order): the last one closes it. */

export async function benchUnmatchedTransactions(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const { rows } = await s.db.$client.query<{ lo: string; days: number; unmatched: number }>(`
    select min(transaction_date)::text as lo, (max(transaction_date) - min(transaction_date))::int as days,
           count(*) filter (where status = 'completed' and transaction_type = 'credit' and not matches_booking)::int as unmatched
      from transactions`);
  const { lo, days, unmatched } = rows[0]!;
  if (unmatched === 0) throw new Error('bench:seed left no unmatched credit to list');
  const rnd = seededRandom(70);
  let found = 0;
  let listed = 0;
  const t = await measure(
    async () => {
      const start = new Date(Date.parse(lo) + Math.floor(rnd.next() * Math.max(1, days - 29)) * 86_400_000);
      const end = new Date(start.getTime() + 29 * 86_400_000);
      const path = `/api/reports/unmatched-transactions?start_date=${start.toISOString().slice(0, 10)}&end_date=${end.toISOString().slice(0, 10)}`;
      const res = await s.client.request('GET', path);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      found += (JSON.parse(res.body) as { total: number }).total;
      listed += 1;
    },
    Math.min(ctx.requests, 1000),
    Math.min(ctx.warmup, 50),
  );
  return {
    name: 'unmatched-transactions',
    description: 'GET /api/reports/unmatched-transactions, a 30-day window, first page of 10 and the total',
    ...t,
    target: 'p50 ≤ 100 ms',
    passed: t.p50_ms <= 100,
    dataset: { ...s.dataset, unmatched_credits: unmatched, mean_unmatched_in_window: Math.round(found / listed) },
  };
}
