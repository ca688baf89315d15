/**
 * Basis points: hundredths of a percent, the whole numbers a rate that people write in percent is stored in
 * (a supplier's match tolerance: 2 % is 200). Read from the decimal text digit by digit, never multiplied
 * as a float: 0.29 × 100 is 28.999999999999996 in binary floating point, here 0.29 is 29.
 */
import { decimalText, formatUnits, parseDecimalUnits } from './money';

/** Decimals of a percent that still make whole basis points. */
const BASIS_POINT_DECIMALS = 2;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The basis points of a percent as a form ('2.5', ' 2 ') or JSON (2.5) sends it, or null when it is not a
 * decimal with at most 2 decimals (the syntax of `parseMoney`: '12,5', '1e1', '', NaN and 0.1 + 0.2, whose
 * shortest form has 17 decimals, are refused). No range check: the caller's rule has its bounds.
 */
export function basisPointsFromPercent(input: unknown): number | null {
  const text = decimalText(input);
  const units = text === null ? null : parseDecimalUnits(text, BASIS_POINT_DECIMALS);
  if (units === null || units > MAX_SAFE || units < -MAX_SAFE) return null;
  return Number(units);
}

/** The percent of whole basis points as a JSON number, exactly as written: 250 → 2.5, 200 → 2, 5 → 0.05. */
export function basisPointsToPercent(bp: number): number {
  if (!Number.isSafeInteger(bp))
    throw new RangeError(`basisPointsToPercent: not a whole number of basis points: ${bp}`);
  return Number(formatUnits(BigInt(bp), BASIS_POINT_DECIMALS));
}
