import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPointsFromPercent, basisPointsToPercent } from './basis-points';

describe('basisPointsFromPercent reads the decimal text, not a float product', () => {
  it.each<[unknown, number]>([
    ['2', 200],
    [2, 200],
    ['2.5', 250],
    [2.5, 250],
    ['2.50', 250],
    [' 0.05 ', 5],
    ['.5', 50],
    ['0', 0],
    ['-0', 0],
    ['20', 2000],
    // 0.29 × 100 and 1.15 × 100 miss the whole number in binary floating point (28.999999999999996).
    [2.35, 235],
    [0.29, 29],
    [1.15, 115],
    ['-1.5', -150],
  ])('%j → %j bp', (input, bp) => {
    expect(basisPointsFromPercent(input)).toBe(bp);
  });

  it.each<unknown>([
    '',
    '  ',
    '2.555',
    '2,5',
    '1e1',
    '2 %',
    '+2',
    'abc',
    0.1 + 0.2,
    1e-7,
    NaN,
    Infinity,
    null,
    true,
    {},
  ])('refuses %j', (input) => {
    expect(basisPointsFromPercent(input)).toBeNull();
  });
});

describe('basisPointsToPercent', () => {
  it.each([
    [200, 2],
    [250, 2.5],
    [5, 0.05],
    [0, 0],
    [2000, 20],
    [235, 2.35],
  ])('%j bp → %j', (bp, percent) => {
    expect(basisPointsToPercent(bp)).toBe(percent);
  });

  it('refuses a fraction of a basis point', () => {
    expect(() => basisPointsToPercent(2.5)).toThrow(RangeError);
  });

  it('round-trips every whole number of basis points, through the number and through its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (bp) => {
        const percent = basisPointsToPercent(bp);
        expect(basisPointsFromPercent(percent)).toBe(bp);
        expect(basisPointsFromPercent(String(percent))).toBe(bp);
      }),
    );
  });
});
