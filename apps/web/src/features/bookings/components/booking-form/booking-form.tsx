import { effectiveBookingStatus } from '@app/domain';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
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
  submitBlock,
  toBookingPayload,
  toFormFieldErrors,
  type BookingFormValues,
} from '../../utils/booking-form-values';
import { readReturnTo } from '../../utils/return-to';
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
  const location = useLocation();
  // Back to the page that opened the form (the booking page, the list with its filters), else the list.
  const origin = readReturnTo(location.state);
  const save = useSaveBooking(booking?.id ?? null);
  const form = useForm<BookingFormValues>({ initialValues: initialBookingValues(booking, localIsoDate(new Date())) });
  const [submitted, setSubmitted] = useState(false);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const data = useBookingFormData({
    booking,
    admin,
    ownAgentId: user.agent_id,
    ownName: user.name,
    values: form.values,
  });
  // Spec §4: the status control is an admin's; a non-admin's booking keeps its status (pending when new).
  const status = effectiveBookingStatus(
    { is_admin: admin, agent_id: user.agent_id },
    form.values.status,
    booking?.status ?? null,
  );
  // The alert shows after a submit for as long as its reason holds: it goes once the fields are fixed.
  const blockMessage = submitted ? submitBlock(form.values, status) : null;
  // A submit refused with an alert brings the alerts (at the top of the form) into view.
  const blockAlert = useRef<HTMLDivElement>(null);
  const serverAlert = useRef<HTMLDivElement>(null);
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (refusedSubmits > 0) (blockAlert.current ?? serverAlert.current)?.scrollIntoView({ block: 'center' });
  }, [refusedSubmits]);

  const submit = form.onSubmit(async (values) => {
    setSubmitted(true);
    setServerMessage(null);
    const payload = toBookingPayload(values, {
      admin,
      status,
      expectedCommission: data.expected,
      groups: data.groups,
      effectivePrimaryAgentId: data.effectivePrimaryAgentId,
    });
    const check = checkBeforeSubmit(values, payload);
    if (!check.ok) {
      form.setErrors(check.fieldErrors);
      if ('block' in check) setRefusedSubmits((n) => n + 1);
      return;
    }
    try {
      const saved = await save.mutateAsync(toFormData(payload));
      void navigate(origin ?? paths.bookings.list, { state: { flash: saved.message } });
      // The next page opens at its top, where its success message is.
      window.scrollTo({ top: 0, left: 0 });
    } catch (error) {
      const state = toFormErrors(error, { fields: BOOKING_FORM_FIELDS });
      form.setErrors(toFormFieldErrors(state.fieldErrors));
      const hasFieldErrors = Object.keys(state.fieldErrors).length > 0;
      setServerMessage(hasFieldErrors ? null : (state.message ?? state.otherErrors[0] ?? null));
      if (!hasFieldErrors) setRefusedSubmits((n) => n + 1);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="booking-form" style={{ maxWidth: 820 }}>
      <Stack gap="md">
        {blockMessage && (
          <Alert
            ref={blockAlert}
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
          <Alert ref={serverAlert} color="red" variant="light" role="alert" data-testid="form-error">
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
          <Button type="submit" loading={save.isPending}>
            {booking ? 'Update Booking' : 'Create Booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
