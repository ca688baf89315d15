import { describe, expect, it } from 'vitest';
import { allocate, allocateByWeights } from './allocate';
import { cents, moneyToString, sumMoney } from './money';
import { applyPercent, applyPercentProduct, percent } from './percent';

const str = (parts: bigint[]) => parts.map((p) => moneyToString(p as never));

describe('allocate: agent lines then the company, parts sum to the whole', () => {
  it.each<[string, bigint, string[], string[]]>([
    ['one agent at 70%', 10000n, ['70'], ['70.00', '30.00']],
    ['sub-agent 42% and parent 28%', 10000n, ['42', '28'], ['42.00', '28.00', '30.00']],
    ['refund mirrors it', -10000n, ['42', '28'], ['-42.00', '-28.00', '-30.00']],
    ['333.33 at 12.5%', 33333n, ['12.5'], ['41.67', '291.66']],
    ['three thirds of 1.00', 100n, ['33.3333', '33.3333'], ['0.33', '0.34', '0.33']],
    ['half and half of 0.01 (no negative company)', 1n, ['50', '50'], ['0.01', '0.00', '0.00']],
    ['-0.01 half and half', -1n, ['50', '50'], ['-0.01', '0.00', '0.00']],
    ['nothing to split', 0n, ['40', '60'], ['0.00', '0.00', '0.00']],
    ['no agent lines: the company keeps all', 12345n, [], ['123.45']],
    ['100% to agents', 999n, ['100'], ['9.99', '0.00']],
  ])('%s', (_name, total, percents, expected) => {
    const parts = allocate(
      cents(total),
      percents.map((p) => percent(p)),
    );
    expect(str(parts)).toEqual(expected);
    expect(sumMoney(parts)).toBe(total);
  });

  it('the first line is exactly applyPercent of the total', () => {
    const total = cents(33333);
    expect(allocate(total, [percent('7.5'), percent('5')])[0]).toBe(applyPercent(total, percent('7.5')));
  });

  it('sub-agent first, then parent: the two add up to the rounded agent side', () => {
    // 333.33 at r = 12.5% with split 60%: agent side 41.67, sub-agent 7.5% = 25.00, parent 5% = 16.67.
    const gross = cents(33333);
    const [subAgent = 0n, parent = 0n, company] = allocate(gross, [percent('7.5'), percent('5')]);
    expect(subAgent).toBe(applyPercentProduct(gross, percent('12.5'), percent('60')));
    expect(subAgent + parent).toBe(applyPercent(gross, percent('12.5')));
    expect(company).toBe(gross - applyPercent(gross, percent('12.5')));
  });

  it('refuses percentages outside 0..100 or adding up to more than 100', () => {
    expect(() => allocate(cents(100), [percent('60'), percent('50')])).toThrow(RangeError);
    expect(() => allocate(cents(100), [-1n as never])).toThrow(RangeError);
    expect(() => allocate(cents(100), [1000001n as never])).toThrow(RangeError);
  });
});

describe('allocateByWeights', () => {
  it.each<[string, bigint, bigint[], string[]]>([
    ['equal thirds of 1.00', 100n, [1n, 1n, 1n], ['0.33', '0.34', '0.33']],
    ['equal thirds of -1.00', -100n, [1n, 1n, 1n], ['-0.33', '-0.34', '-0.33']],
    ['2:1 of 0.01', 1n, [2n, 1n], ['0.01', '0.00']],
    ['1:2 of 0.01', 1n, [1n, 2n], ['0.00', '0.01']],
    ['zero weight gets nothing', 1000n, [0n, 1n, 0n], ['0.00', '10.00', '0.00']],
    ['one part', 777n, [5n], ['7.77']],
    [
      'large totals stay exact',
      99_999_999_999_999n,
      [1n, 1n, 1n],
      ['333333333333.33', '333333333333.33', '333333333333.33'],
    ],
  ])('%s', (_name, total, weights, expected) => {
    const parts = allocateByWeights(cents(total), weights);
    expect(str(parts)).toEqual(expected);
    expect(sumMoney(parts)).toBe(total);
  });

  it('refuses no weights, negative weights, all-zero weights', () => {
    expect(() => allocateByWeights(cents(1), [])).toThrow(RangeError);
    expect(() => allocateByWeights(cents(1), [1n, -1n])).toThrow(RangeError);
    expect(() => allocateByWeights(cents(1), [0n, 0n])).toThrow(RangeError);
  });
});
