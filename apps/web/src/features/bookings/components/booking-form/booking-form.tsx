import { Button, Group, Paper, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths';
import type { Booking } from '../../api/bookings-api';
import { useBookingForm } from '../../hooks/use-booking-form';
import { AgentReceiptSection } from './agent-receipt-section';
import { AmountsStatusSection } from './amounts-status-section';
import { FormAlerts } from './form-alerts';
import { GroupingSection } from './grouping-section';
import { SubAgentPanel } from './sub-agent-panel';
import { SupplierReferenceSection } from './supplier-reference-section';

interface BookingFormProps {
  booking?: Booking;
  /** Spec: configurable labels. */
  amountLabel?: string;
  expectedLabel?: string;
}

/** The booking form (spec §2 "Booking form", §4 "Booking form behaviour", §5 "Booking form"). */
export function BookingForm({
  booking,
  amountLabel = 'Total Commission',
  expectedLabel = 'Expected Commission',
}: BookingFormProps) {
  const { admin, origin, form, data, status, alerts, submit, saving } = useBookingForm(booking);
  return (
    <form onSubmit={submit} noValidate data-testid="booking-form" style={{ maxWidth: 820 }}>
      <Stack gap="md">
        <FormAlerts {...alerts} />

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SupplierReferenceSection form={form} data={data} admin={admin} />
            <AmountsStatusSection
              form={form}
              data={data}
              admin={admin}
              status={status}
              storedStatus={booking?.status ?? null}
              amountLabel={amountLabel}
              expectedLabel={expectedLabel}
            />
            <GroupingSection form={form} groups={data.groups} />
            <AgentReceiptSection
              form={form}
              admin={admin}
              agents={data.agents}
              agentsLoading={data.agentsLoading}
              receipt={booking?.booking_receipt ?? null}
            />
          </Stack>
        </Paper>

        {data.subAgent && (
          <SubAgentPanel
            subAgent={data.subAgent}
            subAgentInfo={data.subAgentInfo}
            primaryAgentId={data.effectivePrimaryAgentId}
            parentAgentName={data.parentAgentName}
            primaryAgentName={data.primaryAgentName}
            supplierName={data.supplierName}
          />
        )}

        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={origin ?? (booking ? paths.bookings.view(booking.id) : paths.bookings.list)}
          >
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {booking ? 'Update Booking' : 'Create Booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
