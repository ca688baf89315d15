/**
 * The dashboard API (issue 14) on the report world: two currencies, GST agents, a sub-agent split,
 * partial payouts. Every card total is the sum of its lines to the cent per currency, the counts are
 * the bookings in each card, the detail totals are the summary's, paging and sorting work, an agent sees
 * only their own lines whatever they send, and bad filters are a 422.
 */
import { addDays, parseMoney, type Cents } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '../../clock';
import type { TestClient } from '../../test/test-app';
import { book, buildReportWorld, DAY, seedReportBookings, type ReportWorld } from './reports.testing';

let w: ReportWorld;
let b: Awaited<ReturnType<typeof seedReportBookings>>;
beforeAll(async () => {
  w = await buildReportWorld();
  b = await seedReportBookings(w);
}, 300_000);

const CARDS = ['pending', 'confirmed', 'paid', 'cancelled'] as const;
type Card = (typeof CARDS)[number];
type Total = {
  currency_code: string;
  currency_symbol: string;
  total: number;
  gst_total: number;
  total_with_gst: number;
};
type Line = {
  id: number;
  booking_id: number;
  agent_id: number;
  amount: number;
  gst_amount: number;
  total: number;
  currency_code: string;
  payout_id: number | null;
};

/** A JSON amount as exact cents (the text of the number, never float arithmetic). */
const c = (n: number): Cents => {
  const r = parseMoney(String(n));
  if (!r.ok) throw new Error(`not money: ${n}`);
  return r.value;
};

