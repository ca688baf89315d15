/**
 * fast-check arbitraries shared by the property tests (test-only; not exported from the package).
 * Values are generated as safe integers and turned into bigints: much faster than bigint arbitraries,
 * and numeric(14,2) fits (99,999,999,999,999 < 2^53).
 */
import fc from 'fast-check';
import { inject } from 'vitest';
import { MAX_MONEY_CENTS, type Cents } from './money';
import { HUNDRED_PERCENT, type Percent } from './percent';

const MAX = Number(MAX_MONEY_CENTS);
const HUNDRED = Number(HUNDRED_PERCENT);

/** Amounts within numeric(14,2), biased towards the small values where rounding bites. */
export const centsArb: fc.Arbitrary<Cents> = fc
  .oneof(
    fc.integer({ min: -1_000, max: 1_000 }),
    fc.integer({ min: -10_000_000, max: 10_000_000 }),
    fc.integer({ min: -MAX, max: MAX }),
  )
  .map((n) => BigInt(n) as Cents);

/** Percentages on the 4-decimal grid, and on the 2-decimal grid the forms accept. */
export const percentArb: fc.Arbitrary<Percent> = fc
  .oneof(
    fc.integer({ min: 0, max: HUNDRED }),
    fc.integer({ min: 0, max: 10_000 }).map((n) => n * 100),
  )
  .map((n) => BigInt(n) as Percent);

/** Agent-line percentages that together leave the company a share ≥ 0 (differences of sorted cut points). */
export const linePercentsArb: fc.Arbitrary<Percent[]> = fc
  .array(fc.integer({ min: 0, max: HUNDRED }), { maxLength: 4 })
  .map((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    return sorted.map((c, i) => BigInt(c - (i === 0 ? 0 : (sorted[i - 1] ?? 0))) as Percent);
  });

/** Non-negative weights, at least one positive, small and huge. */
export const weightsArb: fc.Arbitrary<bigint[]> = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 1e12 })), { minLength: 1, maxLength: 6 })
  .filter((ws) => ws.some((w) => w > 0))
  .map((ws) => ws.map((w) => BigInt(w)));

export const sign = (n: bigint): -1 | 0 | 1 => (n < 0n ? -1 : n > 0n ? 1 : 0);
export const absB = (n: bigint): bigint => (n < 0n ? -n : n);
export const sumB = (xs: readonly bigint[]): bigint => xs.reduce((a, b) => a + b, 0n);

declare module 'vitest' {
  export interface ProvidedContext {
    deepTests: boolean;
  }
}

/**
 * A property's case count: all of `deep` under `npm run test:deep` (DEEP_TESTS=1, the e2e stage), a
 * twentieth (at least 2,000) in `npm test`, which runs often and must stay quick.
 */
export const deepRuns = (deep: number): number => (inject('deepTests') ? deep : Math.max(2_000, Math.round(deep / 20)));
