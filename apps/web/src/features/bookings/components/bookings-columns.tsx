import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { NO_WRAP, type ListColumn } from '../../../components/list-table';
import { TruncatedText } from '../../../components/truncated-text';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { BookingListItem, TransactionStatus } from '../api/bookings-api';
import { BookingRowActions } from './booking-row-actions';
import { BookingStatusBadge } from './booking-status';

const RIGHT = { ta: 'right' } as const;

interface BookingColumnsOptions {
  admin: boolean;
  statusOf: (b: BookingListItem) => TransactionStatus | undefined;
  onDelete: (b: BookingListItem) => void;
  onCancel: (b: BookingListItem) => void;
  onPayout: (b: BookingListItem) => void;
}

/** The list's nine columns; the row actions offer a payout to admins where the booking can take one. */
export function bookingColumns({
  admin,
  statusOf,
  onDelete,
  onCancel,
  onPayout,
}: BookingColumnsOptions): ListColumn<BookingListItem>[] {
  return [
    {
      header: 'Reference',
      // A reference is one word: 'AC-777001' never breaks at its hyphen.
      td: { fw: 500, ...NO_WRAP },
      cell: (b) => (
        <Anchor component={Link} to={paths.bookings.view(b.id)} fw={600} size="sm">
          {b.booking_reference}
        </Anchor>
      ),
    },
    { header: 'Date', td: NO_WRAP, cell: (b) => formatDate(b.booking_date) },
    { header: 'Customer', cell: (b) => <TruncatedText maw={140}>{b.customer_name}</TruncatedText> },
    { header: 'Supplier', cell: (b) => b.supplier.name },
    {
      header: 'Primary Agent',
      cell: (b) => (
        <>
          <TruncatedText maw={140}>{b.primary_agent.user.name}</TruncatedText>
          {b.sub_agent && (
            <TruncatedText size="xs" c="dimmed" maw={140}>
              {`via ${b.sub_agent.user.name}`}
            </TruncatedText>
          )}
        </>
      ),
    },
    {
      header: 'Value',
      th: RIGHT,
      td: { ...RIGHT, ...NO_WRAP },
      cell: (b) => formatMoney(b.booking_amount, b.supplier.currency),
    },
    {
      header: 'Commission',
      th: RIGHT,
      td: { ...RIGHT, ...NO_WRAP },
      cell: (b) => formatMoney(b.my_commission, b.supplier.currency),
    },
    { header: 'Status', cell: (b) => <BookingStatusBadge status={b.status} /> },
    {
      header: 'Actions',
      cell: (b) => {
        const closed = b.status === 'completed' || b.status === 'cancelled';
        return (
          <BookingRowActions
            booking={b}
            canPayout={admin && !closed && statusOf(b)?.can_payout === true}
            onDelete={onDelete}
            onCancel={onCancel}
            onPayout={onPayout}
          />
        );
      },
    },
  ];
}
