import { moneyToString, parseMoney, sumMoney, ZERO_CENTS } from '@app/domain';
import { Badge, Button, Grid, Group, List, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { EMPTY_VALUE, formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { isAdmin } from '../../../lib/authorization';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import {
  useBooking,
  useCancelBooking,
  useCommissionExplanation,
  useDeleteBooking,
  type Booking,
  type HistoryEntry,
  type MatchedTransaction,
} from '../api/bookings-api';
import { BookingDetails } from '../components/booking-details';
import { CancelBookingModal, DeleteConfirmModal } from '../components/booking-modals';
import { TRANSACTION_STATUS_LABELS } from '../components/booking-status';
import { SuccessBanner } from '../components/success-banner';
import { describeHistoryChanges, historyActionLabel } from '../utils/history-text';
import { paidText } from '../utils/paid-line';
import { returnTo } from '../utils/return-to';
import { useFlash } from './bookings-list';
import { TruncatedText } from '../../../components/truncated-text';

function sumLines(b: Booking, key: 'amount' | 'gst_amount' | 'total_with_gst' | 'paid_amount'): string {
  // Exact: each line is parsed to cents and added as integers.
  const cents = b.actual_commissions.map((l) => {
    const r = parseMoney(l[key] ?? 0);
    return r.ok ? r.value : ZERO_CENTS;
  });
  return moneyToString(sumMoney(cents));
}

const transactionColumns = (currency: Booking['supplier']['currency']): ListColumn<MatchedTransaction>[] => [
  { header: 'Reference', cell: (t) => t.reference_number ?? EMPTY_VALUE },
  { header: 'Account', cell: (t) => t.account_name ?? EMPTY_VALUE },
  { header: 'Date', cell: (t) => formatDate(t.transaction_date) },
  { header: 'Type', cell: (t) => t.transaction_type },
  { header: 'Amount', th: { ta: 'right' }, td: { ta: 'right' }, cell: (t) => formatMoney(t.amount ?? null, currency) },
  { header: 'Status', cell: (t) => t.status },
];

const historyColumns = (currency: Booking['supplier']['currency']): ListColumn<HistoryEntry>[] => [
  {
    header: 'When',
    td: { style: { whiteSpace: 'nowrap' } },
    cell: (h) => h.occurred_at.slice(0, 19).replace('T', ' '),
  },
  { header: 'Who', cell: (h) => h.user_name ?? 'System' },
  { header: 'Action', cell: (h) => historyActionLabel(h.action) },
  {
    header: 'Changes',
    cell: (h) => (
      <Text size="xs" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }} data-prose>
        {describeHistoryChanges(h.changes, currency)}
      </Text>
    ),
  },
];

function Explanation({ id }: { id: number }) {
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

/** /bookings/:id: every read field, the commission lines, the explanation, transactions and history. */
export function BookingViewRoute() {
  const id = Number(useParams().id);
  const admin = isAdmin(useUser());
  const booking = useBooking(id);
  const navigate = useNavigate();
  const flash = useFlash();
  const deleteBooking = useDeleteBooking();
  const cancelBooking = useCancelBooking();
  const [modal, setModal] = useState<'delete' | 'cancel' | null>(null);

  if (booking.isPending)
    return (
      <Stack role="status" aria-label="Loading booking">
        <Skeleton h={40} />
        <Skeleton h={120} />
      </Stack>
    );
  if (booking.isError)
    return (
      <QueryError
        error={booking.error}
        fallback="The booking could not be loaded."
        onRetry={() => void booking.refetch()}
        back={{ label: 'Back to bookings', to: paths.bookings.list }}
      />
    );

  const b = booking.data;
  const currency = b.supplier.currency;
  const ts = b.transaction_status;
  return (
    <>
      <PageHeader
        title={`Booking ${b.booking_reference}`}
        description={`${b.supplier.name} · ${formatDate(b.booking_date)}`}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={paths.bookings.list}
              leftSection={<IconArrowLeft size={16} />}
            >
              Bookings
            </Button>
            {b.actions.edit && (
              <Button
                component={Link}
                to={paths.bookings.edit(b.id)}
                // After the save the form comes back here.
                state={returnTo(paths.bookings.view(b.id))}
                leftSection={<IconPencil size={16} />}
              >
                Edit
              </Button>
            )}
            {b.actions.cancel && (
              <Button
                color="orange"
                variant="light"
                onClick={() => setModal('cancel')}
                leftSection={<IconX size={16} />}
              >
                Cancel booking
              </Button>
            )}
            {b.actions.delete && (
              <Button
                color="red"
                variant="light"
                onClick={() => setModal('delete')}
                leftSection={<IconTrash size={16} />}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      <SuccessBanner message={flash.message} onClose={flash.dismiss} />
      <Stack gap="md">
        <BookingDetails booking={b} admin={admin} />

        <Grid>
          {/* Side by side only where the 8-column lines table fits whole (at 1360 px with the menu it did not). */}
          <Grid.Col span={{ base: 12, xl: 7 }}>
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <Explanation id={b.id} />
          </Grid.Col>
        </Grid>

        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>Matched transactions</Title>
            <Badge variant="light">{TRANSACTION_STATUS_LABELS[ts.status]}</Badge>
          </Group>
          {ts.transactions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No transaction matches this booking yet.
            </Text>
          ) : (
            <DataTable
              testId="matched-transactions"
              columns={transactionColumns(currency)}
              rows={ts.transactions}
              rowKey={(t) => t.id}
              minWidth={640}
            />
          )}
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Title order={4} mb="sm">
            History
          </Title>
          {b.history.length === 0 ? (
            <Text size="sm" c="dimmed">
              No history.
            </Text>
          ) : (
            <DataTable
              testId="history"
              columns={historyColumns(b.supplier.currency)}
              rows={b.history}
              rowKey={(h) => h.id}
              minWidth={600}
            />
          )}
        </Paper>
      </Stack>

      <DeleteConfirmModal
        opened={modal === 'delete'}
        onClose={() => setModal(null)}
        message={`Delete booking ${b.booking_reference}? This cannot be undone.`}
        action={paths.bookings.view(b.id)}
        onConfirm={async () => {
          const res = await deleteBooking.mutateAsync(b.id);
          void navigate(paths.bookings.list, { state: { flash: res.message } });
        }}
      />
      <CancelBookingModal
        opened={modal === 'cancel'}
        onClose={() => setModal(null)}
        reference={b.booking_reference}
        onConfirm={async (note) => {
          const res = await cancelBooking.mutateAsync({ id: b.id, note });
          void navigate(paths.bookings.view(b.id), { replace: true, state: { flash: res.message } });
        }}
      />
    </>
  );
}
