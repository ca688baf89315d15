import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money/money';
import { commissionDueDaysField, followUpInputSchema, overdueBookingsQuerySchema } from '../schemas/overdue';
import { supplierInputSchema } from '../schemas/reference';
import {
  agingBucket,
  commissionDueDate,
  daysPastDue,
  outstandingCommission,
  overdueCsv,
  overdueExportFilename,
  type OverdueCandidate,
} from './overdue';

const c = (n: number): Cents => cents(n);

describe('aging buckets (issue 24 §4)', () => {
  it.each([
    [0, '0_30'],
    [30, '0_30'],
    [31, '31_60'],
    [60, '31_60'],
    [61, '61_90'],
    [90, '61_90'],
    [91, '90_plus'],
    [5000, '90_plus'],
  ] as const)('%i days past due is in %s', (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });

  it('refuses what is not a number of days past due', () => {
    expect(() => agingBucket(-1)).toThrow(RangeError);
    expect(() => agingBucket(1.5)).toThrow(RangeError);
  });

  it('dates the commission the supplier days after the booking, across a leap day', () => {
    expect(commissionDueDate('2024-01-01', 60)).toBe('2024-03-01');
    expect(commissionDueDate('2025-01-01', 60)).toBe('2025-03-02');
  });
});

describe('what is outstanding', () => {
  it('is the gross less what came in, never below 0 nor above the gross', () => {
    expect(outstandingCommission(c(10000), c(0))).toBe(10000n);
    expect(outstandingCommission(c(10000), c(4000))).toBe(6000n);
    expect(outstandingCommission(c(10000), c(10000))).toBe(0n);
    expect(outstandingCommission(c(10000), c(12000))).toBe(0n);
    // money taken back counts as nothing received
    expect(outstandingCommission(c(10000), c(-3000))).toBe(10000n);
  });

  it('is nothing on a refund booking or a zero gross', () => {
    expect(outstandingCommission(c(-5000), c(0))).toBe(0n);
    expect(outstandingCommission(c(0), c(0))).toBe(0n);
  });

  const base: OverdueCandidate = {
    status: 'confirmed',
    is_reconciled: false,
    gross: c(10000),
    received: c(0),
    booking_date: '2026-09-01',
    due_days: 60,
  };

  it('counts days past due from the due date; null when nothing is owed', () => {
    expect(daysPastDue(base, '2026-10-31')).toBe(0);
    expect(daysPastDue(base, '2026-10-30')).toBe(-1);
    expect(daysPastDue(base, '2026-11-27')).toBe(27);
    expect(daysPastDue({ ...base, status: 'cancelled' }, '2026-11-27')).toBeNull();
    expect(daysPastDue({ ...base, is_reconciled: true }, '2026-11-27')).toBeNull();
    expect(daysPastDue({ ...base, received: c(10000) }, '2026-11-27')).toBeNull();
    expect(daysPastDue({ ...base, received: c(9999) }, '2026-11-27')).toBe(27);
  });
});

describe('the CSV for the supplier', () => {
  it('writes exact amounts, quotes, escapes formulas, and keeps the order', () => {
    const csv = overdueCsv([
      {
        supplier_name: 'Air Canada',
        booking_reference: 'AC604417',
        customer_name: 'Martin, "Jo"',
        booking_date: '2026-08-01',
        due_date: '2026-09-30',
        days_past_due: 58,
        gross: c(51280),
        received: c(1),
        outstanding: c(51279),
        currency_code: 'CAD',
        last_note: '=HYPERLINK("x")',
        next_follow_up_date: '2026-12-01',
      },
      {
        supplier_name: 'TUI',
        booking_reference: 'T1',
        customer_name: 'Zoë',
        booking_date: '2026-01-01',
        due_date: '2026-03-02',
        days_past_due: 270,
        gross: c(100),
        received: c(0),
        outstanding: c(100),
        currency_code: 'GBP',
        last_note: null,
        next_follow_up_date: null,
      },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\ufeffSupplier,Booking reference,Customer name,Booking date,Due date,Days past due,Gross commission,Received,Outstanding,Currency,Last follow-up,Next follow-up',
    );
    expect(lines[1]).toBe(
      'Air Canada,AC604417,"Martin, ""Jo""",2026-08-01,2026-09-30,58,512.80,0.01,512.79,CAD,"\'=HYPERLINK(""x"")",2026-12-01',
    );
    expect(lines[2]).toBe('TUI,T1,Zoë,2026-01-01,2026-03-02,270,1.00,0.00,1.00,GBP,,');
    expect(lines[3]).toBe('');
  });

  it('names the file after the supplier and the day', () => {
    expect(overdueExportFilename('2026-11-27')).toBe('overdue-commissions-2026-11-27.csv');
    expect(overdueExportFilename('2026-11-27', 'Thé Café / Voyages!')).toBe(
      'overdue-commissions-the-cafe-voyages-2026-11-27.csv',
    );
    expect(overdueExportFilename('2026-11-27', '***')).toBe('overdue-commissions-2026-11-27.csv');
  });
});

describe('the requests', () => {
  it('reads the due days as a form or JSON sends them, and refuses the rest', () => {
    const f = commissionDueDaysField();
    expect(f.parse('45')).toBe(45);
    expect(f.parse(90)).toBe(90);
    expect(f.parse('')).toBeUndefined();
    expect(f.parse(undefined)).toBeUndefined();
    for (const bad of [0, 3651, 1.5, '1e2', 'abc', -3, true])
      expect(f.safeParse(bad).error?.issues[0]?.message).toBe(
        'The commission due days must be a whole number of days from 1 to 3650.',
      );
  });

  it('keeps a supplier written as the spec shows it valid (no due days)', () => {
    const parsed = supplierInputSchema.parse({ name: 'Sunwing', currency_id: 2 });
    expect(parsed.commission_due_days).toBeUndefined();
  });

  it('reads the list query leniently but refuses an unknown bucket', () => {
    const q = overdueBookingsQuerySchema.parse({ page: 'x', per_page: '7', sort: 'nope', bucket: '' });
    expect(q).toMatchObject({ page: 1, per_page: 25, sort: 'days_past_due', direction: 'desc' });
    expect(q.bucket).toBeUndefined();
    expect(overdueBookingsQuerySchema.parse({ bucket: '90_plus' }).bucket).toBe('90_plus');
    expect(overdueBookingsQuerySchema.safeParse({ bucket: '91' }).error?.issues[0]?.message).toBe(
      'The selected aging bucket is invalid.',
    );
  });

  it('needs a note; the next date is optional and must be a date', () => {
    expect(followUpInputSchema.parse({ note: ' Called Jo ', next_follow_up_date: '' })).toEqual({
      note: 'Called Jo',
      next_follow_up_date: null,
    });
    expect(followUpInputSchema.safeParse({ note: '  ' }).error?.issues[0]?.message).toBe('The note field is required.');
    expect(
      followUpInputSchema.safeParse({ note: 'x', next_follow_up_date: '2026-02-30' }).error?.issues[0]?.message,
    ).toBe('The next follow-up date is not a valid date (YYYY-MM-DD).');
    expect(followUpInputSchema.safeParse({ note: 'x'.repeat(2001) }).success).toBe(false);
  });
});
