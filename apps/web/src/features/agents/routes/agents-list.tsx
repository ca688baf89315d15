import type { AgentListItem } from '@app/domain';
import { Anchor, Badge, Button, Group } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, idOptions, pairOptions, SearchField } from '../../../components/filter-fields';
import { ListPage } from '../../../components/list-page';
import { ListTable, NO_WRAP, type ListColumn } from '../../../components/list-table';
import { TruncatedText } from '../../../components/truncated-text';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAgents, useTiers, type AgentListParams } from '../api/agents';

const PER_PAGE_OPTIONS = [10, 15, 25, 50, 100];

type SelectFilter = 'tier' | 'status' | 'inactive' | 'has_gst';
const STATUS_OPTIONS = pairOptions(['active', 'Active'], ['inactive', 'Inactive']);
const SIGN_IN_OPTIONS = pairOptions(['0', 'Can sign in'], ['1', 'Inactive']);
const GST_OPTIONS = pairOptions(['1', 'With GST'], ['0', 'Without GST']);

const columns: ListColumn<AgentListItem>[] = [
  // A name or an email of any length keeps the columns after it in view (issue 19 item 8).
  { header: 'Name', cell: (a) => <TruncatedText maw={150}>{a.name}</TruncatedText>, td: { fw: 500 } },
  { header: 'Email', cell: (a) => <TruncatedText maw={180}>{a.email}</TruncatedText> },
  { header: 'FareConnect #', td: NO_WRAP, cell: (a) => a.fareconnect_number },
  { header: 'Tier', cell: (a) => a.commission_tier?.name ?? '—' },
  {
    header: 'Status',
    cell: (a) => (
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
    ),
  },
  { header: 'GST', cell: (a) => (a.has_gst ? 'Yes' : 'No') },
  { header: 'Created', cell: (a) => formatDate(a.created_at) },
  {
    header: 'Actions',
    td: NO_WRAP,
    cell: (a) => (
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
    ),
  },
];

/** /agents: the admin list with search, paging and tier, status and GST filters. */
export function AgentsListRoute() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<Omit<AgentListParams, 'search'>>({ page: 1, per_page: 15 });
  const params: AgentListParams = { ...filters, search: debounced.trim() || undefined };
  const agents = useAgents(params);
  const tiers = useTiers();
  const setFilter = (patch: Partial<AgentListParams>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const bind = (key: SelectFilter) => ({
    value: filters[key] ?? '',
    onChange: (value: string) => setFilter({ [key]: value || undefined }),
  });

  return (
    <ListPage
      title="Agents"
      description="Agents, their commission tier and status."
      create={{ label: 'Create Agent', to: paths.agents.create }}
      actions={
        <Button component={Link} to={paths.agents.import} variant="default" leftSection={<IconUpload size={16} />}>
          Import agents
        </Button>
      }
      filters={
        <Group mb="md" align="flex-end" wrap="wrap">
          <SearchField
            w={300}
            label="Search"
            placeholder="Name, email or FareConnect #"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setFilter({});
            }}
          />
          <FilterSelect
            w={180}
            label="Tier"
            placeholder="All tiers"
            data={idOptions(tiers.data ?? [])}
            {...bind('tier')}
          />
          <FilterSelect w={150} label="Status" placeholder="Any status" data={STATUS_OPTIONS} {...bind('status')} />
          <FilterSelect w={150} label="Sign-in" placeholder="Any" data={SIGN_IN_OPTIONS} {...bind('inactive')} />
          <FilterSelect w={130} label="GST" placeholder="Any" data={GST_OPTIONS} {...bind('has_gst')} />
        </Group>
      }
      pagination={{
        page: agents.data,
        onPage: (page) => setFilters((f) => ({ ...f, page })),
        pageSize: {
          options: PER_PAGE_OPTIONS,
          value: filters.per_page,
          onChange: (per_page) => setFilter({ per_page }),
        },
      }}
    >
      <ListTable
        query={agents}
        noun="agents"
        columns={columns}
        empty="No agents found."
        tableProps={{ striped: true }}
      />
    </ListPage>
  );
}
