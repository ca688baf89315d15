import { Button, Grid, Group, MultiSelect, Paper, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FilterSelect, FilterText, idOptions, RecordSelect } from '../../../components/filter-fields';
import { formatDate, formatMoney } from '../../../lib/format';
import {
  useAgentOptions,
  useCountryOptions,
  useGroupOptions,
  useAvailablePayouts,
  type NamedOption,
  useStateOptions,
  useSupplierAndTierOptions,
} from '../api/filter-options';

import { emptyFilters, rangeProblem, type DateRange, type ReportFilters } from '../utils/report-query';

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

type IdField = 'booking_group_id' | 'agent_id' | 'country_id' | 'state_id' | 'tier_id' | 'payout_id';

/**
 * The report filters row (spec §6): dates, booking group, suppliers (include), payout; for admins also agent,
 * country, state (loaded once a country is chosen) and tier. Enter in any field applies; Reset goes back to
 * the default range with no other filter.
 */
export function ReportFiltersPanel({ initial, defaults, isAdmin, onApply }: ReportFiltersPanelProps) {
  const [draft, setDraft] = useState<ReportFilters>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const groups = useGroupOptions();
  const agents = useAgentOptions(isAdmin);
  const countries = useCountryOptions(isAdmin);
  const states = useStateOptions(isAdmin ? draft.country_id : '');
  const { suppliers, tiers } = useSupplierAndTierOptions(isAdmin);
  // The payouts paid within the range being edited (the applied one while it is not a valid range).
  const payouts = useAvailablePayouts(rangeProblem(draft) === null ? draft : initial);

  const bindDate = (key: keyof DateRange) => ({
    value: draft[key],
    onChange: (value: string) => {
      setProblem(null);
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });
  const bindId = (key: IdField) => ({
    value: draft[key],
    onChange: (value: string) =>
      // A new country clears its state: the states are the country's.
      setDraft((d) => ({ ...d, [key]: value, ...(key === 'country_id' ? { state_id: '' } : {}) })),
  });

  const payoutOptions = payouts.map((p) => ({
    value: String(p.id),
    label: `${p.name} · ${formatDate(p.payout_date)} · ${formatMoney(p.total_amount, { code: p.currency_code })}`,
  }));
  if (draft.payout_id && !payoutOptions.some((o) => o.value === draft.payout_id)) {
    payoutOptions.unshift({ value: draft.payout_id, label: `Payout #${draft.payout_id}` });
  }

  const adminSelects: { key: IdField; label: string; placeholder: string; items: NamedOption[]; disabled?: boolean }[] =
    [
      { key: 'agent_id', label: 'Agent', placeholder: 'All agents', items: agents },
      { key: 'tier_id', label: 'Tier', placeholder: 'All tiers', items: tiers },
      { key: 'country_id', label: 'Country', placeholder: 'All countries', items: countries },
      {
        key: 'state_id',
        label: 'State',
        placeholder: draft.country_id ? 'All states' : 'Choose a country first',
        items: states,
        disabled: !draft.country_id,
      },
    ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(draft);
    setProblem(why);
    if (why === null) onApply(draft);
  };
  const reset = () => {
    const cleared = emptyFilters(defaults);
    setProblem(null);
    setDraft(cleared);
    onApply(cleared);
  };

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
          <RecordSelect label="Booking group" placeholder="All groups" items={groups} {...bindId('booking_group_id')} />
        </Grid.Col>
        <Grid.Col span={QUARTER}>
          <FilterSelect
            label="Payout"
            placeholder="All payouts"
            searchable
            data={payoutOptions}
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
            data={idOptions(suppliers)}
            value={draft.include_suppliers}
            onChange={(value) => setDraft((d) => ({ ...d, include_suppliers: value }))}
          />
        </Grid.Col>
        {isAdmin &&
          adminSelects.map(({ key, ...field }) => (
            <Grid.Col key={key} span={QUARTER}>
              <RecordSelect {...field} {...bindId(key)} />
            </Grid.Col>
          ))}
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
