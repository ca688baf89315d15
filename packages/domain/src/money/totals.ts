/**
 * Per-currency totals (DOMAIN.md: amounts in different currencies are never added together).
 */
import type { Cents } from './money';

export interface MoneyItem {
  /** ISO currency code of the amount ('CAD', 'GBP'). */
  currency: string;
  amount: Cents;
  /** GST on top of the amount; missing means none. */
  gst?: Cents | null;
}

export interface CurrencyTotal {
  currency_code: string;
  total: Cents;
  gst_total: Cents;
  total_with_gst: Cents;
}

/**
 * Sums amounts and GST per currency. One entry per currency present, sorted by currency code
 * (deterministic whatever the input order); an empty input gives an empty list.
 * Currency codes are compared exactly as given (normalise case before calling if needed).
 */
export function totalsByCurrency(items: Iterable<MoneyItem>): CurrencyTotal[] {
  const byCode = new Map<string, { total: bigint; gst: bigint }>();
  for (const item of items) {
    const acc = byCode.get(item.currency) ?? { total: 0n, gst: 0n };
    acc.total += item.amount;
    acc.gst += item.gst ?? 0n;
    byCode.set(item.currency, acc);
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency_code, { total, gst }]) => ({
      currency_code,
      total: total as Cents,
      gst_total: gst as Cents,
      total_with_gst: (total + gst) as Cents,
    }));
}
