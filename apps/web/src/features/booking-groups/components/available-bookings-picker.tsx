import type { AgentOption, AvailableBooking } from '@app/domain';
import { Checkbox, Group, Paper, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';

const NO_AVAILABLE_BOOKINGS = 'No available bookings to add to this group.';

interface AvailableBookingsPickerProps {
  /** Admins filter the bookings by agent; agents see only their own. */
  admin: boolean;
  agents: AgentOption[];
  agentId: string | null;
  onAgentChange: (agentId: string | null) => void;
  bookings: AvailableBooking[];
  loading: boolean;
  selected: number[];
  onToggle: (id: number, on: boolean) => void;
  error: string | undefined;
}

/** The bookings the group may hold, each with a checkbox, and how many are selected. */
export function AvailableBookingsPicker(props: AvailableBookingsPickerProps) {
  const { admin, agents, agentId, onAgentChange, bookings, loading, selected, onToggle, error } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" align="flex-end">
        <Text fw={500}>Bookings ({selected.length} selected)</Text>
        {admin && (
          <Select
            label="Agent"
            w={260}
            data={[{ value: '', label: 'All Agents' }, ...agents.map((a) => ({ value: String(a.id), label: a.name }))]}
            value={agentId ?? ''}
            onChange={(v) => onAgentChange(v ? v : null)}
            allowDeselect={false}
            searchable
          />
        )}
      </Group>
      {error && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {error}
        </Text>
      )}
      {bookings.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="no-available">
          {loading ? 'Loading bookings…' : NO_AVAILABLE_BOOKINGS}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Stack gap={6} data-testid="available-bookings">
            {bookings.map((b) => (
              <Checkbox
                key={b.id}
                checked={selected.includes(b.id)}
                onChange={(e) => onToggle(b.id, e.currentTarget.checked)}
                label={<AvailableBookingLabel booking={b} />}
                aria-label={`${b.booking_reference} ${b.customer_name}`}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function AvailableBookingLabel({ booking: b }: { booking: AvailableBooking }) {
  return (
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
  );
}
