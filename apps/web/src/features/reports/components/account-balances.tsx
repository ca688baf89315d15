import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { balancesErrorMessage, useAccountBalances } from '../api/account-balances';

/** Admins: the supplier accounts' balances, one tile per currency (never added across currencies). */
export function AccountBalances({ supplierIds }: { supplierIds: readonly string[] }) {
  const balances = useAccountBalances(supplierIds);
  return (
    <Paper withBorder radius="md" p="md" data-testid="account-balances" aria-labelledby="balances-title">
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={3} size="h4" id="balances-title">
          Account balances
        </Title>
        <Text size="xs" c="dimmed">
          {supplierIds.length > 0 ? 'Accounts of the selected suppliers' : 'All supplier accounts'} · completed
          transactions, all dates
        </Text>
      </Group>
      {balances.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} role="status" aria-label="Loading account balances">
          <Skeleton h={76} />
          <Skeleton h={76} />
        </SimpleGrid>
      ) : balances.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="balances-error">
          {balancesErrorMessage(balances.error)}
          <Button size="xs" variant="white" color="red" ml="sm" onClick={balances.refetch}>
            Retry
          </Button>
        </Alert>
      ) : balances.rows.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="balances-empty">
          {balances.accountCount === 0
            ? 'No supplier accounts match the filters.'
            : 'No completed transactions in these accounts yet.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {balances.rows.map((row) => (
            <Paper key={row.currency_id} withBorder radius="sm" p="sm" data-testid={`balance-${row.currency}`}>
              <Text size="xs" c="dimmed" fw={600}>
                {row.currency}
              </Text>
              <Text fw={700} size="lg">
                {formatMoney(row.total_amount, { code: row.currency })}
              </Text>
              <Text size="xs" c="dimmed">
                Credits {formatMoney(row.credit_amount, { code: row.currency })} · Debits{' '}
                {formatMoney(row.debit_amount, { code: row.currency })}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
