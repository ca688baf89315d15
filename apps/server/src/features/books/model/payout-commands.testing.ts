/** Single and bulk payouts (custom splits, payout dates), and reconciles. */
import fc from 'fast-check';
import { percentFromDb, percentToString, type Percent } from '@app/domain';
import { todayUtc } from '../../../clock';
import { addDays, cents, money, payable, pick } from './model.testing';
import { anyBooking, index, op, preferFunded } from './op.testing';
import { type Real, bodyOf, fail, read, step, timed } from './real.testing';
import { type Row } from './world.testing';

type AmountKind = 'full' | 'part' | 'over' | 'zero' | 'wrongSign';
const amountKind = fc.constantFrom<AmountKind>('full', 'full', 'part', 'part', 'part', 'over', 'zero', 'wrongSign');
const fraction = fc.integer({ min: 1, max: 9 });

/** A payout amount from the available amount the screen showed. */
function payoutAmount(available: number, kind: AmountKind, tenths: number): number {
  const sign = available < 0 ? -1 : 1;
  switch (kind) {
    case 'full':
      return available;
    case 'part':
      return Math.trunc((available * tenths) / 10) || sign;
    case 'over':
      return available + sign;
    case 'zero':
      return 0;
    case 'wrongSign':
      return -available || -1;
  }
}

/** The payout modal: read the available amount, pay all or part of it (or a refused amount). */
export const singlePayout = op(
  'singlePayout',
  fc.record({ pick: index, prefer: preferFunded, kind: amountKind, tenths: fraction, described: fc.boolean() }),
  anyBooking,
  async (m, r, a) => {
    const b = await payable(m, r, a.pick, a.prefer);
    const info = await read(r, r.w.admin, `/bookings/${b.id}/payout-info`);
    const available = cents((info.payout as Row).available_amount);
    const remaining = cents((info.booking as Row).remaining_amount);
    const amount = payoutAmount(available, a.kind, a.tenths);
    const { res, body } = await step(r, `singlePayout(${a.kind})`, 'admin', r.w.admin, {
      method: 'POST',
      url: `/bookings/${b.id}/process-payout`,
      json: {
        payout_amount: money(amount),
        ...(a.described ? { description: `Model payout ${b.reference}` } : {}),
        is_partial: amount !== remaining,
      },
    });
    if (res.statusCode !== 200) return;
    m.payouts += 1;
    b.paid += amount;
    // The model's one sum: what was paid is the payouts accepted, whatever happened in between.
    if (cents(body.paid_amount) !== b.paid)
      fail(
        r,
        `booking ${b.id}: the payouts accepted add up to ${money(b.paid)}, the answer says paid ${money(cents(body.paid_amount))}`,
      );
  },
);

type CustomKind = 'own' | 'shift' | 'bad';
/** Ten-thousandths of a percentage as the API answers it, and back to its text (exact, as money above). */
// eslint-disable-next-line no-restricted-syntax -- the model's integer percentage units
const percent4 = (n: unknown) => Number(percentFromDb(String(n)));
const percentText = (p: number) => percentToString(BigInt(p) as Percent);

/** The bulk screen's custom split from the booking's lines: their own percentages, one moved by 1 point, or not adding up to 100. */
function customSplit(lines: Row[], kind: CustomKind) {
  const own = lines.map((l) => ({ commission_id: l.id as number, p: percent4(l.percentage) }));
  if (kind === 'shift' && own[0]) own[0].p = Math.min(100_0000, own[0].p + 1_0000);
  const agents = own.reduce((s, l) => s + l.p, 0);
  const company = Math.max(0, 100_0000 - agents) + (kind === 'bad' ? 5_0000 : 0);
  return {
    use_custom_commission: true,
    custom_commissions: own.map((l) => ({ commission_id: l.commission_id, percentage: percentText(l.p) })),
    company_percentage: percentText(company),
  };
}

const payoutDate = fc.constantFrom('none', 'none', 'today', 'past', 'tomorrow', 'future');
const dateOf = (d: string) =>
  d === 'none'
    ? null
    : d === 'today'
      ? todayUtc()
      : d === 'past'
        ? addDays(todayUtc(), -20)
        : d === 'tomorrow'
          ? addDays(todayUtc(), 1)
          : addDays(todayUtc(), 200);

/**
 * The bulk payout screen: one to three bookings, each with an amount from its available amount (after a
 * reconcile when asked: the net received less what was paid), a custom split or not; a payout date
 * (none, today, past, or future: refused).
 */
