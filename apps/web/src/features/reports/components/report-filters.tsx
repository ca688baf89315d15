import { Button, Grid, Group, MultiSelect, Paper, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { FilterSelect, FilterText, idOptions, RecordSelect } from '../../../components/filter-fields';
import type { NamedOption } from '../api/filter-options';
import { useReportFilterOptions, useReportFiltersDraft, type BindId, type IdField } from '../hooks/use-report-filters';
import type { DateRange, ReportFilters } from '../utils/report-query';

interface ReportFiltersPanelProps {
  /** The applied filters (the URL's); the parent re-keys this panel when they change. */
  initial: ReportFilters;
  defaults: DateRange;
  isAdmin: boolean;
  onApply: (filters: ReportFilters) => void;
}

/** Four fields a row on a wide screen, two on a tablet, one on a phone; the suppliers take two places. */
const QUARTER = { base: 12, xs: 6, md: 3 };
const HALF = { base: 12, md: 6 };

/**
 * The report filters row (spec §6): dates, booking group, suppliers (include), payout; for admins also agent,
 * country, state (loaded once a country is chosen) and tier. Enter in any field applies; Reset goes back to
 * the default range with no other filter.
 */
export function ReportFiltersPanel({ initial, defaults, isAdmin, onApply }: ReportFiltersPanelProps) {
  const { draft, problem, bindDate, bindId, setSuppliers, submit, reset } = useReportFiltersDraft(
    initial,
    defaults,
    onApply,
  );
  const options = useReportFilterOptions(isAdmin, draft, initial);

  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="form" onSubmit={submit} aria-label="Report filters">
      <Grid gap="sm">
        <Grid.Col span={QUARTER}>
          <FilterText label="Start Date" type="date" required {...bindDate('start_date')} />
        </Grid.Col>
        <Grid.Col span={QUARTER}>
          <FilterText label="End Date" type="date" required error={problem ?? undefined} {...bindDate('end_date')} />
        </Grid.Col>
        <Grid.Col span={QUARTER}>
          <RecordSelect
            label="Booking group"
            placeholder="All groups"
            items={options.groups}
            {...bindId('booking_group_id')}
          />
        </Grid.Col>
        <Grid.Col span={QUARTER}>
          <FilterSelect
            label="Payout"
            placeholder="All payouts"
            searchable
            data={options.payouts}
            nothingFoundMessage="No payouts in this range"
            {...bindId('payout_id')}
          />
        </Grid.Col>
        <Grid.Col span={HALF}>
          <MultiSelect
            label="Suppliers"
            placeholder={draft.include_suppliers.length ? undefined : 'All suppliers'}
            searchable
            clearable
            data={idOptions(options.suppliers)}
            value={draft.include_suppliers}
            onChange={setSuppliers}
          />
        </Grid.Col>
        {isAdmin && <AdminSelects options={options} countryId={draft.country_id} bindId={bindId} />}
      </Grid>
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="xs" c="dimmed">
          Past Commissions are dated by their payout, the other cards by the booking date.
          {!isAdmin && ' Only your own commissions are shown.'}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={reset}>
            Reset
          </Button>
          <Button type="submit" leftSection={<IconFilter size={16} />}>
            Apply
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

interface AdminSelectsProps {
  options: { agents: NamedOption[]; tiers: NamedOption[]; countries: NamedOption[]; states: NamedOption[] };
  countryId: string;
  bindId: BindId;
}

/** Agent, tier, country and state (offered once a country is chosen): an admin's filters. */
function AdminSelects({ options, countryId, bindId }: AdminSelectsProps) {
  const selects: { key: IdField; label: string; placeholder: string; items: NamedOption[]; disabled?: boolean }[] = [
    { key: 'agent_id', label: 'Agent', placeholder: 'All agents', items: options.agents },
    { key: 'tier_id', label: 'Tier', placeholder: 'All tiers', items: options.tiers },
    { key: 'country_id', label: 'Country', placeholder: 'All countries', items: options.countries },
    {
      key: 'state_id',
      label: 'State',
      placeholder: countryId ? 'All states' : 'Choose a country first',
      items: options.states,
      disabled: !countryId,
    },
  ];
  return selects.map(({ key, ...field }) => (
    <Grid.Col key={key} span={QUARTER}>
      <RecordSelect {...field} {...bindId(key)} />
    </Grid.Col>
  ));
}
