import { PAYOUT_MESSAGES } from '@app/domain';
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { formatDate } from '../../../lib/format';
import type { PayoutRecord } from '../api/payouts-api';
import { bothReconciledFilters, setReconciledFilter, type BulkFilters } from '../utils/bulk-filters';
import { centsOf, money } from '../utils/money';

interface BulkFiltersFormProps {
  filters: BulkFilters;
  onChange: (filters: BulkFilters) => void;
  onSearch: () => void;
  searching: boolean;
  suppliers: readonly { id: number; name: string }[];
  payouts: readonly PayoutRecord[];
}

/** 'Bookings bulk payout 3 — CA$441.00 (May 1, 2026)'. */
const payoutLabel = (p: PayoutRecord) =>
  `${p.name} — ${money(centsOf(p.total_amount), p.currency_code)} (${formatDate(p.payout_date)})`;

/** The search filters (§2.8): supplier, dates, personal, the two exclusive reconciled boxes, payout. */
export function BulkFiltersForm({ filters, onChange, onSearch, searching, suppliers, payouts }: BulkFiltersFormProps) {
  const both = bothReconciledFilters(filters);
  const set = <K extends keyof BulkFilters>(key: K, value: BulkFilters[K]) => onChange({ ...filters, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!both) onSearch();
  };
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="form" onSubmit={submit} aria-label="Search filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <NativeSelect
            label="Supplier"
            value={filters.supplier_id}
            onChange={(e) => set('supplier_id', e.currentTarget.value)}
            data={[
              { value: '', label: 'All Suppliers' },
              ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
          />
          <TextInput
            label="Date from"
            type="date"
            value={filters.date_from}
            onChange={(e) => set('date_from', e.currentTarget.value)}
          />
          <TextInput
            label="Date to"
            type="date"
            value={filters.date_to}
            onChange={(e) => set('date_to', e.currentTarget.value)}
          />
          <NativeSelect
            label="Payout"
            value={filters.payout_id}
            onChange={(e) => set('payout_id', e.currentTarget.value)}
            data={[
              { value: '', label: 'All Payouts' },
              ...payouts.map((p) => ({ value: String(p.id), label: payoutLabel(p) })),
            ]}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Checkbox
            label="Include personal bookings"
            checked={filters.personal}
            onChange={(e) => set('personal', e.currentTarget.checked)}
          />
          <Checkbox
            label="Only reconciled"
            checked={filters.is_reconciled}
            onChange={(e) => onChange(setReconciledFilter(filters, 'is_reconciled', e.currentTarget.checked))}
          />
          <Checkbox
            label="Exclude reconciled"
            checked={filters.exclude_reconciled}
            onChange={(e) => onChange(setReconciledFilter(filters, 'exclude_reconciled', e.currentTarget.checked))}
          />
        </Group>
        {both && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="reconciled-warning">
            {PAYOUT_MESSAGES.bothReconciledFilters}
          </Alert>
        )}
        <Group>
          <Button type="submit" leftSection={<IconSearch size={16} />} disabled={both} loading={searching}>
            Search
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
