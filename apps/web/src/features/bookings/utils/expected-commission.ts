import { applyPercent, moneyToString, parseMoney, parsePercent, PERCENT_SCALE, ZERO_PERCENT } from '@app/domain';

/**
 * The form's live expected commission (spec §4): amount × rate ÷ 100 to 2 decimals, exact (no float
 * arithmetic). Empty when the amount is missing or not a number; a missing rate counts as 0.
 */
export function expectedCommission(amount: string, rate: number | string | null | undefined): string {
  const parsed = parseMoney(amount);
  if (!parsed.ok) return '';
  let r = ZERO_PERCENT;
  if (rate !== null && rate !== undefined) {
    const p = parsePercent(rate, { maxDecimals: PERCENT_SCALE });
    if (p.ok) r = p.value;
  }
  return moneyToString(applyPercent(parsed.value, r));
}
