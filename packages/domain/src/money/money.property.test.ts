/**
 * Property tests (fast-check), part of the ~1,000,000 random cases of the normal suite with
 * allocate.property.test.ts and commission-lines.property.test.ts. A failure prints the counterexample
 * and its seed; replay with `fc.assert(..., { seed, path })`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate';
import { MAX_MONEY_CENTS, moneyFromDb, moneyToNumber, moneyToString, parseMoney, type Cents } from './money';
import { applyPercent, applyPercentProduct, parsePercent, percentFromDb, percentToString } from './percent';
import { centsArb, deepRuns, linePercentsArb, percentArb } from './test-arbitraries';

const RUNS = deepRuns(250_000);

describe('money properties', () => {
  it('rounding is symmetric for refunds: f(-x) = -f(x)', () => {
    fc.assert(
      fc.property(centsArb, percentArb, percentArb, linePercentsArb, (x, p, s, percents) => {
        const minus = -x as Cents;
        if (applyPercent(minus, p) !== -applyPercent(x, p)) return false;
        if (applyPercentProduct(minus, p, s) !== -applyPercentProduct(x, p, s)) return false;
        const b = allocate(minus, percents);
        return allocate(x, percents).every((part, i) => b[i] === -part);
      }),
      { numRuns: RUNS },
    );
  });

  it('parseMoney(moneyToString(x)) round-trips, and so do the DB text, the JSON number and percentages', () => {
    fc.assert(
      fc.property(centsArb, percentArb, (x, p) => {
        const s = moneyToString(x);
        const parsed = parseMoney(s);
        const fromNumber = parseMoney(moneyToNumber(x));
        const ps = percentToString(p);
        const pct = parsePercent(ps, { maxDecimals: 4 });
        return (
          parsed.ok &&
          parsed.value === x &&
          fromNumber.ok &&
          fromNumber.value === x &&
          moneyFromDb(s) === x &&
          pct.ok &&
          pct.value === p &&
          percentFromDb(ps) === p
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('round-trips the extremes', () => {
    expect(parseMoney(moneyToString(MAX_MONEY_CENTS))).toEqual({ ok: true, value: MAX_MONEY_CENTS });
    expect(parseMoney(moneyToNumber(-MAX_MONEY_CENTS as Cents))).toEqual({ ok: true, value: -MAX_MONEY_CENTS });
  });
});
