import { percentText, sumMoney, type Cents } from '@app/domain';
import { Anchor, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { NO_WRAP } from '../../../components/list-table';
import { formatCount, formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePayoutDetail, type PayoutDetail } from '../api/payouts-api';
import { centsOf, money, percentOf } from '../utils/money';
import { AmountsTable } from './amounts-table';

interface PayoutDetailModalProps {
  payoutId: number | null;
  onClose: () => void;
}

/** One payout record (`GET /api/payouts/{id}`): its items and what each agent received. */
export function PayoutDetailModal({ payoutId, onClose }: PayoutDetailModalProps) {
  const detail = usePayoutDetail(payoutId);
  return (
    <Modal opened={payoutId !== null} onClose={onClose} title={detail.data?.payout.name ?? 'Payout'} size="xl">
      {detail.isPending ? (
        <Group justify="center" p="md" role="status" aria-label="Loading payout">
          <Loader size="sm" />
        </Group>
      ) : detail.isError ? (
        <QueryError
          error={detail.error}
          fallback="The payout could not be loaded."
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <PayoutItems detail={detail.data} />
      )}
    </Modal>
  );
}

interface AgentSubtotal {
  agentId: number;
  agentName: string;
  commission: Cents;
  gst: Cents;
  total: Cents;
}

/** Per agent, in the order the agents first appear. */
function subtotalsByAgent(items: PayoutDetail['items']): AgentSubtotal[] {
  const byAgent = new Map<number, { name: string; items: PayoutDetail['items'] }>();
  for (const item of items) {
    const entry = byAgent.get(item.agent_id) ?? { name: item.agent_name, items: [] };
    entry.items.push(item);
    byAgent.set(item.agent_id, entry);
  }
  return [...byAgent.entries()].map(([agentId, { name, items: mine }]) => ({
    agentId,
    agentName: name,
    commission: sumMoney(mine.map((i) => centsOf(i.commission))),
    gst: sumMoney(mine.map((i) => centsOf(i.gst))),
    total: sumMoney(mine.map((i) => centsOf(i.total))),
  }));
}

function PayoutItems({ detail }: { detail: PayoutDetail }) {
  const { payout, items } = detail;
  const currency = payout.currency_code;
  const show = (amount: number) => money(centsOf(amount), currency);
  const subtotals = subtotalsByAgent(items);
  return (
    <Stack gap="md">
      <Group gap="xl" data-testid="payout-facts">
        <Text size="sm">Date: {formatDate(payout.payout_date)}</Text>
        <Text size="sm">Total: {show(payout.total_amount)}</Text>
        <Text size="sm">{formatCount(payout.booking_count, 'booking')}</Text>
        {payout.created_by && <Text size="sm">By {payout.created_by}</Text>}
      </Group>
      <AmountsTable
        testId="payout-items"
        textColumns={2}
        head={['Booking reference', 'Agent', 'Percentage', 'Commission', 'GST', 'Total']}
        rows={items.map((item) => ({
          key: item.id,
          cells: [
            <Anchor
              key="ref"
              component={Link}
              to={paths.bookings.view(item.booking_id)}
              size="sm"
              fw={600}
              {...NO_WRAP}
            >
              {item.booking_reference}
            </Anchor>,
            item.agent_name,
            `${percentText(percentOf(item.percentage))}%`,
            show(item.commission),
            show(item.gst),
            show(item.total),
          ],
        }))}
      />
      <Stack gap={4}>
        <Text fw={600}>Per agent</Text>
        <AmountsTable
          testId="payout-subtotals"
          head={['Agent', 'Commission', 'GST', 'Total']}
          rows={subtotals.map((t) => ({
            key: t.agentId,
            cells: [t.agentName, money(t.commission, currency), money(t.gst, currency), money(t.total, currency)],
          }))}
        />
      </Stack>
    </Stack>
  );
}
