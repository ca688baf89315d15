/**
 * DOMAIN.md "Matching bookings to transactions": the status of a booking against the transactions
 * that match it. Pure: the caller finds the matched transactions (completed, on an account of the
 * booking's supplier, same trimmed case-insensitive reference) and passes them in.
 */
import type { BookingStatus, TransactionMatchStatus } from '../bookings/booking-rules';
import { absMoney, type Cents } from '../money/money';
import { payoutBlockReason } from '../payouts/payout';

export interface MatchedTransaction {
  transaction_type: 'credit' | 'debit';
  amount: Cents;
  is_partial: boolean;
  /** Only `completed` transactions match; others are ignored here as a safety net. */
  status: string;
}

export interface MatchInput {
  /** The booking's gross (booking_amount; negative for a refund). */
  gross: Cents;
  booking_status: BookingStatus;
  transactions: readonly MatchedTransaction[];
  /** Other live bookings of the supplier with the same reference and sign (DOMAIN.md "Money invariants" 2). */
  duplicate_booking_ids?: readonly number[];
}

export interface MatchResult {
  status: TransactionMatchStatus;
  /** matched credits − matched debits */
  net: Cents;
  transaction_count: number;
  has_completed_credit: boolean;
  has_completed_debit: boolean;
  /** `payoutBlockReason` finds nothing (one rule for the list, the booking page and the payout itself). */
  can_payout: boolean;
  /** Why not `can_payout`, in words (null when it can). */
  payout_block_reason: string | null;
  needs_reconciliation: boolean;
}

export function matchStatus({ gross, booking_status, transactions, duplicate_booking_ids }: MatchInput): MatchResult {
  const matched = transactions.filter((t) => t.status === 'completed');
  let net = 0n;
  for (const t of matched) net += t.transaction_type === 'credit' ? t.amount : -t.amount;
  const netCents = net as Cents;
  const hasCredit = matched.some((t) => t.transaction_type === 'credit');
  const hasDebit = matched.some((t) => t.transaction_type === 'debit');
  const somePartial = matched.some((t) => t.is_partial);
  const allPartial = matched.every((t) => t.is_partial);

  let status: TransactionMatchStatus;
  if (matched.length === 0) status = 'no_transaction';
  else if (matched.length > 1 && !allPartial) status = 'multiple_transactions';
  else if (netCents === gross) status = 'match';
  else if (somePartial && absMoney(netCents) < absMoney(gross)) status = 'partial';
  else status = 'mismatch';

  const blocked = payoutBlockReason({
    booking_status,
    gross,
    match_status: status,
    has_completed_credit: hasCredit,
    has_completed_debit: hasDebit,
    ...(duplicate_booking_ids ? { duplicate_booking_ids } : {}),
  });
  return {
    status,
    net: netCents,
    transaction_count: matched.length,
    has_completed_credit: hasCredit,
    has_completed_debit: hasDebit,
    can_payout: blocked === null,
    payout_block_reason: blocked,
    needs_reconciliation: needsReconciliation(matched.length, netCents, gross, status),
  };
}

/**
 * DOMAIN.md "Matching": something matched, the net received differs from the gross, and the status is not
 * `partial` (a partial credit says more money is coming: reconciling now would forfeit it).
 */
export function needsReconciliation(
  matchedCount: number,
  net: Cents,
  gross: Cents,
  status: TransactionMatchStatus,
): boolean {
  return matchedCount > 0 && net !== gross && status !== 'partial';
}
