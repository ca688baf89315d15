/**
 * The day totals (migration 0013, report-day-totals.ts) and the chart totals (0020) never go stale: after
 * each kind of write that can move a card, the admins' whole-range summary and charts equal the same summary computed line by line (a
 * filter naming every supplier takes the live path over the same lines) both before the background
 * refresh (the written days are dirty and read live) and after it (read from the stored totals), and the
 * write did move it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '../../clock';
import { addDays } from '@app/domain';
import { ANALYZE_AFTER_DAYS, refreshDirtyDays } from './report-day-totals';
import { book, buildReportWorld, DAY, payOut, receive, seedReportBookings, type ReportWorld } from './reports.testing';

let w: ReportWorld;
let b: Awaited<ReturnType<typeof seedReportBookings>>;
const RANGE = 'start_date=1900-01-01&end_date=2100-12-31';
beforeAll(async () => {
  w = await buildReportWorld();
  b = await seedReportBookings(w);
}, 300_000);

async function summary(query: string, range = RANGE) {
  const res = await w.admin.get(`/api/reports/commission-summary?${range}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { counts: body.counts, totals: body.totals };
}

/** The charts of `range` (`everySupplier`: through the live path, the lines themselves). */
async function charts(range: string, everySupplier: boolean) {
  const filter = everySupplier ? `&include_suppliers=${Object.values(w.supplier).join(',')}` : '';
  const res = await w.admin.get(`/api/reports/commission-charts?${range}${filter}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown[];
}

/** All time (whole months from the month rows) and a range that cuts two months (day rows at its edges). */
const CHART_RANGES = () => [RANGE, `start_date=${addDays(DAY, -40)}&end_date=${addDays(todayUtc(), -1)}`];

const dirtyMarks = async () => Number((await w.q(`select count(*)::int as n from report_dirty_days`))[0]!.n);

/**
 * The summary with the written days dirty (computed live: the read writes nothing), then after the
 * background refresh stored them: both equal the live summary. (A write that marked no day would show
 * its day's stale stored totals here, and differ.)
 */
async function checked(range = RANGE, chartRanges = CHART_RANGES()) {
  const live = await summary(`&include_suppliers=${Object.values(w.supplier).join(',')}`, range);
  const liveCharts = await Promise.all(chartRanges.map((r) => charts(r, true)));
  expect(liveCharts[0]!.length).toBeGreaterThan(0);
  const marks = await dirtyMarks();
  expect(await summary('', range)).toEqual(live);
  for (const [i, r] of chartRanges.entries()) expect(await charts(r, false)).toEqual(liveCharts[i]);
  expect(await dirtyMarks()).toBe(marks);
  const refreshed = await refreshDirtyDays(w.t.db);
  expect(refreshed > 0).toBe(marks > 0);
  expect(await dirtyMarks()).toBe(0);
  expect(await summary('', range)).toEqual(live);
  for (const [i, r] of chartRanges.entries()) expect(await charts(r, false)).toEqual(liveCharts[i]);
  return live;
}

describe('the day totals follow every write that moves a card', () => {
  it('a booking, its payment and its payout', async () => {
    const before = await checked();
    const n = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '640.00', date: addDays(DAY, -3) });
    const afterBooking = await checked();
    expect(afterBooking.counts.pending).toBe(before.counts.pending + 1);
    await receive(w, 'sunwing', n.reference, '640.00');
    const afterPayment = await checked();
    expect(afterPayment.counts.confirmed).toBe(afterBooking.counts.confirmed + 1);
    await payOut(w, [{ booking: n.id, amount: '640.00' }], todayUtc());
    const afterPayout = await checked();
    expect(afterPayout.counts.confirmed).toBe(afterBooking.counts.confirmed);
  });

  it('one booking paid on two days of the range is one booking in Past', async () => {
    const before = await checked();
    const n = await book(w, { agent: 'otto', supplier: 'sunwing', amount: '500.00', date: addDays(DAY, -6) });
    await receive(w, 'sunwing', n.reference, '500.00');
    await payOut(w, [{ booking: n.id, amount: '200.00' }], addDays(DAY, -2));
    await payOut(w, [{ booking: n.id, amount: '300.00' }], addDays(DAY, -1));
    const after = await checked();
    expect(after.counts.paid).toBe(before.counts.paid + 1);
  });

  it("a payout dated before a booking's later payout: a range holding both counts it once", async () => {
    // Past counts a booking on its first payout day in the range, by each day's previous payout day: the
    // earlier payout moves the later day's previous day, so that day is recomputed too (else it would count
    // the booking a second time).
    const range = `start_date=${addDays(DAY, -5)}&end_date=${DAY}`;
    const n = await book(w, { agent: 'ana', supplier: 'sunwing', amount: '500.00', date: addDays(DAY, -9) });
    await receive(w, 'sunwing', n.reference, '500.00');
    await payOut(w, [{ booking: n.id, amount: '200.00' }], addDays(DAY, -1));
    const once = await checked(range);
    await payOut(w, [{ booking: n.id, amount: '100.00' }], addDays(DAY, -5));
    const twice = await checked(range);
    expect(twice.counts.paid).toBe(once.counts.paid);
    expect(twice.totals.paid).not.toEqual(once.totals.paid);
    // A range that starts between the two payout days counts it on the later one.
    await checked(`start_date=${addDays(DAY, -3)}&end_date=${DAY}`);
  });

  it("a range's part of a month from the month-to-date rows: less the days before it, only who had lines in it", async () => {
    // A month well before the other bookings: Otto has lines only before the range's first day (so not
    // in its charts), Ana the day before it and in it, and Sam and Pat (his split) only a Cancelled line
    // in it (listed at 0, as the day rows list them); the range starts and ends inside the month, and a
    // second range starts there and ends in another month.
    const month = `${addDays(todayUtc(), -100).slice(0, 8)}`;
    const day = (d: string) => `${month}${d}`;
    await book(w, { agent: 'otto', supplier: 'sunwing', amount: '310.00', date: day('05') });
    await book(w, { agent: 'ana', supplier: 'sunwing', amount: '420.00', date: day('09') });
    await book(w, { agent: 'ana', supplier: 'sunwing', amount: '130.00', date: day('12') });
    const cancelled = await book(w, { agent: 'sam', supplier: 'transat', amount: '90.00', date: day('15') });
    const res = await w.admin.post(`/bookings/${cancelled.id}/cancel`, {
      json: { cancellation_note: 'Trip cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const inMonth = `start_date=${day('10')}&end_date=${day('22')}`;
    const ranges = [inMonth, `start_date=${day('10')}&end_date=${addDays(todayUtc(), -1)}`];
    await checked(RANGE, ranges);
    // Read again from the stored rows alone (no dirty day): Ana's 130.00's commission, Sam and Pat at 0.
    const stored = (await charts(inMonth, false)) as { by_agent: { agent_id: number; total: number }[] }[];
    const totals = Object.fromEntries(stored.flatMap((c) => c.by_agent.map((a) => [a.agent_id, a.total])));
    expect(totals).toEqual({ [w.agent.ana]: expect.any(Number), [w.agent.sam]: 0, [w.agent.pat]: 0 });
    expect(totals[w.agent.ana]).toBeGreaterThan(0);
    await checked(RANGE, ranges);
  });

  it('more money received on a partial booking whose match status stays partial', async () => {
    const before = await checked();
    await receive(w, 'transat', b.splitPartial.reference, '10.00', { partial: true });
    const after = await checked();
    expect(after.totals.confirmed).not.toEqual(before.totals.confirmed);
  });

  it("an agent's GST registration, the GST rate", async () => {
    const before = await checked();
    await w.q(`update agents set has_gst = false where id = $1`, [w.agent.ana]);
    const noGst = await checked();
    expect(noGst.totals.pending).not.toEqual(before.totals.pending);
    const res = await w.admin.post('/settings', { json: { gst_rate: '13' } });
    expect(res.statusCode, res.body).toBe(200);
    const thirteen = await checked();
    expect(thirteen.totals.confirmed).not.toEqual(noGst.totals.confirmed);
  });

  it("a cancellation, a booking's date, a deletion", async () => {
    const before = await checked();
    const res = await w.admin.post(`/bookings/${b.pending.id}/cancel`, { json: { cancellation_note: 'No' } });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = await checked();
    expect(cancelled.counts.cancelled).toBe(before.counts.cancelled + 1);
    const onDay = async () =>
      (await w.admin.get(`/api/reports/commission-summary?start_date=${DAY}&end_date=${DAY}`)).json().counts.pending;
    const beforeMove = await onDay();
    await w.q(`update bookings set booking_date = $2 where id = $1`, [b.gbp.id, addDays(todayUtc(), -2000)]);
    // Left on DAY in Future: splitPartial and reconciledThenDebit (each received in part).
    expect(await onDay()).toBe(beforeMove - 1);
    expect(beforeMove).toBe(3);
    await checked();
    const gone = await book(w, { agent: 'otto', supplier: 'sunwing', amount: '90.00' });
    await checked();
    expect((await w.admin.request('DELETE', `/bookings/${gone.id}`)).statusCode).toBe(200);
    expect((await checked()).counts).toEqual(cancelled.counts);
  });

  it("a transaction failed, an account's owner, a supplier's currency", async () => {
    const before = await checked();
    const [tx] = await w.q(`select id from transactions where reference_number = $1`, [b.full.reference]);
    const res = await w.admin.post('/transactions-bulk-update', {
      json: { transaction_ids: [tx!.id], status: 'failed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = await checked();
    expect(failed.counts.confirmed).toBe(before.counts.confirmed - 1);
    await w.q(`update accounts set accountable_id = $2 where id = $1`, [w.account.tui, w.supplier.sunwing]);
    await checked();
    await w.q(`update accounts set accountable_id = $2 where id = $1`, [w.account.tui, w.supplier.tui]);
    await w.q(`update suppliers set currency_id = $2 where id = $1`, [w.supplier.transat, w.cur.GBP]);
    const gbp = await checked();
    expect(gbp.totals.confirmed).not.toEqual(failed.totals.confirmed);
  });
});

describe('the background refresh', () => {
  it('skips while another server refreshes (the lock is taken), leaving the dirty days to it', async () => {
    await book(w, { agent: 'ana', supplier: 'tui', amount: '75.00', date: addDays(DAY, -5) });
    const marks = await dirtyMarks();
    expect(marks).toBeGreaterThan(0);
    const other = await w.t.db.$client.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(727014)');
      expect(await refreshDirtyDays(w.t.db)).toBe(0);
      expect(await dirtyMarks()).toBe(marks);
    } finally {
      await other.query('rollback');
      other.release();
    }
    expect(await refreshDirtyDays(w.t.db, 1)).toBeGreaterThan(0);
    expect(await dirtyMarks()).toBe(0);
  });

  it('vacuums and analyzes the tables after a refresh of many days, not after a few', async () => {
    const analyzed = async () =>
      (
        await w.q(
          `select last_analyze::text || ' ' || last_vacuum::text as at from pg_stat_user_tables where relname = 'report_cum_refs'`,
        )
      )[0]!.at;
    await book(w, { agent: 'otto', supplier: 'sunwing', amount: '61.00', date: addDays(DAY, -3) });
    const before = await analyzed();
    expect(await refreshDirtyDays(w.t.db)).toBeLessThan(ANALYZE_AFTER_DAYS);
    expect(await analyzed()).toBe(before);
    await w.q(
      `insert into report_dirty_days (day) select d::date from generate_series($1::date - $2::int, $1::date, '1 day') d`,
      [DAY, ANALYZE_AFTER_DAYS],
    );
    expect(await refreshDirtyDays(w.t.db)).toBe(ANALYZE_AFTER_DAYS + 1);
    expect(await analyzed()).not.toBe(before);
    expect(await analyzed()).not.toBeNull();
  });

  it("migration 0027's fill of report_paid_days gives the refresh's rows", async () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0027_report_paid_days_cum_refs.sql', import.meta.url),
      'utf8',
    );
    const fill = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('INSERT INTO report_paid_days'))!;
    const rows = () =>
      w.q(`select day::text, currency_id, prev_day::text, bookings from report_paid_days order by 1, 2, 3 nulls first`);
    await w.q(`insert into report_dirty_days (day) select distinct payout_date from payouts`);
    await refreshDirtyDays(w.t.db);
    const refreshed = await rows();
    // Payouts on several days, a booking paid twice among them (a previous day that is not null).
    expect(refreshed.length).toBeGreaterThan(2);
    expect(refreshed.some((r) => r.prev_day !== null)).toBe(true);
    await w.q('delete from report_paid_days');
    await w.q(fill);
    expect(await rows()).toEqual(refreshed);
  });

  it('recomputes the newest days first (the dashboard opens on the last 30 days)', async () => {
    const days = [addDays(DAY, -300), addDays(DAY, -200), addDays(DAY, -2)];
    for (const date of days) await book(w, { agent: 'otto', supplier: 'sunwing', amount: '60.00', date });
    let batches = 0;
    // One day per transaction, stopping after the first: the newest is stored, the two older ones wait.
    expect(await refreshDirtyDays(w.t.db, 1, () => batches++ >= 1)).toBe(1);
    const left = await w.q(`select distinct day::text as day from report_dirty_days order by 1`);
    expect(left.map((r) => r.day)).toEqual(days.slice(0, 2));
    expect(await refreshDirtyDays(w.t.db)).toBe(2);
  });
});
