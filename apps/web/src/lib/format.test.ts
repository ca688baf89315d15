import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatAmount,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
  formatSignedMoney,
} from './format';

describe('formatMoney', () => {
  it.each([
    // [amount, currency, expected]
    [1234.5, undefined, '£1,234.50'],
    ['1234.5', undefined, '£1,234.50'],
    ['0', undefined, '£0.00'],
    [-75.25, undefined, '-£75.25'],
    ['-1234.5', { code: 'GBP', symbol: '£' }, '-£1,234.50'],
    ['1234.5', { code: 'CAD', symbol: '$' }, 'CA$1,234.50'],
    ['1234.5', { code: 'CAD', symbol: 'C$' }, 'CA$1,234.50'],
    ['1234.5', 'CAD', 'CA$1,234.50'],
    ['-20', { code: 'CAD' }, '-CA$20.00'],
    ['99.9', { code: 'USD' }, 'US$99.90'],
    ['1000000', { code: 'EUR', symbol: '€' }, '€1,000,000.00'],
  ])('formats %j in %j as %s (en-GB)', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it('defaults to GBP when the currency has neither code nor symbol', () => {
    expect(formatMoney('10', { code: null, symbol: null })).toBe('£10.00');
    expect(formatMoney('10', null)).toBe('£10.00');
    expect(formatMoney('10', '')).toBe('£10.00');
  });

  it('prefixes the symbol with 2 decimals when only a symbol is known', () => {
    expect(formatMoney('1234.5', { symbol: '₹' })).toBe('₹1,234.50');
    expect(formatMoney('-5', '$')).toBe('-$5.00');
    expect(formatMoney(0.004, { symbol: '$' })).toBe('$0.00');
  });

  it('uses the symbol when the code is not one Intl knows', () => {
    expect(formatMoney('3', { code: 'POINTS', symbol: '₿' })).toBe('₿3.00');
  });

  it('rounds decimal strings exactly, not through a float', () => {
    // 1.005 and 1234.505 are below their decimal value as binary floats.
    expect(formatMoney('1.005')).toBe('£1.01');
    expect(formatMoney('1234.505')).toBe('£1,234.51');
    expect(formatMoney('12345678901234567.89')).toBe('£12,345,678,901,234,567.89');
  });

  it('honours the locale', () => {
    expect(formatMoney('1234.5', 'CAD', 'en-CA')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it.each([null, undefined, '', 'abc', '12,50', Number.NaN, Number.POSITIVE_INFINITY])(
    'shows a dash for %j',
    (amount) => {
      expect(formatMoney(amount)).toBe('—');
    },
  );
});

describe('currencySymbol', () => {
  it.each([
    // [currency, expected]: the ISO code decides, as in formatMoney; the stored symbol only without one Intl knows.
    [{ code: 'CAD', symbol: 'C$' }, 'CA$'],
    [{ code: 'cad', symbol: '$' }, 'CA$'],
    ['CAD', 'CA$'],
    [{ code: 'GBP', symbol: '£' }, '£'],
    [{ code: 'USD', symbol: '$' }, 'US$'],
    [{ code: 'EUR', symbol: 'EUR' }, '€'],
    [{ code: 'POINTS', symbol: '₿' }, '₿'],
    [{ symbol: 'C$' }, 'C$'],
    [undefined, '£'],
    [null, '£'],
    [{ code: null, symbol: null }, '£'],
  ])('%j → %s', (currency, expected) => {
    expect(currencySymbol(currency)).toBe(expected);
  });

  it('is the prefix formatMoney writes, for every currency a supplier can have', () => {
    for (const currency of [{ code: 'CAD', symbol: 'C$' }, { code: 'GBP', symbol: '£' }, { code: 'USD' }, undefined]) {
      const symbol = currencySymbol(currency);
      expect(formatMoney('1234.5', currency)).toBe(`${symbol}1,234.50`);
      expect(formatMoney('-20', currency)).toBe(`-${symbol}20.00`);
    }
  });
});

describe('formatSignedMoney', () => {
  it.each([
    ['29.58', undefined, '+£29.58'],
    ['0.01', 'CAD', '+CA$0.01'],
    ['-12.50', 'GBP', '-£12.50'],
    ['-0.01', 'CAD', '-CA$0.01'],
    ['0', undefined, '£0.00'],
    ['0.00', 'CAD', 'CA$0.00'],
    ['1234567.5', { code: 'EUR' }, '+€1,234,567.50'],
  ])('writes %j in %j as %j: a plus only before a positive amount', (amount, currency, expected) => {
    expect(formatSignedMoney(amount, currency)).toBe(expected);
  });

  it.each([['abc'], [''], ['1e3'], ['12,50'], ['+5'], [null], [undefined], [Number.NaN]])(
    'writes unreadable %j as the dash, as formatMoney, and never throws',
    (amount) => {
      expect(formatSignedMoney(amount, 'CAD')).toBe('—');
    },
  );
});

describe('formatCount', () => {
  it.each([
    [0, '0 bookings'],
    [1, '1 booking'],
    [2, '2 bookings'],
    [1000, '1000 bookings'],
  ])('writes %j bookings as %j', (count, expected) => {
    expect(formatCount(count, 'booking')).toBe(expected);
  });

  it('takes a noun of several words, or its own plural', () => {
    expect(formatCount(3, 'selected booking')).toBe('3 selected bookings');
    expect(formatCount(1, 'selected booking')).toBe('1 selected booking');
    expect(formatCount(2, 'currency', 'currencies')).toBe('2 currencies');
  });
});

describe('formatAmount', () => {
  it('formats with grouping and 2 decimals', () => {
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount(-0.5)).toBe('-0.50');
    expect(formatAmount(null)).toBe('—');
  });
});

describe('formatDate', () => {
  it.each([
    ['2024-01-05', 'Jan 5, 2024'],
    ['2023-12-31', 'Dec 31, 2023'],
    ['2024-02-29', 'Feb 29, 2024'],
    ['2024-01-05T23:59:59Z', 'Jan 5, 2024'],
  ])('%s → %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it('never shifts the day with the timezone', () => {
    // Midnight UTC is the previous day in the Americas; the date is read from the string.
    expect(formatDate('2024-03-01')).toBe('Mar 1, 2024');
  });

  it.each([null, undefined, '', '2024-02-30', '05/01/2024', 'soon'])('shows a dash for %j', (value) => {
    expect(formatDate(value)).toBe('—');
  });
});

describe('formatPercent', () => {
  it.each([
    ['5.00', '5%'],
    ['12.50', '12.5%'],
    [33.333, '33.33%'],
    ['100', '100%'],
    [null, '—'],
  ])('%j → %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it('can keep trailing decimals', () => {
    expect(formatPercent('5', { minimumFractionDigits: 2 })).toBe('5.00%');
  });
});
