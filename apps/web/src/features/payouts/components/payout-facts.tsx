import { percentText, sumMoney } from '@app/domain';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CurrencyLike } from '../../../lib/format';
import type { PayoutInfo } from '../api/payouts-api';
import { centsOf, money, percentOf } from '../utils/money';
import { payoutMax, type PreviewRow } from '../utils/payout-modal';
import { AmountsTable } from './amounts-table';

/** The booking, what is available, the commission breakdown and the agents who have no account. */
export function PayoutFacts({ info }: { info: PayoutInfo }) {
  const { booking, payout } = info;
  const currency = booking.currency;
  const show = (amount: number) => money(centsOf(amount), currency);
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="payout-booking">
        <Fact label="Booking reference" value={booking.reference} />
        <Fact label="Supplier" value={`${booking.supplier} (${currency.code})`} />
        <Fact label="Gross commission" value={show(booking.booking_amount)} />
        <Fact label="Expected commission" value={show(booking.expected_commission)} />
        <Fact label="Paid" value={show(booking.paid_amount)} />
        <Fact label="Remaining" value={show(booking.remaining_amount)} />
      </SimpleGrid>

      <Group gap="xl" data-testid="payout-available">
        <Fact label="Available amount" value={show(payout.available_amount)} strong />
        {payout.max_available_amount !== undefined && (
          <Fact label="Maximum available amount" value={money(payoutMax(info), currency)} strong />
        )}
      </Group>

      {payout.commission_breakdown.length > 0 && (
        <Stack gap={4}>
          <Title order={5}>Commission breakdown</Title>
          <AmountsTable
            testId="payout-breakdown"
            head={['Agent', 'Percentage', 'Amount', 'GST', 'Total']}
            rows={payout.commission_breakdown.map((row) => ({
              key: row.agent_id,
              cells: [
                row.agent_name,
                `${percentText(percentOf(row.percentage))}%`,
                show(row.amount),
                show(row.gst_amount),
                show(row.total),
              ],
            }))}
          />
        </Stack>
      )}

      {payout.agents_without_accounts.length > 0 && (
        <Alert color="red" variant="light" title="Agents without accounts" data-testid="agents-without-accounts">
          <Text size="sm">{payout.agents_without_accounts.map((a) => a.agent_name).join(', ')}</Text>
        </Alert>
      )}
    </>
  );
}

/** What each agent receives for the typed amount, with the totals. */
export function PayoutPreview({ preview, currency }: { preview: PreviewRow[]; currency: CurrencyLike }) {
  return (
    <Stack gap={4}>
      <Title order={5}>This payout pays</Title>
      <AmountsTable
        testId="payout-preview"
        head={['Agent', 'Percentage', 'Commission', 'GST', 'Total']}
        rows={preview.map((item) => ({
          key: item.line_id,
          cells: [
            item.agent_name,
            `${percentText(item.percentage)}%`,
            money(item.commission, currency),
            money(item.gst, currency),
            money(item.total, currency),
          ],
        }))}
        foot={{
          label: 'Total to agents',
          span: 2,
          cells: [
            money(sumMoney(preview.map((i) => i.commission)), currency),
            money(sumMoney(preview.map((i) => i.gst)), currency),
            money(sumMoney(preview.map((i) => i.total)), currency),
          ],
        }}
      />
    </Stack>
  );
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Stack>
  );
}
