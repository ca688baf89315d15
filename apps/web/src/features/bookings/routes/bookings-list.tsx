import { Anchor } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { TruncatedText } from '../../../components/truncated-text';
import { ListTable, type ListColumn, NO_WRAP } from '../../../components/list-table';
import { isAdmin } from '../../../lib/authorization';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useFocusFallback } from '../../../lib/use-focus-fallback';
import { useUser } from '../../auth';
import { PayoutModal } from '../../payouts';
import { suppliersQueryOptions } from '../../suppliers';
import {
  bookingsQueryKey,
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
import { filtersToSearch, readFilters, toServerQuery } from '../utils/list-query';

export const EMPTY_BOOKINGS = 'No bookings found matching your criteria.';

const RIGHT = { ta: 'right' } as const;

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
  const statusOf = (b: BookingListItem) => statuses.data?.[String(b.id)];
  const flash = useFlash();
  const deleteBooking = useDeleteBooking();
  const cancelBooking = useCancelBooking();
  const [toDelete, setToDelete] = useState<BookingListItem | null>(null);
  const [toCancel, setToCancel] = useState<BookingListItem | null>(null);
  const [toPay, setToPay] = useState<BookingListItem | null>(null);
  const queryClient = useQueryClient();
  // A payout that completes the booking takes its Payout button away: the focus goes to the row's reference.
  const keepFocus = useFocusFallback(bookings.data);
  const openPayout = (b: BookingListItem) => {
    keepFocus((trigger) => {
      const row = trigger.closest('tr');
      return () => (row?.isConnected ? row.querySelector<HTMLElement>('td a[href]') : null);
    });
    setToPay(b);
  };

  const showFlash = (message: string) =>
    void navigate({ search: params.toString() }, { replace: true, state: { flash: message } });

  const goToPage = (page: number) => {
    const next = new URLSearchParams(params);
    if (page <= 1) next.delete('page');
    else next.set('page', String(page));
    setParams(next);
  };

  const columns: ListColumn<BookingListItem>[] = [
    {
      header: 'Reference',
      // A reference is one word: 'AC-777001' never breaks at its hyphen.
      td: { fw: 500, ...NO_WRAP },
      cell: (b) => (
        <Anchor component={Link} to={paths.bookings.view(b.id)} fw={600} size="sm">
          {b.booking_reference}
        </Anchor>
      ),
    },
    { header: 'Date', td: NO_WRAP, cell: (b) => formatDate(b.booking_date) },
    { header: 'Customer', cell: (b) => <TruncatedText maw={140}>{b.customer_name}</TruncatedText> },
    { header: 'Supplier', cell: (b) => b.supplier.name },
    {
      header: 'Primary Agent',
      cell: (b) => (
        <>
          <TruncatedText maw={140}>{b.primary_agent.user.name}</TruncatedText>
          {b.sub_agent && (
            <TruncatedText size="xs" c="dimmed" maw={140}>
              {`via ${b.sub_agent.user.name}`}
            </TruncatedText>
          )}
        </>
      ),
    },
    {
      header: 'Value',
      th: RIGHT,
      td: { ...RIGHT, ...NO_WRAP },
      cell: (b) => formatMoney(b.booking_amount, b.supplier.currency),
    },
    {
      header: 'Commission',
      th: RIGHT,
      td: { ...RIGHT, ...NO_WRAP },
      cell: (b) => formatMoney(b.my_commission, b.supplier.currency),
    },
    { header: 'Status', cell: (b) => <BookingStatusBadge status={b.status} /> },
    {
      header: 'Actions',
      cell: (b) => {
        const closed = b.status === 'completed' || b.status === 'cancelled';
        return (
          <BookingRowActions
            booking={b}
            canPayout={admin && !closed && statusOf(b)?.can_payout === true}
            onDelete={setToDelete}
            onCancel={setToCancel}
            onPayout={openPayout}
          />
        );
      },
    },
  ];

  return (
    <ListPage
      title="Bookings"
      description={admin ? 'Every booking, with its commission and transaction match.' : 'The bookings you earn from.'}
      create={{ label: 'New booking', to: paths.bookings.create }}
      filters={
        <>
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
        </>
      }
      pagination={{ page: bookings.data, onPage: goToPage }}
      after={
        <>
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
          <PayoutModal
            bookingId={toPay?.id ?? null}
            opened={toPay !== null}
            onClose={() => setToPay(null)}
            onPaid={(res) => {
              // The spec's success banner (hides after 5 s); the row's amounts and status come back fresh.
              showFlash(res.message);
              void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
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
      }
    >
      <ListTable
        query={bookings}
        noun="bookings"
        columns={columns}
        empty={EMPTY_BOOKINGS}
        tableProps={{ verticalSpacing: 'xs' }}
        rowProps={(b) => {
          const ts = statusOf(b);
          return {
            style: { background: rowBackground(b.status, ts?.status) },
            'data-transaction-status': ts?.status ?? 'unknown',
            title: ts ? TRANSACTION_STATUS_LABELS[ts.status] : undefined,
          };
        }}
      />
    </ListPage>
  );
}