async function getOk(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** Every line of a card (all pages). */
async function allLines(client: TestClient, card: Card, query = ''): Promise<Line[]> {
  const out: Line[] = [];
  for (let page = 1; ; page++) {
    const body = await getOk(client, `/api/reports/${card}-bookings?per_page=10&page=${page}&${query}`);
    out.push(...body.bookings.data);
    if (page >= body.bookings.last_page) return out;
  }
}

/** Per currency: the exact sums of the lines, in the summary's shape. */
function sumLines(lines: Line[]) {
  const by = new Map<string, { total: bigint; gst: bigint }>();
  for (const l of lines) {
    const t = by.get(l.currency_code) ?? { total: 0n, gst: 0n };
    t.total += c(l.amount);
    t.gst += c(l.gst_amount);
    expect(c(l.total)).toBe(c(l.amount) + c(l.gst_amount));
    by.set(l.currency_code, t);
  }
  return Object.fromEntries([...by].map(([k, v]) => [k, { total: v.total, gst: v.gst, with: v.total + v.gst }]));
}
const exact = (totals: Total[]) =>
  Object.fromEntries(
    totals.map((t) => [t.currency_code, { total: c(t.total), gst: c(t.gst_total), with: c(t.total_with_gst) }]),
  );
const bookingsOf = (lines: Line[]) => [...new Set(lines.map((l) => l.booking_id))].sort((x, y) => x - y);
const ids = (...list: { id: number }[]) => list.map((x) => x.id).sort((x, y) => x - y);

describe('commission summary and card details (admin)', () => {
  it('puts each booking in its card: counts are bookings, totals are the sums of the lines per currency', async () => {
    const summary = await getOk(w.admin, '/api/reports/commission-summary');
    const expectedBookings: Record<Card, number[]> = {
      // splitPartial is received in part: Next Payout for what arrived, Future for the rest; so is
      // reconciledThenDebit since the supplier took 20.00 back (invariant 2: never more than was received).
      pending: ids(b.gbp, b.pending, b.splitPartial, b.reconciledThenDebit),
      confirmed: ids(b.full, b.splitPartial, b.splitTwice, b.gbpReconciled, b.reconciledThenDebit, b.refund),
      paid: ids(b.splitPartial, b.splitTwice, b.gbpReconciled, b.completed),
      cancelled: ids(b.cancelled),
    };
    for (const card of CARDS) {
      const lines = await allLines(w.admin, card);
      expect(bookingsOf(lines), card).toEqual(expectedBookings[card]);
      expect(summary.counts[card], card).toBe(expectedBookings[card].length);
      expect(exact(summary.totals[card]), card).toEqual(sumLines(lines));
      const detail = await getOk(w.admin, `/api/reports/${card}-bookings`);
      expect(detail.commission_totals, card).toEqual(summary.totals[card]);
      expect(detail.count, card).toBe(summary.counts[card]);
    }
    // Two currencies, never added together; the symbols are the currencies'.
    expect(summary.totals.pending.map((t: Total) => [t.currency_code, t.currency_symbol])).toEqual([
      ['CAD', 'C$'],
      ['GBP', '£'],
    ]);
  });

  it('the Past card is the payout items dated in the range, to the cent per currency', async () => {
    const summary = await getOk(w.admin, '/api/reports/commission-summary');
    const rows = await w.q(
      `select c.code, sum(pi.commission)::text as total, sum(pi.gst)::text as gst
         from payout_items pi join payouts p on p.id = pi.payout_id join currencies c on c.id = p.currency_id
        where p.payout_date = $1 group by c.code order by c.code`,
      [DAY],
    );
    expect(summary.totals.paid.map((t: Total) => [t.currency_code, c(t.total), c(t.gst_total)])).toEqual(
      rows.map((r) => [r.code, c(Number(r.total)), c(Number(r.gst))]),
    );
    // Pat's own booking of 80.00 at 70%, paid out whole: 56.00 + 5% GST 2.80.
    const lines = await allLines(w.admin, 'paid');
    const completed = lines.filter((l) => l.booking_id === b.completed.id);
    expect(completed.map((l) => [l.amount, l.gst_amount, l.total])).toEqual([[56, 2.8, 58.8]]);
  });

  it('Next Payout of a partly received split booking pays the share of what is available', async () => {
    const lines = (await allLines(w.admin, 'confirmed')).filter((l) => l.booking_id === b.splitPartial.id);
    // 333.33 at Pat's 70%: Sam 40% of it = 28% of gross, Pat 42%. 100.01 received, 50.00 paid: 50.01 available.
    // Entitlements at 100.01 settled: Sam round(93.33 × 100.01 / 333.33) = 28.00, Pat round(140.00 × …) = 42.00;
    // already paid at 50.00: Sam 14.00, Pat 21.00 → Sam 14.00, Pat 21.00 + 5% GST 1.05.
    expect(lines.map((l) => [l.agent_id, l.amount, l.gst_amount]).sort()).toEqual(
      [
        [w.agent.pat, 21, 1.05],
        [w.agent.sam, 14, 0],
      ].sort(),
    );
  });

  it('the range: booking date for the booking cards, payout date for Past; all time reaches the old booking', async () => {
    const allTime = await getOk(w.admin, '/api/reports/commission-summary?start_date=1900-01-01&end_date=2100-12-31');
    expect(allTime.counts.confirmed).toBe(7);
    const old = await getOk(
      w.admin,
      `/api/reports/confirmed-bookings?start_date=${addDays(todayUtc(), -400)}&end_date=${addDays(todayUtc(), -400)}`,
    );
    expect(old.bookings.data.map((l: Line) => [l.booking_id, l.amount])).toEqual([[b.old.id, 87.5]]);
    const noPayoutThatDay = await getOk(
      w.admin,
      `/api/reports/commission-summary?start_date=${addDays(DAY, 1)}&end_date=${addDays(DAY, 1)}`,
    );
    expect(noPayoutThatDay.counts).toEqual({ pending: 0, confirmed: 0, paid: 0, cancelled: 0 });
  });

  it('filters: suppliers, payout, tier (admins)', async () => {
    const tui = await getOk(w.admin, `/api/reports/commission-summary?include_suppliers[]=${w.supplier.tui}`);
    for (const card of CARDS) expect(tui.totals[card].every((t: Total) => t.currency_code === 'GBP')).toBe(true);
    expect(tui.counts).toEqual({ pending: 1, confirmed: 1, paid: 1, cancelled: 0 });
    const both = await getOk(
      w.admin,
      `/api/reports/commission-summary?include_suppliers=${w.supplier.tui},${w.supplier.transat}`,
    );
    expect(both.counts.paid).toBe(3);

    const [payout] = await w.q(
      `select pi.payout_id from payout_items pi where pi.booking_id = $1 order by pi.payout_id limit 1`,
      [b.splitTwice.id],
    );
    const paid = await allLines(w.admin, 'paid', `payout_id=${payout!.payout_id}`);
    expect(paid.map((l) => l.payout_id)).toEqual([payout!.payout_id, payout!.payout_id]);
    expect(paid.map((l) => l.amount).sort((x, y) => x - y)).toEqual([84, 126]);
    const other = await getOk(w.admin, `/api/reports/commission-summary?payout_id=${payout!.payout_id}`);
    expect(other.counts).toEqual({ pending: 0, confirmed: 1, paid: 1, cancelled: 0 });

    const gold = (await w.q(`select id from commission_tiers where name = 'Gold'`))[0]!.id;
    const goldLines = await allLines(w.admin, 'confirmed', `tier_id=${gold}`);
    expect(new Set(goldLines.map((l) => l.agent_id))).toEqual(new Set([w.agent.ana, w.agent.otto]));
    const none = await getOk(w.admin, '/api/reports/commission-summary?tier_id=999999');
    expect(none.counts).toEqual({ pending: 0, confirmed: 0, paid: 0, cancelled: 0 });
  });

  it('pages and sorts in SQL', async () => {
    // 12 pending bookings of their own day, amounts 100.00 … 1200.00 given in a shuffled order.
    const day = addDays(DAY, -100);
    for (const k of [7, 3, 11, 1, 9, 5, 12, 2, 10, 4, 8, 6])
      await book(w, { agent: 'otto', supplier: 'sunwing', amount: `${k * 100}.00`, date: day, status: 'pending' });
    const range = `start_date=${day}&end_date=${day}&per_page=10&sort=amount`;
    const first = await getOk(w.admin, `/api/reports/pending-bookings?${range}&direction=asc`);
    expect(first.bookings).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, from: 1, to: 10, total: 12 });
    const second = await getOk(w.admin, `/api/reports/pending-bookings?${range}&direction=asc&page=2`);
    expect(second.bookings).toMatchObject({ current_page: 2, from: 11, to: 12, total: 12 });
    // 12.5% of 100.00 … 1200.00, in order across the two pages.
    expect([...first.bookings.data, ...second.bookings.data].map((l: Line) => l.amount)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((k) => k * 12.5),
    );
    const desc = await getOk(w.admin, `/api/reports/pending-bookings?${range}&direction=desc`);
    expect(desc.bookings.data[0].amount).toBe(150);
    // The card's totals cover both pages: 12.5% of 7,800.00.
    expect(first.commission_totals).toEqual([
      { currency_symbol: 'C$', currency_code: 'CAD', total: 975, gst_total: 0, total_with_gst: 975 },
    ]);
    expect(first.count).toBe(12);
    const byAgent = await getOk(w.admin, '/api/reports/paid-bookings?sort=agent&direction=desc&per_page=100');
    const names = byAgent.bookings.data.map((l: { agent_name: string }) => l.agent_name);
    expect(names).toEqual([...names].sort().reverse());
    const empty = await getOk(w.admin, '/api/reports/paid-bookings?page=50');
    expect(empty.bookings).toMatchObject({ data: [], from: null, to: null, current_page: 50 });
  });
});

