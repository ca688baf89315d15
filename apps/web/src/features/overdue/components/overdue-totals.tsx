import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '@app/domain';
import { Badge, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { formatCount } from '../../../lib/format';
import type { OverdueCurrencyTotal } from '../api/overdue-api';
import { BUCKET_COLORS, moneyOf } from '../utils/aging';

/** One tile per currency (amounts in different currencies are never added): in all, then per bucket. */
export function OverdueTotals({ totals }: { totals: readonly OverdueCurrencyTotal[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {totals.map((total) => (
        <CurrencyTotal key={total.currency_code} total={total} />
      ))}
    </SimpleGrid>
  );
}

function CurrencyTotal({ total }: { total: OverdueCurrencyTotal }) {
  const titleId = `overdue-total-${total.currency_code}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="overdue-currency-total"
      data-currency={total.currency_code}
      style={{ borderTop: '3px solid var(--mantine-color-red-6)' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div>
          <Title order={4} size="h6" c="dimmed" id={titleId}>
            {total.currency_code} outstanding
          </Title>
          <Text fw={700} size="xl" data-testid="total-outstanding">
            {moneyOf(total, total.outstanding)}
          </Text>
        </div>
        <Badge variant="light" color="gray" data-testid="total-count">
          {formatCount(total.count, 'booking')}
        </Badge>
      </Group>
      <Table mt="xs" fz="sm" verticalSpacing={4} withRowBorders={false} highlightOnHover={false}>
        <Table.Tbody>
          {AGING_BUCKETS.map((bucket) => {
            const { count, outstanding } = total.buckets[bucket];
            return (
              <Table.Tr key={bucket} data-bucket={bucket}>
                <Table.Th scope="row" fw={400} px={0}>
                  <Badge variant="light" color={BUCKET_COLORS[bucket]} size="sm">
                    {AGING_BUCKET_LABELS[bucket]}
                  </Badge>
                </Table.Th>
                <Table.Td c="dimmed" ta="right">
                  {formatCount(count, 'booking')}
                </Table.Td>
                <Table.Td ta="right" fw={count > 0 ? 600 : undefined} pr={0} style={{ whiteSpace: 'nowrap' }}>
                  {moneyOf(total, outstanding)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
