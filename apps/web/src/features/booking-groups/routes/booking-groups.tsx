import type { BookingGroupListItem } from '@app/domain';
import { Anchor, Text } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { EditButton, ListTable, type ListColumn } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryContent } from '../../../components/query-content';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { SuccessBanner, useFlash } from '../../bookings';
import { useBookingGroup, useBookingGroups } from '../api/booking-groups-api';
import { BookingGroupForm } from '../components/booking-group-form';

const money = (amount: number, t: BookingGroupListItem['totals'][number]) =>
  formatMoney(amount, { code: t.currency_code, symbol: t.currency_symbol });

const columns: ListColumn<BookingGroupListItem>[] = [
  {
    header: 'Name',
    cell: (g) => (
      <>
        <Text fw={500} size="sm">
          {g.name}
        </Text>
        {g.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {g.description}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Agent', cell: (g) => g.agent_name ?? '—' },
  {
    header: 'Bookings',
    th: { ta: 'right' },
    td: { ta: 'right' },
    cell: (g) => (
      <Anchor component={Link} to={`${paths.bookings.list}?booking_group_id=${g.id}`} size="sm">
        {g.bookings_count}
      </Anchor>
    ),
  },
  {
    header: 'Totals',
    cell: (g) =>
      g.totals.length === 0
        ? '—'
        : g.totals.map((t) => (
            <Text size="sm" key={t.currency_code}>
              {money(t.total, t)} (commission {money(t.my_commission, t)})
            </Text>
          )),
  },
  { header: 'Created', cell: (g) => formatDate(g.created_at) },
  { header: 'Actions', cell: (g) => <EditButton label={`Edit ${g.name}`} to={paths.bookingGroups.edit(g.id)} /> },
];

/** /booking-groups: the groups with their booking counts and per-currency totals. */
export function BookingGroupsRoute() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const groups = useBookingGroups(page);
  const flash = useFlash();
  return (
    <ListPage
      title="Booking groups"
      description="Bookings grouped together (a family, a tour)."
      create={{ label: 'Create Booking Group', to: paths.bookingGroups.create }}
      filters={<SuccessBanner message={flash.message} onClose={flash.dismiss} />}
      pagination={{ page: groups.data, onPage: (n) => setParams(n === 1 ? {} : { page: String(n) }) }}
    >
      <ListTable query={groups} noun="booking groups" columns={columns} />
    </ListPage>
  );
}

/** /booking-groups/create */
export function BookingGroupCreateRoute() {
  return (
    <>
      <PageHeader title="Create Booking Group" />
      <BookingGroupForm />
    </>
  );
}

/** /booking-groups/:id/edit */
export function BookingGroupEditRoute() {
  const id = Number(useParams().id);
  const group = useBookingGroup(id);
  return (
    <>
      <PageHeader title="Edit Booking Group" />
      <QueryContent query={group} noun="booking group">
        {(data) => <BookingGroupForm key={data.id} group={data} />}
      </QueryContent>
    </>
  );
}

/** /booking-groups/:id (a page address the server answers): the edit form. */
export function BookingGroupRedirect() {
  const id = useParams().id ?? '';
  return <Navigate to={paths.bookingGroups.edit(id)} replace />;
}
