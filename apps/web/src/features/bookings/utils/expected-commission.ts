import {
  applyPercent,
  moneyToString,
  parseMoney,
  parsePercent,
  PERCENT_SCALE,
  subAgentCommission,
  ZERO_PERCENT,
  type Percent,
} from '@app/domain';

/**
 * The form's live expected commission (spec §4): amount × rate ÷ 100 to 2 decimals, exact (no float
 * arithmetic). Empty when the amount is missing or not a number; a missing rate counts as 0.
 */
export function expectedCommission(amount: string, rate: number | string | null | undefined): string {
  const parsed = parseMoney(amount);
  if (!parsed.ok) return '';
  return moneyToString(applyPercent(parsed.value, percentOrZero(rate)));
}

/**
 * A sub-agent's share of the booking (what the bookings list shows the sub-agent): `subAgentCommission`,
 * the function the server's commission lines use, of the amount at the agent side `rate` and the `split`.
 * Empty when the amount is missing or not a number.
 */
export function subAgentShare(
  amount: string,
  rate: number | string | null | undefined,
  split: number | string | null | undefined,
): string {
  const parsed = parseMoney(amount);
  if (!parsed.ok) return '';
  return moneyToString(subAgentCommission(parsed.value, percentOrZero(rate), percentOrZero(split)));
}

function percentOrZero(value: number | string | null | undefined): Percent {
  if (value === null || value === undefined) return ZERO_PERCENT;
  const p = parsePercent(value, { maxDecimals: PERCENT_SCALE });
  return p.ok ? p.value : ZERO_PERCENT;
}

/** Where the rate for the chosen supplier stands. */
export type RateState =
  | { status: 'no-supplier' }
  | { status: 'loading' }
  /** No rate: the fetch failed, or could not be made yet (an admin has not chosen the agent). */
  | { status: 'none' }
  | { status: 'found'; percentage: number | string };

/**
 * The expected commission field's text (spec §4): empty until a supplier is chosen and while its
 * rate loads; no rate (a failed fetch too) counts as 0.
 */
export function expectedCommissionText(amount: string, rate: RateState): string {
  if (rate.status === 'no-supplier' || rate.status === 'loading') return '';
  return expectedCommission(amount, rate.status === 'found' ? rate.percentage : null);
}
