import { describe, expect, it } from 'vitest';
import { cents } from '../money/money';
import {
  columnLetter,
  guessDateFormat,
  guessStatementMapping,
  mapStatementCells,
  parseStatementDate,
  statementMappingSchema,
  type StatementMapping,
} from './statement-layout';

const base: StatementMapping = {
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

describe('parseStatementDate', () => {
  it.each([
    ['2026-11-05', 'YYYY-MM-DD', '2026-11-05'],
    ['5/11/2026', 'DD/MM/YYYY', '2026-11-05'],
    ['11/5/2026', 'MM/DD/YYYY', '2026-11-05'],
    ['05.11.2026', 'DD.MM.YYYY', '2026-11-05'],
    ['05-11-2026', 'DD-MM-YYYY', '2026-11-05'],
    ['20261105', 'YYYYMMDD', '2026-11-05'],
    ['5 Nov 2026', 'DD MMM YYYY', '2026-11-05'],
    ['05-NOVEMBER-2026', 'DD MMM YYYY', '2026-11-05'],
  ] as const)('reads %s as %s', (cell, format, iso) => {
    expect(parseStatementDate(cell, format)).toEqual({ ok: true, value: iso });
  });

  it('reads an Excel date cell whatever the format, blank as null, and refuses what is not a date', () => {
    expect(parseStatementDate(46331, 'DD/MM/YYYY')).toEqual({ ok: true, value: '2026-11-05' });
    expect(parseStatementDate('  ', 'DD/MM/YYYY')).toEqual({ ok: true, value: null });
    expect(parseStatementDate('31/02/2026', 'DD/MM/YYYY')).toEqual({
      ok: false,
      reason: "'31/02/2026' is not a date in the format DD/MM/YYYY",
    });
    expect(parseStatementDate('2026-11-05', 'DD/MM/YYYY').ok).toBe(false);
    expect(parseStatementDate('01/01/1800', 'DD/MM/YYYY').ok).toBe(false);
  });

  it('guesses the format that reads every sample, day first when both do', () => {
    expect(guessDateFormat(['05/11/2026', '28/11/2026'])).toBe('DD/MM/YYYY');
    expect(guessDateFormat(['11/28/2026'])).toBe('MM/DD/YYYY');
    expect(guessDateFormat(['2026-11-28', ''])).toBe('YYYY-MM-DD');
  });
});

describe('mapStatementCells', () => {
  it('reads the mapped columns, skips the header, keeps the name and booking date, and totals exactly', () => {
    const cells = [
      ['Paid', 'Booking ref', 'Lead name', 'Travel date', 'Commission'],
      ['05/11/2026', 'AC 604417', 'Claire Martin', '01/03/2026', '1,265.00'],
      ['', '', '', '', ''],
      ['06/11/2026', 'AC-519004', '', '', '(12.50)'],
      ['06/11/2026', 'AC-519005', 'X', '', '12,50'],
      ['', 'TOTAL', '', '', '1252.50'],
    ];
    const out = mapStatementCells(cells, base);
    expect(out.lines).toEqual([
      {
        row: 2,
        reference: 'AC 604417',
        amount: cents(126_500),
        date: '2026-11-05',
        customer_name: 'Claire Martin',
        booking_date: '2026-03-01',
      },
      {
        row: 4,
        reference: 'AC-519004',
        amount: cents(-1_250),
        date: '2026-11-06',
        customer_name: null,
        booking_date: null,
      },
    ]);
    expect(out.skipped).toEqual([
      { row: 5, reason: "'12,50' uses a comma for decimals; write 12.50" },
      { row: 6, reason: "is the statement's total, not a payment" },
    ]);
    expect([out.credit_total, out.debit_total]).toEqual([cents(126_500), cents(1_250)]);
  });

  it('reads debit and credit columns, refusing a line with both, neither or a negative', () => {
    const m: StatementMapping = {
      ...base,
      skip_rows: 0,
      amount_mode: 'debit_credit',
      amount_column: null,
      credit_column: 4,
      debit_column: 5,
      customer_name_column: null,
      booking_date_column: null,
    };
    const out = mapStatementCells(
      [
        ['05/11/2026', 'R1', '', '', '100.00', ''],
        ['05/11/2026', 'R2', '', '', '', '40.00'],
        ['05/11/2026', 'R3', '', '', '10.00', '5.00'],
        ['05/11/2026', 'R4', '', '', '', ''],
        ['05/11/2026', 'R5', '', '', '-3.00', ''],
        ['31/13/2026', 'R6', '', '', '3.00', ''],
        ['', 'R7', '', '', '3.00', ''],
      ],
      m,
    );
    expect(out.lines.map((l) => [l.reference, l.amount])).toEqual([
      ['R1', cents(10_000)],
      ['R2', cents(-4_000)],
    ]);
    expect(out.skipped.map((s) => s.reason)).toEqual([
      'has both a debit and a credit',
      'has neither a debit nor a credit',
      'a debit or credit column holds a negative amount',
      "'31/13/2026' is not a date in the format DD/MM/YYYY",
      'has no date',
    ]);
  });
});

describe('the mapping', () => {
  it('needs a reference and an amount (or both debit and credit), from the file’s columns', () => {
    const bad = statementMappingSchema.safeParse({
      ...base,
      reference_column: '',
      amount_mode: 'debit_credit',
      credit_column: 3,
      debit_column: 3,
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reference_column', 'Choose the column that holds the reference.'],
      ['debit_column', 'The debit and credit columns must be two different columns.'],
    ]);
    expect(statementMappingSchema.safeParse({ ...base, amount_column: 100 }).error!.issues[0]!.message).toBe(
      'The amount column must be one of the first 100 columns.',
    );
    expect(statementMappingSchema.parse({ ...base, amount_column: '4', skip_rows: '2' })).toMatchObject({
      amount_column: 4,
      skip_rows: 2,
    });
  });

  it('is guessed from a header row, and not from a row of data', () => {
    expect(
      guessStatementMapping([
        ['Statement date', 'Booking Ref', 'Lead Passenger', 'Departure Date', 'Commission Paid'],
        ['05/11/2026', 'AC1', 'Martin', '01/03/2026', '10.00'],
      ]),
    ).toEqual({ ...base, date_format: 'DD/MM/YYYY' });
    expect(
      guessStatementMapping([
        ['Date', 'Reference', 'Debit', 'Credit'],
        ['2026-11-05', 'X', '', '1.00'],
      ]),
    ).toMatchObject({ amount_mode: 'debit_credit', debit_column: 2, credit_column: 3, date_format: 'YYYY-MM-DD' });
    expect(guessStatementMapping([['AC1', '10.00']])).toBeNull();
    // Title rows above the headers are skipped with them.
    expect(
      guessStatementMapping([
        ['British Airways Holidays - Agent commission statement', '', '', '', ''],
        ['Agency: Travel Host Agency', '', '', '', ''],
        ['Booking ref', 'Lead passenger', 'Departure date', 'Paid on', 'Commission'],
        ['BAKT 2290', 'EVANS/CHLOE MS', '24/10/2026', '26/11/2026', '1,180.00'],
      ]),
    ).toEqual({
      skip_rows: 3,
      reference_column: 0,
      amount_mode: 'amount',
      amount_column: 4,
      debit_column: null,
      credit_column: null,
      date_column: 3,
      date_format: 'DD/MM/YYYY',
      customer_name_column: 1,
      booking_date_column: 2,
    });
  });

  it('names columns by their letters', () => {
    expect([0, 25, 26, 51, 99].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'CV']);
  });
});
