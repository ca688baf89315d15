import { historyField, RATE_SOURCE_LABELS, type BookingStatus, type RateSource } from '@app/domain';
import { EMPTY_VALUE, formatDate, formatMoney, formatPercent, type CurrencyLike } from '../../../lib/format';
import type { HistoryEntry } from '../api/bookings-api';
import { BOOKING_STATUS_LABELS } from '../components/booking-status';

type Change = HistoryEntry['changes'][number];
type Value = Change['before'];

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  cancel: 'Cancelled',
  delete: 'Deleted',
  payout: 'Paid out',
  reconcile: 'Reconciled',
  recalculate: 'Recalculated',
};

/** An audit action in words ('payout' → 'Paid out'). */
export const historyActionLabel = (action: string): string =>
  ACTION_LABELS[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replace(/_/g, ' ');

/** One value of a change as the booking page writes it: money, percent, date, Yes/No, labels, names. */
function valueText(change: Change, value: Value, name: string | null | undefined, currency: CurrencyLike): string {
  if (value === null || value === '') return EMPTY_VALUE;
  const { label, kind } = historyField(change.field);
  switch (kind) {
    case 'money':
      return formatMoney(value as string | number, currency);
    case 'percent':
      return formatPercent(value as string | number);
    case 'date':
      return formatDate(String(value));
    case 'yes_no':
      return value === true || value === 'true' ? 'Yes' : 'No';
    case 'booking_status':
      return BOOKING_STATUS_LABELS[value as BookingStatus] ?? String(value);
    case 'rate_source':
      return RATE_SOURCE_LABELS[value as RateSource] ?? String(value);
    case 'agent':
    case 'supplier':
    case 'booking_group':
    case 'payout':
    case 'file':
      return name ?? `${label} #${String(value)}`;
    default:
      return String(value);
  }
}

/**
 * "Label: before → after" for each field a history entry changed ("Label: value" when it had none before),
 * in the words of the booking page: 'Rate from: Tier commission rule; Supplier: Air Canada Vacations'.
 */
export function describeHistoryChanges(changes: readonly Change[], currency: CurrencyLike): string {
  return (
    changes
      .map((c) => {
        const { label } = historyField(c.field);
        const after = valueText(c, c.after, c.after_name, currency);
        if (c.before === null || c.before === '') return `${label}: ${after}`;
        return `${label}: ${valueText(c, c.before, c.before_name, currency)} → ${after}`;
      })
      .join('; ') || EMPTY_VALUE
  );
}
