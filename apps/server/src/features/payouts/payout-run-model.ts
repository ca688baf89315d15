import { customCommissionProblem, PAYOUT_MESSAGES, type Cents, type Percent } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { BookingFacts, LineFacts } from './payouts.repo';

// What a payout run is given and what it reports per booking, and the refusals reconcile and pay share.

export interface RunRow {
  booking_id: number;
  /** Payout mode: the amount in gross terms. Reconcile mode: null. */
  amount: Cents | null;
  /** Reconcile before paying (payout mode), always in reconcile mode. */
  reconcile: boolean;
  /** Reconcile: the net received the screen showed; null = not checked. */
  expectedNet: Cents | null;
  /** Custom percentages by line id, for this payout only. */
  custom: { percentages: Map<number, Percent>; company: Percent } | null;
}

export interface Outcome {
  booking_id: number;
  /** '' when the booking does not exist. */
  reference: string;
  ok: boolean;
  message: string;
  notFound?: boolean;
  paid?: Cents;
  remaining?: Cents;
  payoutId?: number;
}

export interface Run {
  userId: number;
  kind: 'single' | 'bulk';
  mode: 'payout' | 'reconcile';
  payoutDate: string;
  /**
   * The record's name, asked under the booking's row lock; a single payout without a description names it
   * after its booking, its agent, the payout date and the booking's payout records before it (counted here).
   */
  name: (tx: DbOrTx, booking: BookingFacts) => Promise<string>;
  /** This run's committed payout records by currency id. */
  records: Map<number, number>;
}

export const notFoundOutcome = (bookingId: number): Outcome => ({
  booking_id: bookingId,
  reference: '',
  ok: false,
  notFound: true,
  message: PAYOUT_MESSAGES.bookingNotFound,
});
export const refused = (f: BookingFacts, message: string): Outcome => ({
  booking_id: f.id,
  reference: f.reference,
  ok: false,
  message,
});

/** A custom commission's problem (checked by a reconcile, applied only by a payout), or null. */
export function customProblem(row: RunRow, f: BookingFacts, lines: readonly LineFacts[]): string | null {
  if (!row.custom) return null;
  return customCommissionProblem(
    f.reference,
    lines.map((l) => l.id),
    row.custom.percentages,
    row.custom.company,
  );
}
