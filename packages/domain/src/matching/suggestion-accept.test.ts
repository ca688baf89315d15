import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, sumMoney, type Cents } from '../money/money';
import { ACCEPT_MESSAGES, planAcceptAll, splitCreditAmounts } from './suggestion-accept';
import type { RankedCandidate } from './suggestion-score';

const c = (n: number) => cents(n) as Cents;
const booking = (id: number, gross: number) => ({
  id,
  booking_reference: `REF-${id}`,
  customer_name: 'Martin, Claire',
  booking_date: '2026-03-01',
  gross: c(gross),
  expected_commission: c(0),
});
type B = ReturnType<typeof booking>;
const ranked = (score: number, ...bookings: B[]): RankedCandidate<B> => ({ bookings, score, reasons: ['r'] });

describe('splitCreditAmounts', () => {
  it('gives one booking the whole credit, whatever its gross', () => {
    expect(splitCreditAmounts(c(9_950), [booking(1, 10_000)])).toEqual({ ok: true, amounts: [c(9_950)] });
  });

  it('takes the gross when it adds up exactly, else asks for the amounts', () => {
    const two = [booking(1, 30_000), booking(2, 20_000)];
    expect(splitCreditAmounts(c(50_000), two)).toEqual({ ok: true, amounts: [c(30_000), c(20_000)] });
    expect(splitCreditAmounts(c(49_500), two)).toEqual({
      ok: false,
      problem: ACCEPT_MESSAGES.grossDoesNotAddUp(c(50_000), c(49_500)),
    });
    expect(splitCreditAmounts(c(49_500), two, [c(29_700), c(19_800)])).toEqual({
      ok: true,
      amounts: [c(29_700), c(19_800)],
    });
  });

  it('refuses entered amounts that do not add up, are not one per booking, or are not above 0', () => {
    const two = [booking(1, 30_000), booking(2, 20_000)];
    expect(splitCreditAmounts(c(100), two, [c(50), c(49)])).toEqual({
      ok: false,
      problem: "The amounts add up to 0.99, not the credit's 1.00.",
    });
    expect(splitCreditAmounts(c(100), two, [c(100)])).toEqual({
      ok: false,
      problem: 'Enter one amount for each of the 2 bookings.',
    });
    expect(splitCreditAmounts(c(100), two, [c(101), c(-1)])).toEqual({
      ok: false,
      problem: 'Each booking must take more than 0.00.',
    });
    expect(splitCreditAmounts(c(100), [booking(1, -100)])).toEqual({
      ok: false,
      problem: 'Booking REF-1 is a refund (its gross is not above 0): a credit cannot pay it.',
    });
  });

  it('never makes or loses a cent: accepted parts always add up to the credit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 10n }), { minLength: 1, maxLength: 10 }),
        fc.option(fc.array(fc.bigInt({ min: -5n, max: 10n ** 10n }), { maxLength: 10 }), { nil: null }),
        (credit, grosses, entered) => {
          const result = splitCreditAmounts(
            credit as Cents,
            grosses.map((g, i) => ({ ...booking(i + 1, 0), gross: g as Cents })),
            entered as Cents[] | null,
          );
          if (result.ok) {
            expect(sumMoney(result.amounts)).toBe(credit);
            expect(result.amounts).toHaveLength(grosses.length);
            expect(result.amounts.every((a) => a > 0n)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('planAcceptAll', () => {
  it('takes clear bests at the score, leaves close calls, low scores, splits to enter and shared bookings', () => {
    const plan = planAcceptAll(
      [
        { transaction_id: 1, amount: c(100), ranked: [ranked(100, booking(10, 100)), ranked(45, booking(11, 100))] },
        { transaction_id: 2, amount: c(100), ranked: [ranked(95, booking(12, 100)), ranked(90, booking(13, 100))] },
        { transaction_id: 3, amount: c(100), ranked: [ranked(75, booking(14, 100))] },
        { transaction_id: 4, amount: c(99), ranked: [ranked(95, booking(15, 60), booking(16, 40))] },
        { transaction_id: 5, amount: c(100), ranked: [ranked(100, booking(17, 100))] },
        { transaction_id: 6, amount: c(100), ranked: [ranked(100, booking(17, 100))] },
        { transaction_id: 7, amount: c(100), ranked: [] },
        { transaction_id: 8, amount: c(100), ranked: [ranked(95, booking(18, 60), booking(19, 40))] },
      ],
      90,
    );
    expect(plan.items.map((i) => [i.transaction_id, i.bookings.map((b) => b.id), i.amounts])).toEqual([
      [1, [10], [c(100)]],
      [8, [18, 19], [c(60), c(40)]],
    ]);
    expect(plan.skipped).toEqual([
      { transaction_id: 2, reason: ACCEPT_MESSAGES.notAhead },
      { transaction_id: 3, reason: 'No suggestion scores 90 or more.' },
      { transaction_id: 4, reason: ACCEPT_MESSAGES.amountsToEnter },
      { transaction_id: 7, reason: 'No suggestion scores 90 or more.' },
      { transaction_id: 5, reason: 'Booking REF-17 is the best suggestion of 2 credits: choose by hand.' },
      { transaction_id: 6, reason: 'Booking REF-17 is the best suggestion of 2 credits: choose by hand.' },
    ]);
  });

  it('never plans one booking for two credits, and plans each credit at most once', () => {
    const credit = fc.record({
      transaction_id: fc.integer({ min: 1, max: 30 }),
      amount: fc.constantFrom(c(100), c(200)),
      ranked: fc.array(
        fc.record({
          score: fc.integer({ min: 30, max: 100 }),
          ids: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 2 }),
        }),
        { maxLength: 3 },
      ),
    });
    fc.assert(
      fc.property(fc.uniqueArray(credit, { selector: (x) => x.transaction_id, maxLength: 12 }), (credits) => {
        const plan = planAcceptAll(
          credits.map((x) => ({
            transaction_id: x.transaction_id,
            amount: x.amount,
            ranked: x.ranked
              .map((r) => ranked(r.score, ...r.ids.map((id) => booking(id, 100))))
              .sort((a, b) => b.score - a.score),
          })),
          90,
        );
        const bookings = plan.items.flatMap((i) => i.bookings.map((b) => b.id));
        expect(new Set(bookings).size).toBe(bookings.length);
        expect(plan.items.length + plan.skipped.length).toBe(credits.length);
        for (const item of plan.items) {
          expect(item.score).toBeGreaterThanOrEqual(90);
          expect(sumMoney(item.amounts)).toBe(credits.find((x) => x.transaction_id === item.transaction_id)!.amount);
        }
      }),
    );
  });
});
