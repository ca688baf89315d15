import { moneyToString, type Cents } from '../money/money';
import { percentToString, type Percent } from '../money/percent';
import type { TransactionMatchStatus } from '../bookings/booking-rules';

/** The payouts' messages (DOMAIN.md "Payouts"), used verbatim by the server and the browser. */
export const PAYOUT_MESSAGES = {
  agentsWithoutAccounts: "Cannot process payout: Some agents don't have accounts",
  notPositive: 'Payout amount must be greater than zero',
  exceeds: (max: Cents) => `Payout amount cannot exceed the maximum available amount (${moneyToString(max)})`,
  refundNotNegative:
    'A refund booking is paid out as a negative amount (a clawback) between the available amount and 0.',
  nothingAvailable: 'Nothing is available to pay out for this booking.',
  /** DOMAIN.md "Money invariants" 2: duplicates cannot be paid until an admin resolves them. */
  duplicateReference: (ids: readonly number[]) =>
    `${ids.length === 1 ? 'Booking' : 'Bookings'} ${ids.map((id) => `#${id}`).join(', ')} of this supplier ${
      ids.length === 1 ? 'has' : 'have'
    } the same reference: the supplier's money can fund only one booking. Cancel or edit one of them before paying out.`,
  clawbackOnly: (available: Cents) =>
    `This booking was paid more than was received on it: a payout can only claw back, between ${moneyToString(available)} and 0.00.`,
  noLines: 'No agent earns commission on this booking: there is no payout to make.',
  futureDate: (today: string) => `The payout date cannot be after today (${today}).`,
  notPayable: (status: string) => `A ${status} booking cannot be paid out.`,
  customOver100: (ref: string, total: Percent) =>
    `Agent commission percentages for booking ${ref} exceed 100% (total: ${percentText(total)}%)`,
  customNot100: (ref: string, total: Percent) =>
    `Agent and company percentages for booking ${ref} must total 100% (total: ${percentText(total)}%)`,
  customUnknownLine: (ref: string) =>
    `A custom commission for booking ${ref} names a commission line it does not have.`,
  defaultBulkDescription: 'Bookings bulk payout',
  defaultReconcileDescription: 'Bookings bulk reconciliation',
  /** The transactions received do not allow a payout (DOMAIN.md "Matching": match or partial only). */
  notMatched: (status: TransactionMatchStatus) =>
    `The booking cannot be paid out while its transaction status is ${MATCH_STATUS_TEXT[status]}.`,
  noCredit: 'The booking cannot be paid out: no completed credit from the supplier matches it.',
  noDebit: 'The refund cannot be paid out: no completed debit to the supplier matches it.',
  processed: 'Payout processed successfully',
  reconciled: 'Booking reconciled successfully',
  duplicateInRequest: 'This booking appears twice in the request.',
  bookingNotFound: 'Booking not found.',
  bothReconciledFilters: 'Only reconciled and exclude reconciled cannot both be set.',
  receivedChanged: 'The received amount changed since the search; search again.',
  nothingToReconcile: 'No completed transaction matches this booking: there is nothing to reconcile with.',
  notReconcilable: (status: string) => `A ${status} booking cannot be reconciled.`,
  reconcileBelowPaid: (paid: Cents) =>
    `The received amount cannot be reconciled: ${moneyToString(paid)} of the booking was already paid out.`,
  unexpected: 'The booking could not be processed; nothing was written for it. Try again.',
  bulkSummary: (succeeded: number, total: number, verb: 'processed' | 'reconciled') =>
    `${succeeded} of ${total} booking${total === 1 ? '' : 's'} ${verb}.`,
} as const;

const MATCH_STATUS_TEXT: Record<TransactionMatchStatus, string> = {
  match: 'match',
  partial: 'partial',
  mismatch: 'mismatch',
  no_transaction: 'no transaction',
  multiple_transactions: 'multiple transactions',
};

/** '45.5000' → '45.5', '100.0000' → '100'. */
export function percentText(p: Percent): string {
  const s = percentToString(p);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
