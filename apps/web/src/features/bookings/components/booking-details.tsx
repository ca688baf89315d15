import { RATE_SOURCE_LABELS, type RateSource } from '@app/domain';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { EMPTY_VALUE, formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { Booking } from '../api/bookings-api';
import { BookingStatusBadge } from './booking-status';
import { Field } from '../../../components/field';

interface BookingDetailsProps {
  booking: Booking;
  /** An agent also sees their own share of the commission (the whole agent side is Expected Commission). */
  admin: boolean;
}

/** Every read field of a booking, its notes and its cancellation note (the booking page, a read-only edit). */
export function BookingDetails({ booking: b, admin }: BookingDetailsProps) {
  const currency = b.supplier.currency;
  return (
    <Paper withBorder radius="md" p="md" data-testid="booking-details">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Field label="Booking Reference">{b.booking_reference}</Field>
        <Field label="Trip Number">{b.trip_number || EMPTY_VALUE}</Field>
        <Field label="Booking Date">{formatDate(b.booking_date)}</Field>
        <Field label="Customer Name">{b.customer_name}</Field>
        <Field label="Supplier">
          {b.supplier.name} ({currency.code})
        </Field>
        <Field label="Total Commission">{formatMoney(b.booking_amount, currency)}</Field>
        <Field label="Expected Commission">{formatMoney(b.expected_commission, currency)}</Field>
        {!admin && <Field label="Your Commission">{formatMoney(b.my_commission, currency)}</Field>}
        <Field label="Status">
          <BookingStatusBadge status={b.status} />
        </Field>
        <Field label="Primary Agent">{b.primary_agent.user.name}</Field>
        <Field label="Sub-agent">
          {b.sub_agent ? `${b.sub_agent.user.name} (split ${formatPercent(b.split_percentage)})` : EMPTY_VALUE}
        </Field>
        <Field label="Rate">
          {formatPercent(b.commission_percentage)} · {RATE_SOURCE_LABELS[b.rate_source as RateSource] ?? b.rate_source}
        </Field>
        <Field label="Group">
          <GroupLink group={b.booking_group} />
        </Field>
        <Field label="Paid / Remaining">
          {formatMoney(b.paid_amount, currency)} / {formatMoney(b.remaining_amount, currency)}
        </Field>
        <Field label="Flags">
          <FlagBadges booking={b} />
        </Field>
        <Field label="Receipt">
          <ReceiptLink receipt={b.booking_receipt} />
        </Field>
        <Field label="Created">{formatDate(b.created_at)}</Field>
      </SimpleGrid>
      {b.notes && (
        <Note label="Notes" style={{ whiteSpace: 'pre-wrap' }}>
          {b.notes}
        </Note>
      )}
      {b.cancellation_note && <Note label="Cancellation note">{b.cancellation_note}</Note>}
    </Paper>
  );
}

/** The booking's group, linked to its edit page. */
function GroupLink({ group }: { group: Booking['booking_group'] }) {
  if (!group) return EMPTY_VALUE;
  return (
    <Anchor component={Link} to={paths.bookingGroups.edit(group.id)}>
      {group.name}
    </Anchor>
  );
}

/** Personal, Reconciled, Claimed and Refund badges, or the empty value when none applies. */
function FlagBadges({ booking: b }: { booking: Booking }) {
  return (
    <Group gap={4}>
      {b.is_personal && <Badge variant="outline">Personal</Badge>}
      {b.is_reconciled && <Badge variant="outline">Reconciled</Badge>}
      {b.is_claimed_booking && <Badge variant="outline">Claimed</Badge>}
      {b.booking_amount < 0 && (
        <Badge variant="outline" color="red">
          Refund
        </Badge>
      )}
      {!b.is_personal && !b.is_reconciled && !b.is_claimed_booking && b.booking_amount >= 0 && EMPTY_VALUE}
    </Group>
  );
}

/** The receipt's file name, opening the file in a new tab. */
function ReceiptLink({ receipt }: { receipt: Booking['booking_receipt'] }) {
  if (!receipt) return EMPTY_VALUE;
  return (
    <Anchor href={receipt.url} target="_blank" rel="noopener">
      <IconReceipt size={14} style={{ verticalAlign: 'middle' }} /> {receipt.filename}
    </Anchor>
  );
}

/** A titled block of free text below the fields (notes, cancellation note). */
function Note({ label, style, children }: { label: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <Stack mt="md" gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={style}>
        {children}
      </Text>
    </Stack>
  );
}
