import {
  addDays,
  EXCEL_REPORT_TYPES,
  REPORT_DATES_REQUIRED,
  REPORT_FILE_FORMATS,
  type ExcelReportInput,
  type ExcelReportType,
  type ReportFileFormat,
} from '@app/domain';

/** agents-transactions-payouts §2.11, §9: the report covers the last 28 days to today by default. */
export const DEFAULT_RANGE_DAYS = 28;

/**
 * The screen's report filters (spec §3 "Report filters"): dates as 'YYYY-MM-DD', the three pickers as the
 * chosen id or '' for "All", the supplier filter mode, the report type and, beyond the spec, the file format.
 */
export interface ReportFilters {
  start_date: string;
  end_date: string;
  payout_id: string;
  supplier_id: string;
  currency_id: string;
  filter_mode: 'include' | 'exclude';
  report_type: ExcelReportType;
  format: ReportFileFormat;
}

export function defaultReportFilters(today: string): ReportFilters {
  return {
    start_date: addDays(today, -DEFAULT_RANGE_DAYS),
    end_date: today,
    payout_id: '',
    supplier_id: '',
    currency_id: '',
    filter_mode: 'include',
    report_type: EXCEL_REPORT_TYPES[0].id,
    format: 'xlsx',
  };
}

/** The file formats a report type can be written as (the domain's list: the non-Excel files are bookings only). */
export function formatsFor(reportType: ExcelReportType) {
  return REPORT_FILE_FORMATS.filter((f) => (f.reportTypes as readonly ExcelReportType[]).includes(reportType));
}

/** Choosing another report type keeps the format when that report has it, else falls back to the workbook. */
export function withReportType(filters: ReportFilters, reportType: ExcelReportType): ReportFilters {
  const keep = formatsFor(reportType).some((f) => f.id === filters.format);
  return { ...filters, report_type: reportType, format: keep ? filters.format : 'xlsx' };
}

/** bookings-and-commissions §5 and spec §5 "Report": the only client check is that both dates are there. */
export function reportFiltersProblem(filters: ReportFilters): string | null {
  return filters.start_date.trim() && filters.end_date.trim() ? null : REPORT_DATES_REQUIRED;
}

// eslint-disable-next-line no-restricted-syntax -- an id from a select
const idOrNull = (value: string) => (value ? Number(value) : null);

/** `POST /api/reports/excel`'s JSON body (CONTRACT.md §3, plus `format`). */
export function reportRequestBody(filters: ReportFilters): ExcelReportInput {
  return {
    start_date: filters.start_date,
    end_date: filters.end_date,
    payout_id: idOrNull(filters.payout_id),
    supplier_id: idOrNull(filters.supplier_id),
    currency_id: idOrNull(filters.currency_id),
    filter_mode: filters.filter_mode,
    report_type: filters.report_type,
    format: filters.format,
  };
}

const EXTENSIONS: Record<ReportFileFormat, string> = {
  xlsx: 'xlsx',
  telpay_csv: 'csv',
  quickbooks_csv: 'csv',
  quickbooks_iif: 'iif',
};

/**
 * The file name when the answer carries no Content-Disposition: spec §7 'telpay_report.xlsx' for the
 * bookings report, 'quickbooks_report.xlsx' otherwise; the other formats keep that name with their extension.
 */
export function fallbackFilename(reportType: ExcelReportType, format: ReportFileFormat): string {
  return `${reportType === 'bookings' ? 'telpay_report' : 'quickbooks_report'}.${EXTENSIONS[format]}`;
}
