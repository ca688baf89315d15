import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isAdmin } from '../../../lib/authorization';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useUser } from '../../auth';
import { suppliersQueryOptions } from '../../suppliers';
import {
  useAgentsList,
  useBookingGroupOptions,
  useBookings,
  useCancelBooking,
  useDeleteBooking,
  useTransactionStatuses,
  type BookingListItem,
} from '../api/bookings-api';
import { CancelBookingModal, DeleteConfirmModal } from '../components/booking-modals';
import { BookingRowActions } from '../components/booking-row-actions';
import { BookingStatusBadge, rowBackground, TRANSACTION_STATUS_LABELS } from '../components/booking-status';
import { BookingsFilters } from '../components/bookings-filters';
import { BookingsLegend } from '../components/bookings-legend';
import { SuccessBanner } from '../components/success-banner';
import { filtersToSearch, pageWindow, readFilters, showingText, toServerQuery } from '../utils/list-query';

export const EMPTY_BOOKINGS = 'No bookings found matching your criteria.';

/** A flash message handed over by navigation (after create, update, cancel or delete). */
export function useFlash() {
  const location = useLocation();
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const state = location.state as { flash?: string } | null;
  const message = state?.flash && dismissedKey !== location.key ? state.flash : null;
  const dismiss = useCallback(() => setDismissedKey(location.key), [location.key]);
  return { message, dismiss };
}

/** /bookings: filters in the URL, legend, the nine columns, paging and row actions. */
export function BookingsListRoute() {
  const user = useUser();
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const bookings = useBookings(toServerQuery(params));
  const suppliers = useQuery(suppliersQueryOptions());
  const agents = useAgentsList(admin);
  const groups = useBookingGroupOptions();
  const rows = bookings.data?.data ?? [];
  const statuses = useTransactionStatuses(rows.map((r) => r.id));
  const flash = useFlash();
  const deleteBooking = useDeleteBooking();
  const cancelBooking = useCancelBooking();
  const [toDelete, setToDelete] = useState<BookingListItem | null>(null);
  const [toCancel, setToCancel] = useState<BookingListItem | null>(null);

  const showFlash = (message: string) =>
    void navigate({ search: params.toString() }, { replace: true, state: { flash: message } });

  const goToPage = (page: number) => {
    const next = new URLSearchParams(params);
    if (page <= 1) next.delete('page');
    else next.set('page', String(page));
    setParams(next);
  };

  let body;
  if (bookings.isPending) {
    body = (
      <Stack p="md" gap="sm" role="status" aria-label="Loading bookings">
        <Skeleton h={20} />
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  } else if (bookings.isError) {
    body = (
      <Stack p="md">
        <QueryError
          error={bookings.error}
          fallback="The bookings could not be loaded."
          onRetry={() => void bookings.refetch()}
        />
      </Stack>
    );
  } else if (rows.length === 0) {
    body = (
      <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
        {EMPTY_BOOKINGS}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={960}>
        <Table data-testid="bookings-table" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Supplier</Table.Th>
              <Table.Th>Primary Agent</Table.Th>
              <Table.Th ta="right">Value</Table.Th>
              <Table.Th ta="right">Commission</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => {
              const ts = statuses.data?.[String(b.id)];
              const currency = b.supplier.currency;
              const closed = b.status === 'completed' || b.status === 'cancelled';
              return (
                <Table.Tr
                  key={b.id}
                  style={{ background: rowBackground(b.status, ts?.status) }}
                  data-transaction-status={ts?.status ?? 'unknown'}
                  title={ts ? TRANSACTION_STATUS_LABELS[ts.status] : undefined}
                >
                  <Table.Td fw={500}>
                    <Anchor component={Link} to={paths.bookings.view(b.id)} fw={600} size="sm">
                      {b.booking_reference}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(b.booking_date)}</Table.Td>
                  <Table.Td>{b.customer_name}</Table.Td>
                  <Table.Td>{b.supplier.name}</Table.Td>
                  <Table.Td>
                    {b.primary_agent.user.name}
                    {b.sub_agent && (
                      <Text size="xs" c="dimmed">
                        via {b.sub_agent.user.name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(b.booking_amount, currency)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(b.expected_commission, currency)}
                  </Table.Td>
                  <Table.Td>
                    <BookingStatusBadge status={b.status} />
                  </Table.Td>
                  <Table.Td>
                    <BookingRowActions
                      booking={b}
                      canPayout={admin && !closed && ts?.can_payout === true}
                      onDelete={setToDelete}
                      onCancel={setToCancel}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const page = bookings.data;
  return (
    <>
      <PageHeader
        title="Bookings"
        description={
          admin ? 'Every booking, with its commission and transaction match.' : 'The bookings you earn from.'
        }
        actions={
          <Button component={Link} to={paths.bookings.create} leftSection={<IconPlus size={16} />}>
            New booking
          </Button>
        }
      />
      <SuccessBanner message={flash.message} onClose={flash.dismiss} />
      <BookingsFilters
        key={params.toString()}
        initial={filters}
        isAdmin={admin}
        suppliers={suppliers.data ?? []}
        agents={agents.data ?? []}
        groups={groups.data ?? []}
        onApply={(f) => setParams(filtersToSearch(f))}
      />
      <BookingsLegend />
      <Paper withBorder radius="md">
        {body}
        {page && page.total > 0 && (
          <Group
            justify="space-between"
            p="sm"
            wrap="wrap"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text size="sm" c="dimmed" data-testid="showing">
              {showingText(page)}
            </Text>
            <Group gap={4} component="nav" aria-label="Pagination">
              <Button
                variant="default"
                size="xs"
                disabled={page.current_page <= 1}
                onClick={() => goToPage(page.current_page - 1)}
                aria-label="Previous page"
              >
                <IconChevronLeft size={14} />
              </Button>
              {pageWindow(page.current_page, page.last_page).map((n) => (
                <Button
                  key={n}
                  size="xs"
                  variant={n === page.current_page ? 'filled' : 'default'}
                  aria-current={n === page.current_page ? 'page' : undefined}
                  onClick={() => goToPage(n)}
                  aria-label={`Page ${n}`}
                >
                  {n}
                </Button>
              ))}
              <Button
                variant="default"
                size="xs"
                disabled={page.current_page >= page.last_page}
                onClick={() => goToPage(page.current_page + 1)}
                aria-label="Next page"
              >
                <IconChevronRight size={14} />
              </Button>
            </Group>
          </Group>
        )}
      </Paper>

      <DeleteConfirmModal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        message={`Delete booking ${toDelete?.booking_reference ?? ''}? This cannot be undone.`}
        action={toDelete ? paths.bookings.view(toDelete.id) : ''}
        onConfirm={async () => {
          if (!toDelete) return;
          const res = await deleteBooking.mutateAsync(toDelete.id);
          showFlash(res.message);
        }}
      />
      <CancelBookingModal
        opened={toCancel !== null}
        onClose={() => setToCancel(null)}
        reference={toCancel?.booking_reference ?? ''}
        onConfirm={async (note) => {
          if (!toCancel) return;
          const res = await cancelBooking.mutateAsync({ id: toCancel.id, note });
          showFlash(res.message);
        }}
      />
    </>
  );
}
