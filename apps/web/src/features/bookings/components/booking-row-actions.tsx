import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconCash, IconEye, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import type { BookingListItem } from '../api/bookings-api';
import { returnTo } from '../utils/return-to';

interface BookingRowActionsProps {
  booking: BookingListItem;
  /** From the transaction status: the payout button needs transaction info. */
  canPayout: boolean;
  onDelete: (b: BookingListItem) => void;
  onCancel: (b: BookingListItem) => void;
  onPayout: (b: BookingListItem) => void;
}

/** The row's actions, as the server's `actions` (the same rule as the server applies) allow. */
export function BookingRowActions({ booking, canPayout, onDelete, onCancel, onPayout }: BookingRowActionsProps) {
  const a = booking.actions;
  const ref = booking.booking_reference;
  const location = useLocation();
  return (
    <Group gap={4} wrap="nowrap">
      {a.view && (
        <Tooltip label="View">
          <ActionIcon variant="subtle" component={Link} to={paths.bookings.view(booking.id)} aria-label={`View ${ref}`}>
            <IconEye size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {a.edit && (
        <Tooltip label="Edit">
          <ActionIcon
            variant="subtle"
            component={Link}
            to={paths.bookings.edit(booking.id)}
            // After the save the form comes back to this list, with its filters and page.
            state={returnTo(`${location.pathname}${location.search}`)}
            aria-label={`Edit ${ref}`}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {a.cancel && (
        <Tooltip label="Cancel booking">
          <ActionIcon variant="subtle" color="orange" onClick={() => onCancel(booking)} aria-label={`Cancel ${ref}`}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {a.delete && (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" onClick={() => onDelete(booking)} aria-label={`Delete ${ref}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {(a.payout || canPayout) && (
        <Tooltip label="Payout">
          <ActionIcon variant="subtle" color="green" onClick={() => onPayout(booking)} aria-label={`Payout ${ref}`}>
            <IconCash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {a.transactions_link && (
        <Tooltip label="Transactions with this reference">
          <ActionIcon
            variant="subtle"
            color="gray"
            component={Link}
            to={`${paths.transactions.list}?reference=${encodeURIComponent(ref)}`}
            aria-label={`Transactions for ${ref}`}
          >
            <IconArrowsExchange size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
