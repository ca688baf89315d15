import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { SuccessBanner, useFlash } from '../../bookings';
import { useBookingGroup, useBookingGroups } from '../api/booking-groups-api';
import { BookingGroupForm } from '../components/booking-group-form';

/** /booking-groups: the groups with their booking counts and per-currency totals. */
export function BookingGroupsRoute() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const groups = useBookingGroups(page);
  const flash = useFlash();
  const data = groups.data;
  let body;
  if (groups.isPending) body = <Skeleton m="md" h={60} />;
  else if (groups.isError)
    body = (
      <QueryError
        error={groups.error}
        fallback="The booking groups could not be loaded."
        onRetry={() => void groups.refetch()}
      />
    );
  else if (data && data.data.length === 0)
    body = (
      <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
        No booking groups yet.
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table data-testid="groups-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th ta="right">Bookings</Table.Th>
              <Table.Th>Totals</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.data.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>
                  <Text fw={500} size="sm">
                    {g.name}
                  </Text>
                  {g.description && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {g.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{g.agent_name ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  <Anchor component={Link} to={`${paths.bookings.list}?booking_group_id=${g.id}`} size="sm">
                    {g.bookings_count}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {g.totals.length === 0
                    ? '—'
                    : g.totals.map((t) => (
                        <Text size="sm" key={t.currency_code}>
                          {formatMoney(t.total, { code: t.currency_code, symbol: t.currency_symbol })} (commission{' '}
                          {formatMoney(t.expected_commission, { code: t.currency_code, symbol: t.currency_symbol })})
                        </Text>
                      ))}
                </Table.Td>
                <Table.Td>{formatDate(g.created_at)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    component={Link}
                    to={paths.bookingGroups.edit(g.id)}
                    leftSection={<IconPencil size={14} />}
                    aria-label={`Edit ${g.name}`}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <>
      <PageHeader
        title="Booking groups"
        description="Bookings grouped together (a family, a tour)."
        actions={
          <Button component={Link} to={paths.bookingGroups.create} leftSection={<IconPlus size={16} />}>
            Create Booking Group
          </Button>
        }
      />
      <SuccessBanner message={flash.message} onClose={flash.dismiss} />
      <Paper withBorder radius="md">
        {body}
        {data && data.last_page > 1 && (
          <Group justify="flex-end" p="sm" gap={4}>
            {Array.from({ length: data.last_page }, (_, i) => i + 1).map((n) => (
              <Button
                key={n}
                size="xs"
                variant={n === data.current_page ? 'filled' : 'default'}
                onClick={() => setParams(n === 1 ? {} : { page: String(n) })}
              >
                {n}
              </Button>
            ))}
          </Group>
        )}
      </Paper>
    </>
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
      {group.isPending ? (
        <Stack>
          <Skeleton h={36} />
          <Skeleton h={120} />
        </Stack>
      ) : group.isError ? (
        <QueryError
          error={group.error}
          fallback="The booking group could not be loaded."
          onRetry={() => void group.refetch()}
        />
      ) : (
        <BookingGroupForm key={group.data.id} group={group.data} />
      )}
    </>
  );
}

/** /booking-groups/:id (a page address the server answers): the edit form. */
export function BookingGroupRedirect() {
  const id = useParams().id ?? '';
  return <Navigate to={paths.bookingGroups.edit(id)} replace />;
}
