import { holdsOneCurrency, REPORT_DATES_REQUIRED, type ExcelReportType } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { todayUtc } from '../../../lib/dates';
import { NO_FORM_ERRORS, toFormErrors, type FormErrorState } from '../../../lib/form-errors';
import { useGenerateExcelReport } from '../api/excel-report';
import { defaultReportFilters, reportFiltersProblem, withReportType, type ReportFilters } from '../utils/report-form';

/** Spec agents-transactions-payouts §8 "Report": any failure. */
export const REPORT_FAILED = 'An error occurred while generating the report. Please try again.';

/** Sets one filter. */
export type SetReportFilter = <K extends keyof ReportFilters>(key: K) => (value: ReportFilters[K]) => void;

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

/** The report's filters, its generation, and what that gave: the file downloaded or the problem shown. */
export function useExcelReport() {
  const [filters, setFilters] = useState<ReportFilters>(() => defaultReportFilters(todayUtc()));
  const set: SetReportFilter = (key) => (value) => setFilters((current) => ({ ...current, [key]: value }));

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
  return {
    filters,
    set,
    chooseReportType: (reportType: ExcelReportType) => setFilters((current) => withReportType(current, reportType)),
    submit,
    generating: generate.isPending,
    saved,
    datesMissing,
    // Until a currency (or the workbook) is chosen.
    currencyRefused:
      problem?.fieldErrors.currency_id !== undefined && filters.currency_id === '' && holdsOneCurrency(filters.format),
    // 'Please select both start and end dates.' goes once both are there again.
    problem: datesMissing && !reportFiltersProblem(filters) ? null : problem,
    dismissProblem: () => setProblem(null),
  };
}
