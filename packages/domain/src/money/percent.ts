/**
 * Exact percentages in units of 1/10000 percent, the same grid as SQL numeric(7,4):
 * 12.5% is 125000n, 100% is 1000000n. Applying one to money rounds once, half away from zero.
 */
import {
  decimalText,
  divRoundHalfAwayFromZero,
  formatUnits,
  parseDecimalUnits,
  type Cents,
  type StrictParseResult,
} from './money';

/** A percentage 0–100 with up to 4 decimals, held as integer 1/10000-percent units. */
export type Percent = bigint & { readonly __brand: 'Percent' };

/** Decimals of the Percent grid (numeric(7,4)). */
export const PERCENT_SCALE = 4;
/** Units in one percent. */
const UNIT = 10_000n;
export const ZERO_PERCENT = 0n as Percent;
export const HUNDRED_PERCENT = 1_000_000n as Percent;
/** amount × p / 100 with p in units: divide by 100 × 10000. */
const APPLY_DIVISOR = 100n * UNIT;

export interface ParsePercentOptions {
  /** Decimals the input may have (spec: step 0.01 → 2). At most 4. */
  maxDecimals?: number;
}

/**
 * Strict percentage parser for forms and JSON bodies: a string (trimmed) or finite JS number,
 * 0 to 100 inclusive, at most `maxDecimals` (default 2) decimals, same syntax as `parseMoney`.
 * 'abc', -1, 100.001, '' and '1e1' are refused with a message.
 */
export function parsePercent(
  input: unknown,
  { maxDecimals = 2 }: ParsePercentOptions = {},
): StrictParseResult<Percent> {
  if (!Number.isInteger(maxDecimals) || maxDecimals < 0 || maxDecimals > PERCENT_SCALE) {
    throw new RangeError(`parsePercent: maxDecimals must be 0..${PERCENT_SCALE}`);
  }
  if (input === undefined || input === null)
    return { ok: false, error: 'The percentage is required.', reason: 'empty' };
  const text = decimalText(input);
  if (text === '') return { ok: false, error: 'The percentage is required.', reason: 'empty' };
  // Read with every decimal the grid holds so '100.001' is a range error, not a format one.
  const formatError = {
    ok: false,
    error: `The percentage must be a number with at most ${maxDecimals} decimals.`,
    reason: 'format',
  } as const;
  const units = text === null ? null : parseDecimalUnits(text, PERCENT_SCALE);
  if (text === null || units === null) return formatError;
  if (units < 0n || units > HUNDRED_PERCENT) {
    return { ok: false, error: 'The percentage must be between 0 and 100.', reason: 'range' };
  }
  const decimals = /\.(\d*)$/.exec(text)?.[1]?.length ?? 0;
  if (decimals > maxDecimals) return formatError;
  return { ok: true, value: (units === 0n ? 0n : units) as Percent };
}

/**
 * A Percent from a trusted literal ('12.5', 60, '4.1667'): up to 4 decimals, 0..100.
 * Throws on anything else; meant for constants and tests, not for user input.
 */
export function percent(value: string | number): Percent {
  const r = parsePercent(value, { maxDecimals: PERCENT_SCALE });
  if (!r.ok) throw new RangeError(`percent(${JSON.stringify(value)}): ${r.error}`);
  return r.value;
}

/** A Percent from raw 1/10000-percent units (125000n = 12.5%). No range check. */
export const percentFromUnits = (units: bigint): Percent => units as Percent;

/** '12.50', '4.1667', '100.00', '12.345': the 4 stored decimals with trailing zeros trimmed down to 2. */
export function percentToString(p: Percent): string {
  return formatUnits(p, PERCENT_SCALE).replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** A JS number for JSON output (12.5, 4.1667). */
export function percentToNumber(p: Percent): number {
  return Number(percentToString(p));
}

/**
 * Reads a PostgreSQL numeric(7,4) text ('12.5000', '60', '4.1667'). Decimals beyond the fourth are
 * accepted only when zeros. Garbage throws (a programming error). No range check.
 */
export function percentFromDb(s: string): Percent {
  const m = /^(-?\d+)(?:\.(\d{1,4})0*)?$/.exec(s);
  if (!m) throw new TypeError(`percentFromDb: not a numeric with at most 4 significant decimals: ${JSON.stringify(s)}`);
  return BigInt(`${m[1] ?? ''}${(m[2] ?? '').padEnd(PERCENT_SCALE, '0')}`) as Percent;
}

/**
 * amount × p / 100, rounded once, half away from zero, to the cent (DOMAIN.md).
 * 333.33 at 12.5% = 41.67; 0.10 at 25% = 0.03 and -0.10 at 25% = -0.03.
 */
export function applyPercent(amount: Cents, p: Percent): Cents {
  return divRoundHalfAwayFromZero(amount * p, APPLY_DIVISOR) as Cents;
}

/**
 * amount × r/100 × s/100 with ONE rounding (half away from zero) at the end: the sub-agent's
 * amount = gross × r × s / 10000 (r = agent rate, s = split). 100.00 at 70% with 60% → 42.00.
 * Never round r × s first: this keeps the full precision of the product.
 */
export function applyPercentProduct(amount: Cents, r: Percent, s: Percent): Cents {
  return divRoundHalfAwayFromZero(amount * r * s, APPLY_DIVISOR * APPLY_DIVISOR) as Cents;
}

/**
 * r × s / 100 on the 4-decimal grid (half away from zero): the sub-agent percentage of gross
 * for display and storage. 70% × 60% = 42%. Money is computed with `applyPercentProduct`, not with this.
 */
export function percentOfPercent(r: Percent, s: Percent): Percent {
  return divRoundHalfAwayFromZero(r * s, HUNDRED_PERCENT) as Percent;
}

/** a − b (e.g. parent percentage = r − sub-agent percentage). */
export const percentMinus = (a: Percent, b: Percent): Percent => (a - b) as Percent;

/** a + b. */
export const percentPlus = (a: Percent, b: Percent): Percent => (a + b) as Percent;

/** -1, 0 or 1. */
export const comparePercent = (a: Percent, b: Percent): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);

/** A stored numeric(7,4) percentage as the contract's JSON number: '42.5000' → 42.5. Null stays null. */
export function percentJson(s: string): number;
export function percentJson(s: string | null): number | null;
export function percentJson(s: string | null): number | null {
  return s === null ? null : percentToNumber(percentFromDb(s));
}
