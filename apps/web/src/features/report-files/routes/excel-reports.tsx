import { holdsOneCurrency, REPORT_DATES_REQUIRED } from '@app/domain';
import { Button, Grid, Group, Loader, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { currencyLabel, useCurrencies } from '../../../api/currencies';
import { FilterSelect, FilterText, idOptions } from '../../../components/filter-fields';
import { PageHeader } from '../../../components/page-header';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-client';
import { NO_FORM_ERRORS, toFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { todayUtc } from '../../../lib/dates';
import { formatDate, formatMoney } from '../../../lib/format';
import { suppliersQueryOptions } from '../../suppliers';
import { payoutOptionsQueryOptions, useGenerateExcelReport, type PayoutOption } from '../api/excel-report';
import { FileFormatChoice } from '../components/file-format-choice';
import { ReportTypeCards } from '../components/report-type-cards';
import { defaultReportFilters, reportFiltersProblem, withReportType, type ReportFilters } from '../utils/report-form';

/** Spec agents-transactions-payouts §8 "Report": any failure. */
export const REPORT_FAILED = 'An error occurred while generating the report. Please try again.';

/** 'Bookings bulk payout — CA$921.20 (Nov 25, 2026)': names repeat, the amount and date tell them apart. */
const payoutLabel = (p: PayoutOption) =>
  `${p.name} — ${formatMoney(p.total_amount, { code: p.currency_code, symbol: p.currency_symbol })} (${formatDate(p.payout_date)})`;

/** Under the Currency filter when the server refused a CSV or IIF file of several currencies (the alert says why). */
export const ONE_CURRENCY_PROMPT = 'Choose a currency: a CSV or IIF file holds one.';

/**
 * A failed generation: the spec's message, and under it what the server refused in the request (422), if
 * anything; a refusal on `currency_id` (a range paid in several currencies) also points at the Currency filter.
 */
function problemOf(error: unknown): FormErrorState {
  const problem = { ...NO_FORM_ERRORS, message: REPORT_FAILED };
  if (!isApiError(error) || error.status !== 422) return problem;
  const refused = toFormErrors(error, { fields: [] }).otherErrors;
  if (refused.length === 0 && error.hasServerMessage) refused.push(error.message);
  const currency = error.errors.currency_id?.[0];
  return { ...problem, otherErrors: refused, fieldErrors: currency ? { currency_id: currency } : {} };
}

/** /reports/excel (agents-transactions-payouts §2.11, §4 "Report generation", §7, §8; admins only). */
export function ExcelReportsRoute() {
  const [filters, setFilters] = useState<ReportFilters>(() => defaultReportFilters(todayUtc()));
  const set =
    <K extends keyof ReportFilters>(key: K) =>
    (value: ReportFilters[K]) =>
      setFilters((current) => ({ ...current, [key]: value }));

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

  const generate = useGenerateExcelReport();
  const [problem, setProblem] = useState<FormErrorState | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    setSaved(null);
    const missing = reportFiltersProblem(filters);
    setProblem(missing ? { ...NO_FORM_ERRORS, message: missing } : null);
    if (missing) return;
    generate.mutate(filters, {
      onSuccess: (filename) => setSaved(filename),
      onError: (error) => setProblem(problemOf(error)),
    });
  };

  const datesMissing = problem?.message === REPORT_DATES_REQUIRED;
  // Until a currency (or the workbook) is chosen.
  const currencyRefused =
    problem?.fieldErrors.currency_id !== undefined && filters.currency_id === '' && holdsOneCurrency(filters.format);
  // 'Please select both start and end dates.' goes once both are there again.
  const shownProblem = datesMissing && !reportFiltersProblem(filters) ? null : problem;
  const generating = generate.isPending;

  return (
    <>
      <PageHeader
        title="Excel Reports"
        description="The commission and GST paid to agents by the payouts dated within the range, as files for Telpay and QuickBooks."
      />
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate aria-label="Excel report">
        <Stack gap="lg">
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

          <ReportTypeCards
            value={filters.report_type}
            onChange={(reportType) => setFilters((current) => withReportType(current, reportType))}
          />

          <FileFormatChoice reportType={filters.report_type} value={filters.format} onChange={set('format')} />

          <FormErrorAlert state={shownProblem} onClose={() => setProblem(null)} />

          <Group gap="md">
            <Button
              type="submit"
              disabled={generating}
              leftSection={generating ? <Loader size={16} color="gray" /> : <IconFileSpreadsheet size={18} />}
            >
              {generating ? 'Generating...' : 'Generate Report'}
            </Button>
            {saved && (
              <Text size="sm" c="teal" data-testid="report-saved">
                <IconCircleCheck size={16} style={{ verticalAlign: 'text-bottom', marginRight: 4 }} aria-hidden />
                Downloaded {saved}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
