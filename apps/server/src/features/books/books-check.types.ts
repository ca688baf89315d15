import type { SQL } from 'drizzle-orm';

export interface BooksViolation {
  /** The invariant's number in DOMAIN.md "Money invariants". */
  rule: 1 | 2 | 3 | 4 | 5 | 6;
  /** What is wrong, in one word (`paid_outside_gross`, …): stable, for scripts and tests. */
  code: string;
  message: string;
  /** The rows involved: booking_id, line_id, payout_id, transaction_id, item_ids, … */
  ids: Record<string, number | number[] | string>;
}

export interface ClawBack {
  booking_id: number;
  reference: string;
  supplier_id: number;
  /** What the booking was paid (gross terms). */
  paid: string;
  /** The net received on the reference (matched completed credits − debits): less than what was paid. */
  net_received: string;
}

export interface BooksReport {
  /** False iff there is a violation; bookings to claw back do not count. */
  ok: boolean;
  violations: BooksViolation[];
  to_claw_back: ClawBack[];
  /** Rows read per table. */
  checked: Record<string, number>;
  /** How long the check took. */
  ms: number;
}

export type Out = { violations: BooksViolation[]; toClawBack: ClawBack[] };

/** What the checks' SQL and messages read: the GST rate (the cards' GST) and today (UTC, the payout dates). */
export interface CheckContext {
  gstRate: string;
  today: string;
}

/**
 * One rule or sub-rule: set-based SQL selecting the offending rows (money as text: the rows reach
 * `collect` through JSON), and what it adds to `out` for them. checkBooks runs every check's SQL as one
 * statement.
 */
export interface Check<Row = unknown> {
  sql(ctx: CheckContext): SQL;
  collect(rows: Row[], out: Out, ctx: CheckContext): void;
}
