import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { ListTable } from '../../../components/list-table';
import { isAdmin } from '../../../lib/authorization';
import { paths } from '../../../lib/paths';
import { useFocusFallback } from '../../../lib/use-focus-fallback';
import { useUser } from '../../auth';
import { suppliersQueryOptions } from '../../suppliers';
import {
  useAgentsList,
  useBookingGroupOptions,
  useBookings,
  useTransactionStatuses,
  type BookingListItem,
} from '../api/bookings-api';
import { rowBackground, TRANSACTION_STATUS_LABELS } from '../components/booking-status';
import { bookingColumns } from '../components/bookings-columns';
import { BookingsFilters } from '../components/bookings-filters';
import { BookingsLegend } from '../components/bookings-legend';
import { BookingsListModals } from '../components/bookings-list-modals';
import { SuccessBanner } from '../components/success-banner';
import { useFlash } from '../hooks/use-flash';
import { filtersToSearch, readFilters, toServerQuery } from '../utils/list-query';

export const EMPTY_BOOKINGS = 'No bookings found matching your criteria.';

type RowModal = { kind: 'delete' | 'cancel' | 'payout'; booking: BookingListItem } | null;

/** /bookings: filters in the URL, legend, the nine columns, paging and row actions. */
export function BookingsListRoute() {
  const admin = isAdmin(useUser());
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const bookings = useBookings(toServerQuery(params));
  const rows = bookings.data?.data ?? [];
  const statuses = useTransactionStatuses(rows.map((r) => r.id));
  const statusOf = (b: BookingListItem) => statuses.data?.[String(b.id)];
  const flash = useFlash();
  const [modal, setModal] = useState<RowModal>(null);
  const open = (kind: NonNullable<RowModal>['kind']) => (booking: BookingListItem) => setModal({ kind, booking });
  // A payout that completes the booking takes its Payout button away: the focus goes to the row's reference.
  const keepFocus = useFocusFallback(bookings.data);
  const openPayout = (b: BookingListItem) => {
    keepFocus((trigger) => {
      const row = trigger.closest('tr');
      return () => (row?.isConnected ? row.querySelector<HTMLElement>('td a[href]') : null);
    });
    open('payout')(b);
  };

  const showFlash = (message: string) =>
    void navigate({ search: params.toString() }, { replace: true, state: { flash: message } });

  const goToPage = (page: number) => {
    const next = new URLSearchParams(params);
    if (page <= 1) next.delete('page');
    else next.set('page', String(page));
    setParams(next);
  };

  const modalFor = (kind: NonNullable<RowModal>['kind']) => (modal?.kind === kind ? modal.booking : null);

  return (
    <ListPage
      title="Bookings"
      description={admin ? 'Every booking, with its commission and transaction match.' : 'The bookings you earn from.'}
      create={{ label: 'New booking', to: paths.bookings.create }}
      filters={
        <>
          <SuccessBanner message={flash.message} onClose={flash.dismiss} />
          <BookingsFiltersPanel admin={admin} />
          <BookingsLegend />
        </>
      }
      pagination={{ page: bookings.data, onPage: goToPage }}
      after={
        <BookingsListModals
          toDelete={modalFor('delete')}
          toCancel={modalFor('cancel')}
          toPay={modalFor('payout')}
          onClose={() => setModal(null)}
          onDone={showFlash}
        />
      }
    >
      <ListTable
        query={bookings}
        noun="bookings"
        columns={bookingColumns({
          admin,
          statusOf,
          onDelete: open('delete'),
          onCancel: open('cancel'),
          onPayout: openPayout,
        })}
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

/** The filters, read from and written to the URL, with the suppliers, agents and groups to choose from. */
function BookingsFiltersPanel({ admin }: { admin: boolean }) {
  const [params, setParams] = useSearchParams();
  const suppliers = useQuery(suppliersQueryOptions());
  const agents = useAgentsList(admin);
  const groups = useBookingGroupOptions();
  return (
    <BookingsFilters
      key={params.toString()}
      initial={readFilters(params)}
      isAdmin={admin}
      suppliers={suppliers.data ?? []}
      agents={agents.data ?? []}
      groups={groups.data ?? []}
      onApply={(f) => setParams(filtersToSearch(f))}
    />
  );
}
