import { BOOKING_SORTS, BOOKING_STATUSES, TRANSACTION_MATCH_STATUSES } from '@app/domain';
import { Button, Grid, Group, Paper, Select, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { AgentOption, GroupOption } from '../api/bookings-api';
import { FILTER_DEFAULTS, PER_PAGE_OPTIONS, SORT_LABELS, type ListFilters } from '../utils/list-query';
import { BOOKING_STATUS_LABELS, TRANSACTION_STATUS_LABELS } from './booking-status';

interface BookingsFiltersProps {
  initial: ListFilters;
  isAdmin: boolean;
  suppliers: { id: number; name: string }[];
  agents: AgentOption[];
  groups: GroupOption[];
  onApply: (filters: ListFilters) => void;
}

/** The filter panel; applying writes the filters to the URL (the parent re-keys this panel on a URL change). */
export function BookingsFilters({ initial, isAdmin, suppliers, agents, groups, onApply }: BookingsFiltersProps) {
  const [f, setF] = useState<ListFilters>(initial);
  const set = (key: keyof ListFilters) => (value: string | null) => setF((cur) => ({ ...cur, [key]: value ?? '' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(f);
  };
  const span = { base: 12, xs: 6, md: 3 };
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} aria-label="Filters">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput
            label="Search"
            type="search"
            placeholder="Reference or customer"
            leftSection={<IconSearch size={16} />}
            value={f.search}
            onChange={(e) => set('search')(e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={BOOKING_STATUSES.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] }))}
            value={f.status || null}
            onChange={set('status')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Transaction Status"
            placeholder="All transaction statuses"
            clearable
            data={TRANSACTION_MATCH_STATUSES.map((s) => ({ value: s, label: TRANSACTION_STATUS_LABELS[s] }))}
            value={f.transaction_status || null}
            onChange={set('transaction_status')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Supplier"
            placeholder="All suppliers"
            clearable
            searchable
            data={suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
            value={f.supplier_id || null}
            onChange={set('supplier_id')}
          />
        </Grid.Col>
        {isAdmin && (
          <Grid.Col span={span}>
            <Select
              label="Agent"
              placeholder="All agents"
              clearable
              searchable
              data={agents.map((a) => ({ value: String(a.id), label: a.name }))}
              value={f.agent_id || null}
              onChange={set('agent_id')}
            />
          </Grid.Col>
        )}
        <Grid.Col span={span}>
          <TextInput
            label="Date from"
            type="date"
            value={f.date_from}
            onChange={(e) => set('date_from')(e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <TextInput
            label="Date to"
            type="date"
            value={f.date_to}
            onChange={(e) => set('date_to')(e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Personal"
            placeholder="All bookings"
            clearable
            data={[
              { value: '1', label: 'Personal only' },
              { value: '0', label: 'Not personal' },
            ]}
            value={f.is_personal || null}
            onChange={set('is_personal')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Group"
            placeholder="All groups"
            clearable
            searchable
            data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
            value={f.booking_group_id || null}
            onChange={set('booking_group_id')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Sort by"
            allowDeselect={false}
            data={BOOKING_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            value={f.sort}
            onChange={set('sort')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Direction"
            allowDeselect={false}
            data={[
              { value: 'desc', label: 'Descending' },
              { value: 'asc', label: 'Ascending' },
            ]}
            value={f.direction}
            onChange={set('direction')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <Select
            label="Per page"
            allowDeselect={false}
            data={PER_PAGE_OPTIONS}
            value={f.per_page}
            onChange={set('per_page')}
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          onClick={() => {
            setF(FILTER_DEFAULTS);
            onApply(FILTER_DEFAULTS);
          }}
        >
          Reset
        </Button>
        <Button type="submit" leftSection={<IconFilter size={16} />}>
          Filter
        </Button>
      </Group>
    </Paper>
  );
}
