import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../bookings/booking-rules';
import { cents } from '../money/money';
import { matchStatus, type MatchedTransaction } from './match-status';

const c = (type: 'credit' | 'debit', amount: number, is_partial = false, status = 'completed'): MatchedTransaction => ({
  transaction_type: type,
  amount: cents(amount),
  is_partial,
  status,
});

describe('matchStatus (DOMAIN.md "Matching bookings to transactions")', () => {
  const cases: {
    name: string;
    gross: number;
    tx: MatchedTransaction[];
    booking?: BookingStatus;
    status: string;
    net: number;
    can_payout: boolean;
    needs_reconciliation: boolean;
  }[] = [
    {
      name: 'nothing matched',
      gross: 10000,
      tx: [],
      status: 'no_transaction',
      net: 0,
      can_payout: false,
      needs_reconciliation: false,
    },
    {
      name: 'only non-completed ones',
      gross: 10000,
      tx: [c('credit', 10000, false, 'pending'), c('credit', 10000, false, 'failed')],
      status: 'no_transaction',
      net: 0,
      can_payout: false,
      needs_reconciliation: false,
    },
    {
      name: 'one credit equal to gross',
      gross: 10000,
      tx: [c('credit', 10000)],
      status: 'match',
      net: 10000,
      can_payout: true,
      needs_reconciliation: false,
    },
    {
      name: 'one credit below gross, not partial',
      gross: 10000,
      tx: [c('credit', 9000)],
      status: 'mismatch',
      net: 9000,
      can_payout: false,
      needs_reconciliation: true,
    },
    {
      name: 'one credit above gross',
      gross: 10000,
      tx: [c('credit', 11000)],
      status: 'mismatch',
      net: 11000,
      can_payout: false,
      needs_reconciliation: true,
    },
    {
      name: 'one partial credit below gross',
      gross: 10000,
      tx: [c('credit', 4000, true)],
      status: 'partial',
      net: 4000,
      can_payout: true,
      needs_reconciliation: false, // more money is coming: reconciling would forfeit it,
    },
    {
      name: 'one partial credit above gross',
      gross: 10000,
      tx: [c('credit', 12000, true)],
      status: 'mismatch',
      net: 12000,
      can_payout: false,
      needs_reconciliation: true,
    },
    {
      name: 'two partial credits summing to gross',
      gross: 10000,
      tx: [c('credit', 4000, true), c('credit', 6000, true)],
      status: 'match',
      net: 10000,
      can_payout: true,
      needs_reconciliation: false,
    },
    {
      name: 'two partial credits below gross',
      gross: 10000,
      tx: [c('credit', 4000, true), c('credit', 1000, true)],
      status: 'partial',
      net: 5000,
      can_payout: true,
      needs_reconciliation: false, // more money is coming: reconciling would forfeit it,
    },
    {
      name: 'two credits, one not partial',
      gross: 10000,
      tx: [c('credit', 4000, true), c('credit', 6000)],
      status: 'multiple_transactions',
      net: 10000,
      can_payout: false,
      needs_reconciliation: false,
    },
    {
      name: 'two full credits (double booking)',
      gross: 10000,
      tx: [c('credit', 10000), c('credit', 10000)],
      status: 'multiple_transactions',
      net: 20000,
      can_payout: false,
      needs_reconciliation: true,
    },
    {
      name: 'partial credit and partial debit',
      gross: 10000,
      tx: [c('credit', 8000, true), c('debit', 2000, true)],
      status: 'partial',
      net: 6000,
      can_payout: true,
      needs_reconciliation: false, // more money is coming: reconciling would forfeit it,
    },
    {
      // A refund is clawed back once the supplier has taken the money back (a matched debit): the
      // payout rule for a negative gross (DOMAIN.md's "a matched credit" read for a refund).
      name: 'refund booking matched by a debit',
      gross: -5000,
      tx: [c('debit', 5000)],
      status: 'match',
      net: -5000,
      can_payout: true,
      needs_reconciliation: false,
    },
    {
      name: 'partial debit towards a refund',
      gross: -5000,
      tx: [c('debit', 2000, true)],
      status: 'partial',
      net: -2000,
      can_payout: true,
      needs_reconciliation: false, // more money is coming: reconciling would forfeit it,
    },
    {
      name: 'match but booking completed',
      gross: 10000,
      tx: [c('credit', 10000)],
      booking: 'completed',
      status: 'match',
      net: 10000,
      can_payout: false,
      needs_reconciliation: false,
    },
    {
      name: 'match but booking cancelled',
      gross: 10000,
      tx: [c('credit', 10000)],
      booking: 'cancelled',
      status: 'match',
      net: 10000,
      can_payout: false,
      needs_reconciliation: false,
    },
    {
      name: 'partial booking can still be paid',
      gross: 10000,
      tx: [c('credit', 10000)],
      booking: 'partial',
      status: 'match',
      net: 10000,
      can_payout: true,
      needs_reconciliation: false,
    },
    {
      name: 'a refund booking cannot be clawed back on a credit',
      gross: -5000,
      tx: [c('credit', 5000), c('debit', 10000)],
      status: 'multiple_transactions',
      net: -5000,
      can_payout: false,
      needs_reconciliation: false,
    },
    {
      name: 'pending ones ignored next to a completed match',
      gross: 10000,
      tx: [c('credit', 10000), c('credit', 10000, false, 'pending')],
      status: 'match',
      net: 10000,
      can_payout: true,
      needs_reconciliation: false,
    },
  ];

  it.each(cases)('$name → $status', (k) => {
    const r = matchStatus({ gross: cents(k.gross), booking_status: k.booking ?? 'confirmed', transactions: k.tx });
    expect(r.status).toBe(k.status);
    expect(r.net).toBe(BigInt(k.net));
    expect(r.can_payout).toBe(k.can_payout);
    expect(r.needs_reconciliation).toBe(k.needs_reconciliation);
    expect(r.transaction_count).toBe(k.tx.filter((t) => t.status === 'completed').length);
  });
});
