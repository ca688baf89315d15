import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlarm, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryContent } from '../../../components/query-content';
import { formatCount, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useOverdueSummary, type OverdueCurrencyTotal } from '../api/overdue-api';
import { moneyOf } from '../utils/aging';

/**
 * The commission dashboard's overdue panel (admins: the report is theirs alone, the dashboard shows it to no
 * one else): per currency, what suppliers owe past its due date and for how many bookings, and the way to
 * the report.
 */
export function OverdueDashboardCard() {
  const summary = useOverdueSummary();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="overdue-card-title"
      data-testid="overdue-card"
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="red" size="lg" radius="md" aria-hidden>
            <IconAlarm size={20} />
          </ThemeIcon>
          <div>
            <Title order={3} size="h4" id="overdue-card-title">
              Overdue commissions
            </Title>
            <Text size="xs" c="dimmed">
              Due from suppliers and not paid in full
              {summary.data && ` · as of ${formatDate(summary.data.as_of)}`}
            </Text>
          </div>
        </Group>
        <Button
          component={Link}
          to={paths.reports.overdue}
          variant="light"
          size="xs"
          rightSection={<IconArrowRight size={14} />}
        >
          View overdue commissions
        </Button>
      </Group>
      <QueryContent
        query={summary}
        noun="overdue commissions"
        loading={<Skeleton h={64} role="status" aria-label="Loading overdue commissions" />}
      >
        {({ totals }) =>
          totals.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="overdue-card-empty">
              Nothing overdue: every supplier has paid what is due.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {totals.map((total) => (
                <OverdueTile key={total.currency_code} total={total} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryContent>
    </Paper>
  );
}

/** One currency: the outstanding amount, and how many bookings, of which how much is over 90 days. */
function OverdueTile({ total }: { total: OverdueCurrencyTotal }) {
  const oldest = total.buckets['90_plus'];
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="overdue-card-currency" data-currency={total.currency_code}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" fw={600}>
          {total.currency_code}
        </Text>
        <Badge size="sm" variant="light" color="red" data-testid="overdue-card-count">
          {formatCount(total.count, 'booking')}
        </Badge>
      </Group>
      <Text fw={700} size="lg" data-testid="overdue-card-outstanding">
        {moneyOf(total, total.outstanding)}
      </Text>
      <Text size="xs" c="dimmed">
        {oldest.count > 0 ? `${moneyOf(total, oldest.outstanding)} over 90 days` : 'None over 90 days'}
      </Text>
    </Paper>
  );
}
