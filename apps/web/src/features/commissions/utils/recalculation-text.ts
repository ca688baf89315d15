import { bookingsRecalculatedText, RECALCULATED_BOOKING_STATUSES, type RecalculationPreview } from '@app/domain';
import { formatCount, formatMoney, formatSignedMoney } from '../../../lib/format';

/** '+£29.58 (£464.86 → £494.44)': the change of one currency, signed, with the totals before and after. */
function currencyChange(d: RecalculationPreview['difference'][number]): string {
  const money = (amount: string) => formatMoney(amount, d.currency_code);
  return `${formatSignedMoney(d.delta, d.currency_code)} (${money(d.before)} → ${money(d.after)})`;
}

/**
 * The question before a save or delete that recalculates bookings: 'This change recalculates 3 bookings
 * (pending 1, confirmed 2). Expected commission changes by +£29.58 (£464.86 → £494.44).'
 */
export function recalculationQuestion(preview: RecalculationPreview, subject: string): string {
  const statuses = RECALCULATED_BOOKING_STATUSES.filter((s) => preview.by_status[s] > 0)
    .map((s) => `${s} ${preview.by_status[s]}`)
    .join(', ');
  const money = preview.difference.map(currencyChange).join(' and ');
  return `${subject} recalculates ${formatCount(preview.changed, 'booking')} (${statuses}). Expected commission changes by ${money}.`;
}

/** The notification after a save or delete: 'Commission updated successfully. 3 bookings recalculated.' */
export const savedNotice = (message: string, recalculation: { changed: number }) =>
  `${message}. ${bookingsRecalculatedText(recalculation.changed)}`;
