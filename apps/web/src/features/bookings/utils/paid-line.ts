import { formatMoney, formatPercent, type CurrencyLike } from '../../../lib/format';
import type { CommissionLine } from '../api/bookings-api';

/**
 * What was paid on a commission line (DOMAIN.md "Money invariants" 3): its paid amount, and for a line a
 * bulk payout paid at a custom split, the percentage(s) it was paid at: 'CA$392.00 at 35% (custom split)'.
 * The line keeps its own amount and percentage; this says what actually went to the agent.
 */
export function paidText(line: CommissionLine, currency: CurrencyLike): string {
  const paid = formatMoney(line.paid_amount, currency);
  if (!line.custom_split) return paid;
  const at = line.paid_percentages.map((p) => formatPercent(p, { maximumFractionDigits: 4 })).join(' and ');
  return `${paid} at ${at} (custom split)`;
}
