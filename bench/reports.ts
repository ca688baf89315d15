/**
 * The commission dashboard (issue 14 "Numbers"), through the HTTP API as an admin (every card, Cancelled
 * included), on the bookings dataset of bookings.ts (1,000,000 bookings by default, BENCH_BOOKINGS):
 * - commission-summary-30d: `GET /api/reports/commission-summary` for a random 30-day window of the
 *   dataset's booking dates (what the dashboard's default range holds on a live database). Target p50 ≤ 50 ms.
 * - commission-summary-all: the same for all time (1900-01-01 → 2100-12-31). Target p50 ≤ 500 ms.
 * - commission-charts-30d and commission-charts-all: `GET /api/reports/commission-charts` for the same
 *   ranges (issue 23: ≤ 50 ms and ≤ 200 ms), read from the stored chart totals.
 * An admin's summary of a whole range adds up the day totals (apps/server/src/features/reports/
 * report-day-totals.ts): the background refresh after the seed is timed apart (`refresh_ms`), then the
 * first all-time read (`first_read_ms`); a read computes the days still dirty live and writes nothing.
 */
import { performance } from 'node:perf_hooks';
import { refreshDirtyDays } from '../apps/server/src/features/reports';
import { bookingsDataset } from './bookings';
import { measure, seededRandom } from './lib';
import type { BenchContext, BenchResult } from './run';

/**
 * The default range's length (30 days ago → tomorrow: 32 days) at a random place inside the dataset's
 * dates (bench:seed: four years up to a month past today).
 */
function window(rnd: ReturnType<typeof seededRandom>) {
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
  const start = new Date(today - 1440 * 86_400_000 + Math.floor(rnd.next() * 1430) * 86_400_000);
  const end = new Date(start.getTime() + 31 * 86_400_000);
  return `start_date=${start.toISOString().slice(0, 10)}&end_date=${end.toISOString().slice(0, 10)}`;
}

async function benchSummary(
  ctx: BenchContext,
  o: {
    name: string;
    description: string;
    /** `commission-summary` (the default) or `commission-charts`. */
    report?: string;
    query: (rnd: ReturnType<typeof seededRandom>) => string;
    limitMs: number;
  },
  requests: number,
  warmup: number,
): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  // After the seed every day is dirty: the job runner's background refresh stores them (timed apart);
  // until then a summary computes its dirty days live. The first all-time read after it, apart too.
  let started = performance.now();
  const refreshedDays = await refreshDirtyDays(s.db);
  const refreshMs = Math.round(performance.now() - started);
  started = performance.now();
  const first = await s.client.request(
    'GET',
    '/api/reports/commission-summary?start_date=1900-01-01&end_date=2100-12-31',
  );
  if (first.status !== 200) throw new Error(`first summary answered ${first.status}: ${first.body.slice(0, 300)}`);
  const firstMs = Math.round(performance.now() - started);
  const rnd = seededRandom(70);
  let bookings = 0;
  let calls = 0;
  const t = await measure(
    async () => {
      const path = `/api/reports/${o.report ?? 'commission-summary'}?${o.query(rnd)}`;
      const res = await s.client.request('GET', path);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      const counts = (JSON.parse(res.body) as { counts?: Record<string, number> }).counts ?? {};
      bookings += Object.values(counts).reduce((a, b) => a + b, 0);
      calls += 1;
    },
    requests,
    warmup,
  );
  return {
    name: o.name,
    description: o.description,
    ...t,
    target: `p50 ≤ ${o.limitMs} ms`,
    passed: t.p50_ms <= o.limitMs,
    dataset: {
      ...s.dataset,
      mean_bookings_in_cards: Math.round(bookings / calls),
      first_read_ms: firstMs,
      refresh_ms: refreshMs,
      refreshed_days: refreshedDays,
    },
  };
}

export const benchCommissionSummary30d = (ctx: BenchContext) =>
  benchSummary(
    ctx,
    {
      name: 'commission-summary-30d',
      description: 'GET /api/reports/commission-summary, admin, a random 32-day window (30 days ago → tomorrow)',
      query: window,
      limitMs: 50,
    },
    Math.min(ctx.requests, 500),
    Math.min(ctx.warmup, 20),
  );