describe('an agent', () => {
  it('sees only their own lines, and sending another agent changes nothing', async () => {
    const sam = w.as.sam;
    const mine = await getOk(sam, '/api/reports/commission-summary');
    const asked = await getOk(sam, `/api/reports/commission-summary?agent_id=${w.agent.ana}`);
    expect(asked).toEqual(mine);
    expect(mine.counts.cancelled).toBe(0);
    expect(mine.totals.cancelled).toEqual([]);
    for (const card of ['pending', 'confirmed', 'paid'] as const) {
      const lines = await allLines(sam, card, `agent_id=${w.agent.ana}`);
      expect(lines.every((l) => l.agent_id === w.agent.sam)).toBe(true);
      expect(exact(mine.totals[card])).toEqual(sumLines(lines));
      // The admin asking for Sam gets the same figures.
      const admin = await getOk(w.admin, `/api/reports/commission-summary?agent_id=${w.agent.sam}`);
      expect(admin.totals[card]).toEqual(mine.totals[card]);
    }
    expect(mine.counts).toEqual({ pending: 1, confirmed: 2, paid: 2, cancelled: 0 });
  });

  it('cannot widen with the admin filters: tier, country and state are ignored', async () => {
    const mine = await getOk(w.as.ana, '/api/reports/commission-summary');
    const withTier = await getOk(w.as.ana, '/api/reports/commission-summary?tier_id=999999&country_id=999&state_id=9');
    expect(withTier).toEqual(mine);
    expect(mine.counts.confirmed).toBeGreaterThan(0);
  });

  it('gets 403 for the Cancelled card', async () => {
    const res = await w.as.ana.get('/api/reports/cancelled-bookings');
    expect(res.statusCode).toBe(403);
  });

  it('sees in the payout filter only the payouts that paid them, with what each paid them', async () => {
    const admin = await getOk(w.admin, '/api/reports/available-payouts');
    const sam = await getOk(w.as.sam, '/api/reports/available-payouts');
    expect(admin.data.length).toBe(5);
    const samRows = await w.q(
      `select p.id, sum(pi.total)::text as total from payouts p join payout_items pi on pi.payout_id = p.id
        where pi.agent_id = $1 group by p.id order by p.payout_date desc, p.id desc`,
      [w.agent.sam],
    );
    expect(sam.data.map((p: { id: number; total_amount: number }) => [p.id, c(p.total_amount)])).toEqual(
      samRows.map((r) => [r.id, c(Number(r.total))]),
    );
    expect((await getOk(w.as.otto, '/api/reports/available-payouts')).data).toEqual([]);
    const later = await getOk(w.admin, `/api/reports/available-payouts?start_date=${addDays(DAY, 1)}`);
    expect(later.data).toEqual([]);
  });
});

