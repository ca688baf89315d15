/**
 * Server answers for the supplier statements tests, checked against the contract's response schemas when
 * built (a fixture the server could not send fails here, not somewhere in a screen).
 */
import {
  statementDetailResponseSchema,
  statementImportResponseSchema,
  statementPreviewResponseSchema,
  statementsResponseSchema,
  type StatementMapping,
} from '@app/domain';
import type { z } from 'zod';
import { checked } from '../../testing/checked';

type Summary = z.input<typeof statementsResponseSchema>['data'][number];
type Line = z.input<typeof statementDetailResponseSchema>['data']['lines'][number];
type Preview = z.input<typeof statementPreviewResponseSchema>['data'];

/** One statement's record as the list and its page give it. */
export const statementSummary = (id: number, over: Partial<Summary> = {}): Summary => ({
  id,
  account_id: 7,
  account_name: 'Sunwing main',
  supplier_name: 'Sunwing',
  filename: `statement-${id}.csv`,
  created_at: '2026-11-05T10:00:00.000Z',
  job_status: 'completed',
  line_count: 3,
  skipped_count: 0,
  credit_total: 1350,
  debit_total: 40,
  net_total: 1310,
  deposit_amount: null,
  difference: null,
  currency_code: 'CAD',
  currency_symbol: '$',
  counts: { exact: 0, by_suggestion: 0, unclaimed: 0, other: 0 },
  ...over,
});

/** `GET /api/statements`: the given statements on one page unless `over` says otherwise. */
export const statementsAnswer = (data: Summary[], over: Record<string, unknown> = {}) =>
  checked(statementsResponseSchema, {
    data,
    current_page: 1,
    last_page: 1,
    per_page: 25,
    from: data.length ? 1 : null,
    to: data.length ? data.length : null,
    total: data.length,
    ...over,
  });

/** One line of a statement as its page gives it. */
export const statementLine = (id: number, over: Partial<Line> = {}): Line => ({
  transaction_id: id,
  reference_number: `SW${String(id).padStart(7, '0')}`,
  original_reference_number: null,
  amount: 100,
  transaction_type: 'credit',
  status: 'completed',
  transaction_date: '2026-11-05',
  customer_name: null,
  booking_date: null,
  state: 'exact',
  ...over,
});

/** `GET /api/statements/{id}`. */
export const statementDetailAnswer = (statement: Summary, lines: Line[]) =>
  checked(statementDetailResponseSchema, { status: 'success', data: { statement, lines } });

/** A supplier's statement in its own layout: a header row, three lines, one unreadable line, its total. */
export const STATEMENT_ROWS = [
  ['Payment date', 'Booking Ref', 'Lead Passenger', 'Departure Date', 'Commission'],
  ['05/11/2026', 'SW-100001', 'Claire Martin', '01/03/2026', '250.00'],
  ['05/11/2026', 'sw 100002', 'Jean Roy', '02/03/2026', '1,100.00'],
  ['06/11/2026', 'SW-999999', 'Nobody Known', '03/03/2026', '(40.00)'],
  ['06/11/2026', 'SW-100003', 'Zoé Lavoie', '', 'abc'],
  ['', 'TOTAL', '', '', '1310.00'],
];

/** What the server guesses from that header row. */
export const GUESSED_MAPPING: StatementMapping = {
  skip_rows: 1,
  reference_column: 1,
  amount_mode: 'amount',
  amount_column: 4,
  debit_column: null,
  credit_column: null,
  date_column: 0,
  date_format: 'DD/MM/YYYY',
  customer_name_column: 2,
  booking_date_column: 3,
};

/** `POST /api/statements/preview` for that statement read through the guessed mapping. */
export const previewAnswer = (over: Partial<Preview> = {}) =>
  checked(statementPreviewResponseSchema, {
    status: 'success',
    data: {
      rows: STATEMENT_ROWS,
      column_count: 5,
      mapping: GUESSED_MAPPING,
      mapping_source: 'guessed',
      mapping_errors: {},
      lines: [
        {
          row: 2,
          reference: 'SW-100001',
          amount: 250,
          date: '2026-11-05',
          customer_name: 'Claire Martin',
          booking_date: '2026-03-01',
        },
        {
          row: 3,
          reference: 'sw 100002',
          amount: 1100,
          date: '2026-11-05',
          customer_name: 'Jean Roy',
          booking_date: '2026-03-02',
        },
        {
          row: 4,
          reference: 'SW-999999',
          amount: -40,
          date: '2026-11-06',
          customer_name: 'Nobody Known',
          booking_date: '2026-03-03',
        },
      ],
      line_count: 3,
      skipped: [
        { row: 5, reason: "'abc' is not an amount" },
        { row: 6, reason: "is the statement's total, not a payment" },
      ],
      skipped_count: 2,
      credit_total: 1350,
      debit_total: 40,
      currency_code: 'CAD',
      currency_symbol: '$',
      ...over,
    },
  });

/** `POST /api/statements/import`. */
export const importAnswer = (jobId: string, statementId: number) =>
  checked(statementImportResponseSchema, {
    status: 'success',
    message: 'Statement import started: 3 lines queued, 2 skipped.',
    job_id: jobId,
    statement_id: statementId,
    total_rows: 3,
    skipped: [
      { row: 5, reason: "'abc' is not an amount" },
      { row: 6, reason: "is the statement's total, not a payment" },
    ],
  });