export const benchCommissionSummaryAll = (ctx: BenchContext) =>
  benchSummary(
    ctx,
    {
      name: 'commission-summary-all',
      description: 'GET /api/reports/commission-summary, admin, all time',
      query: () => 'start_date=1900-01-01&end_date=2100-12-31',
      limitMs: 500,
    },
    Math.min(ctx.requests, 50),
    Math.min(ctx.warmup, 3),
  );

export const benchCommissionCharts30d = (ctx: BenchContext) =>
  benchSummary(
    ctx,
    {
      name: 'commission-charts-30d',
      description: 'GET /api/reports/commission-charts, admin, a random 32-day window (30 days ago → tomorrow)',
      report: 'commission-charts',
      query: window,
      limitMs: 50,
    },
    Math.min(ctx.requests, 500),
    Math.min(ctx.warmup, 20),
  );

export const benchCommissionChartsAll = (ctx: BenchContext) =>
  benchSummary(
    ctx,
    {
      name: 'commission-charts-all',
      description: 'GET /api/reports/commission-charts, admin, all time',
      report: 'commission-charts',
      query: () => 'start_date=1900-01-01&end_date=2100-12-31',
      limitMs: 200,
    },
    Math.min(ctx.requests, 50),
    Math.min(ctx.warmup, 3),
  );

/**
 * Overdue commissions (issue 24 §4): `GET /api/reports/overdue-commissions` for every supplier (target
 * p50 ≤ 200 ms at 1,000,000 bookings), and the first page of the overdue bookings, most overdue first.
 */
async function benchOverdue(
  ctx: BenchContext,
  o: { name: string; description: string; path: string; limitMs: number },
): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const summary = await s.client.request('GET', '/api/reports/overdue-commissions');
  if (summary.status !== 200)
    throw new Error(`overdue summary answered ${summary.status}: ${summary.body.slice(0, 300)}`);
  const { data } = JSON.parse(summary.body) as { data: { suppliers: unknown[]; totals: { count: number }[] } };
  const t = await measure(
    async () => {
      const res = await s.client.request('GET', o.path);
      if (res.status !== 200) throw new Error(`GET ${o.path} answered ${res.status}: ${res.body.slice(0, 300)}`);
    },
    Math.min(ctx.requests, 100),
    Math.min(ctx.warmup, 5),
  );
  return {
    name: o.name,
    description: o.description,
    ...t,
    target: `p50 ≤ ${o.limitMs} ms`,
    passed: t.p50_ms <= o.limitMs,
    dataset: {
      ...s.dataset,
      overdue_bookings: data.totals.reduce((n, c) => n + c.count, 0),
      overdue_suppliers: data.suppliers.length,
    },
  };
}

export const benchOverdueSummary = (ctx: BenchContext) =>
  benchOverdue(ctx, {
    name: 'overdue-commissions',
    description: 'GET /api/reports/overdue-commissions, admin, every supplier, aging buckets per currency',
    path: '/api/reports/overdue-commissions',
    limitMs: 200,
  });

export const benchOverdueBookings = (ctx: BenchContext) =>
  benchOverdue(ctx, {
    name: 'overdue-bookings',
    description: 'GET /api/reports/overdue-commissions/bookings, admin, first page (25), most overdue first',
    path: '/api/reports/overdue-commissions/bookings',
    limitMs: 50,
  });

/**
 * A card's lines (issue 23 "card details"): `GET /api/reports/pending-bookings` (Future) and
 * `confirmed-bookings` (Next Payout), first page, admin, a random 32-day window, the two in turn.
 * Target p50 ≤ 50 ms.
 */
export async function benchCardLines(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  await refreshDirtyDays(s.db);
  const rnd = seededRandom(71);
  let lines = 0;
  let calls = 0;
  const t = await measure(
    async () => {
      const card = calls % 2 === 0 ? 'pending-bookings' : 'confirmed-bookings';
      const path = `/api/reports/${card}?${window(rnd)}`;
      const res = await s.client.request('GET', path);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      lines += (JSON.parse(res.body) as { count: number }).count;
      calls += 1;
    },
    Math.min(ctx.requests, 400),
    Math.min(ctx.warmup, 20),
  );
  return {
    name: 'card-lines-30d',
    description:
      'GET /api/reports/pending-bookings and confirmed-bookings (Future, Next Payout), admin, first page, 32 days',
    ...t,
    target: 'p50 ≤ 50 ms',
    passed: t.p50_ms <= 50,
    dataset: { ...s.dataset, mean_lines_total: Math.round(lines / calls) },
  };
}
