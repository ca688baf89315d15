import { moneyToString, parseMoney, sumMoney, ZERO_CENTS } from '@app/domain';
import { List, Paper, Table, Title } from '@mantine/core';
import { NO_WRAP } from '../../../components/list-table';
import { TruncatedText } from '../../../components/truncated-text';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { useCommissionExplanation, type Booking } from '../api/bookings-api';
import { paidText } from '../utils/paid-line';

function sumLines(b: Booking, key: 'amount' | 'gst_amount' | 'total_with_gst' | 'paid_amount'): string {
  // Exact: each line is parsed to cents and added as integers.
  const cents = b.actual_commissions.map((l) => {
    const r = parseMoney(l[key] ?? 0);
    return r.ok ? r.value : ZERO_CENTS;
  });
  return moneyToString(sumMoney(cents));
}

/** The booking's actual commission lines, one row per agent, with their totals. */
export function CommissionLinesPanel({ booking: b }: { booking: Booking }) {
  const currency = b.supplier.currency;
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Title order={4} mb="sm">
        Commission lines
      </Title>
      <Table.ScrollContainer minWidth={680}>
        <Table data-testid="commission-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th ta="right">%</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">GST</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Paid</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.actual_commissions.map((l) => (
              <Table.Tr key={l.id} data-testid={`commission-line-${l.id}`}>
                <Table.Td>
                  <TruncatedText maw={200}>{l.agent.user.name}</TruncatedText>
                </Table.Td>
                <Table.Td style={NO_WRAP.style}>{l.role.replace('_', '-')}</Table.Td>
                <Table.Td ta="right">{formatPercent(l.percentage, { maximumFractionDigits: 4 })}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.amount, currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.gst_amount, currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.total_with_gst, currency)}</Table.Td>
                <Table.Td ta="right" data-testid="line-paid">
                  {paidText(l, currency)}
                </Table.Td>
                <Table.Td>
                  {l.status}
                  {l.payment_date ? ` · ${formatDate(l.payment_date)}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Total</Table.Th>
              <Table.Th ta="right">{formatMoney(sumLines(b, 'amount'), currency)}</Table.Th>
              <Table.Th ta="right">{formatMoney(sumLines(b, 'gst_amount'), currency)}</Table.Th>
              <Table.Th ta="right">{formatMoney(sumLines(b, 'total_with_gst'), currency)}</Table.Th>
              <Table.Th ta="right">{formatMoney(sumLines(b, 'paid_amount'), currency)}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The server's explanation of the expected commission, when it has one. */
export function CommissionExplanation({ id }: { id: number }) {
  const explanation = useCommissionExplanation(id);
  const lines = explanation.data?.data.lines;
  if (!lines || lines.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="commission-explanation">
      <Title order={4} mb="sm">
        How the commission was worked out
      </Title>
      <List size="sm" spacing={4}>
        {lines.map((l) => (
          <List.Item key={l}>{l}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
