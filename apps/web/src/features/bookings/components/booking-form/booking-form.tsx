import type { BookingStatus } from '@app/domain';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toFormData } from '../../../../lib/api-client';
import { isAdmin } from '../../../../lib/authorization';
import { toFormErrors } from '../../../../lib/form-errors';
import { paths } from '../../../../lib/paths';
import { useUser } from '../../../auth';
import { useSaveBooking, type Booking } from '../../api/bookings-api';
import { useBookingFormData } from '../../hooks/use-booking-form-data';
import {
  BOOKING_FORM_FIELDS,
  checkBeforeSubmit,
  initialBookingValues,
  localIsoDate,
  toBookingPayload,
  toFormFieldErrors,
  type BookingFormValues,
} from '../../utils/booking-form-values';
import { AgentReceiptSection } from './agent-receipt-section';
import { AmountsStatusSection } from './amounts-status-section';
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
  const user = useUser();
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const save = useSaveBooking(booking?.id ?? null);
  const form = useForm<BookingFormValues>({ initialValues: initialBookingValues(booking, localIsoDate(new Date())) });
  const [blockMessage, setBlockMessage] = useState<string | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const data = useBookingFormData({ booking, admin, ownAgentId: user.agent_id, values: form.values });
  const status: BookingStatus = admin ? form.values.status : (booking?.status ?? 'pending');

  const submit = form.onSubmit(async (values) => {
    setServerMessage(null);
    const payload = toBookingPayload(values, { admin, status, expectedCommission: data.expected, groups: data.groups });
    const check = checkBeforeSubmit(values, payload);
    if (!check.ok && 'block' in check) {
      setBlockMessage(check.block);
      return;
    }
    setBlockMessage(null);
    if (!check.ok) {
      form.setErrors(check.fieldErrors);
      return;
    }
    try {
      const saved = await save.mutateAsync(toFormData(payload));
      void navigate(paths.bookings.list, { state: { flash: saved.message } });
    } catch (error) {
      const state = toFormErrors(error, { fields: BOOKING_FORM_FIELDS });
      form.setErrors(toFormFieldErrors(state.fieldErrors));
      const hasFieldErrors = Object.keys(state.fieldErrors).length > 0;
      setServerMessage(hasFieldErrors ? null : (state.message ?? state.otherErrors[0] ?? null));
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="booking-form" style={{ maxWidth: 820 }}>
      <Stack gap="md">
        {blockMessage && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="block-alert"
          >
            {blockMessage}
          </Alert>
        )}
        {serverMessage && (
          <Alert color="red" variant="light" role="alert" data-testid="form-error">
            {serverMessage}
          </Alert>
        )}

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SupplierReferenceSection form={form} data={data} admin={admin} />
            <AmountsStatusSection
              form={form}
              data={data}
              admin={admin}
              status={status}
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
            primaryAgentId={data.effectivePrimaryAgentId}
            supplierName={data.supplierName}
          />
        )}

        <Group justify="flex-end">
          <Button
            variant="default"
            component={Link}
            to={booking ? paths.bookings.view(booking.id) : paths.bookings.list}
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {booking ? 'Update Booking' : 'Create Booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
