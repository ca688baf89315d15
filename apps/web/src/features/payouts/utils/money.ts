import {
  moneyToString,
  parsePercent,
  PERCENT_SCALE,
  totalsByCurrency,
  type Cents,
  type CurrencyTotal,
  type MoneyItem,
  type PayoutLine,
  type Percent,
} from '@app/domain';
import { EMPTY_VALUE, formatMoney, type CurrencyLike } from '../../../lib/format';
import { centsOf } from '../../../lib/money';

export { centsOf };

/** The exact Percent of a percentage the server sent (at most 4 decimals). */
export function percentOf(value: number | string): Percent {
  const parsed = parsePercent(value, { maxDecimals: PERCENT_SCALE });
  if (!parsed.ok) throw new TypeError(`Not a percentage: ${String(value)}`);
  return parsed.value;
}

/** A commission line as the server sends it, as the domain's `planPayout` takes it. */
export function toPayoutLine(l: {
  id: number;
  agent_id: number;
  percentage: number;
  amount: number;
  paid_amount: number;
  has_gst: boolean;
}): PayoutLine {
  return {
    id: l.id,
    agent_id: l.agent_id,
    percentage: percentOf(l.percentage),
    amount: centsOf(l.amount),
    paid_amount: centsOf(l.paid_amount),
    has_gst: l.has_gst,
  };
}

/** '£1,234.50' from cents. */
export const money = (c: Cents, currency: CurrencyLike) => formatMoney(moneyToString(c), currency);

/**
 * Per-currency totals, each in its own currency: '£10.00 · CA$5.00' (amounts in different currencies are
 * never added together); '—' for none. `pick` chooses total, GST or total with GST.
 */
export function totalsText(items: Iterable<MoneyItem>, pick: (t: CurrencyTotal) => Cents = (t) => t.total): string {
  const totals = totalsByCurrency(items);
  if (totals.length === 0) return EMPTY_VALUE;
  return totals.map((t) => money(pick(t), t.currency_code)).join(' · ');
}
