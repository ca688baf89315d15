import { Alert, Paper, Table, Title } from '@mantine/core';
import { getErrorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useCurrencySummary } from '../api/accounts-api';

/** Under the accounts: credits, debits and total per currency over the completed transactions of `ids`. */
export function CurrencySummary({ ids }: { ids: number[] }) {
  const summary = useCurrencySummary(ids);
  if (ids.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mt="md" data-testid="currency-summary">
      <Title order={4} mb="xs">
        Totals per currency (completed transactions)
      </Title>
      {summary.isError ? (
        <Alert color="red">{getErrorMessage(summary.error, 'Failed to fetch account balances')}</Alert>
      ) : (
        // On a phone the four amounts do not fit side by side: the table scrolls, not the page.
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Currency</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
                <Table.Th ta="right">Debits</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(summary.data ?? []).map((s) => (
                <Table.Tr key={s.currency_id}>
                  <Table.Td>{s.currency}</Table.Td>
                  <Table.Td ta="right">{formatMoney(s.credit_amount, { code: s.currency })}</Table.Td>
                  <Table.Td ta="right">{formatMoney(s.debit_amount, { code: s.currency })}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatMoney(s.total_amount, { code: s.currency })}
                  </Table.Td>
                </Table.Tr>
              ))}
              {summary.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4} c="dimmed">
                    No completed transactions yet.
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
