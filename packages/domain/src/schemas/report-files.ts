/**
 * The report-file contract: `POST /api/reports/excel` (CONTRACT.md §3; spec agents-transactions-payouts
 * §2.11, §3 "Report filters", §7 "Excel report creation", §8 "Report"; bookings-and-commissions §5
 * 'Please select both start and end dates.'). The answer is a file, not JSON: its content type and
 * `Content-Disposition` file name depend on `format` (see {@link REPORT_FILE_FORMATS}).
 */
import { z } from 'zod';
import { idFilter, isoDateProblem } from './fields';

/** bookings-and-commissions §5: a file report needs both dates. */
export const REPORT_DATES_REQUIRED = 'Please select both start and end dates.';
/** A range whose start is after its end. */
export const REPORT_DATES_ORDER = 'The start date must be a date before or equal to the end date.';

/**
 * The report types of spec §2.11, with what the screen's cards show: a name, the spec's own words
 * (`summary`, verbatim) and what the file holds (`description`).
 */
export const EXCEL_REPORT_TYPES = [
  {
    id: 'bookings',
    name: 'Telpay & QuickBooks',
    summary: 'Telpay and Quickbooks combined commission and GST',
    description: 'Commission and GST paid to each agent: a Telpay sheet and a QuickBooks journal of the same money.',
  },
  {
    id: 'commissions',
    name: 'Agent commissions',
    summary: 'Agent details, sheet per agent',
    description: 'A summary per agent and currency, and one sheet per agent with every commission line paid.',
  },
] as const;
export type ExcelReportType = (typeof EXCEL_REPORT_TYPES)[number]['id'];

/**
 * The files a report can be written as. `xlsx` is the contract's; the others are beyond it (issue 14:
 * Telpay imports only .csv/.txt, QuickBooks Online a journal CSV, QuickBooks Desktop an IIF file).
 * `telpay_csv` exists for the `bookings` report only.
 */
export const REPORT_FILE_FORMATS = [
  { id: 'xlsx', label: 'Excel workbook (.xlsx)', reportTypes: ['bookings', 'commissions'] },
  { id: 'telpay_csv', label: 'Telpay import (.csv)', reportTypes: ['bookings'] },
  { id: 'quickbooks_csv', label: 'QuickBooks Online journal (.csv)', reportTypes: ['bookings'] },
  { id: 'quickbooks_iif', label: 'QuickBooks Desktop journal (.iif)', reportTypes: ['bookings'] },
] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number]['id'];

/**
 * The formats whose file holds one currency: Telpay pays from one bank account, the IIF has no currency
 * column at all (a GBP entry would be imported into a CAD company), and the QuickBooks Online journal
 * would need a multicurrency company. The `.xlsx` workbooks keep each currency in its own section instead.
 */
const SINGLE_CURRENCY_FORMATS: readonly ReportFileFormat[] = ['telpay_csv', 'quickbooks_csv', 'quickbooks_iif'];

/** Whether a file of this format holds one currency ({@link SINGLE_CURRENCY_FORMATS}). */
export const holdsOneCurrency = (format: ReportFileFormat): boolean => SINGLE_CURRENCY_FORMATS.includes(format);

/** 'CAD', 'CAD and GBP', 'CAD, EUR and GBP'. */
const listed = (codes: readonly string[]) =>
  codes.length > 1 ? `${codes.slice(0, -1).join(', ')} and ${codes[codes.length - 1]}` : (codes[0] ?? '');

/**
 * Why a report of payouts in these currencies cannot be written as `format`, or null: a one-currency
 * file of a range that paid in more than one currency (the server answers 422 on `currency_id`).
 */
