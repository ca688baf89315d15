/**
 * The cards' SQL (report-lines.ts) against the domain, line by line and to the cent: for every booking of
 * a world with partial supplier payments, several partial payouts, reconciled and unreconciled bookings,
 * a refund, GST and a sub-agent split (plus 24 bookings of seeded random amounts and receipts), each
 * commission line is in the cards the domain puts it in, with the amounts `planPayout` gives:
 * Next Payout for amount N = `availableAmount(…)` when `payoutBlockReason` and `payoutAmountProblem` are
 * both null; Future for the rest R = gross − paid − N (N = 0 otherwise) once N is settled, when the
 * booking cannot be paid out now or R is not 0; Cancelled as stored. `findNextPayoutItems` (the
 * next-payout PDF's source) answers the same items. And nothing of what the agents will earn is missing
 * or counted twice: per line, Future + Next Payout + its payout items = its amount and its GST. */
import {
  availableAmount,
  moneyFromDb,
  moneyToString,
  payoutAmountProblem,
  payoutBlockReason,
  percentFromDb,
  planPayout,
  reportFiltersSchema,
  type Cents,
  type SessionUser,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getGstRate } from '../../shared/settings';
import { matchedTransactionTotals } from '../transactions';
import { findNextPayoutItems } from './next-payout';
import { reportScope } from './report-filters';
import { bookingLinesSql } from './report-lines';
import {
  book,
  buildReportWorld,
  DAY,
  payOut,
  receive,
  reconcile,
  seedReportBookings,
  type ReportWorld,
} from './reports.testing';

let w: ReportWorld;
const ALL_TIME = { start_date: '1900-01-01', end_date: '2100-12-31' };
const admin: SessionUser = {
  id: 0,
  name: 'Admin',
  email: 'a@example.test',
  roles: ['admin'],
  agent_id: null,
  is_admin: true,
  must_change_password: false,
};

