/**
 * Match suggestions (issue 24 §1 "Speed"): `GET /api/reports/match-suggestions` for 1,000 unmatched credits
 * against the bookings dataset of bookings.ts (1,000,000 bookings by default, BENCH_BOOKINGS). bench:seed's
 * unmatched credits are mistyped references of real bookings (credit kind 6) and credits nobody booked, so
 * the candidates come from the near (trigram) lookup as often as from the equal one. Target ≤ 2 s per call.
 */
import { bookingsDataset } from './bookings';
import { measure } from './lib';
import type { BenchContext, BenchResult } from './run';

export async function benchMatchSuggestions(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  const { rows } = await s.db.$client.query<{ id: number }>(`
    select t.id from transactions t join accounts a on a.id = t.account_id
     where a.accountable_type = 'supplier' and t.status = 'completed' and t.transaction_type = 'credit'
       and not t.matches_booking
     order by t.id limit 1000`);
  if (rows.length < 1000) throw new Error(`bench:seed left ${rows.length} unmatched credits, 1,000 needed`);
  const path = `/api/reports/match-suggestions?transaction_ids=${rows.map((r) => r.id).join(',')}`;
  let suggested = 0;
  let autoAccepted = 0;
  const t = await measure(
    async () => {
      const res = await s.client.request('GET', path);
      if (res.status !== 200) throw new Error(`match-suggestions answered ${res.status}: ${res.body.slice(0, 300)}`);
      const data = (JSON.parse(res.body) as { data: { suggestions: { auto_accept: boolean }[] }[] }).data;
      suggested = data.filter((d) => d.suggestions.length > 0).length;
      autoAccepted = data.filter((d) => d.suggestions[0]?.auto_accept).length;
    },
    Math.min(ctx.requests, 10),
    Math.min(ctx.warmup, 1),
  );
  return {
    name: 'match-suggestions',
    description: 'GET /api/reports/match-suggestions for 1,000 unmatched credits, admin',
    ...t,
    target: 'p50 ≤ 2000 ms',
    passed: t.p50_ms <= 2000,
    dataset: { ...s.dataset, credits: rows.length, with_suggestions: suggested, auto_accepted: autoAccepted },
  };
}

/**
 * 'Accept all above N' (issue 24 §1), its preview: `POST /api/reports/match-suggestions/accept-all/preview` at
 * the default threshold over every unmatched credit (the oldest 1,000 of bench:seed's) against the same
 * bookings: the ranking of the GET for 1,000 credits plus the plan (a booking two credits point at is left).
 * Writes nothing, so it repeats. Target: the GET's ≤ 2 s.
 */
export async function benchAcceptAllPreview(ctx: BenchContext): Promise<BenchResult> {
  const s = await bookingsDataset(ctx);
  let items = 0;
  let skipped = 0;
  let more = false;
  const t = await measure(
    async () => {
      const res = await s.client.request('POST', '/api/reports/match-suggestions/accept-all/preview', {
        min_score: 90,
      });
      if (res.status !== 200) throw new Error(`accept-all preview answered ${res.status}: ${res.body.slice(0, 300)}`);
      const data = (JSON.parse(res.body) as { data: { items: unknown[]; skipped: unknown[]; more: boolean } }).data;
      [items, skipped, more] = [data.items.length, data.skipped.length, data.more];
    },
    Math.min(ctx.requests, 10),
    Math.min(ctx.warmup, 1),
  );
  return {
    name: 'accept-all-preview',
    description:
      "POST /api/reports/match-suggestions/accept-all/preview at 90, every supplier's unmatched credits, admin",
    ...t,
    target: 'p50 ≤ 2000 ms',
    passed: t.p50_ms <= 2000,
    dataset: { ...s.dataset, items, skipped, more: more ? 1 : 0 },
  };
}
