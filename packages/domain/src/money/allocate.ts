/**
 * Dividing one amount among several lines so that the parts add up to the whole to the cent
 * (DOMAIN.md "Arithmetic": every line but the last is rounded and the last takes the remainder).
 *
 * Rounding is applied to the running total: line i = round(total × (w1+…+wi)/W) − round(total × (w1+…+wi−1)/W),
 * half away from zero, and the last line is the remainder. So:
 * - the first line is exactly `applyPercent(total, p1)`;
 * - the lines before the last add up to one rounded amount (e.g. sub-agent + parent = the rounded agent side),
 *   which is how commission lines are computed, so a full payout pays each line exactly what it shows;
 * - no part ever has the opposite sign of the whole or exceeds it (rounding each line on its own could push
 *   the remainder to -0.01 when the rounded lines overshoot);
 * - allocate(-x) = -allocate(x): refunds are the exact mirror of bookings.
 */
import { divRoundHalfAwayFromZero, type Cents } from './money';
import { HUNDRED_PERCENT, type Percent } from './percent';

/**
 * Splits `total` in proportion to non-negative `weights` (at least one positive). Returns one part per
 * weight; the parts always sum exactly to `total`, each has the sign of `total` (or is zero).
 */
export function allocateByWeights(total: Cents, weights: readonly bigint[]): Cents[] {
  if (weights.length === 0) throw new RangeError('allocateByWeights: at least one weight is needed');
  let whole = 0n;
  for (const w of weights) {
    if (w < 0n) throw new RangeError('allocateByWeights: weights must not be negative');
    whole += w;
  }
  if (whole === 0n) throw new RangeError('allocateByWeights: the weights must not all be zero');

  const parts: Cents[] = [];
  let running = 0n;
  let allocated = 0n;
  weights.forEach((w, i) => {
    running += w;
    const upTo = i === weights.length - 1 ? total : divRoundHalfAwayFromZero(total * running, whole);
    parts.push((upTo - allocated) as Cents);
    allocated = upTo;
  });
  return parts;
}

/**
 * Splits `total` among lines that each take a percentage of it, plus the company, which keeps the rest.
 * `percents` are the lines' percentages of `total` (each ≥ 0, together ≤ 100); the result has
 * `percents.length + 1` parts: one per line in the same order, then the company's part (the remainder).
 * Put the line whose amount is rounded on its own first (the sub-agent before its parent).
 *
 * allocate(100.00, [42%, 28%]) → [42.00, 28.00, 30.00].
 */
export function allocate(total: Cents, percents: readonly Percent[]): Cents[] {
  let agents = 0n;
  for (const p of percents) {
    if (p < 0n || p > HUNDRED_PERCENT) throw new RangeError('allocate: each percentage must be between 0 and 100');
    agents += p;
  }
  if (agents > HUNDRED_PERCENT) throw new RangeError('allocate: the percentages must not add up to more than 100');
  return allocateByWeights(total, [...percents, HUNDRED_PERCENT - agents]);
}