export function mixedCurrencyProblem(format: ReportFileFormat, currencyCodes: readonly string[]): string | null {
  if (!holdsOneCurrency(format) || currencyCodes.length <= 1) return null;
  const label = REPORT_FILE_FORMATS.find((f) => f.id === format)?.label ?? format;
  return (
    `The payouts in this range are in ${listed([...currencyCodes].sort())}, and a ${label} file holds one currency. ` +
    'Choose a currency in the Currency filter (one file per currency), or download the Excel workbook, which keeps each currency in its own section.'
  );
}

const reportTypeIds = EXCEL_REPORT_TYPES.map((t) => t.id) as [ExcelReportType, ...ExcelReportType[]];
const formatIds = REPORT_FILE_FORMATS.map((f) => f.id) as [ReportFileFormat, ...ReportFileFormat[]];

const isBlank = (v: unknown) => v === '' || v === null || v === undefined;

/** A required report date: blank or missing gives the spec's message, anything else must be a YYYY-MM-DD date. */
const reportDate = (label: string) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z
      .string({
        error: (iss) =>
          iss.input === undefined ? REPORT_DATES_REQUIRED : `The ${label} is not a valid date (YYYY-MM-DD).`,
      })
      .trim()
      .superRefine((v, ctx) => {
        const problem = isoDateProblem(label, v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
      }),
  );

/** An enum where blank or missing gives the default. */
const enumOrDefault = <T extends string>(label: string, values: [T, ...T[]], fallback: T) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), z.enum(values, { error: `The selected ${label} is invalid.` }));

/** `POST /api/reports/excel`. */
export const excelReportRequestSchema = z
  .object({
    start_date: reportDate('start date'),
    end_date: reportDate('end date'),
    payout_id: idFilter('payout'),
    supplier_id: idFilter('supplier'),
    currency_id: idFilter('currency'),
    filter_mode: enumOrDefault('filter mode', ['include', 'exclude'], 'include'),
    report_type: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.enum(reportTypeIds, {
        error: (iss) =>
          iss.input === undefined ? 'The report type field is required.' : 'The selected report type is invalid.',
      }),
    ),
    format: enumOrDefault('format', formatIds, 'xlsx'),
  })
  .superRefine((v, ctx) => {
    if (v.start_date > v.end_date) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: REPORT_DATES_ORDER, input: v.start_date });
    }
    const format = REPORT_FILE_FORMATS.find((f) => f.id === v.format);
    if (format && !(format.reportTypes as readonly string[]).includes(v.report_type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['format'],
        message: `${format.label} is available for the Telpay & QuickBooks report only.`,
        input: v.format,
      });
    }
  });
export type ExcelReportRequest = z.output<typeof excelReportRequestSchema>;
/** What the screen sends (ids may be null, filter mode and format may be left out). */
export type ExcelReportInput = z.input<typeof excelReportRequestSchema>;

/** The content type of each file format. */
export const REPORT_FILE_CONTENT_TYPES: Record<ReportFileFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  telpay_csv: 'text/csv; charset=us-ascii',
  quickbooks_csv: 'text/csv; charset=utf-8',
  quickbooks_iif: 'text/plain; charset=iso-8859-1',
};

/**
 * The download's file name: spec §7's names ('telpay_report' for bookings, 'quickbooks_report' for
 * commissions) with the range, e.g. `telpay_report_2026-10-28_2026-11-25.xlsx`; the import files are
 * `telpay_payments_….csv`, `quickbooks_journal_….csv` and `quickbooks_journal_….iif`.
 */
export function reportFileName(r: Pick<ExcelReportRequest, 'report_type' | 'format' | 'start_date' | 'end_date'>) {
  const range = `${r.start_date}_${r.end_date}`;
  switch (r.format) {
    case 'telpay_csv':
      return `telpay_payments_${range}.csv`;
    case 'quickbooks_csv':
      return `quickbooks_journal_${range}.csv`;
    case 'quickbooks_iif':
      return `quickbooks_journal_${range}.iif`;
    default:
      return `${r.report_type === 'bookings' ? 'telpay' : 'quickbooks'}_report_${range}.xlsx`;
  }
}
