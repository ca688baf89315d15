/**
 * Pure display formatters: a function of (value, currency, locale), never global state.
 * Money arrives as numbers rounded to 2 decimals or as decimal strings (CONTRACT.md §2); strings are handed to
 * Intl.NumberFormat as strings so no float rounding happens on the way ('1234.505' → '£1,234.51').
 */

export const EMPTY_VALUE = '—';

export const DEFAULT_CURRENCY = { code: 'GBP', symbol: '£' } as const;

export type CurrencyLike = { code?: string | null; symbol?: string | null } | string | null | undefined;

/** A decimal (an amount, a percentage) as the API or a form gives it (CONTRACT.md §2), or none. */
type DecimalInput = string | number | null | undefined;

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A decimal string Intl can take as-is, or null when the value is not a finite number. */
function toDecimalString(amount: DecimalInput): string | null {
  if (amount === null || amount === undefined) return null;
  if (typeof amount === 'number') return Number.isFinite(amount) ? String(amount) : null;
  const trimmed = amount.trim();
  return DECIMAL.test(trimmed) ? trimmed : null;
}

function resolveCurrency(currency: CurrencyLike): { code: string | null; symbol: string | null } {
  if (currency === undefined || currency === null) return { ...DEFAULT_CURRENCY };
  if (typeof currency === 'string') {
    const value = currency.trim();
    if (/^[A-Za-z]{3}$/.test(value)) return { code: value.toUpperCase(), symbol: null };
    return value ? { code: null, symbol: value } : { ...DEFAULT_CURRENCY };
  }
  const code = currency.code?.trim() ? currency.code.trim().toUpperCase() : null;
  const symbol = currency.symbol?.trim() ? currency.symbol.trim() : null;
  if (!code && !symbol) return { ...DEFAULT_CURRENCY };
  return { code, symbol };
}

const twoDecimals = (locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one currency rule of every screen: an amount in a currency with an ISO code is written the way
 * `Intl.NumberFormat('en-GB', {style: 'currency'})` writes it (GBP '£', CAD 'CA$', USD 'US$', EUR '€'),
 * whatever symbol is stored for the currency; the stored symbol is used only for a code Intl does not
 * know, and £ (GBP) when there is neither (spec §9). Why: the stored symbols are free text ('C$', '$'),
 * and '$' alone cannot tell a Canadian from a US dollar, which a UK or Canadian agency handling both
 * must see at a glance; en-GB's 'CA$' is unambiguous and the same on every screen.
 */
function currencyFormat(code: string, locale: string): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  } catch {
    return null; // Not an ISO 4217 code Intl accepts.
  }
}

/**
 * The symbol `formatMoney` writes for this currency, for a form's amount prefix or any label: 'CA$' for
 * CAD, '£' for GBP or no currency, the stored symbol for a code Intl does not know.
 */
export function currencySymbol(currency?: CurrencyLike, locale: string = 'en-GB'): string {
  const { code, symbol } = resolveCurrency(currency);
  const intl = code
    ? currencyFormat(code, locale)
        ?.formatToParts(0)
        .find((p) => p.type === 'currency')
    : undefined;
  return intl?.value ?? symbol ?? code ?? DEFAULT_CURRENCY.symbol;
}

/**
 * formatMoney('1234.5') → '£1,234.50'; formatMoney(-20, {code: 'CAD', symbol: 'C$'}) → '-CA$20.00';
 * formatMoney('10', {symbol: '€'}) → '€10.00'. Null or a non-number gives '—'.
 */
export function formatMoney(amount: DecimalInput, currency?: CurrencyLike, locale: string = 'en-GB'): string {
  const value = toDecimalString(amount);
  if (value === null) return EMPTY_VALUE;
  const { code } = resolveCurrency(currency);
  const intl = code ? currencyFormat(code, locale) : null;
  if (intl) return intl.format(value as Intl.StringNumericLiteral);
  const negative = value.startsWith('-');
  const digits = twoDecimals(locale).format((negative ? value.slice(1) : value) as Intl.StringNumericLiteral);
  const isZero = /^0(?:[.,]0+)?$/.test(digits);
  return `${negative && !isZero ? '-' : ''}${currencySymbol(currency, locale)}${digits}`;
}

/**
 * A change of money, signed: formatSignedMoney('29.58') → '+£29.58', ('-12.50', 'CAD') → '-CA$12.50', '0' → '£0.00'.
 * The plus only before an amount above zero, read as formatMoney reads it; an unreadable one gives '—', as there.
 */
export function formatSignedMoney(amount: DecimalInput, currency?: CurrencyLike, locale: string = 'en-GB'): string {
  const value = toDecimalString(amount);
  const plus = value !== null && !value.startsWith('-') && /[1-9]/.test(value) ? '+' : '';
  return `${plus}${formatMoney(amount, currency, locale)}`;
}

/** A count and its noun, plural unless one: formatCount(1, 'booking') → '1 booking'; (0, 'booking') → '0 bookings'. */
export const formatCount = (count: number, noun: string, plural: string = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : plural}`;

/** A plain number with 2 decimals and grouping ('1234.5' → '1,234.50'); '—' when missing. */
export function formatAmount(amount: DecimalInput, locale: string = 'en-GB'): string {
  const value = toDecimalString(amount);
  return value === null ? EMPTY_VALUE : twoDecimals(locale).format(value as Intl.StringNumericLiteral);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;
const usShortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * '2024-01-05' → 'Jan 5, 2024' (US style, short month). The calendar date is read from the string itself, so
 * no timezone can move it a day; for an ISO timestamp the date part (UTC) is used. Missing or invalid → '—'.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return EMPTY_VALUE;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return EMPTY_VALUE;
  // eslint-disable-next-line no-restricted-syntax -- the year, month and day of an ISO date
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return EMPTY_VALUE;
  }
  return usShortDate.format(date);
}

/**
 * A percentage given in percent units ('12.50' → '12.5%', 100 → '100%'), up to `maximumFractionDigits`
 * decimals (default 2). Missing → '—'.
 */
export function formatPercent(
  value: DecimalInput,
  options: { minimumFractionDigits?: number; maximumFractionDigits?: number; locale?: string } = {},
): string {
  const decimal = toDecimalString(value);
  if (decimal === null) return EMPTY_VALUE;
  const { minimumFractionDigits = 0, maximumFractionDigits = 2, locale = 'en-GB' } = options;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits });
  return `${number.format(decimal as Intl.StringNumericLiteral)}%`;
}
