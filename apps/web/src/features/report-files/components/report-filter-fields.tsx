import { Grid, Group, Radio, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { FilterSelect, FilterText, idOptions } from '../../../components/filter-fields';
import { formatDate, formatMoney } from '../../../lib/format';
import { suppliersQueryOptions } from '../../suppliers';
import { payoutOptionsQueryOptions, type PayoutOption } from '../../../api/payout-options';
import type { SetReportFilter } from '../hooks/use-excel-report';
import type { ReportFilters } from '../utils/report-form';

/** Under the Currency filter when the server refused a CSV or IIF file of several currencies (the alert says why). */
export const ONE_CURRENCY_PROMPT = 'Choose a currency: a CSV or IIF file holds one.';

/** 'Bookings bulk payout — CA$921.20 (Nov 25, 2026)': names repeat, the amount and date tell them apart. */
const payoutLabel = (p: PayoutOption) =>
  `${p.name} — ${formatMoney(p.total_amount, { code: p.currency_code, symbol: p.currency_symbol })} (${formatDate(p.payout_date)})`;

interface FilterFieldsProps {
  filters: ReportFilters;
  set: SetReportFilter;
}

/** Start and End Date, both required: marked once a submit found one missing. */
export function ReportDates({ filters, set, datesMissing }: FilterFieldsProps & { datesMissing: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={560}>
      {(['start_date', 'end_date'] as const).map((key) => (
        <FilterText
          key={key}
          label={key === 'start_date' ? 'Start Date' : 'End Date'}
          type="date"
          withAsterisk
          aria-required
          value={filters[key]}
          onChange={set(key)}
          error={datesMissing && !filters[key]}
        />
      ))}
    </SimpleGrid>
  );
}

/** From Payout, Supplier and Currency, each optional ('All …'), with their options loaded here. */
export function ReportPickers({ filters, set, currencyRefused }: FilterFieldsProps & { currencyRefused: boolean }) {
  const payouts = useQuery(payoutOptionsQueryOptions());
  const suppliers = useQuery(suppliersQueryOptions());
  const currencies = useCurrencies();

  const pickers = [
    {
      key: 'payout_id',
      label: 'From Payout',
      noun: 'Payouts',
      // Its options name the payout, its total and its date: the widest.
      span: 6,
      failed: payouts.isError,
      options: (payouts.data ?? []).map((p) => ({ value: String(p.id), label: payoutLabel(p) })),
    },
    {
      key: 'supplier_id',
      label: 'Supplier',
      noun: 'Suppliers',
      span: 3,
      failed: suppliers.isError,
      options: idOptions(suppliers.data ?? []),
    },
    {
      key: 'currency_id',
      label: 'Currency',
      noun: 'Currencies',
      span: 3,
      failed: currencies.isError,
      options: (currencies.data ?? []).map((c) => ({ value: String(c.id), label: currencyLabel(c) })),
    },
  ] as const;

  return (
    <Grid gap="md">
      {pickers.map((picker) => (
        <Grid.Col key={picker.key} span={{ base: 12, md: picker.span }}>
          <FilterSelect
            label={picker.label}
            placeholder={`All ${picker.noun}`}
            searchable
            nothingFoundMessage={`No ${picker.noun.toLowerCase()} match.`}
            data={picker.options}
            error={
              picker.failed
                ? `The ${picker.noun.toLowerCase()} could not be loaded.`
                : picker.key === 'currency_id' && currencyRefused
                  ? ONE_CURRENCY_PROMPT
                  : undefined
            }
            value={filters[picker.key]}
            onChange={set(picker.key)}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** Whether the Supplier filter keeps the chosen supplier's payouts or leaves them out. */
export function SupplierFilterMode({ filters, set }: FilterFieldsProps) {
  return (
    <Radio.Group
      label="Supplier Filter Mode"
      value={filters.filter_mode}
      onChange={(value) => set('filter_mode')(value === 'exclude' ? 'exclude' : 'include')}
    >
      <Group gap="lg" mt={6}>
        <Radio value="include" label="Include Selected Supplier" />
        <Radio value="exclude" label="Exclude Selected Supplier" />
      </Group>
    </Radio.Group>
  );
}
