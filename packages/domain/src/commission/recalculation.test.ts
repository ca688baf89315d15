import { describe, expect, it } from 'vitest';
import { moneyFromDb as m } from '../money/money';
import { summarizeRecalculation } from './recalculation';

describe('summarizeRecalculation', () => {
  it('counts the changed bookings per status and totals expected commission per currency, exactly', () => {
    const summary = summarizeRecalculation([
      { status: 'confirmed', currency_code: 'GBP', before: m('464.86'), after: m('494.44') },
      { status: 'pending', currency_code: 'CAD', before: m('0.10'), after: m('0.30') },
      { status: 'confirmed', currency_code: 'GBP', before: m('0.01'), after: m('0.00') },
      { status: 'partial', currency_code: 'CAD', before: m('100.00'), after: m('100.00') },
    ]);
    expect(summary).toEqual({
      changed: 4,
      by_status: { pending: 1, confirmed: 2, partial: 1 },
      difference: [
        { currency_code: 'CAD', before: m('100.10'), after: m('100.30'), delta: m('0.20') },
        { currency_code: 'GBP', before: m('464.87'), after: m('494.44'), delta: m('29.57') },
      ],
    });
  });

  it('reports nothing for no change, and refuses a status a recalculation never touches', () => {
    expect(summarizeRecalculation([])).toEqual({
      changed: 0,
      by_status: { pending: 0, confirmed: 0, partial: 0 },
      difference: [],
    });
    expect(() =>
      summarizeRecalculation([{ status: 'completed', currency_code: 'GBP', before: m('1.00'), after: m('2.00') }]),
    ).toThrow('A completed booking is never recalculated.');
  });
});
