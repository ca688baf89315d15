import { BOOKING_SORTS, BOOKING_STATUSES, TRANSACTION_MATCH_STATUSES } from '@app/domain';
import { Button, Grid, Group, Paper } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import {
  ChoiceSelect,
  FilterSelect,
  FilterText,
  idOptions,
  labelledOptions,
  pairOptions,
  SearchField,
  useFilterDraft,
} from '../../../components/filter-fields';
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

const PERSONAL_OPTIONS = pairOptions(['1', 'Personal only'], ['0', 'Not personal']);
const DIRECTION_OPTIONS = pairOptions(['desc', 'Descending'], ['asc', 'Ascending']);

/** The filter panel; applying writes the filters to the URL (the parent re-keys this panel on a URL change). */
export function BookingsFilters({ initial, isAdmin, suppliers, agents, groups, onApply }: BookingsFiltersProps) {
  const { draft, setDraft, bind } = useFilterDraft<ListFilters>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const span = { base: 12, xs: 6, md: 3 };
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} aria-label="Filters">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SearchField label="Search" placeholder="Reference or customer" {...bind('search')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <FilterSelect
            label="Status"
            placeholder="All statuses"
            data={labelledOptions(BOOKING_STATUSES, BOOKING_STATUS_LABELS)}
            {...bind('status')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <FilterSelect
            label="Transaction Status"
            placeholder="All transaction statuses"
            data={labelledOptions(TRANSACTION_MATCH_STATUSES, TRANSACTION_STATUS_LABELS)}
            {...bind('transaction_status')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <FilterSelect
            label="Supplier"
            placeholder="All suppliers"
            searchable
            data={idOptions(suppliers)}
            {...bind('supplier_id')}
          />
        </Grid.Col>
        {isAdmin && (
          <Grid.Col span={span}>
            <FilterSelect
              label="Agent"
              placeholder="All agents"
              searchable
              data={idOptions(agents)}
              {...bind('agent_id')}
            />
          </Grid.Col>
        )}
        <Grid.Col span={span}>
          <FilterText label="Date from" type="date" {...bind('date_from')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <FilterText label="Date to" type="date" {...bind('date_to')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <FilterSelect label="Personal" placeholder="All bookings" data={PERSONAL_OPTIONS} {...bind('is_personal')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <FilterSelect
            label="Group"
            placeholder="All groups"
            searchable
            data={idOptions(groups)}
            {...bind('booking_group_id')}
          />
        </Grid.Col>
        <Grid.Col span={span}>
          <ChoiceSelect label="Sort by" data={labelledOptions(BOOKING_SORTS, SORT_LABELS)} {...bind('sort')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <ChoiceSelect label="Direction" data={DIRECTION_OPTIONS} {...bind('direction')} />
        </Grid.Col>
        <Grid.Col span={span}>
          <ChoiceSelect label="Per page" data={PER_PAGE_OPTIONS} {...bind('per_page')} />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="md">
        <Button
          variant="default"
          onClick={() => {
            setDraft(FILTER_DEFAULTS);
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
