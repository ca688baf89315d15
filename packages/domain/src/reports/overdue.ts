/**
 * Overdue commissions (issue 24 §4, docs/decisions/0012-overdue-commissions.md): a booking's commission is
 * due from its supplier `commission_due_days` after the booking date (per supplier, default 60). A live
 * booking (not cancelled, not reconciled, gross above zero) whose supplier has sent less than its gross by
 * then is overdue by the days since; what is missing is `outstanding = gross − received` (received: the
 * matched credits less the matched debits, counted as 0 when below 0). The report groups the outstanding
 * amounts in four aging buckets of days past due, per supplier and per currency (never added across
 * currencies), and the follow-ups an admin records per booking say who chased it, when and what was said.
 */
import type { Cents } from '../money/money';
import { addDays, daysBetween } from '../commission/iso-date';
import { csvAmount, csvRow, csvText, UTF8_BOM } from './accounting-text';

/** A supplier's commission is due this many days after the booking date unless an admin sets another. */
export const DEFAULT_COMMISSION_DUE_DAYS = 60;
export const MIN_COMMISSION_DUE_DAYS = 1;
export const MAX_COMMISSION_DUE_DAYS = 3650;

/** Days past due: 0–30, 31–60, 61–90, more than 90. */
export const AGING_BUCKETS = ['0_30', '31_60', '61_90', '90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  '0_30': '0–30 days',
  '31_60': '31–60 days',
  '61_90': '61–90 days',
  '90_plus': '90+ days',
};

/** The days past due each bucket holds (inclusive; `max` null = no upper bound). */
export const AGING_BUCKET_DAYS: Record<AgingBucket, { min: number; max: number | null }> = {
  '0_30': { min: 0, max: 30 },
  '31_60': { min: 31, max: 60 },
  '61_90': { min: 61, max: 90 },
  '90_plus': { min: 91, max: null },
};

/** The bucket of a booking `days` past due (0 = due today). */
export function agingBucket(days: number): AgingBucket {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`agingBucket: not a number of days past due: ${days}`);
  for (const b of AGING_BUCKETS) {
    const { max } = AGING_BUCKET_DAYS[b];
    if (max === null || days <= max) return b;
  }
  return '90_plus';
}

/** The day a booking's commission is due: the booking date plus the supplier's days. */
export const commissionDueDate = (bookingDate: string, dueDays: number): string => addDays(bookingDate, dueDays);

/**
 * What is still missing of a booking's commission: its gross less what was received, or 0 when the gross
 * is not above 0 (a refund is owed to the supplier, not by it) or when what was received covers it. Money
 * taken back (a net below 0) counts as nothing received, not as more owed than the gross.
 */
export function outstandingCommission(gross: Cents, received: Cents): Cents {
  if (gross <= 0n) return 0n as Cents;
  const got = received > 0n ? received : 0n;
  return (got >= gross ? 0n : gross - got) as Cents;
}

/** Whether a booking with this much outstanding belongs in the report: due, live and missing money. */
export interface OverdueCandidate {
  status: string;
  is_reconciled: boolean;
  gross: Cents;
  received: Cents;
  booking_date: string;
  due_days: number;
}

/** Days past due on `today` (negative: not due yet), or null when nothing is outstanding. */
export function daysPastDue(b: OverdueCandidate, today: string): number | null {
  if (b.status === 'cancelled' || b.is_reconciled) return null;
  if (outstandingCommission(b.gross, b.received) === 0n) return null;
  return daysBetween(commissionDueDate(b.booking_date, b.due_days), today);
}

/* ------------------------------------------------------------------- the CSV */

export const OVERDUE_EXPORT_HEADER = [
  'Supplier',
  'Booking reference',
  'Customer name',
  'Booking date',
  'Due date',
  'Days past due',
  'Gross commission',
  'Received',
  'Outstanding',
  'Currency',
  'Last follow-up',
  'Next follow-up',
] as const;

export interface OverdueExportRow {
  supplier_name: string;
  booking_reference: string;
  customer_name: string;
  booking_date: string;
  due_date: string;
  days_past_due: number;
  gross: Cents;
  received: Cents;
  outstanding: Cents;
  currency_code: string;
  last_note: string | null;
  next_follow_up_date: string | null;
}

/**
 * The file an admin sends to a supplier: UTF-8 with a byte order mark, CRLF, RFC 4180 quoting, formula
 * text escaped, exact amounts; the order given (the server sends oldest due first).
 */
export function overdueCsv(rows: readonly OverdueExportRow[]): string {
  let out = UTF8_BOM + csvRow(OVERDUE_EXPORT_HEADER);
  for (const r of rows)
    out += csvRow([
      csvText(r.supplier_name),
      csvText(r.booking_reference),
      csvText(r.customer_name),
      r.booking_date,
      r.due_date,
      String(r.days_past_due),
      csvAmount(r.gross),
      csvAmount(r.received),
      csvAmount(r.outstanding),
      csvText(r.currency_code),
      csvText(r.last_note ?? ''),
      r.next_follow_up_date ?? '',
    ]);
  return out;
}

/** `overdue-commissions-2026-11-27.csv`, or with the supplier's name in it when the file is for one. */
export function overdueExportFilename(today: string, supplierName?: string): string {
  const slug = (supplierName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug ? `overdue-commissions-${slug}-${today}.csv` : `overdue-commissions-${today}.csv`;
}
