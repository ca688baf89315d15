import { settableBookingStatuses, type BookingStatus } from '@app/domain';
import { Grid, Select, Text, Textarea, TextInput } from '@mantine/core';
import { formatMoney, formatPercent } from '../../../../lib/format';
import type { BookingFormData } from '../../hooks/use-booking-form-data';
import { BOOKING_STATUS_LABELS } from '../booking-status';
import type { BookingFormApi } from './types';

export const REFUND_NOTE = 'Negative amounts create refund bookings.';

interface AmountsStatusSectionProps {
  form: BookingFormApi;
  data: BookingFormData;
  admin: boolean;
  /** The status sent: an admin's choice, otherwise the booking's own (pending on create). */
  status: BookingStatus;
  /** The booking's stored status when editing, null when creating. */
  storedStatus: BookingStatus | null;
  amountLabel: string;
  expectedLabel: string;
}

/** The amount, the live expected commission and its rate, the status (admins only) and the notes. */
export function AmountsStatusSection({
  form,
  data,
  admin,
  status,
  storedStatus,
  amountLabel,
  expectedLabel,
}: AmountsStatusSectionProps) {
  // Partial and completed come only from payouts, cancelled from Cancel (DOMAIN.md invariant 1).
  const choices = settableBookingStatuses(storedStatus);
  const currency = <Text size="sm">{data.currencySymbol}</Text>;
  return (
    <>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={amountLabel}
            type="number"
            step="0.01"
            min={admin ? undefined : 0}
            required
            inputMode="decimal"
            name="booking_amount"
            leftSection={currency}
            {...form.getInputProps('booking_amount')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={expectedLabel}
            readOnly
            name="expected_commission"
            leftSection={currency}
            value={data.expected}
            error={form.errors.expected_commission}
            data-testid="expected-commission"
          />
          {data.rate !== null && (
            <Text size="xs" c="dimmed" mt={4} data-testid="rate">
              Rate: {formatPercent(data.rate)}
            </Text>
          )}
          {data.share && (
            // The split, not '60% of' the expected: the share is rounded once from amount × rate × split, so it
            // need not be 60% of the rounded expected (0.03 of 0.04).
            <Text size="sm" fw={500} mt={4} data-testid="sub-agent-share">
              {`${data.share.label}: ${formatMoney(data.share.amount, data.currency)} (${formatPercent(data.share.split)} split)`}
            </Text>
          )}
        </Grid.Col>
      </Grid>
      {admin && (
        <Text size="xs" c="dimmed" mt={-6}>
          {REFUND_NOTE}
        </Text>
      )}

      <Select
        label="Status"
        required
        data={choices.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] }))}
        value={status}
        onChange={(v) => v && form.setFieldValue('status', v as BookingStatus)}
        disabled={!admin || choices.length === 1}
        description={admin && choices.length === 1 ? 'Set by payouts and cancellation: a save keeps it.' : undefined}
        allowDeselect={false}
        error={form.errors.status}
        name={admin && choices.length > 1 ? 'status' : undefined}
      />
      {(!admin || choices.length === 1) && (
        <input type="hidden" name="status" value={status} data-testid="hidden-status" />
      )}

      <Textarea label="Notes (Optional)" name="notes" autosize minRows={2} {...form.getInputProps('notes')} />
    </>
  );
}