/** A deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const cents = (n: number) => moneyToString(BigInt(Math.round(n)) as Cents);

beforeAll(async () => {
  w = await buildReportWorld();
  await seedReportBookings(w);
  // Random bookings: amounts with odd cents, partial receipts, partial payouts, reconciles.
  const rnd = random(20260314);
  const agents = ['ana', 'otto', 'sam', 'pat'] as const;
  for (let i = 0; i < 24; i++) {
    const agent = agents[i % 4]!;
    const supplier = agent === 'sam' ? 'transat' : i % 3 === 0 ? 'tui' : 'sunwing';
    const gross = 1000 + Math.floor(rnd() * 500_000);
    const b = await book(w, { agent, supplier, amount: cents(gross) });
    const received = i % 4 === 0 ? gross : 1 + Math.floor(rnd() * (gross - 1));
    await receive(w, supplier, b.reference, cents(received), { partial: received !== gross });
    if (i % 5 === 1) await reconcile(w, b.id);
    // A reconcile makes the gross what was received: either way, what was received is available.
    const available = received;
    if (i % 3 !== 2 && available > 2) {
      const first = 1 + Math.floor(rnd() * (available - 1));
      await payOut(w, [{ booking: b.id, amount: cents(first) }], DAY);
      if (i % 2 === 0 && available - first > 1)
        await payOut(w, [{ booking: b.id, amount: cents(1 + Math.floor(rnd() * (available - first - 1))) }], DAY);
    }
  }
}, 300_000);

type Expected = { card: string; gross_amount: string; commission: string; gst: string };

/** What the domain says each commission line of every booking is in and amounts to, keyed `line id card`. */
async function domainLines(): Promise<Map<string, Expected>> {
  const gstRate = percentFromDb(await getGstRate(w.t.db));
  const { rows } = await w.t.db.execute<{
    line_id: number;
    status: string;
    booking_amount: string;
    paid_amount: string;
    is_reconciled: boolean;
    transaction_match_status: 'match' | 'partial' | 'mismatch' | 'no_transaction' | 'multiple_transactions' | null;
    matched_net: string;
    has_credit: boolean;
    has_debit: boolean;
    agent_id: number;
    percentage: string;
    amount: string;
    line_paid: string;
    gst_amount: string;
    has_gst: boolean;
  }>(sql`
    select ac.id as line_id, b.status, b.booking_amount::text, b.paid_amount::text, b.is_reconciled,
           b.transaction_match_status, m.matched_net::text as matched_net, m.has_credit, m.has_debit,
           ac.agent_id, ac.percentage::text, ac.amount::text, ac.paid_amount::text as line_paid,
           ac.gst_amount::text, ag.has_gst
      from bookings b
      join actual_commissions ac on ac.booking_id = b.id
      join agents ag on ag.id = ac.agent_id
      cross join lateral ${matchedTransactionTotals('b')} m
     where b.status <> 'completed'`);
  const out = new Map<string, Expected>();
  const put = (id: number, card: string, amount: Cents, item: { commission: Cents; gst: Cents }) =>
    out.set(`${id} ${card}`, {
      card,
      gross_amount: moneyToString(amount),
      commission: moneyToString(item.commission),
      gst: moneyToString(item.gst),
    });
  for (const r of rows) {
    const gross = moneyFromDb(r.booking_amount);
    const paid = moneyFromDb(r.paid_amount);
    const line = {
      id: r.line_id,
      agent_id: r.agent_id,
      percentage: percentFromDb(r.percentage),
      amount: moneyFromDb(r.amount),
      paid_amount: moneyFromDb(r.line_paid),
      has_gst: r.has_gst,
    };
    if (r.status === 'cancelled') {
      put(r.line_id, 'cancelled', gross, { commission: line.amount, gst: moneyFromDb(r.gst_amount) });
      continue;
    }
    const available = availableAmount({ gross, paid, net: moneyFromDb(r.matched_net), reconciled: r.is_reconciled });
    const payable =
      payoutBlockReason({
        booking_status: r.status,
        gross,
        match_status: r.transaction_match_status ?? 'no_transaction',
        has_completed_credit: r.has_credit,
        has_completed_debit: r.has_debit,
      }) === null && payoutAmountProblem(available, gross, available) === null;
    // Next Payout: a payout of everything available now.
    const next = payable
      ? planPayout({ gross, paidBefore: paid, amount: available, lines: [line], gstRate })[0]!
      : null;
    if (next) put(r.line_id, 'confirmed', available, next);
    // Future: the rest of the gross, paid once Next Payout is.
    const settled = (paid + (next ? available : 0n)) as Cents;
    const rest = (gross - settled) as Cents;
    if (next && rest === 0n) continue;
    const afterNext = { ...line, paid_amount: (line.paid_amount + (next?.commission ?? 0n)) as Cents };
    const [future] = planPayout({ gross, paidBefore: settled, amount: rest, lines: [afterNext], gstRate });
    put(r.line_id, 'pending', rest, future!);
  }
  return out;
}

async function sqlLines(): Promise<Map<string, Expected>> {
  const scope = reportScope(admin, reportFiltersSchema.parse(ALL_TIME), '2026-01-01');
  const { rows } = await w.t.db.execute<{ id: number } & Expected>(sql`
    select l.id, l.card, l.gross_amount::numeric(14,2)::text as gross_amount,
           l.commission::numeric(14,2)::text as commission, l.gst::numeric(14,2)::text as gst
      from (${bookingLinesSql(scope, await getGstRate(w.t.db), ['pending', 'confirmed', 'cancelled'])}) l`);
  return new Map(rows.map(({ id, ...rest }) => [`${id} ${rest.card}`, rest]));
}

