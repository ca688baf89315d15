import { describe, expect, it } from 'vitest';
import { cents } from './money';
import { totalsByCurrency } from './totals';

describe('totalsByCurrency', () => {
  it('never adds different currencies, sums GST, sorts by code', () => {
    const totals = totalsByCurrency([
      { currency: 'GBP', amount: cents(1000), gst: cents(50) },
      { currency: 'CAD', amount: cents(2000) },
      { currency: 'GBP', amount: cents(-300), gst: cents(-15) },
      { currency: 'CAD', amount: cents(1), gst: null },
      { currency: 'USD', amount: cents(0), gst: cents(0) },
    ]);
    expect(totals).toEqual([
      { currency_code: 'CAD', total: 2001n, gst_total: 0n, total_with_gst: 2001n },
      { currency_code: 'GBP', total: 700n, gst_total: 35n, total_with_gst: 735n },
      { currency_code: 'USD', total: 0n, gst_total: 0n, total_with_gst: 0n },
    ]);
  });

  it('is empty for no items', () => {
    expect(totalsByCurrency([])).toEqual([]);
  });

  it('adds 0.10 ten times to exactly 1.00', () => {
    const items = Array.from({ length: 10 }, () => ({ currency: 'CAD', amount: cents(10), gst: cents(1) }));
    expect(totalsByCurrency(items)).toEqual([
      { currency_code: 'CAD', total: 100n, gst_total: 10n, total_with_gst: 110n },
    ]);
  });

  it('does not depend on the input order', () => {
    const a = { currency: 'EUR', amount: cents(5) };
    const b = { currency: 'AUD', amount: cents(7) };
    expect(totalsByCurrency([a, b])).toEqual(totalsByCurrency([b, a]));
  });
});
