import { currencySymbol, formatMoney, type CurrencyLike } from '../../../lib/format';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' → 'Nov 2026' (the charts' month axis, short months as `formatDate` writes them); anything else is shown as it is. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  // eslint-disable-next-line no-restricted-syntax -- the year and month of a month key
  return monthFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

const compactNumber = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * An axis tick: the amount shortened, in its currency's symbol as `formatMoney` writes it ('£1.2k',
 * 'CA$12k', '-£300'); below 1,000 the amount without '.00'. Tooltips use `formatMoney` (exact, to the cent).
 */
export function compactMoney(value: number, currency: CurrencyLike): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) < 1000) return formatMoney(value, currency).replace(/\.00$/, '');
  const sign = value < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${compactNumber.format(Math.abs(value))}`;
}
