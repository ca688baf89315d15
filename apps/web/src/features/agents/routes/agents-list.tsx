import {
  Anchor,
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
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAgents, useTiers, type AgentListParams } from '../api/agents';

const PER_PAGE_OPTIONS = ['10', '15', '25', '50', '100'];

/** /agents: the admin list with search, paging and tier, status and GST filters. */
export function AgentsListRoute() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<AgentListParams, 'search'>>({ page: 1, per_page: 15 });
  const params: AgentListParams = { ...filters, search: debounced.trim() || undefined };
  const agents = useAgents(params);
  const tiers = useTiers();
  const setFilter = (patch: Partial<AgentListParams>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  let body;
  if (agents.isPending) {
    body = (
      <Stack p="md" gap="sm" role="status" aria-label="Loading agents">
        <Skeleton h={20} />
        <Skeleton h={20} />
        <Skeleton h={20} />
      </Stack>
    );
  } else if (agents.isError) {
    body = (
      <Stack p="md">
        <QueryError
          error={agents.error}
          fallback="The agents could not be loaded."
          onRetry={() => void agents.refetch()}
        />
      </Stack>
    );
  } else if (agents.data.data.length === 0) {
    body = (
      <Text p="xl" ta="center" c="dimmed" data-testid="empty-state">
        No agents found.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table data-testid="agents-table" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>FareConnect #</Table.Th>
              <Table.Th>Tier</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>GST</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.data.data.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td fw={500}>{a.name}</Table.Td>
                <Table.Td>{a.email}</Table.Td>
                <Table.Td>{a.fareconnect_number}</Table.Td>
                <Table.Td>{a.commission_tier?.name ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={a.status === 'active' ? 'green' : 'gray'} variant="light">
                      {a.status}
                    </Badge>
                    {a.inactive && (
                      <Badge color="red" variant="light">
                        inactive login
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{a.has_gst ? 'Yes' : 'No'}</Table.Td>
                <Table.Td>{formatDate(a.created_at)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={paths.agents.edit(a.id)} size="sm">
                      Edit
                    </Anchor>
                    <Anchor component={Link} to={paths.agents.tierHistory(a.id)} size="sm">
                      Tier history
                    </Anchor>
                    <Anchor component={Link} to={paths.agents.subAgents(a.id)} size="sm">
                      Sub-agents
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const page = agents.data;
  return (
    <>
      <PageHeader
        title="Agents"
        description="Agents, their commission tier and status."
        actions={
          <>
            <Button component={Link} to={paths.agents.import} variant="default" leftSection={<IconUpload size={16} />}>
              Import agents
            </Button>
            <Button component={Link} to={paths.agents.create} leftSection={<IconPlus size={16} />}>
              Create Agent
            </Button>
          </>
        }
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          w={300}
          type="search"
          label="Search"
          placeholder="Name, email or FareConnect #"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setFilters((f) => ({ ...f, page: 1 }));
          }}
        />
        <Select
          w={180}
          label="Tier"
          placeholder="All tiers"
          clearable
          data={(tiers.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={filters.tier ?? null}
          onChange={(v) => setFilter({ tier: v ?? undefined })}
        />
        <Select
          w={150}
          label="Status"
          placeholder="Any status"
          clearable
          data={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={filters.status ?? null}
          onChange={(v) => setFilter({ status: v ?? undefined })}
        />
        <Select
          w={150}
          label="Sign-in"
          placeholder="Any"
          clearable
          data={[
            { value: '0', label: 'Can sign in' },
            { value: '1', label: 'Inactive' },
          ]}
          value={filters.inactive ?? null}
          onChange={(v) => setFilter({ inactive: v ?? undefined })}
        />
        <Select
          w={130}
          label="GST"
          placeholder="Any"
          clearable
          data={[
            { value: '1', label: 'With GST' },
            { value: '0', label: 'Without GST' },
          ]}
          value={filters.has_gst ?? null}
          onChange={(v) => setFilter({ has_gst: v ?? undefined })}
        />
      </Group>
      <Paper withBorder radius="md">
        {body}
      </Paper>
      {page && page.total > 0 && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            Showing {page.from} to {page.to} of {page.total} agents
          </Text>
          <Group>
            <Select
              w={90}
              aria-label="Per page"
              data={PER_PAGE_OPTIONS}
              value={String(filters.per_page)}
              allowDeselect={false}
              onChange={(v) => setFilter({ per_page: Number(v ?? 15) })}
            />
            <Pagination
              total={page.last_page}
              value={page.current_page}
              onChange={(p) => setFilters((f) => ({ ...f, page: p }))}
            />
          </Group>
        </Group>
      )}
    </>
  );
}
