/**
 * Exact money (DOMAIN.md "Arithmetic"): integer minor units held in a bigint, branded so that a
 * float or a plain bigint cannot be passed where money is expected. Intermediate products
 * (amount × percent × percent) never overflow and never lose precision.
 *
 * Strings are parsed digit by digit: no parseFloat, no binary floating point anywhere.
 */

/** An amount in cents (1/100 of the currency unit). Build with `cents`, `parseMoney` or `moneyFromDb`. */
export type Cents = bigint & { readonly __brand: 'Cents' };

/** The largest magnitude a stored amount may have: numeric(14,2) → 999,999,999,999.99. */
export const MAX_MONEY_CENTS = 99_999_999_999_999n as Cents;

export const ZERO_CENTS = 0n as Cents;

/** Result of the strict parsers. `reason` lets a schema pick its message. */
export type StrictParseResult<T> =
  { ok: true; value: T } | { ok: false; error: string; reason: 'empty' | 'format' | 'range' };

/** Cents from an integer count of cents (a bigint or a safe integer number). Throws on anything else. */
export function cents(n: bigint | number): Cents {
  if (typeof n === 'bigint') return n as Cents;
  if (!Number.isSafeInteger(n)) throw new RangeError(`cents() needs a safe integer number of cents, got ${String(n)}`);
  return BigInt(n) as Cents;
}

/**
 * Reads a decimal as a sign and integer units with `scale` decimals. Accepts an optional leading '-',
 * digits, an optional '.', and at most `maxDecimals` decimals ('12', '12.', '12.3', '.5', '-0.50').
 * Returns null for anything else (exponents, grouping, commas, '+', blanks, 'NaN').
 */
export function parseDecimalUnits(text: string, scale: number, maxDecimals = scale): bigint | null {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const [, sign = '', int = '', frac = ''] = m;
  if (int === '' && frac === '') return null; // '', '-', '.', '-.'
  if (frac.length > maxDecimals) return null;
  const units = BigInt(`${int}${frac.padEnd(scale, '0')}` || '0');
  return sign === '-' ? -units : units;
}

/**
 * The text a strict parser reads for an input: a string is trimmed; a JS number goes through
 * its shortest round-trip form `String(n)` (so 0.1 + 0.2 is '0.30000000000000004' and is refused,
 * 1e21 is '1e+21' and is refused). Anything else, NaN and ±Infinity give null.
 */
export function decimalText(input: unknown): string | null {
  if (typeof input === 'string') return input.trim();
  if (typeof input === 'number') return Number.isFinite(input) ? String(input) : null;
  return null;
}

const MONEY_FORMAT_ERROR = 'The amount must be a number with at most 2 decimals.';

/**
 * Strict money parser for forms and JSON bodies. Accepts a string (trimmed) or a finite JS number;
 * optional '-', digits, optional '.', at most 2 decimals; |value| ≤ 999,999,999,999.99.
 * '12', '12.3', '-0.50', '.5', 12.5 are accepted; '12,34', '1,234.50', '1e6', 'NaN', '', '  ',
 * '12.345', Infinity, 1e309 are refused. '-0' becomes 0.
 */
export function parseMoney(input: unknown): StrictParseResult<Cents> {
  if (input === undefined || input === null) return { ok: false, error: 'The amount is required.', reason: 'empty' };
  const text = decimalText(input);
  if (text === '') return { ok: false, error: 'The amount is required.', reason: 'empty' };
  const units = text === null ? null : parseDecimalUnits(text, 2);
  if (units === null) return { ok: false, error: MONEY_FORMAT_ERROR, reason: 'format' };
  if (units > MAX_MONEY_CENTS || units < -MAX_MONEY_CENTS) {
    return { ok: false, error: 'The amount must be between -999999999999.99 and 999999999999.99.', reason: 'range' };
  }
  return { ok: true, value: (units === 0n ? 0n : units) as Cents };
}

/** Formats units with `scale` decimals: sign, integer part, '.', exactly `scale` digits. */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

/** '1234.50', '-0.05', '0.00': always 2 decimals, no grouping (the SQL numeric text format). */
export function moneyToString(c: Cents): string {
  return formatUnits(c, 2);
}

/**
 * Reads a PostgreSQL numeric text ('123.4', '5', '-0.10', '12.500'). Decimals beyond the cent
 * are accepted only when they are zeros. Garbage throws: it is a programming error, not user input.
 * No magnitude limit (sums may exceed numeric(14,2)).
 */
export function moneyFromDb(s: string): Cents {
  const m = /^(-?\d+)(?:\.(\d{1,2})0*)?$/.exec(s);
  if (!m) throw new TypeError(`moneyFromDb: not a numeric with at most 2 significant decimals: ${JSON.stringify(s)}`);
  return BigInt(`${m[1] ?? ''}${(m[2] ?? '').padEnd(2, '0')}`) as Cents;
}

/** A 2-decimal JS number for JSON output (exact for every amount up to ~90 trillion). */
export function moneyToNumber(c: Cents): number {
  return Number(moneyToString(c));
}

export const addMoney = (a: Cents, b: Cents): Cents => (a + b) as Cents;
export const subMoney = (a: Cents, b: Cents): Cents => (a - b) as Cents;
export const negMoney = (a: Cents): Cents => -a as Cents;
export const absMoney = (a: Cents): Cents => (a < 0n ? -a : a) as Cents;
export const isZeroMoney = (a: Cents): boolean => a === 0n;
export const isNegativeMoney = (a: Cents): boolean => a < 0n;
export const isPositiveMoney = (a: Cents): boolean => a > 0n;
/** -1, 0 or 1; usable as an Array.prototype.sort comparator. */
export const compareMoney = (a: Cents, b: Cents): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);
export const minMoney = (a: Cents, b: Cents): Cents => (a <= b ? a : b);
export const maxMoney = (a: Cents, b: Cents): Cents => (a >= b ? a : b);

/** The exact sum of any number of amounts (0 for none). */
export function sumMoney(amounts: Iterable<Cents>): Cents {
  let total = 0n;
  for (const a of amounts) total += a;
  return total as Cents;
}

/**
 * n / d rounded half away from zero (DOMAIN.md rounding rule): 5/2 → 3, -5/2 → -3, 4/3 → 1.
 * `d` must not be zero; the sign of the result follows n/d.
 */
export function divRoundHalfAwayFromZero(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  const m = negative ? -n : n;
  const q = (m * 2n + d) / (2n * d); // floor((m + d/2) / d) for m ≥ 0
  return negative ? -q : q;
}

/**
 * A stored numeric(14,2) (PostgreSQL's text) as the contract's JSON number, read exactly: '1234.50' → 1234.5.
 * Null stays null.
 */
export function moneyJson(s: string): number;
export function moneyJson(s: string | null): number | null;
export function moneyJson(s: string | null): number | null {
  return s === null ? null : moneyToNumber(moneyFromDb(s));
}

/**
 * An amount as a form edits it, exactly to the cent: 250.5 → '250.50', '1234' → '1234.00'. What cannot be
 * read as money is given back as it is (the form's own check then says why).
 */
export function moneyInputText(amount: number | string): string {
  const parsed = parseMoney(amount);
  return parsed.ok ? moneyToString(parsed.value) : String(amount);
}
