import { BOOKING_SORTS, BOOKING_STATUSES, TRANSACTION_MATCH_STATUSES } from '@app/domain';
import { Button, Group, Paper, SimpleGrid } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import {
  ChoiceSelect,
  FilterSelect,
  FilterText,
  labelledOptions,
  pairOptions,
  RecordSelect,
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

const STATUS_OPTIONS = labelledOptions(BOOKING_STATUSES, BOOKING_STATUS_LABELS);
const MATCH_OPTIONS = labelledOptions(TRANSACTION_MATCH_STATUSES, TRANSACTION_STATUS_LABELS);
const PERSONAL_OPTIONS = pairOptions(['1', 'Personal only'], ['0', 'Not personal']);
const SORT_OPTIONS = labelledOptions(BOOKING_SORTS, SORT_LABELS);
const DIRECTION_OPTIONS = pairOptions(['desc', 'Descending'], ['asc', 'Ascending']);

/** The filter panel; applying writes the filters to the URL (the parent re-keys this panel on a URL change). */
export function BookingsFilters({ initial, isAdmin, suppliers, agents, groups, onApply }: BookingsFiltersProps) {
  const { draft, setDraft, bind } = useFilterDraft<ListFilters>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const reset = () => {
    setDraft(FILTER_DEFAULTS);
    onApply(FILTER_DEFAULTS);
  };
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} aria-label="Filters">
      <SearchField label="Search" placeholder="Reference or customer" maw={{ md: '50%' }} mb="sm" {...bind('search')} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <FilterSelect label="Status" placeholder="All statuses" data={STATUS_OPTIONS} {...bind('status')} />
        <FilterSelect
          label="Transaction Status"
          placeholder="All transaction statuses"
          data={MATCH_OPTIONS}
          {...bind('transaction_status')}
        />
        <RecordSelect label="Supplier" placeholder="All suppliers" items={suppliers} {...bind('supplier_id')} />
        {isAdmin && <RecordSelect label="Agent" placeholder="All agents" items={agents} {...bind('agent_id')} />}
        <FilterText label="Date from" type="date" {...bind('date_from')} />
        <FilterText label="Date to" type="date" {...bind('date_to')} />
        <FilterSelect label="Personal" placeholder="All bookings" data={PERSONAL_OPTIONS} {...bind('is_personal')} />
        <RecordSelect label="Group" placeholder="All groups" items={groups} {...bind('booking_group_id')} />
        <ChoiceSelect label="Sort by" data={SORT_OPTIONS} {...bind('sort')} />
        <ChoiceSelect label="Direction" data={DIRECTION_OPTIONS} {...bind('direction')} />
        <ChoiceSelect label="Per page" data={PER_PAGE_OPTIONS} {...bind('per_page')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={reset}>
          Reset
        </Button>
        <Button type="submit" leftSection={<IconFilter size={16} />}>
          Filter
        </Button>
      </Group>
    </Paper>
  );
}