describe('the cards SQL is the domain to the cent', () => {
  it('puts every line of every booking not completed in the domain card with the domain amounts', async () => {
    const expected = await domainLines();
    const actual = await sqlLines();
    expect(expected.size).toBeGreaterThan(40);
    const cards = [...expected.values()].map((e) => e.card);
    for (const card of ['pending', 'confirmed', 'cancelled']) expect(cards).toContain(card);
    // Some lines really exercise the rounding of a partial entitlement and the refund's sign.
    expect([...expected.values()].some((e) => e.card === 'confirmed' && e.commission.startsWith('-'))).toBe(true);
    // Partly received bookings have lines in Next Payout and in Future, both with money.
    const both = [...expected.keys()]
      .filter((k) => k.endsWith(' confirmed') && expected.get(k.replace('confirmed', 'pending'))?.commission !== '0.00')
      .filter((k) => expected.get(k)!.commission !== '0.00');
    expect(both.length).toBeGreaterThan(5);
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  });

  it('findNextPayoutItems answers the Next Payout lines, each item planPayout of the available amount', async () => {
    const expected = [...(await domainLines()).entries()].filter(([, e]) => e.card === 'confirmed');
    const items = await findNextPayoutItems(w.t.db, admin, reportFiltersSchema.parse(ALL_TIME));
    expect(items.length).toBe(expected.length);
    const got = Object.fromEntries(
      items.map((i) => [
        `${i.line_id} confirmed`,
        {
          card: 'confirmed',
          gross_amount: moneyToString(i.gross_portion),
          commission: moneyToString(i.commission),
          gst: moneyToString(i.gst),
        },
      ]),
    );
    expect(got).toEqual(Object.fromEntries(expected));
    const { rows } = await w.t.db.$client.query<{ id: number; percentage: string }>(
      `select id, percentage::text from actual_commissions where id = any($1)`,
      [items.map((i) => i.line_id)],
    );
    const percentages = new Map(rows.map((r) => [r.id, percentFromDb(r.percentage)]));
    for (const i of items) {
      expect(i.total).toBe(i.commission + i.gst);
      expect(i.percentage).toBe(percentages.get(i.line_id));
    }
  });

  it('a payout of what Next Payout shows pays exactly those items', async () => {
    const items = await findNextPayoutItems(w.t.db, admin, reportFiltersSchema.parse(ALL_TIME));
    const one = items.find((i) => i.agent_name === 'Sam Sub')!;
    const forBooking = items.filter((i) => i.booking_id === one.booking_id);
    const ids = await payOut(w, [{ booking: one.booking_id, amount: moneyToString(one.gross_portion) }], DAY);
    const { rows } = await w.t.db.$client.query<{ actual_commission_id: number; commission: string; gst: string }>(
      `select actual_commission_id, commission::text, gst::text from payout_items where payout_id = any($1) order by id`,
      [ids],
    );
    expect(
      Object.fromEntries(rows.map((r) => [r.actual_commission_id, [moneyFromDb(r.commission), moneyFromDb(r.gst)]])),
    ).toEqual(Object.fromEntries(forBooking.map((i) => [i.line_id, [i.commission, i.gst]])));
  });
});

