/**
 * What a recalculation of bookings does to their expected commission (DOMAIN.md "Tier changes": it
 * reports how many bookings changed and by how much). One summary for the save and for its preview.
 */
import { addMoney, subMoney, ZERO_CENTS, type Cents } from '../money/money';
import type { CommissionBookingStatus } from './commission-lines';

/** The statuses a recalculation touches: cancelled and completed bookings are left as they are. */
export const RECALCULATED_BOOKING_STATUSES = ['pending', 'confirmed', 'partial'] as const;
export type RecalculatedBookingStatus = (typeof RECALCULATED_BOOKING_STATUSES)[number];

/** One booking whose expected commission or lines the recalculation changes. */
export interface BookingRecalculation {
  status: CommissionBookingStatus;
  currency_code: string;
  /** Expected commission before and after. */
  before: Cents;
  after: Cents;
}

export interface RecalculationSummary {
  changed: number;
  by_status: Record<RecalculatedBookingStatus, number>;
  /** Per currency of the changed bookings (never added across currencies), by currency code. */
  difference: { currency_code: string; before: Cents; after: Cents; delta: Cents }[];
}

const isRecalculated = (s: CommissionBookingStatus): s is RecalculatedBookingStatus =>
  (RECALCULATED_BOOKING_STATUSES as readonly string[]).includes(s);

export function summarizeRecalculation(changes: readonly BookingRecalculation[]): RecalculationSummary {
  const by_status: Record<RecalculatedBookingStatus, number> = { pending: 0, confirmed: 0, partial: 0 };
  const totals = new Map<string, { before: Cents; after: Cents }>();
  for (const c of changes) {
    if (!isRecalculated(c.status)) throw new RangeError(`A ${c.status} booking is never recalculated.`);
    by_status[c.status] += 1;
    const t = totals.get(c.currency_code) ?? { before: ZERO_CENTS, after: ZERO_CENTS };
    totals.set(c.currency_code, { before: addMoney(t.before, c.before), after: addMoney(t.after, c.after) });
  }
  const difference = [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency_code, t]) => ({ currency_code, ...t, delta: subMoney(t.after, t.before) }));
  return { changed: changes.length, by_status, difference };
}
