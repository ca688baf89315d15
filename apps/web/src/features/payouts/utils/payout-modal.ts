/**
 * The payout modal's rules (bookings spec §4 "Payout modal", §5 "Payout (bookings list)"), pure, with
 * the domain's functions: the maximum, the amount's problem, and what each agent would receive.
 */
import {
  moneyToString,
  parseMoney,
  PAYOUT_MESSAGES,
  singlePayoutAmountProblem,
  payoutOutcome,
  planPayout,
  type Cents,
  type PayoutItem,
  type PayoutOutcome,
  type Percent,
} from '@app/domain';
import type { PayoutInfo } from '../api/payouts-api';
import { centsOf, toPayoutLine } from './money';

/** max_available_amount when the server gives it, else available_amount. */
export const payoutMax = (info: PayoutInfo): Cents =>
  centsOf(info.payout.max_available_amount ?? info.payout.available_amount);

/** The amount field's first value: the available amount, 2 decimals. */
export const initialAmount = (info: PayoutInfo): string => moneyToString(centsOf(info.payout.available_amount));

/**
 * What paying the typed amount leaves of the booking (the domain's `payoutOutcome`, as the server decides
 * it): the Partial payment box shows its `is_partial` and the request sends it. Null while the amount
 * cannot be paid.
 */
export function outcomeOf(info: PayoutInfo, text: string): PayoutOutcome | null {
  const parsed = parseMoney(text);
  if (!parsed.ok || amountProblem(info, text) !== null) return null;
  return payoutOutcome(centsOf(info.booking.booking_amount), centsOf(info.booking.paid_amount), parsed.value);
}

/** Why the typed amount cannot be paid out, or null ('must be greater than zero', 'cannot exceed … ({max})'). */
export function amountProblem(info: PayoutInfo, text: string): string | null {
  const parsed = parseMoney(text);
  if (!parsed.ok) return parsed.reason === 'empty' ? PAYOUT_MESSAGES.notPositive : parsed.error;
  // A clawback when the booking is overpaid (DOMAIN.md invariant 2), else a payout within what is available.
  return singlePayoutAmountProblem(parsed.value, centsOf(info.booking.booking_amount), payoutMax(info));
}

/** Why the payout cannot be sent at all, or null: agents without accounts, or the server's reason. */
export function blockProblem(info: PayoutInfo): string | null {
  if (info.payout.agents_without_accounts.length > 0) return PAYOUT_MESSAGES.agentsWithoutAccounts;
  if (!info.payout.can_payout) return info.payout.reason ?? PAYOUT_MESSAGES.nothingAvailable;
  return null;
}

export interface PreviewRow extends PayoutItem {
  agent_name: string;
}

/**
 * What each agent would receive for the typed amount: the server's `planPayout` on the booking's lines,
 * or null while the amount has a problem, the lines did not come or the GST rate is not known yet.
 */
export function previewItems(info: PayoutInfo, text: string, gstRate: Percent | null): PreviewRow[] | null {
  const lines = info.payout.lines;
  const parsed = parseMoney(text);
  if (!lines || gstRate === null || !parsed.ok || amountProblem(info, text) !== null) return null;
  const items = planPayout({
    gross: centsOf(info.booking.booking_amount),
    paidBefore: centsOf(info.booking.paid_amount),
    amount: parsed.value,
    lines: lines.map(toPayoutLine),
    gstRate,
  });
  return items.map((item, i) => ({ ...item, agent_name: lines[i]?.agent_name ?? '' }));
}
