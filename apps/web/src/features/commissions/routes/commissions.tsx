import {
  COMMISSION_RULE_TYPE_LABELS,
  COMMISSION_RULE_TYPES,
  type CommissionListItem,
  type CommissionRuleType,
} from '@app/domain';
import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { getErrorMessage } from '../../../lib/api-client';
import { formatPercent } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCommissions } from '../api/get-commissions';
import { useDeleteCommission } from '../api/delete-commission';

const PER_PAGE = 25;

/** /commissions: commission rules with type, owner, percentage and suppliers; search, filter, edit, delete. */
export function CommissionsRoute() {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<CommissionRuleType | ''>('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const list = useCommissions({ page, per_page: PER_PAGE, search: debouncedSearch, type });
  const remove = useDeleteCommission();

  const confirmDelete = (rule: CommissionListItem) =>
    modals.openConfirmModal({
      title: 'Delete commission',
      children: (
        <Text size="sm">
          Delete the {COMMISSION_RULE_TYPE_LABELS[rule.commission_type].toLowerCase()} commission of {rule.owner_name} (
          {formatPercent(rule.percentage)})? Unpaid bookings it covers are recalculated.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(rule.id, {
          onSuccess: (message) => notifications.show({ color: 'green', message }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: getErrorMessage(error, 'The commission could not be deleted.'),
            }),
        }),
    });

  const filtered = debouncedSearch !== '' || type !== '';
  let body;
  if (list.isPending) {
    body = (
      <Stack p="md" gap="sm" aria-label="Loading commissions" role="status">
        <Skeleton h={20} />
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  } else if (list.isError) {
    body = (
      <Stack p="md">
        <QueryError
          error={list.error}
          fallback="The commissions could not be loaded."
          onRetry={() => void list.refetch()}
        />
      </Stack>
    );
  } else if (list.data.data.length === 0) {
    body = (
      <Stack p="xl" align="center" gap="xs" data-testid="empty-state">
        <Text c="dimmed">{filtered ? 'No commissions match your search.' : 'No commissions yet.'}</Text>
        {!filtered && (
          <Button component={Link} to={paths.commissions.create} variant="light" leftSection={<IconPlus size={16} />}>
            Create Commission
          </Button>
        )}
      </Stack>
    );
  } else {
    const { data, from, to, total, last_page } = list.data;
    body = (
      <>
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="commissions-table" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={100}>Type</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th ta="right">Percentage</Table.Th>
                <Table.Th>Suppliers</Table.Th>
                <Table.Th w={1}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>
                    <Badge variant="light" miw={72} color={rule.commission_type === 'tier' ? 'grape' : 'blue'}>
                      {COMMISSION_RULE_TYPE_LABELS[rule.commission_type]}
                    </Badge>
                  </Table.Td>
                  <Table.Td fw={500}>{rule.owner_name}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatPercent(rule.percentage, { minimumFractionDigits: 2 })}
                  </Table.Td>
                  <Table.Td>
                    {rule.suppliers.length === 0 ? (
                      <Text span c="dimmed" size="sm">
                        No suppliers
                      </Text>
                    ) : (
                      <Text size="sm">{rule.suppliers.map((s) => s.name).join(', ')}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        component={Link}
                        to={paths.commissions.edit(rule.id)}
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPencil size={14} />}
                        aria-label={`Edit commission of ${rule.owner_name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => confirmDelete(rule)}
                        aria-label={`Delete commission of ${rule.owner_name}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" p="sm">
          <Text size="sm" c="dimmed">
            Showing {from} to {to} of {total} results
          </Text>
          {last_page > 1 && <Pagination total={last_page} value={page} onChange={setPage} siblings={2} size="sm" />}
        </Group>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Commission rules"
        description="Percentages for a tier or an agent, per supplier. An agent's own rule beats its tier's rule."
        actions={
          <Button component={Link} to={paths.commissions.create} leftSection={<IconPlus size={16} />}>
            Create Commission
          </Button>
        }
      />
      <Group mb="md" align="flex-end">
        <TextInput
          maw={360}
          style={{ flex: 1 }}
          type="search"
          aria-label="Search commissions"
          placeholder="Search by owner or supplier"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          aria-label="Commission type"
          w={160}
          data={[
            { value: '', label: 'All types' },
            ...COMMISSION_RULE_TYPES.map((t) => ({ value: t, label: COMMISSION_RULE_TYPE_LABELS[t] })),
          ]}
          value={type}
          allowDeselect={false}
          onChange={(value) => {
            setType((value ?? '') as CommissionRuleType | '');
            setPage(1);
          }}
        />
      </Group>
      <Paper withBorder radius="md">
        {body}
      </Paper>
    </>
  );
}