describe('charts', () => {
  it('per currency: months add up to the cards, agents and suppliers to Future + Next + Past', async () => {
    const summary = await getOk(w.admin, '/api/reports/commission-summary');
    const charts = await getOk(w.admin, '/api/reports/commission-charts');
    expect(charts.data.map((d: { currency_code: string }) => d.currency_code)).toEqual(['CAD', 'GBP']);
    for (const d of charts.data) {
      const card = (k: Card) => summary.totals[k].find((t: Total) => t.currency_code === d.currency_code);
      for (const k of CARDS) {
        const months = d.by_month.reduce((s: bigint, m: Record<Card, number>) => s + c(m[k]), 0n);
        expect(months, `${d.currency_code} ${k}`).toBe(card(k) ? c(card(k).total) : 0n);
      }
      const earned = (['pending', 'confirmed', 'paid'] as const).reduce(
        (s, k) => s + (card(k) ? c(card(k).total) : 0n),
        0n,
      );
      for (const key of ['by_agent', 'by_supplier'])
        expect(
          d[key].reduce((s: bigint, e: { total: number }) => s + c(e.total), 0n),
          key,
        ).toBe(earned);
    }
    const sam = await getOk(w.as.sam, `/api/reports/commission-charts?agent_id=${w.agent.ana}`);
    expect(sam.data.flatMap((d: { by_agent: { agent_id: number }[] }) => d.by_agent.map((a) => a.agent_id))).toEqual([
      w.agent.sam,
    ]);
    expect(sam.data[0].by_month.every((m: { cancelled: number }) => m.cancelled === 0)).toBe(true);
  });
});

describe('bad filters are a 422, never a 5xx', () => {
  const cases: [string, string][] = [
    ['agent_id=2147483648', 'agent_id'],
    ['start_date=2026-02-30', 'start_date'],
    ['start_date=2026-03-02&end_date=2026-03-01', 'start_date'],
    ['end_date=2000-01-01', 'start_date'],
    ['include_suppliers=1,abc', 'include_suppliers'],
    ['include_suppliers[]=0', 'include_suppliers'],
    ['payout_id=-1', 'payout_id'],
    ['start_date=0000-01-01', 'start_date'],
  ];
  it.each(cases)('%s', async (query, field) => {
    for (const path of ['commission-summary', 'pending-bookings', 'paid-bookings', 'commission-charts']) {
      const res = await w.admin.get(`/api/reports/${path}?${query}`);
      expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
  it('available-payouts: a start after the end', async () => {
    const res = await w.admin.get('/api/reports/available-payouts?start_date=2026-03-02&end_date=2026-03-01');
    expect(res.statusCode).toBe(422);
  });
});
