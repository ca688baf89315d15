import type { BookingGroup } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, type FieldErrors } from '../../../lib/api-client';
import { isAdmin } from '../../../lib/authorization';
import { useUser } from '../../auth';
import { useAgentsList } from '../../bookings';
import { useAvailableBookings, useSaveBookingGroup } from '../api/booking-groups-api';

const GROUP_SUBMIT_PREFIX = 'Error submitting form: ';
const GROUP_SUBMIT_FALLBACK = 'Please try again.';

/** The first server message per field; every `selectedBookings.N` error shows once, on the bookings list. */
function groupFieldErrors(errors: FieldErrors): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    const key = k.startsWith('selectedBookings') ? 'selectedBookings' : k;
    if (v[0] && !fieldErrors[key]) fieldErrors[key] = v[0];
  }
  return fieldErrors;
}

/** The booking-group form's fields, the bookings an admin may pick from (per agent) and the save. */
export function useBookingGroupForm(group: BookingGroup | undefined, cancelUrl: string) {
  const admin = isAdmin(useUser());
  const navigate = useNavigate();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [selected, setSelected] = useState<number[]>(group?.selectedBookings ?? []);
  const [agentId, setAgentId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const agents = useAgentsList(admin);
  const available = useAvailableBookings(admin ? agentId : null, group?.id ?? null);
  const save = useSaveBookingGroup(group?.id ?? null);

  const toggle = (id: number, on: boolean) =>
    setSelected((cur) => (on ? [...cur.filter((x) => x !== id), id] : cur.filter((x) => x !== id)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!name.trim()) {
      setErrors({ name: 'The name field is required.' });
      return;
    }
    setErrors({});
    try {
      const res = await save.mutateAsync({ name: name.trim(), description, selectedBookings: selected });
      if (res.status === 'success') void navigate(cancelUrl, { state: { flash: res.message } });
      else setMessage(GROUP_SUBMIT_PREFIX + (res.message ?? GROUP_SUBMIT_FALLBACK));
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) {
        setErrors(groupFieldErrors(error.errors));
      } else {
        setMessage(
          GROUP_SUBMIT_PREFIX + (isApiError(error) && error.hasServerMessage ? error.message : GROUP_SUBMIT_FALLBACK),
        );
      }
    }
  };

  return {
    name,
    setName,
    description,
    setDescription,
    errors,
    message,
    /** What the bookings picker shows and how it changes the selection. */
    picker: {
      admin,
      agents: agents.data ?? [],
      agentId,
      onAgentChange: setAgentId,
      bookings: available.data ?? [],
      loading: available.isPending,
      selected,
      onToggle: toggle,
      error: errors.selectedBookings,
    },
    saving: save.isPending,
    submit,
  };
}
