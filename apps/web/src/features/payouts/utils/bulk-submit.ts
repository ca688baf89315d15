/**
 * Sending the bulk payout / reconcile screen's selection (agents-transactions-payouts §7): why it cannot be
 * sent, and the request bodies.
 */
import { moneyToString, PAYOUT_MESSAGES, payoutDateProblem, percentToString, ZERO_PERCENT } from '@app/domain';
import type { BulkProcessBody, BulkReconcileBody, SearchBooking } from '../api/payouts-api';
import type { BulkMode } from './bulk-filters';
import { checkCustom, normalisedAmount, rowAmountProblem, rowBlockReason, type RowState } from './bulk-row';
import type { Selection } from './bulk-state';
import { centsOf } from './money';

/**
 * Why the selection cannot be sent, or null: nothing selected; a custom commission above 100% or with an
 * invalid percentage; (payout mode) an amount the server would refuse.
 */
export function submitProblem(
  selection: Selection,
  mode: BulkMode,
  payoutDate: { date: string; today: string } = { date: '', today: '' },
) {
  if (selection.length === 0) return 'Please select at least one booking to process.';
  if (mode === 'payout') {
    const problem = payoutDateFieldProblem(payoutDate.date, payoutDate.today);
    if (problem) return problem;
  }
  for (const { booking, row } of selection) {
    if (row.custom) {
      const problem = checkCustom(booking, row).problem;
      if (problem) return problem;
    }
    if (mode === 'payout') {
      const problem = rowBlockReason(booking, row) ?? rowAmountProblem(booking, row);
      if (problem) return `${booking.booking_reference}: ${problem}`;
    }
  }
  return null;
}

/** The payout date field's problem, or null: blank is today (the server's); a date after today is refused (DOMAIN.md rule 6). */
export function payoutDateFieldProblem(date: string, today: string): string | null {
  return date === '' ? null : payoutDateProblem(date, today);
}

function customFields(booking: SearchBooking, row: RowState) {
  if (!row.custom) return { use_custom_commission: false, custom_commissions: [], company_percentage: null };
  const check = checkCustom(booking, row);
  return {
    use_custom_commission: true,
    custom_commissions: booking.actual_commissions.map((l) => ({
      commission_id: l.id,
      percentage: percentToString(check.percents?.get(l.id) ?? ZERO_PERCENT),
    })),
    company_percentage: percentToString(check.company),
  };
}

const descriptionOr = (description: string, fallback: string) => description.trim() || fallback;

/** `POST /bulk-payouts/process` (§7, payout mode). Call after `submitProblem` is null. */
export function processBody(selection: Selection, description: string, payoutDate: string): BulkProcessBody {
  return {
    payouts: selection.map(({ booking, row }) => ({
      booking_id: booking.id,
      payout_amount: normalisedAmount(booking, row),
      reconcile: row.reconcile,
      ...customFields(booking, row),
    })),
    description: descriptionOr(description, PAYOUT_MESSAGES.defaultBulkDescription),
    payout_date: payoutDate || null,
  };
}

/** `POST /bulk-payouts/reconcile` (§7, reconcile mode). Call after `submitProblem` is null. */
export function reconcileBody(selection: Selection, description: string): BulkReconcileBody {
  return {
    bookings: selection.map(({ booking, row }) => ({
      booking_id: booking.id,
      transaction_amount: moneyToString(centsOf(booking.transaction_amount)),
      ...customFields(booking, row),
    })),
    description: descriptionOr(description, PAYOUT_MESSAGES.defaultReconcileDescription),
  };
}