const bulkPayoutOf = (name: string, reconcile: fc.Arbitrary<boolean>) =>
  op(
    name,
    fc.record({
      rows: fc.array(
        fc.record({
          pick: index,
          prefer: preferFunded,
          kind: amountKind,
          tenths: fraction,
          reconcile,
          custom: fc.option(fc.constantFrom<CustomKind>('own', 'shift', 'shift', 'bad'), { freq: 2 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      date: payoutDate,
      /** Now and then the first booking twice in one request (refused for the second). */
      twice: fc.nat({ max: 9 }).map((n) => n === 0),
    }),
    anyBooking,
    async (m, r, a) => {
      const rows: Row[] = [];
      const toReconcile = a.rows.some((x) => x.reconcile) ? await reconcileView(r) : [];
      for (const x of a.rows) {
        const b = await payable(m, r, x.pick, x.prefer);
        if (rows.some((row) => row.booking_id === b.id)) continue;
        const info = await read(r, r.w.admin, `/bookings/${b.id}/payout-info`);
        const payout = info.payout as Row;
        const seen = toReconcile.find((v) => v.id === b.id);
        const available =
          x.reconcile && seen
            ? cents(seen.transaction_amount) - cents(seen.paid_amount)
            : cents(payout.available_amount);
        rows.push({
          booking_id: b.id,
          payout_amount: money(payoutAmount(available, x.kind, x.tenths)),
          reconcile: x.reconcile,
          ...(x.custom ? customSplit(payout.lines as Row[], x.custom) : {}),
        });
      }
      if (a.twice) rows.push({ ...rows[0] });
      const date = dateOf(a.date);
      const { res, body } = await step(r, `bulkPayout(${a.date})`, 'admin', r.w.admin, {
        method: 'POST',
        url: '/bulk-payouts/process',
        json: { payouts: rows, description: 'Model bulk payout', payout_date: date },
      });
      const results = (body.results ?? []) as { booking_id: number; status: string }[];
      const paid = results.filter((x) => x.status === 'success').length;
      results.forEach((x, i) => {
        const booking = m.bookings.find((b) => b.id === x.booking_id);
        if (x.status === 'success' && booking) booking.paid += cents(rows[i]!.payout_amount);
      });
      if (date !== null && date > todayUtc() && res.statusCode === 200 && paid > 0)
        fail(r, `a payout dated ${date} (after today) was accepted`, body);
      if (res.statusCode === 200) m.payouts += paid;
    },
  );
export const bulkPayout = bulkPayoutOf('bulkPayout', fc.constant(false));
/** Bulk payout rows that reconcile first (one in two). */
export const bulkReconcilePayout = bulkPayoutOf('bulkReconcilePayout', fc.boolean());

/** The reconcile screen's search: the bookings whose received amount differs from their gross. */
async function reconcileView(r: Real): Promise<Row[]> {
  const res = await timed(r, 'read', () =>
    r.w.admin.post('/bulk-payouts/search', { json: { mode: 'reconcile', personal: true } }),
  );
  if (res.statusCode !== 200) fail(r, `the reconcile search answered ${res.statusCode}`, res.body.slice(0, 2000));
  return (bodyOf(res).bookings ?? []) as Row[];
}

/** The reconcile screen: gross := net received, with the net the screen showed (sometimes stale) or none. */
export const reconcile = op(
  'reconcile',
  fc.record({
    picks: fc.array(index, { minLength: 1, maxLength: 3 }),
    /** Mostly bookings the reconcile screen lists, else any. */
    prefer: preferFunded,
    shown: fc.constantFrom('none', 'shown', 'shown', 'stale'),
  }),
  anyBooking,
  async (m, r, a) => {
    const view = await reconcileView(r);
    const listed = a.prefer ? m.bookings.filter((b) => view.some((v) => v.id === b.id)) : [];
    const ids = [...new Set(a.picks.map((i) => pick(listed.length ? listed : m.bookings, i).id))];
    const rows = ids.map((id) => {
      const seen = view.find((v) => v.id === id);
      const net = seen ? cents(seen.transaction_amount) : 0;
      return {
        booking_id: id,
        ...(a.shown === 'none' ? {} : { transaction_amount: money(a.shown === 'stale' ? net + 1_00 : net) }),
      };
    });
    await step(r, `reconcile(${a.shown})`, 'admin', r.w.admin, {
      method: 'POST',
      url: '/bulk-payouts/reconcile',
      json: { bookings: rows, description: 'Model reconcile' },
    });
  },
);