describe('the cards hold all the commission, once', () => {
  it('per line of every booking not cancelled: Future + Next Payout + its payout items = its amount and its GST', async () => {
    const scope = reportScope(admin, reportFiltersSchema.parse(ALL_TIME), '2026-01-01');
    const { rows: parts } = await w.t.db.execute<{ id: number; card: string; commission: string; gst: string }>(sql`
      select l.id, l.card, l.commission::text, l.gst::text
        from (${bookingLinesSql(scope, await getGstRate(w.t.db), ['pending', 'confirmed'])}) l`);
    const part = new Map(parts.map((r) => [`${r.id} ${r.card}`, r]));
    const { rows: lines } = await w.t.db.execute<{
      id: number;
      status: string;
      amount: string;
      gst_amount: string;
      line_paid: string;
      items_commission: string;
      items_gst: string;
    }>(sql`
      select ac.id, b.status, ac.amount::text, ac.gst_amount::text, ac.paid_amount::text as line_paid,
             coalesce(sum(pi.commission), 0)::text as items_commission, coalesce(sum(pi.gst), 0)::text as items_gst
        from actual_commissions ac
        join bookings b on b.id = ac.booking_id
        left join payout_items pi on pi.actual_commission_id = ac.id
       where b.status <> 'cancelled'
       group by ac.id, b.status`);
    const seen = { futureNextPaid: 0, gstInBoth: 0, refund: 0, completed: 0 };
    for (const l of lines) {
      const of = (card: string) => part.get(`${l.id} ${card}`);
      const future = [moneyFromDb(of('pending')?.commission ?? '0'), moneyFromDb(of('pending')?.gst ?? '0')];
      const next = [moneyFromDb(of('confirmed')?.commission ?? '0'), moneyFromDb(of('confirmed')?.gst ?? '0')];
      const paid = [moneyFromDb(l.items_commission), moneyFromDb(l.items_gst)];
      expect(paid[0], `line ${l.id}: paid_amount is its items`).toBe(moneyFromDb(l.line_paid));
      expect(
        [future[0]! + next[0]! + paid[0]!, future[1]! + next[1]! + paid[1]!],
        `line ${l.id} (${l.status})`,
      ).toEqual([moneyFromDb(l.amount), moneyFromDb(l.gst_amount)]);
      if (future[0] !== 0n && next[0] !== 0n && paid[0] !== 0n) seen.futureNextPaid++;
      if (future[1] !== 0n && next[1] !== 0n) seen.gstInBoth++;
      if (moneyFromDb(l.amount) < 0n) seen.refund++;
      if (l.status === 'completed') seen.completed++;
    }
    // The world really has each case: received in part and paid out in part, GST on both parts, a
    // refund, completed bookings (all paid: no Future, no Next Payout).
    expect(seen.futureNextPaid).toBeGreaterThan(3);
    expect(seen.gstInBoth).toBeGreaterThan(0);
    expect(seen.refund).toBeGreaterThan(0);
    expect(seen.completed).toBeGreaterThan(0);
  });

  it('the summary is the detail lists, counts a booking in every card it has lines in, and the day totals are live', async () => {
    const range = `start_date=${ALL_TIME.start_date}&end_date=${ALL_TIME.end_date}`;
    const get = async (url: string) => {
      const res = await w.admin.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const cached = await get(`/api/reports/commission-summary?${range}`);
    const live = await get(
      `/api/reports/commission-summary?${range}&include_suppliers=${Object.values(w.supplier).join(',')}`,
    );
    expect(cached).toEqual(live);
    const money = (n: number) => moneyFromDb(String(n));
    const bookingsIn: Record<string, Set<number>> = {};
    for (const card of ['pending', 'confirmed', 'paid', 'cancelled'] as const) {
      type Line = { booking_id: number; amount: number; gst_amount: number; total: number; currency_code: string };
      const lines: Line[] = [];
      let detail;
      for (let page = 1; ; page++) {
        detail = await get(`/api/reports/${card}-bookings?${range}&per_page=100&page=${page}`);
        lines.push(...(detail.bookings.data as Line[]));
        if (page >= detail.bookings.last_page) break;
      }
      const sums = new Map<string, [bigint, bigint]>();
      for (const l of lines) {
        const t = sums.get(l.currency_code) ?? [0n, 0n];
        sums.set(l.currency_code, [t[0] + money(l.amount), t[1] + money(l.gst_amount)]);
      }
      const totals = (ts: { currency_code: string; total: number; gst_total: number; total_with_gst: number }[]) =>
        ts.map((t) => [t.currency_code, money(t.total), money(t.gst_total), money(t.total_with_gst)]);
      expect(totals(cached.totals[card]), card).toEqual(
        [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([code, [t, g]]) => [code, t, g, t + g]),
      );
      expect(totals(detail.commission_totals), card).toEqual(totals(cached.totals[card]));
      bookingsIn[card] = new Set(lines.map((l) => l.booking_id));
      expect(cached.counts[card], card).toBe(bookingsIn[card].size);
      expect(detail.count, card).toBe(bookingsIn[card].size);
    }
    // Partly received bookings count in Future and in Next Payout.
    expect([...bookingsIn.confirmed!].filter((id) => bookingsIn.pending!.has(id)).length).toBeGreaterThan(5);
  });
});
