import type { BookingGroup } from '@app/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { isAdmin } from '../../../lib/authorization';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { useAgentsList } from '../../bookings';
import { useAvailableBookings, useSaveBookingGroup } from '../api/booking-groups-api';

export const NO_AVAILABLE_BOOKINGS = 'No available bookings to add to this group.';
export const GROUP_SUBMIT_PREFIX = 'Error submitting form: ';
export const GROUP_SUBMIT_FALLBACK = 'Please try again.';

interface BookingGroupFormProps {
  group?: BookingGroup;
  /** Where Cancel and a successful save go (the page supplies it). */
  cancelUrl?: string;
}

/** The booking-group form (spec §2 "Booking-group form", §5, §8). */
export function BookingGroupForm({ group, cancelUrl = paths.bookingGroups.list }: BookingGroupFormProps) {
  const user = useUser();
  const admin = isAdmin(user);
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
        const fieldErrors: Record<string, string> = {};
        for (const [k, v] of Object.entries(error.errors)) {
          const key = k.startsWith('selectedBookings') ? 'selectedBookings' : k;
          if (v[0] && !fieldErrors[key]) fieldErrors[key] = v[0];
        }
        setErrors(fieldErrors);
      } else {
        setMessage(
          GROUP_SUBMIT_PREFIX + (isApiError(error) && error.hasServerMessage ? error.message : GROUP_SUBMIT_FALLBACK),
        );
      }
    }
  };

  const rows = available.data ?? [];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {message && (
          <Alert color="red" variant="light" role="alert">
            {message}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <TextInput
              label="Group Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={errors.description}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm" align="flex-end">
            <Text fw={500}>Bookings ({selected.length} selected)</Text>
            {admin && (
              <Select
                label="Agent"
                w={260}
                data={[
                  { value: '', label: 'All Agents' },
                  ...(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
                ]}
                value={agentId ?? ''}
                onChange={(v) => setAgentId(v ? v : null)}
                allowDeselect={false}
                searchable
              />
            )}
          </Group>
          {errors.selectedBookings && (
            <Text c="red" size="sm" mb="xs" role="alert">
              {errors.selectedBookings}
            </Text>
          )}
          {rows.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="no-available">
              {available.isPending ? 'Loading bookings…' : NO_AVAILABLE_BOOKINGS}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Stack gap={6} data-testid="available-bookings">
                {rows.map((b) => (
                  <Checkbox
                    key={b.id}
                    checked={selected.includes(b.id)}
                    onChange={(e) => toggle(b.id, e.currentTarget.checked)}
                    label={
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" fw={600}>
                          {b.booking_reference}
                        </Text>
                        <Text size="sm">{b.customer_name}</Text>
                        <Text size="sm">{formatMoney(b.booking_amount, b.currency)}</Text>
                        <Text size="sm" c="dimmed">
                          {b.currency.code}
                        </Text>
                        <Text size="sm" c="dimmed">
                          · {b.agent_name}
                        </Text>
                      </Group>
                    }
                    aria-label={`${b.booking_reference} ${b.customer_name}`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={cancelUrl}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {group ? 'Update Group' : 'Create Group'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
