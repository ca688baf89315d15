import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../money/allocate';
import { sumMoney, type Cents } from '../money/money';
import { applyPercent, HUNDRED_PERCENT, type Percent } from '../money/percent';
import { deepRuns, linePercentsArb } from '../money/test-arbitraries';
import { availableAmount, payoutAmountProblem, statusAfterPayout } from './payout';
import { planPayout, type PayoutLine } from './payout-plan';

const GST = 50_000n as Percent; // 5%

/** A booking: gross (either sign), its lines as the commission engine computes them, and GST flags. */
const bookingArb = fc
  .record({
    gross: fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: -1e12, max: 1e12 })),
    percents: linePercentsArb.filter((p) => p.length > 0),
    gstFlags: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  })
  .filter((b) => b.gross !== 0)
  .map(({ gross, percents, gstFlags }) => {
    const g = BigInt(gross) as Cents;
    const amounts = allocate(g, percents);
    const lines: PayoutLine[] = percents.map((p, i) => ({
      id: i + 1,
      agent_id: 100 + i,
      percentage: p,
      amount: amounts[i]!,
      paid_amount: 0n as Cents,
      has_gst: gstFlags[i]!,
    }));
    return { gross: g, lines };
  });

/** Cut points that split the gross into 1..5 partial payouts of the gross's sign (the last one settles it). */
const payoutSequence = (gross: Cents) =>
  fc.array(fc.bigInt({ min: 1n, max: (gross < 0n ? -gross : gross) - 1n || 1n }), { maxLength: 4 }).map((cuts) => {
    const abs = gross < 0n ? -gross : gross;
    const points = [...new Set(cuts.filter((c) => c < abs))].sort((a, b) => (a < b ? -1 : 1));
    const sign = gross < 0n ? -1n : 1n;
    const steps: Cents[] = [];
    let prev = 0n;
    for (const p of [...points, abs]) {
      steps.push(((p - prev) * sign) as Cents);
      prev = p;
    }
    return steps;
  });

describe('payout allocation properties', () => {
  it('a sequence of partial payouts ends with remaining 0 and every line paid exactly its amount and GST', () => {
    fc.assert(
      fc.property(
        bookingArb.chain((b) => fc.tuple(fc.constant(b), payoutSequence(b.gross))),
        ([{ gross, lines }, steps]) => {
          // Plain checks (a false answer is a counterexample): expect() in this loop costs more than the money.
          const abs = (x: bigint) => (x < 0n ? -x : x);
          let paid = 0n as Cents;
          const current = lines.map((l) => ({ ...l }));
          const gstPaid = new Map<number, bigint>();
          for (const [k, amount] of steps.entries()) {
            const available = availableAmount({ gross, paid, net: gross, reconciled: false });
            if (payoutAmountProblem(amount, gross, available) !== null) return false;
            const items = planPayout({ gross, paidBefore: paid, amount, lines: current, gstRate: GST });
            for (const it of items) {
              const line = current.find((l) => l.id === it.line_id)!;
              const original = lines.find((l) => l.id === it.line_id)!;
              // Never the other way round, never more than the payout itself.
              if (amount > 0n ? it.commission < 0n : it.commission > 0n) return false;
              if (abs(it.commission) > abs(amount)) return false;
              if (it.total !== it.commission + it.gst) return false;
              // The line's share of this payout (amount × payout / gross), off by less than one cent.
              if (abs(2n * it.commission * gross - 2n * original.amount * amount) >= abs(2n * gross)) return false;
              line.paid_amount = (line.paid_amount + it.commission) as Cents;
              gstPaid.set(it.line_id, (gstPaid.get(it.line_id) ?? 0n) + it.gst);
            }
            paid = (paid + amount) as Cents;
            if (statusAfterPayout(gross, paid) !== (k === steps.length - 1 ? 'completed' : 'partial')) return false;
          }
          if (paid !== gross || availableAmount({ gross, paid, net: gross, reconciled: false }) !== 0n) return false;
          // Every line ends paid exactly its amount, its GST exactly round2(amount × rate).
          return current.every((l) => {
            const original = lines.find((o) => o.id === l.id)!;
            const gst = l.has_gst ? applyPercent(original.amount, GST) : 0n;
            return l.paid_amount === original.amount && (gstPaid.get(l.id) ?? 0n) === gst;
          });
        },
      ),
      { numRuns: deepRuns(100_000) },
    );
  }, 120_000);

  it('never accepts more than is available, or the wrong sign', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.boolean(),
        fc.integer({ min: -1e9, max: 1e9 }),
        (g, p, n, reconciled, x) => {
          const gross = BigInt(g) as Cents;
          // What is paid so far lies between 0 and the gross.
          const paid = (gross === 0n ? 0n : BigInt(p) % gross) as Cents;
          const fixedPaid = (gross >= 0n ? (paid < 0n ? -paid : paid) : paid > 0n ? -paid : paid) as Cents;
          const available = availableAmount({ gross, paid: fixedPaid, net: BigInt(n) as Cents, reconciled });
          const amount = BigInt(x) as Cents;
          if (payoutAmountProblem(amount, gross, available) === null) {
            if (gross >= 0n) expect(amount > 0n && amount <= available).toBe(true);
            else expect(amount < 0n && amount >= available).toBe(true);
            // After it, the booking never has more settled than its gross.
            const after = fixedPaid + amount;
            expect(gross >= 0n ? after <= gross : after >= gross).toBe(true);
          }
        },
      ),
      { numRuns: deepRuns(100_000) },
    );
  }, 120_000);

  it('a custom commission pays payout × custom percentage, the lines adding up to the agents’ side', () => {
    fc.assert(
      fc.property(bookingArb, linePercentsArb, fc.integer({ min: -1e10, max: 1e10 }), ({ gross, lines }, cps, x) => {
        const amount = BigInt(x) as Cents;
        const custom = new Map(lines.map((l, i) => [l.id, (cps[i] ?? 0n) as Percent]));
        const agents = [...custom.values()].reduce((a, p) => a + p, 0n);
        if (agents > HUNDRED_PERCENT) return true;
        const items = planPayout({ gross, paidBefore: 0n as Cents, amount, lines, gstRate: GST, custom });
        // A "custom" split equal to the lines' own percentages is no custom split: it pays as the lines do
        // (planPayout's rule, so a booking paid in parts ends with each line paid exactly its amount).
        if (lines.every((l) => custom.get(l.id) === l.percentage)) {
          const plain = planPayout({ gross, paidBefore: 0n as Cents, amount, lines, gstRate: GST });
          return (
            JSON.stringify(items, (_, v) => (typeof v === 'bigint' ? String(v) : v)) ===
            JSON.stringify(plain, (_, v) => (typeof v === 'bigint' ? String(v) : v))
          );
        }
        if (sumMoney(items.map((i) => i.commission)) !== applyPercent(amount, agents as Percent)) return false;
        return items.every((it) => {
          const line = lines.find((l) => l.id === it.line_id)!;
          return (
            it.percentage === custom.get(it.line_id) &&
            it.gst === (line.has_gst ? applyPercent(it.commission, GST) : 0n) &&
            it.total === it.commission + it.gst
          );
        });
      }),
      { numRuns: deepRuns(100_000) },
    );
  }, 120_000);
});
