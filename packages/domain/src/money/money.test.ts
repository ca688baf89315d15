import { describe, expect, it } from 'vitest';
import {
  cents,
  divRoundHalfAwayFromZero,
  moneyFromDb,
  moneyToNumber,
  moneyToString,
  parseMoney,
  type Cents,
  absMoney as abs,
  addMoney as add,
  compareMoney as compare,
  isNegativeMoney as isNegative,
  isPositiveMoney as isPositive,
  isZeroMoney as isZero,
  maxMoney as max,
  minMoney as min,
  negMoney as neg,
  subMoney as sub,
  sumMoney as sum,
  moneyJson,
  moneyInputText,
} from './money';

const ok = (input: unknown) => {
  const r = parseMoney(input);
  if (!r.ok) throw new Error(`expected ${String(input)} to parse: ${r.error}`);
  return r.value;
};

describe('cents', () => {
  it('builds from a bigint or a safe integer', () => {
    expect(cents(12345)).toBe(12345n);
    expect(cents(-5n)).toBe(-5n);
  });
  it.each([1.5, NaN, Infinity, 2 ** 53])('refuses %s', (n) => {
    expect(() => cents(n)).toThrow(RangeError);
  });
});

describe('parseMoney accepts', () => {
  it.each<[unknown, bigint]>([
    ['12', 1200n],
    ['12.3', 1230n],
    ['12.34', 1234n],
    ['-0.50', -50n],
    ['.5', 50n],
    ['-.05', -5n],
    ['12.', 1200n],
    ['007.10', 710n],
    ['  42.10 ', 4210n], // surrounding blanks of a form field are trimmed
    ['-0', 0n],
    ['-0.00', 0n],
    ['999999999999.99', 99_999_999_999_999n],
    ['-999999999999.99', -99_999_999_999_999n],
    [12, 1200n],
    [12.5, 1250n],
    [-0.05, -5n],
    [0.1, 10n],
    [-0, 0n],
    [999999999999.99, 99_999_999_999_999n],
  ])('%j → %s cents', (input, expected) => {
    expect(ok(input)).toBe(expected);
  });

  it('never returns a negative zero or a float', () => {
    expect(Object.is(ok('-0'), 0n)).toBe(true);
    expect(typeof ok(12.5)).toBe('bigint');
  });
});

describe('parseMoney refuses', () => {
  it.each<[unknown, 'empty' | 'format' | 'range']>([
    ['', 'empty'],
    ['  ', 'empty'],
    [null, 'empty'],
    [undefined, 'empty'],
    ['12,34', 'format'],
    ['1,234.50', 'format'],
    ['1 234.50', 'format'],
    ['1e6', 'format'],
    ['1E6', 'format'],
    ['NaN', 'format'],
    ['Infinity', 'format'],
    ['12.345', 'format'],
    ['+12', 'format'],
    ['-', 'format'],
    ['.', 'format'],
    ['--1', 'format'],
    ['0x10', 'format'],
    ['£12', 'format'],
    ['(3.45)', 'format'],
    ['\u221212', 'format'], // Unicode minus
    ['１２', 'format'], // full-width digits
    ['12 .5', 'format'],
    [Infinity, 'format'],
    [-Infinity, 'format'],
    [NaN, 'format'],
    [Number('1e309'), 'format'], // the literal 1e309 is Infinity
    [1e21, 'format'], // String(1e21) is '1e+21'
    [1e-7, 'format'],
    [0.1 + 0.2, 'format'], // 0.30000000000000004
    [12.345, 'format'],
    [true, 'format'],
    [{}, 'format'],
    [[12], 'format'],
    ['1000000000000', 'range'],
    ['1000000000000.00', 'range'],
    ['-1000000000000', 'range'],
    [1e12, 'range'],
  ])('%j (%s)', (input, reason) => {
    const r = parseMoney(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe(reason);
      expect(r.error).toMatch(/^The amount /);
    }
  });
});

it('parseMoney refuses a bigint (only strings and JS numbers come from forms and JSON)', () => {
  expect(parseMoney(12n)).toMatchObject({ ok: false, reason: 'format' });
});

describe('moneyToString', () => {
  it.each<[bigint, string]>([
    [123450n, '1234.50'],
    [-5n, '-0.05'],
    [0n, '0.00'],
    [7n, '0.07'],
    [-100n, '-1.00'],
    [99_999_999_999_999n, '999999999999.99'],
    [12345678901234567890n, '123456789012345678.90'],
  ])('%s → %s', (c, s) => {
    expect(moneyToString(c as Cents)).toBe(s);
  });
});

