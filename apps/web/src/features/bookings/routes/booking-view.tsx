import { moneyToString, parseMoney, sumMoney, ZERO_CENTS } from '@app/domain';
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPencil, IconReceipt, IconTrash, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { EMPTY_VALUE, formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  useBooking,
  useCancelBooking,
  useCommissionExplanation,
  useDeleteBooking,
  type Booking,
} from '../api/bookings-api';
import { CancelBookingModal, DeleteConfirmModal } from '../components/booking-modals';
import { BookingStatusBadge, TRANSACTION_STATUS_LABELS } from '../components/booking-status';
import { SuccessBanner } from '../components/success-banner';
import { useFlash } from './bookings-list';

const RATE_SOURCES: Record<string, string> = {
  agent_rule: "Agent's commission rule",
  tier_rule: 'Tier commission rule',
  agent_default: "Agent's default percentage",
  none: 'No rate (0%)',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? EMPTY_VALUE}
      </Text>
    </div>
  );
}

function sumLines(b: Booking, key: 'amount' | 'gst_amount' | 'total_with_gst'): string {
  // Exact: each line is parsed to cents and added as integers.
  const cents = b.actual_commissions.map((l) => {
    const r = parseMoney(l[key] ?? 0);
    return r.ok ? r.value : ZERO_CENTS;
  });
  return moneyToString(sumMoney(cents));
}

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
              <Button component={Link} to={paths.bookings.edit(b.id)} leftSection={<IconPencil size={16} />}>
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
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Field label="Booking Reference">{b.booking_reference}</Field>
            <Field label="Trip Number">{b.trip_number || EMPTY_VALUE}</Field>
            <Field label="Booking Date">{formatDate(b.booking_date)}</Field>
            <Field label="Customer Name">{b.customer_name}</Field>
            <Field label="Supplier">
              {b.supplier.name} ({currency.code})
            </Field>
            <Field label="Total Commission">{formatMoney(b.booking_amount, currency)}</Field>
            <Field label="Expected Commission">{formatMoney(b.expected_commission, currency)}</Field>
            <Field label="Status">
              <BookingStatusBadge status={b.status} />
            </Field>
            <Field label="Primary Agent">{b.primary_agent.user.name}</Field>
            <Field label="Sub-agent">
              {b.sub_agent ? `${b.sub_agent.user.name} (split ${formatPercent(b.split_percentage)})` : EMPTY_VALUE}
            </Field>
            <Field label="Rate">
              {formatPercent(b.commission_percentage)} · {RATE_SOURCES[b.rate_source] ?? b.rate_source}
            </Field>
            <Field label="Group">
              {b.booking_group ? (
                <Anchor component={Link} to={paths.bookingGroups.edit(b.booking_group.id)}>
                  {b.booking_group.name}
                </Anchor>
              ) : (
                EMPTY_VALUE
              )}
            </Field>
            <Field label="Paid / Remaining">
              {formatMoney(b.paid_amount, currency)} / {formatMoney(b.remaining_amount, currency)}
            </Field>
            <Field label="Flags">
              <Group gap={4}>
                {b.is_personal && <Badge variant="outline">Personal</Badge>}
                {b.is_reconciled && <Badge variant="outline">Reconciled</Badge>}
                {b.is_claimed_booking && <Badge variant="outline">Claimed</Badge>}
                {b.booking_amount < 0 && (
                  <Badge variant="outline" color="red">
                    Refund
                  </Badge>
                )}
                {!b.is_personal && !b.is_reconciled && !b.is_claimed_booking && b.booking_amount >= 0 && EMPTY_VALUE}
              </Group>
            </Field>
            <Field label="Receipt">
              {b.booking_receipt ? (
                <Anchor href={b.booking_receipt.url} target="_blank" rel="noopener">
                  <IconReceipt size={14} style={{ verticalAlign: 'middle' }} /> {b.booking_receipt.filename}
                </Anchor>
              ) : (
                EMPTY_VALUE
              )}
            </Field>
            <Field label="Created">{formatDate(b.created_at)}</Field>
          </SimpleGrid>
          {b.notes && (
            <Stack mt="md" gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Notes
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {b.notes}
              </Text>
            </Stack>
          )}
          {b.cancellation_note && (
            <Stack mt="md" gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Cancellation note
              </Text>
              <Text size="sm">{b.cancellation_note}</Text>
            </Stack>
          )}
        </Paper>

        <Grid>
          {/* Side by side only where the 7-column lines table fits whole (at 1360 px with the menu it did not). */}
          <Grid.Col span={{ base: 12, xl: 7 }}>
            <Paper withBorder radius="md" p="md" h="100%">
              <Title order={4} mb="sm">
                Commission lines
              </Title>
              <Table.ScrollContainer minWidth={560}>
                <Table data-testid="commission-lines">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Agent</Table.Th>
                      <Table.Th>Role</Table.Th>
                      <Table.Th ta="right">%</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th ta="right">GST</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {b.actual_commissions.map((l) => (
                      <Table.Tr key={l.id}>
                        <Table.Td>{l.agent.user.name}</Table.Td>
                        <Table.Td>{l.role.replace('_', '-')}</Table.Td>
                        <Table.Td ta="right">{formatPercent(l.percentage, { maximumFractionDigits: 4 })}</Table.Td>
                        <Table.Td ta="right">{formatMoney(l.amount, currency)}</Table.Td>
                        <Table.Td ta="right">{formatMoney(l.gst_amount, currency)}</Table.Td>
                        <Table.Td ta="right">{formatMoney(l.total_with_gst, currency)}</Table.Td>
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
            <Table.ScrollContainer minWidth={640}>
              <Table data-testid="matched-transactions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ts.transactions.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>{t.reference_number ?? EMPTY_VALUE}</Table.Td>
                      <Table.Td>{t.account_name ?? EMPTY_VALUE}</Table.Td>
                      <Table.Td>{formatDate(t.transaction_date)}</Table.Td>
                      <Table.Td>{t.transaction_type}</Table.Td>
                      <Table.Td ta="right">{formatMoney(t.amount ?? null, currency)}</Table.Td>
                      <Table.Td>{t.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
            <Table.ScrollContainer minWidth={600}>
              <Table data-testid="history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Changes</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {b.history.map((h) => (
                    <Table.Tr key={h.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {h.occurred_at.slice(0, 19).replace('T', ' ')}
                      </Table.Td>
                      <Table.Td>{h.user_name ?? 'System'}</Table.Td>
                      <Table.Td>{h.action}</Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed" lineClamp={3}>
                          {describeChange(h.before, h.after)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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

const SHOWN_KEYS = [
  'status',
  'booking_amount',
  'expected_commission',
  'customer_name',
  'booking_reference',
  'booking_date',
  'supplier_id',
  'booking_group_id',
  'cancellation_note',
];

/** A short "field: before → after" summary of an audit row. */
function describeChange(before: unknown, after: unknown): string {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of SHOWN_KEYS) {
    if (!(key in a) && !(key in b)) continue;
    const from = b[key];
    const to = a[key];
    if (before && JSON.stringify(from) === JSON.stringify(to)) continue;
    parts.push(before ? `${key}: ${String(from ?? '—')} → ${String(to ?? '—')}` : `${key}: ${String(to ?? '—')}`);
  }
  return parts.join('; ') || EMPTY_VALUE;
}
