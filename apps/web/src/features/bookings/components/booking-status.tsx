import type { BookingStatus, TransactionMatchStatus } from '@app/domain';
import { Badge } from '@mantine/core';

export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  partial: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  partial: 'Partial',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Row backgrounds by transaction status (spec §4); completed or cancelled rows stay neutral. */
export const TRANSACTION_ROW_COLORS: Record<TransactionMatchStatus, string> = {
  match: 'var(--mantine-color-green-light)',
  partial: 'var(--mantine-color-green-light)',
  mismatch: 'rgba(250, 82, 82, 0.22)',
  no_transaction: 'rgba(255, 201, 201, 0.35)',
  multiple_transactions: 'var(--mantine-color-yellow-light)',
};

export const TRANSACTION_STATUS_LABELS: Record<TransactionMatchStatus, string> = {
  match: 'Match',
  partial: 'Partial',
  mismatch: 'Mismatch',
  no_transaction: 'No transaction',
  multiple_transactions: 'Multiple transactions',
};

export function rowBackground(status: BookingStatus, tx: TransactionMatchStatus | undefined): string | undefined {
  if (status === 'completed' || status === 'cancelled' || !tx) return undefined;
  return TRANSACTION_ROW_COLORS[tx];
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    // Never truncated to 'PEND…' in a narrow table column: the badge keeps its natural width.
    <Badge
      color={BOOKING_STATUS_COLORS[status]}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible' }}
      miw="max-content"
    >
      {BOOKING_STATUS_LABELS[status]}
    </Badge>
  );
}