describe('moneyFromDb', () => {
  it.each<[string, bigint]>([
    ['123.4', 12340n],
    ['5', 500n],
    ['-0.10', -10n],
    ['0.00', 0n],
    ['-0.00', 0n],
    ['12.500', 1250n],
    ['1234567890123456.78', 123456789012345678n],
  ])('%s → %s', (s, c) => {
    expect(moneyFromDb(s)).toBe(c);
  });
  it.each(['', 'abc', '12.345', '1e3', 'NaN', ' 12', '12.', '.5', '1,2'])('throws on %j', (s) => {
    expect(() => moneyFromDb(s)).toThrow(TypeError);
  });
});

describe('moneyToNumber', () => {
  it.each<[bigint, number]>([
    [123450n, 1234.5],
    [-5n, -0.05],
    [0n, 0],
    [99_999_999_999_999n, 999999999999.99],
  ])('%s → %s', (c, n) => {
    expect(moneyToNumber(c as Cents)).toBe(n);
  });
});

describe('arithmetic', () => {
  const a = cents(1050);
  const b = cents(-275);
  it('adds, subtracts, negates', () => {
    expect(add(a, b)).toBe(775n);
    expect(sub(a, b)).toBe(1325n);
    expect(neg(a)).toBe(-1050n);
    expect(neg(cents(0))).toBe(0n);
    expect(abs(b)).toBe(275n);
    expect(abs(a)).toBe(1050n);
  });
  it('sums exactly, 0 for nothing', () => {
    expect(sum([a, b, cents(1)])).toBe(776n);
    expect(sum([])).toBe(0n);
    expect(sum(Array.from({ length: 10 }, () => cents(10)))).toBe(100n); // 0.1 × 10 is exactly 1.00
  });
  it('compares', () => {
    expect(compare(a, b)).toBe(1);
    expect(compare(b, a)).toBe(-1);
    expect(compare(a, cents(1050))).toBe(0);
    expect([a, b, cents(0)].sort(compare)).toEqual([b, 0n, a]);
    expect(min(a, b)).toBe(b);
    expect(max(a, b)).toBe(a);
  });
  it('tests sign', () => {
    expect(isZero(cents(0))).toBe(true);
    expect(isZero(a)).toBe(false);
    expect(isNegative(b)).toBe(true);
    expect(isNegative(cents(0))).toBe(false);
    expect(isPositive(a)).toBe(true);
    expect(isPositive(cents(0))).toBe(false);
  });
});

describe('divRoundHalfAwayFromZero', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [2n, 3n, 1n],
    [-2n, 3n, -1n],
    [1n, 3n, 0n],
    [0n, 7n, 0n],
    [15n, 10n, 2n],
    [-15n, 10n, -2n],
    [14n, 10n, 1n],
    [-14n, 10n, -1n],
  ])('%s / %s → %s', (n, d, q) => {
    expect(divRoundHalfAwayFromZero(n, d)).toBe(q);
  });
  it('refuses a zero divisor', () => {
    expect(() => divRoundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });
});

describe('money to and from JSON and forms', () => {
  it('reads a stored numeric exactly into the JSON number', () => {
    expect(moneyJson('1234.50')).toBe(1234.5);
    expect(moneyJson('-0.10')).toBe(-0.1);
    expect(moneyJson('12345678901.23')).toBe(12345678901.23);
    expect(moneyJson(null)).toBeNull();
  });
  it('gives a form the amount to the cent, and leaves unreadable input alone', () => {
    expect(moneyInputText(250.5)).toBe('250.50');
    expect(moneyInputText('1234')).toBe('1234.00');
    expect(moneyInputText(-0.1)).toBe('-0.10');
    expect(moneyInputText('12,50')).toBe('12,50');
  });
});

describe('moneyInputText (the booking and transaction forms)', () => {
  it.each([
    [250.5, '250.50'],
    [-1234.5, '-1234.50'],
    [0.1, '0.10'],
    [999999999999.99, '999999999999.99'],
    ['70', '70.00'],
    [0, '0.00'],
  ])('%s → %s', (amount, text) => {
    expect(moneyInputText(amount)).toBe(text);
  });
});
