import { ACCEPT_MESSAGES, cents } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { suggestedBooking } from '../claims.testing';
import { initialSplitAmounts, splitProblem, splitTotal } from './suggestions';

describe('split amounts', () => {
  // 0.1 + 0.2 is not 0.3 in floating point: the amounts are added up in cents.
  const a = suggestedBooking({ id: 1, booking_reference: 'A-1', gross: 0.1 });
  const b = suggestedBooking({ id: 2, booking_reference: 'A-2', gross: 0.2 });

  it("start from the bookings' gross when it adds up to the credit exactly, else blank with the domain's reason", () => {
    expect(initialSplitAmounts(0.3, [a, b])).toEqual({ amounts: ['0.10', '0.20'], problem: null });
    expect(initialSplitAmounts(0.31, [a, b])).toEqual({
      amounts: ['', ''],
      problem: ACCEPT_MESSAGES.grossDoesNotAddUp(cents(30), cents(31)),
    });
    const refund = suggestedBooking({ id: 3, booking_reference: 'A-3', gross: -5 });
    expect(initialSplitAmounts(0.3, [a, refund]).problem).toBe(ACCEPT_MESSAGES.grossNotPositive('A-3'));
  });

  it('add up what was entered exactly, blank and unreadable amounts counting for nothing', () => {
    expect(splitTotal(0.3, ['0.1', '0.2'])).toEqual({ total: cents(30), left: cents(0) });
    expect(splitTotal(84.5, ['52.25', ''])).toEqual({ total: cents(5225), left: cents(3225) });
    expect(splitTotal(84.5, ['52.25', '1,000'])).toEqual({ total: cents(5225), left: cents(3225) });
    expect(splitTotal(1, ['0.75', '0.5'])).toEqual({ total: cents(125), left: cents(-25) });
  });

  it('may be sent only when each is above 0 and they add up to the credit exactly', () => {
    expect(splitProblem(0.3, [a, b], [cents(10), cents(20)])).toBeNull();
    expect(splitProblem(0.3, [a, b], [cents(10), cents(21)])).toBe(
      ACCEPT_MESSAGES.amountsDoNotAddUp(cents(31), cents(30)),
    );
    expect(splitProblem(0.3, [a, b], [cents(30), cents(0)])).toBe(ACCEPT_MESSAGES.amountNotPositive);
  });
});
