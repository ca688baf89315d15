import { Button, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { actionsColumn, ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { formatDate } from '../../../lib/format';
import { PayoutPdfButton } from '../../reports';
import { usePayoutList, type PayoutRecord } from '../api/payouts-api';
import { PayoutDetailModal } from '../components/payout-detail-modal';
import { centsOf, money } from '../utils/money';

export const EMPTY_PAYOUTS = 'No payouts yet.';
const PER_PAGE = 25;

/** /payouts: every payout record, newest first; a row opens its items. */
export function PayoutsHistoryRoute() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const payouts = usePayoutList(page, PER_PAGE);
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: ListColumn<PayoutRecord>[] = [
    // Wrapped, never cut: a single payout's name ends in what tells it apart (agent, date, 'payment 2').
    {
      header: 'Name',
      td: { fw: 500 },
      cell: (p) => (
        <Text inherit maw={340} style={{ overflowWrap: 'anywhere' }} data-prose>
          {p.name}
        </Text>
      ),
    },
    { header: 'Date', td: NO_WRAP, cell: (p) => formatDate(p.payout_date) },
    {
      header: 'Total',
      th: { ta: 'right' },
      td: { ta: 'right', ...NO_WRAP },
      cell: (p) => money(centsOf(p.total_amount), p.currency_code),
    },
    { header: 'Currency', cell: (p) => p.currency_code },
    { header: 'Bookings', th: { ta: 'right' }, td: { ta: 'right' }, cell: (p) => p.booking_count },
    { header: 'Kind', cell: (p) => (p.kind === 'bulk' ? 'Bulk' : 'Single') },
    { header: 'By', cell: (p) => p.created_by ?? '—' },
    actionsColumn((p) => (
      <>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconEye size={14} />}
          aria-label={`View ${p.name}`}
          onClick={() => setOpenId(p.id)}
        >
          View
        </Button>
        <PayoutPdfButton payoutId={p.id} name={p.name} />
      </>
    )),
  ];

  const answer = payouts.data;
  return (
    <ListPage
      title="Payouts"
      description="Every payout made to agents, newest first, one record per currency."
      pagination={{
        page: answer && {
          current_page: answer.current_page,
          last_page: answer.last_page,
          per_page: answer.per_page,
          from: answer.from,
          to: answer.to,
          total: answer.total,
        },
        onPage: (n) => setParams(n <= 1 ? {} : { page: String(n) }),
      }}
      after={<PayoutDetailModal payoutId={openId} onClose={() => setOpenId(null)} />}
    >
      <ListTable
        query={{ ...payouts, data: answer?.payouts }}
        noun="payouts"
        columns={columns}
        empty={EMPTY_PAYOUTS}
        rowProps={(p) => ({
          style: { cursor: 'pointer' },
          onClick: () => setOpenId(p.id),
          'data-payout-id': String(p.id),
        })}
      />
    </ListPage>
  );
}
