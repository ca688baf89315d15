import { describe, expect, it } from 'vitest';
import { moneyToString, parseMoney, type Cents } from './money';
import {
  applyPercent,
  applyPercentProduct,
  comparePercent,
  HUNDRED_PERCENT,
  parsePercent,
  percent,
  percentFromDb,
  percentFromUnits,
  percentMinus,
  percentOfPercent,
  percentPlus,
  percentToNumber,
  percentToString,
  type Percent,
  percentJson,
} from './percent';

const m = (s: string): Cents => {
  const r = parseMoney(s);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('parsePercent accepts', () => {
  it.each<[unknown, bigint]>([
    ['12.5', 125000n],
    ['12.50', 125000n],
    [' 7 ', 70000n],
    ['0', 0n],
    ['-0', 0n],
    ['100', 1000000n],
    ['100.00', 1000000n],
    ['.5', 5000n],
    [60, 600000n],
    [33.33, 333300n],
    [0, 0n],
  ])('%j → %s units', (input, units) => {
    expect(parsePercent(input)).toEqual({ ok: true, value: units });
  });

  it('takes up to 4 decimals when asked', () => {
    expect(parsePercent('4.1667', { maxDecimals: 4 })).toEqual({ ok: true, value: 41667n });
    expect(parsePercent('4.1667')).toMatchObject({ ok: false, reason: 'format' });
  });
});

describe('parsePercent refuses with a message', () => {
  it.each<[unknown, 'empty' | 'format' | 'range']>([
    ['', 'empty'],
    ['   ', 'empty'],
    [null, 'empty'],
    [undefined, 'empty'],
    ['abc', 'format'],
    ['12,5', 'format'],
    ['1e1', 'format'],
    ['12.345', 'format'],
    ['12.5%', 'format'],
    [NaN, 'format'],
    [Infinity, 'format'],
    [12.345, 'format'],
    [-1, 'range'],
    ['-1', 'range'],
    ['-0.01', 'range'],
    [100.001, 'range'],
    ['100.01', 'range'],
    ['101', 'range'],
  ])('%j (%s)', (input, reason) => {
    const r = parsePercent(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe(reason);
      expect(r.error).toMatch(/^The percentage /);
    }
  });

  it('refuses an impossible maxDecimals', () => {
    expect(() => parsePercent('1', { maxDecimals: 5 })).toThrow(RangeError);
  });
});

describe('percentToString keeps the 4 stored decimals, trimmed to at least 2', () => {
  it.each<[bigint, string]>([
    [125000n, '12.50'],
    [41667n, '4.1667'],
    [123450n, '12.345'],
    [1000000n, '100.00'],
    [0n, '0.00'],
    [5n, '0.0005'],
    [420000n, '42.00'],
  ])('%s → %s', (units, s) => {
    expect(percentToString(percentFromUnits(units))).toBe(s);
  });
  it('gives numbers for JSON', () => {
    expect(percentToNumber(percent('12.5'))).toBe(12.5);
    expect(percentToNumber(percent('4.1667'))).toBe(4.1667);
  });
});

describe('percentFromDb', () => {
  it.each<[string, bigint]>([
    ['12.5000', 125000n],
    ['60', 600000n],
    ['4.1667', 41667n],
    ['100.0000', 1000000n],
    ['12.500000', 125000n],
  ])('%s → %s', (s, units) => {
    expect(percentFromDb(s)).toBe(units);
  });
  it.each(['', 'abc', '4.16675', '1e2', '12.'])('throws on %j', (s) => {
    expect(() => percentFromDb(s)).toThrow(TypeError);
  });
});

describe('percent()', () => {
  it('builds trusted constants', () => {
    expect(percent('5')).toBe(50000n);
    expect(percent(12.5)).toBe(125000n);
  });
  it('throws on bad literals', () => {
    expect(() => percent('101')).toThrow(RangeError);
    expect(() => percent('x')).toThrow(RangeError);
  });
});

describe('applyPercent: amount × p / 100, rounded once half away from zero', () => {
  it.each<[string, string, string]>([
    ['333.33', '12.5', '41.67'], // 41.66625
    ['-333.33', '12.5', '-41.67'],
    ['100.00', '70', '70.00'],
    ['-100.00', '70', '-70.00'],
    ['0.10', '25', '0.03'], // 0.025
    ['-0.10', '25', '-0.03'],
    ['0.30', '25', '0.08'], // 0.075
    ['-0.30', '25', '-0.08'],
    ['0.02', '25', '0.01'], // 0.005
    ['-0.02', '25', '-0.01'],
    ['0.01', '49.99', '0.00'], // 0.004999
    ['0.01', '50', '0.01'], // 0.005
    ['0.00', '50', '0.00'],
    ['123.45', '0', '0.00'],
    ['123.45', '100', '123.45'],
    ['999999999999.99', '100', '999999999999.99'],
    ['999999999999.99', '33.33', '333300000000.00'], // 333299999999.996667
    ['10.00', '4.1667', '0.42'], // 0.41667
  ])('%s at %s%% = %s', (amount, p, expected) => {
    expect(moneyToString(applyPercent(m(amount), percent(p)))).toBe(expected);
  });
});

describe('applyPercentProduct: gross × r × s / 10000 with one rounding', () => {
  it.each<[string, string, string, string]>([
    ['100.00', '70', '60', '42.00'],
    ['-100.00', '70', '60', '-42.00'],
    ['333.33', '12.5', '60', '25.00'], // 24.99975
    ['-333.33', '12.5', '60', '-25.00'],
    ['0.10', '50', '50', '0.03'], // 0.025
    ['-0.10', '50', '50', '-0.03'],
    ['100.00', '12.34', '33.33', '4.11'], // 4.112922
    ['1.00', '100', '100', '1.00'],
    ['1.00', '0', '60', '0.00'],
  ])('%s at %s%% with %s%% split = %s', (gross, r, s, expected) => {
    expect(moneyToString(applyPercentProduct(m(gross), percent(r), percent(s)))).toBe(expected);
  });

  it('differs from rounding twice when that would lose a cent', () => {
    // 0.09 × 50% = 0.045 → 0.05, then × 50% = 0.025 → 0.03; in one step 0.0225 → 0.02.
    const gross = m('0.09');
    const twice = applyPercent(applyPercent(gross, percent(50)), percent(50));
    expect(twice).toBe(3n);
    expect(applyPercentProduct(gross, percent(50), percent(50))).toBe(2n);
  });
});

describe('percentOfPercent: sub-agent percentage of gross = r × s / 100 on 4 decimals', () => {
  it.each<[string, string, string]>([
    ['70', '60', '42.00'],
    ['12.5', '60', '7.50'],
    ['12.5', '33.33', '4.1663'], // 4.166250 → 4.1663 (half away from zero)
    ['12.34', '33.33', '4.1129'], // 4.112922
    ['100', '100', '100.00'],
    ['0', '60', '0.00'],
  ])('%s%% × %s%% = %s%%', (r, s, expected) => {
    expect(percentToString(percentOfPercent(percent(r), percent(s)))).toBe(expected);
  });

  it('parent percentage = r − sub-agent percentage', () => {
    const r = percent(70);
    const subAgent = percentOfPercent(r, percent(60));
    expect(percentToString(percentMinus(r, subAgent))).toBe('28.00');
    expect(percentPlus(subAgent, percentMinus(r, subAgent))).toBe(r);
  });
});

it('comparePercent orders', () => {
  const list: Percent[] = [percent(50), HUNDRED_PERCENT, percent(0)];
  expect(list.sort(comparePercent).map(percentToString)).toEqual(['0.00', '50.00', '100.00']);
});

describe('percentJson', () => {
  it('reads a stored numeric(7,4) into the JSON number', () => {
    expect(percentJson('42.5000')).toBe(42.5);
    expect(percentJson('100.0000')).toBe(100);
    expect(percentJson(null)).toBeNull();
  });
});
