import { describe, expect, it } from 'vitest';
import {
  excelReportRequestSchema,
  holdsOneCurrency,
  mixedCurrencyProblem,
  REPORT_DATES_ORDER,
  REPORT_DATES_REQUIRED,
  REPORT_FILE_FORMATS,
  reportFileName,
} from './report-files';

const errorsOf = (input: unknown) => {
  const r = excelReportRequestSchema.safeParse(input);
  return r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('excelReportRequestSchema', () => {
  it('reads what the screen sends: null ids, blank mode and format take the defaults', () => {
    const r = excelReportRequestSchema.parse({
      start_date: '2026-10-28',
      end_date: '2026-11-25',
      payout_id: null,
      supplier_id: '',
      currency_id: '3',
      filter_mode: null,
      report_type: 'bookings',
    });
    expect(r).toEqual({
      start_date: '2026-10-28',
      end_date: '2026-11-25',
      currency_id: 3,
      filter_mode: 'include',
      report_type: 'bookings',
      format: 'xlsx',
    });
  });

  it("answers 'Please select both start and end dates.' for a missing or blank date", () => {
    expect(errorsOf({ end_date: '2026-01-01', report_type: 'bookings' })).toEqual([
      ['start_date', REPORT_DATES_REQUIRED],
    ]);
    expect(errorsOf({ start_date: '2026-01-01', end_date: '', report_type: 'commissions' })).toEqual([
      ['end_date', REPORT_DATES_REQUIRED],
    ]);
    expect(errorsOf({ start_date: '2026-02-30', end_date: '2026-03-01', report_type: 'bookings' })).toEqual([
      ['start_date', 'The start date is not a valid date (YYYY-MM-DD).'],
    ]);
  });

  it('refuses a start after the end, an unknown type or mode, and a Telpay CSV of the commissions report', () => {
    expect(errorsOf({ start_date: '2026-02-01', end_date: '2026-01-31', report_type: 'bookings' })).toEqual([
      ['start_date', REPORT_DATES_ORDER],
    ]);
    expect(
      errorsOf({ start_date: '2026-01-01', end_date: '2026-01-01', report_type: 'x', filter_mode: 'both' }),
    ).toEqual([
      ['filter_mode', 'The selected filter mode is invalid.'],
      ['report_type', 'The selected report type is invalid.'],
    ]);
    expect(
      errorsOf({ start_date: '2026-01-01', end_date: '2026-01-31', report_type: 'commissions', format: 'telpay_csv' }),
    ).toEqual([['format', 'Telpay import (.csv) is available for the Telpay & QuickBooks report only.']]);
  });
});

describe('reportFileName', () => {
  it('names the file after the report, the format and the range', () => {
    const range = { start_date: '2026-10-28', end_date: '2026-11-25' };
    expect(reportFileName({ ...range, report_type: 'bookings', format: 'xlsx' })).toBe(
      'telpay_report_2026-10-28_2026-11-25.xlsx',
    );
    expect(reportFileName({ ...range, report_type: 'commissions', format: 'xlsx' })).toBe(
      'quickbooks_report_2026-10-28_2026-11-25.xlsx',
    );
    expect(reportFileName({ ...range, report_type: 'bookings', format: 'telpay_csv' })).toBe(
      'telpay_payments_2026-10-28_2026-11-25.csv',
    );
    expect(reportFileName({ ...range, report_type: 'bookings', format: 'quickbooks_csv' })).toBe(
      'quickbooks_journal_2026-10-28_2026-11-25.csv',
    );
    expect(reportFileName({ ...range, report_type: 'bookings', format: 'quickbooks_iif' })).toBe(
      'quickbooks_journal_2026-10-28_2026-11-25.iif',
    );
  });
});

describe('holdsOneCurrency (the one list the domain, the server and the screen read)', () => {
  it('is every CSV and IIF format, never the workbook', () => {
    expect(REPORT_FILE_FORMATS.filter((f) => holdsOneCurrency(f.id)).map((f) => f.id)).toEqual([
      'telpay_csv',
      'quickbooks_csv',
      'quickbooks_iif',
    ]);
    expect(holdsOneCurrency('xlsx')).toBe(false);
  });
});

describe('mixedCurrencyProblem (a CSV or IIF file holds one currency; a workbook keeps each in its section)', () => {
  it.each([
    ['telpay_csv', 'Telpay import (.csv)'],
    ['quickbooks_csv', 'QuickBooks Online journal (.csv)'],
    ['quickbooks_iif', 'QuickBooks Desktop journal (.iif)'],
  ] as const)('refuses %s for more than one currency, naming them and the Currency filter', (format, label) => {
    expect(mixedCurrencyProblem(format, ['GBP', 'CAD'])).toBe(
      `The payouts in this range are in CAD and GBP, and a ${label} file holds one currency. ` +
        'Choose a currency in the Currency filter (one file per currency), or download the Excel workbook, which keeps each currency in its own section.',
    );
    expect(mixedCurrencyProblem(format, ['USD', 'CAD', 'GBP'])).toContain('are in CAD, GBP and USD,');
  });

  it.each(['telpay_csv', 'quickbooks_csv', 'quickbooks_iif', 'xlsx'] as const)(
    'lets %s hold one currency, or none',
    (format) => {
      expect(mixedCurrencyProblem(format, ['CAD'])).toBeNull();
      expect(mixedCurrencyProblem(format, [])).toBeNull();
    },
  );

  it('lets the workbook hold several', () => {
    expect(mixedCurrencyProblem('xlsx', ['CAD', 'GBP'])).toBeNull();
  });
});
