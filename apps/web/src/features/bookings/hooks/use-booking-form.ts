import { effectiveBookingStatus } from '@app/domain';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toFormData } from '../../../lib/api-client';
import { isAdmin } from '../../../lib/authorization';
import { toFormErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { useSaveBooking, type Booking } from '../api/bookings-api';
import {
  BOOKING_FORM_FIELDS,
  checkBeforeSubmit,
  initialBookingValues,
  localIsoDate,
  submitBlock,
  toBookingPayload,
  toFormFieldErrors,
  type BookingFormValues,
} from '../utils/booking-form-values';
import { readReturnTo } from '../utils/return-to';
import { useBookingFormData } from './use-booking-form-data';

/**
 * The booking form's values, what it reads for them, the status it saves, and the submit: checked in the
 * browser first, then saved; a refused submit shows its reason in an alert at the top, scrolled into view.
 */
export function useBookingForm(booking: Booking | undefined) {
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
  const { blockAlert, serverAlert, showRefusal } = useRefusalInView();

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
      if ('block' in check) showRefusal();
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
      if (!hasFieldErrors) showRefusal();
    }
  });

  return {
    admin,
    origin,
    form,
    data,
    status,
    /** What the alerts at the top of the form say, and their refs for bringing them into view. */
    alerts: { blockMessage, serverMessage, blockAlert, serverAlert },
    submit,
    saving: save.isPending,
  };
}

/** A submit refused with an alert brings the alerts (at the top of the form) into view. */
function useRefusalInView() {
  const blockAlert = useRef<HTMLDivElement>(null);
  const serverAlert = useRef<HTMLDivElement>(null);
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (refusedSubmits > 0) (blockAlert.current ?? serverAlert.current)?.scrollIntoView({ block: 'center' });
  }, [refusedSubmits]);
  return { blockAlert, serverAlert, showRefusal: () => setRefusedSubmits((n) => n + 1) };
}
