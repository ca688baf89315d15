import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import type { BulkMode } from '../utils/bulk-filters';
import type { SelectionSummary } from '../utils/bulk-summary';
import { totalsText } from '../utils/money';

/** The Commission Summary of the selected bookings, per currency (never added across currencies). */
export function CommissionSummary({ summary, mode }: { summary: SelectionSummary; mode: BulkMode }) {
  const figures: [string, string][] =
    mode === 'payout'
      ? [
          ['Payout amount', totalsText(summary.amounts)],
          ['Agent commission', totalsText(summary.commission)],
          ['GST', totalsText(summary.commission, (t) => t.gst_total)],
          ['Total to agents', totalsText(summary.commission, (t) => t.total_with_gst)],
        ]
      : [
          ['Reconcile amount', totalsText(summary.amounts)],
          ['Agent commission (before reconciling)', totalsText(summary.commission)],
          ['Agent commission (after reconciling)', totalsText(summary.commissionAfter)],
        ];
  return (
    <Stack gap="xs" data-testid="commission-summary">
      <Title order={4}>Commission Summary</Title>
      <Text size="sm" data-testid="selected-count">
        {formatCount(summary.count, 'booking')} selected
      </Text>
      <SimpleGrid cols={{ base: 1, sm: figures.length }} spacing="sm">
        {figures.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} data-testid={`summary-${label.toLowerCase().replaceAll(' ', '-').replace(/[()]/g, '')}`}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {summary.notPreviewed > 0 && (
        <Text size="xs" c="dimmed">
          {formatCount(summary.notPreviewed, 'selected booking')} not in the commission total: an amount, a percentage
          or a Reconcile box to fix.
        </Text>
      )}
    </Stack>
  );
}
