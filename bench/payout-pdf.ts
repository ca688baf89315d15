/**
 * payout-pdf (issue 14): `GET /api/reports/payout-pdf/{payoutId}` of a payout of 1,000 items, end to end
 * over HTTP as an admin (session, the items query, grouping, pdfkit rendering of ~40 A4 pages, the
 * download). The payout is a real one: 600 bookings seeded as the payouts benchmark seeds them (three
 * GST-registered agents; two bookings in three split between a parent and a sub-agent, so 5 items per 3
 * bookings), paid out once through `POST /bulk-payouts/process`. Target ≤ 3 s per PDF.
 */
import { createDb } from '../apps/server/src/db/client';
import { seedPayableBookings } from '../apps/server/src/features/payouts';
import { HttpClient, measure } from './lib';
import type { BenchContext, BenchResult } from './run';
import { startBenchApp } from './app';

const PASSWORD = 'bench-payout-pdf-password';
const BOOKINGS = 600;
const ITEMS = 1000;

export async function benchPayoutPdf(ctx: BenchContext): Promise<BenchResult> {
  const url = await ctx.createDatabase('bench_payout_pdf');
  const db = createDb(url, 10);
  const { app, port } = await startBenchApp(db);
  const client = new HttpClient(port);
  try {
    const seed = await seedPayableBookings(db, { bookings: BOOKINGS, tag: 'PDF', password: PASSWORD });
    await client.signIn(seed.adminEmail, PASSWORD);
    const paid = await client.request('POST', '/bulk-payouts/process', {
      payouts: seed.bookingIds.map((id) => ({ booking_id: id, payout_amount: seed.amounts.get(id)! })),
      description: 'Bench payout PDF',
    });
    if (paid.status !== 200) throw new Error(`bulk payout answered ${paid.status}: ${paid.body.slice(0, 300)}`);
    const payoutId = (JSON.parse(paid.body) as { payout_ids: number[] }).payout_ids[0]!;
    const { rows } = await db.$client.query<{ n: number }>(
      `select count(*)::int as n from payout_items where payout_id = $1`,
      [payoutId],
    );
    if (rows[0]!.n !== ITEMS) throw new Error(`the payout has ${rows[0]!.n} items, not ${ITEMS}`);

    let pages = 0;
    const t = await measure(
      async () => {
        const res = await client.request('GET', `/api/reports/payout-pdf/${payoutId}`);
        if (res.status !== 200 || !res.body.startsWith('%PDF-'))
          throw new Error(`payout PDF answered ${res.status}: ${res.body.slice(0, 300)}`);
        pages = (res.body.match(/\/Type \/Page\b/g) ?? []).length;
      },
      Math.max(3, Math.min(ctx.requests, 20)),
      Math.min(ctx.warmup, 2),
    );
    return {
      name: 'payout-pdf',
      description:
        'GET /api/reports/payout-pdf/{id}, a payout of 1,000 items (3 GST agents, sub-agent splits), end to end',
      ...t,
      target: '≤ 3 s per PDF of 1,000 items',
      passed: t.max_ms <= 3000,
      dataset: { payout_items: ITEMS, pdf_pages: pages },
    };
  } finally {
    client.close();
    await app.close();
    await db.$client.end();
  }
}
