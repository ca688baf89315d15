import { BOOKING_STATUSES, TRANSACTION_MATCH_STATUSES } from '@app/domain';
import { Box, Group, Paper, Text } from '@mantine/core';
import { BookingStatusBadge, TRANSACTION_ROW_COLORS, TRANSACTION_STATUS_LABELS } from './booking-status';

/** Colour legend: row backgrounds (transaction status) and booking status badges. */
export function BookingsLegend() {
  return (
    <Paper withBorder radius="md" p="sm" mb="md" data-testid="legend">
      <Group gap="lg" wrap="wrap">
        <Text size="sm" fw={500}>
          Rows:
        </Text>
        {TRANSACTION_MATCH_STATUSES.map((s) => (
          <Group key={s} gap={6}>
            <Box
              w={16}
              h={16}
              style={{
                background: TRANSACTION_ROW_COLORS[s],
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 3,
              }}
              aria-hidden
            />
            <Text size="sm">{TRANSACTION_STATUS_LABELS[s]}</Text>
          </Group>
        ))}
        <Group gap={6}>
          <Box w={16} h={16} style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 3 }} aria-hidden />
          <Text size="sm">Completed or cancelled</Text>
        </Group>
      </Group>
      <Group gap="sm" mt="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          Statuses:
        </Text>
        {BOOKING_STATUSES.map((s) => (
          <BookingStatusBadge key={s} status={s} />
        ))}
      </Group>
    </Paper>
  );
}
