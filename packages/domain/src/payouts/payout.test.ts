import { describe, expect, it } from 'vitest';
import { moneyFromDb as m, type Cents } from '../money/money';
import { percent } from '../money/percent';
import {
  availableAmount,
  lineStatusAfterPayout,
  payoutBlockReason,
  payoutBlockReasonAfterReconcile,
  payoutOutcome,
  payoutRefusal,
  reconcileProblem,
  payoutAmountProblem,
  statusAfterPayout,
  statusAfterReconcile,
  payoutDateProblem,
  isOverpaid,
  PAYOUT_NAME_MAX,
  singlePayoutName,
} from './payout';
import { PAYOUT_MESSAGES } from './payout-messages';
import { customCommissionProblem, payoutTotal, planPayout, type PayoutLine } from './payout-plan';

const GST = percent('5');
const line = (
  over: Partial<PayoutLine> & Pick<PayoutLine, 'id' | 'agent_id' | 'percentage' | 'amount'>,
): PayoutLine => ({
  paid_amount: 0n as Cents,
  has_gst: false,
  ...over,
});

describe('availableAmount', () => {
  it.each([
    // gross, paid, net, reconciled, available
    ['1000.00', '0.00', '1000.00', false, '1000.00'],
    ['1000.00', '0.00', '600.00', false, '600.00'], // a partial payment received
    ['1000.00', '0.00', '1200.00', false, '1000.00'], // more received than the gross: up to gross
    ['1000.00', '400.00', '600.00', false, '200.00'],
    ['1000.00', '0.00', '-50.00', false, '0.00'], // a net debit gives nothing
    ['1000.00', '400.00', '1000.00', true, '600.00'], // reconciled: the whole gross (gross = net)
    // Reconciled, then the payment taken back: never more than was received (invariant 2), so overpaid.
    ['1000.00', '400.00', '0.00', true, '-400.00'],
    ['1000.00', '0.00', '-50.00', true, '0.00'], // nothing received is nothing to pay, not a debt
    ['-300.00', '0.00', '-300.00', false, '-300.00'], // a refund: clawback of what was debited
    ['-300.00', '-100.00', '-300.00', false, '-200.00'],
    ['-300.00', '0.00', '-500.00', false, '-300.00'],
  ] as const)('gross %s paid %s net %s reconciled %s → %s', (g, p, n, r, want) => {
    expect(availableAmount({ gross: m(g), paid: m(p), net: m(n), reconciled: r })).toBe(m(want));
  });
});

describe('payoutAmountProblem', () => {
  it('uses the spec messages', () => {
    expect(payoutAmountProblem(m('0.00'), m('100.00'), m('100.00'))).toBe('Payout amount must be greater than zero');
    expect(payoutAmountProblem(m('-1.00'), m('100.00'), m('100.00'))).toBe('Payout amount must be greater than zero');
    expect(payoutAmountProblem(m('100.01'), m('100.00'), m('100.00'))).toBe(
      'Payout amount cannot exceed the maximum available amount (100.00)',
    );
    expect(payoutAmountProblem(m('100.00'), m('100.00'), m('100.00'))).toBeNull();
    expect(payoutAmountProblem(m('5.00'), m('-100.00'), m('-100.00'))).toBe(PAYOUT_MESSAGES.refundNotNegative);
    expect(payoutAmountProblem(m('-100.01'), m('-100.00'), m('-100.00'))).toBe(
      'Payout amount cannot exceed the maximum available amount (-100.00)',
    );
    expect(payoutAmountProblem(m('-40.00'), m('-100.00'), m('-100.00'))).toBeNull();
  });
});

describe('planPayout', () => {
  // Noah (sub-agent, split 40%) books through Olivia (GST-registered) at her 70%: gross 1,000.00.
  const lines = [
    line({ id: 1, agent_id: 2, percentage: percent('28'), amount: m('280.00') }),
    line({ id: 2, agent_id: 1, percentage: percent('42'), amount: m('420.00'), has_gst: true }),
  ];

  it('pays a full payout exactly the lines, with GST on top for has_gst agents', () => {
    const items = planPayout({ gross: m('1000.00'), paidBefore: m('0.00'), amount: m('1000.00'), lines, gstRate: GST });
    expect(items.map((i) => [i.agent_id, i.commission, i.gst, i.total])).toEqual([
      [2, m('280.00'), m('0.00'), m('280.00')],
      [1, m('420.00'), m('21.00'), m('441.00')],
    ]);
    expect(payoutTotal(items)).toBe(m('721.00'));
    expect(items.every((i) => i.gross_portion === m('1000.00'))).toBe(true);
  });

  it('pays partial payouts in proportion and squares every line on the last one', () => {
    const g = m('333.33');
    const l = [line({ id: 7, agent_id: 9, percentage: percent('12.5'), amount: m('41.67'), has_gst: true })];
    const first = planPayout({ gross: g, paidBefore: m('0.00'), amount: m('100.00'), lines: l, gstRate: GST });
    expect(first[0]).toMatchObject({ commission: m('12.50'), gst: m('0.63') }); // 41.67 × 100/333.33 = 12.5009
    const second = planPayout({
      gross: g,
      paidBefore: m('100.00'),
      amount: m('233.33'),
      lines: [{ ...l[0]!, paid_amount: m('12.50') }],
      gstRate: GST,
    });
    expect(second[0]).toMatchObject({ commission: m('29.17'), gst: m('1.45') });
    // 12.50 + 29.17 = 41.67 = the line; GST 0.63 + 1.45 = 2.08 = round2(41.67 × 5%).
    expect(statusAfterPayout(g, m('100.00'))).toBe('partial');
    expect(statusAfterPayout(g, m('333.33'))).toBe('completed');
  });

  it('claws back a refund booking as negative items', () => {
    const refund = [line({ id: 3, agent_id: 4, percentage: percent('50'), amount: m('-150.00'), has_gst: true })];
    const items = planPayout({
      gross: m('-300.00'),
      paidBefore: m('0.00'),
      amount: m('-300.00'),
      lines: refund,
      gstRate: GST,
    });
    expect(items[0]).toMatchObject({ commission: m('-150.00'), gst: m('-7.50'), total: m('-157.50') });
  });

  it('applies a custom commission to this payout only', () => {
    const custom = new Map([
      [1, percent('30')],
      [2, percent('45')],
    ]);
    const items = planPayout({
      gross: m('1000.00'),
      paidBefore: m('0.00'),
      amount: m('1000.00'),
      lines,
      gstRate: GST,
      custom,
    });
    expect(items.map((i) => [i.percentage, i.commission, i.gst])).toEqual([
      [percent('30'), m('300.00'), m('0.00')],
      [percent('45'), m('450.00'), m('22.50')],
    ]);
  });
});

describe('customCommissionProblem', () => {
  it('wants agents ≤ 100 and agents + company = 100 exactly', () => {
    const ids = [1, 2];
    const c = (a: string, b: string) =>
      new Map([
        [1, percent(a)],
        [2, percent(b)],
      ]);
    expect(customCommissionProblem('AC-1', ids, c('30', '45'), percent('25'))).toBeNull();
    expect(customCommissionProblem('AC-1', ids, c('60', '45'), percent('0'))).toBe(
      'Agent commission percentages for booking AC-1 exceed 100% (total: 105%)',
    );
    expect(customCommissionProblem('AC-1', ids, c('30', '45'), percent('25.01'))).toBe(
      'Agent and company percentages for booking AC-1 must total 100% (total: 100.01%)',
    );
    expect(customCommissionProblem('AC-1', ids, c('30', '45'), percent('24.99'))).toBe(
      'Agent and company percentages for booking AC-1 must total 100% (total: 99.99%)',
    );
    expect(customCommissionProblem('AC-1', [1], c('30', '45'), percent('25'))).toBe(
      'A custom commission for booking AC-1 names a commission line it does not have.',
    );
  });
});

describe('payoutBlockReason and payoutRefusal', () => {
  const ok = {
    booking_status: 'confirmed',
    gross: m('100.00'),
    match_status: 'match',
    has_completed_credit: true,
    has_completed_debit: false,
  } as const;

  it('allows a matched booking with a completed credit, and a partial one', () => {
    expect(payoutBlockReason(ok)).toBeNull();
    expect(payoutBlockReason({ ...ok, booking_status: 'partial', match_status: 'partial' })).toBeNull();
  });

  it.each([
    [{ booking_status: 'cancelled' }, 'A cancelled booking cannot be paid out.'],
    [{ booking_status: 'completed' }, 'A completed booking cannot be paid out.'],
    [{ match_status: 'mismatch' }, 'The booking cannot be paid out while its transaction status is mismatch.'],
    [
      { match_status: 'no_transaction' },
      'The booking cannot be paid out while its transaction status is no transaction.',
    ],
    [
      { match_status: 'multiple_transactions' },
      'The booking cannot be paid out while its transaction status is multiple transactions.',
    ],
    [{ has_completed_credit: false }, PAYOUT_MESSAGES.noCredit],
    [{ gross: -10000n as Cents }, PAYOUT_MESSAGES.noDebit],
  ] as const)('blocks %o', (over, message) => {
    expect(payoutBlockReason({ ...ok, ...over })).toBe(message);
  });

  it('a refund needs a matched completed debit', () => {
    expect(
      payoutBlockReason({ ...ok, gross: m('-100.00'), has_completed_credit: false, has_completed_debit: true }),
    ).toBeNull();
  });

  const pay = { ...ok, amount: m('100.00'), available: m('100.00'), agents_without_accounts: 0 };
  it('refuses in order: cancelled, completed as the amount, transactions, amount, accounts', () => {
    expect(payoutRefusal(pay)).toBeNull();
    expect(payoutRefusal({ ...pay, booking_status: 'cancelled', agents_without_accounts: 1 })).toBe(
      'A cancelled booking cannot be paid out.',
    );
    expect(payoutRefusal({ ...pay, booking_status: 'completed', available: m('0.00') })).toBe(
      'Payout amount cannot exceed the maximum available amount (0.00)',
    );
    expect(payoutRefusal({ ...pay, match_status: 'mismatch', amount: m('0.00') })).toBe(
      'The booking cannot be paid out while its transaction status is mismatch.',
    );
    expect(payoutRefusal({ ...pay, amount: m('0.00'), agents_without_accounts: 1 })).toBe(
      'Payout amount must be greater than zero',
    );
    expect(payoutRefusal({ ...pay, agents_without_accounts: 2 })).toBe(
      "Cannot process payout: Some agents don't have accounts",
    );
  });
});

describe('payoutBlockReasonAfterReconcile (Bulk payouts: reconcile and pay in one step)', () => {
  // The supplier paid 950.00 of 1,000.00 and marked nothing partial: mismatch, needs reconciliation.
  const short = {
    booking_status: 'confirmed',
    gross: m('1000.00'),
    match_status: 'mismatch',
    has_completed_credit: true,
    has_completed_debit: false,
    matched_count: 1,
    net: m('950.00'),
    paid: m('0.00'),
    paid_on_reference_by_others: m('0.00'),
  } as const;

  it('a mismatch is payable once reconciled, though not before', () => {
    expect(payoutBlockReason(short)).toBe('The booking cannot be paid out while its transaction status is mismatch.');
    expect(payoutBlockReasonAfterReconcile(short)).toBeNull();
    // Paid more than booked, and a reconciled booking whose payment changed since: the same.
    expect(payoutBlockReasonAfterReconcile({ ...short, net: m('1050.00') })).toBeNull();
    expect(payoutBlockReasonAfterReconcile({ ...short, paid: m('400.00'), booking_status: 'partial' })).toBeNull();
    // A refund the supplier took back only in part.
    expect(
      payoutBlockReasonAfterReconcile({
        ...short,
        gross: m('-200.00'),
        net: m('-150.00'),
        has_completed_credit: false,
        has_completed_debit: true,
      }),
    ).toBeNull();
  });

  it.each([
    [{ booking_status: 'completed' }, 'A completed booking cannot be reconciled.'],
    [{ booking_status: 'cancelled' }, 'A cancelled booking cannot be reconciled.'],
    [{ matched_count: 0, net: m('0.00') }, PAYOUT_MESSAGES.nothingToReconcile],
    [{ paid: m('960.00'), booking_status: 'partial' }, PAYOUT_MESSAGES.reconcileBelowPaid(m('960.00'))],
    // Reconciling would leave exactly what was paid: nothing to pay.
    [{ paid: m('950.00'), booking_status: 'partial' }, PAYOUT_MESSAGES.nothingAvailable],
    // A net debit would turn the booking into a refund: not a way to pay it.
    [{ net: m('-50.00') }, PAYOUT_MESSAGES.nothingAvailable],
    // Several transactions not all partial stay multiple transactions after a reconcile.
    [
      { match_status: 'multiple_transactions', matched_count: 2 },
      'The booking cannot be paid out while its transaction status is multiple transactions.',
    ],
    [{ duplicate_booking_ids: [12] }, PAYOUT_MESSAGES.duplicateReference([12])],
    // Another booking of the reference was paid all 950.00 received on it: nothing is left.
    [{ paid_on_reference_by_others: m('950.00') }, PAYOUT_MESSAGES.nothingAvailable],
  ] as const)('refuses %o', (over, message) => {
    expect(payoutBlockReasonAfterReconcile({ ...short, ...over })).toBe(message);
  });
});

describe('payoutOutcome', () => {
  it.each([
    // gross, paid before, amount → paid, remaining, status, is_partial
    ['1265.00', '0.00', '265.00', '265.00', '1000.00', 'partial', true],
    ['1265.00', '0.00', '1265.00', '1265.00', '0.00', 'completed', false],
    ['1265.00', '1000.00', '265.00', '1265.00', '0.00', 'completed', false],
    ['-150.00', '0.00', '-150.00', '-150.00', '0.00', 'completed', false],
    ['-150.00', '0.00', '-50.00', '-50.00', '-100.00', 'partial', true],
    // A clawback of everything paid: nothing paid, the whole gross remains.
    ['100.00', '100.00', '-100.00', '0.00', '100.00', 'confirmed', true],
  ] as const)('%s paid %s, then %s', (gross, before, amount, paid, remaining, status, partial) => {
    expect(payoutOutcome(m(gross), m(before), m(amount))).toEqual({
      paid: m(paid),
      remaining: m(remaining),
      status,
      is_partial: partial,
    });
  });
});

describe('lineStatusAfterPayout', () => {
  it('is paid once the whole amount is paid; a zero line only when the booking completes', () => {
    expect(lineStatusAfterPayout({ amount: m('10.00'), status: 'confirmed' }, m('9.99'), 'partial')).toBe('confirmed');
    expect(lineStatusAfterPayout({ amount: m('10.00'), status: 'confirmed' }, m('10.00'), 'partial')).toBe('paid');
    expect(lineStatusAfterPayout({ amount: m('-10.00'), status: 'pending' }, m('-10.00'), 'completed')).toBe('paid');
    expect(lineStatusAfterPayout({ amount: m('0.00'), status: 'pending' }, m('0.00'), 'partial')).toBe('pending');
    expect(lineStatusAfterPayout({ amount: m('0.00'), status: 'pending' }, m('0.00'), 'completed')).toBe('paid');
  });
});

describe('reconcileProblem', () => {
  const ok = { booking_status: 'confirmed', matched_count: 1, net: m('90.00'), paid: m('0.00'), expectedNet: null };
  it('allows a booking with matched transactions', () => {
    expect(reconcileProblem(ok)).toBeNull();
    expect(
      reconcileProblem({ ...ok, expectedNet: m('90.00'), paid: m('90.00'), booking_status: 'partial' }),
    ).toBeNull();
    expect(reconcileProblem({ ...ok, net: m('-50.00'), paid: m('-50.00') })).toBeNull();
  });
  it.each([
    ['completed', { booking_status: 'completed' }, 'A completed booking cannot be reconciled.'],
    ['cancelled', { booking_status: 'cancelled' }, 'A cancelled booking cannot be reconciled.'],
    ['nothing matched', { matched_count: 0 }, PAYOUT_MESSAGES.nothingToReconcile],
    ['a changed net', { expectedNet: m('89.99') }, 'The received amount changed since the search; search again.'],
    [
      'below what was paid',
      { paid: m('90.01') },
      'The received amount cannot be reconciled: 90.01 of the booking was already paid out.',
    ],
    [
      'a refund above what was clawed back',
      { net: m('-10.00'), paid: m('-20.00') },
      'The received amount cannot be reconciled: -20.00 of the booking was already paid out.',
    ],
  ] as const)('refuses %s', (_name, over, message) => {
    expect(reconcileProblem({ ...ok, ...over })).toBe(message);
  });
});

describe('money invariants in the payout rules', () => {
  it('caps what a booking can draw at the net received less what others of its reference were paid (2)', () => {
    const base = { gross: m('77.00'), paid: m('0.00'), net: m('77.00'), reconciled: false };
    expect(availableAmount(base)).toBe(m('77.00'));
    expect(availableAmount({ ...base, paidOnReferenceByOthers: m('77.00') })).toBe(m('0.00'));
    expect(availableAmount({ ...base, paidOnReferenceByOthers: m('27.00') })).toBe(m('50.00'));
    expect(availableAmount({ ...base, reconciled: true, paidOnReferenceByOthers: m('27.00') })).toBe(m('50.00'));
    const refund = { gross: m('-150.00'), paid: m('0.00'), net: m('-150.00'), reconciled: false };
    expect(availableAmount({ ...refund, paidOnReferenceByOthers: m('-100.00') })).toBe(m('-50.00'));
  });

  it('refuses a booking with a live duplicate reference, naming it (2)', () => {
    const e = {
      booking_status: 'confirmed',
      gross: m('77.00'),
      match_status: 'match' as const,
      has_completed_credit: true,
      has_completed_debit: false,
    };
    expect(payoutBlockReason(e)).toBeNull();
    expect(payoutBlockReason({ ...e, duplicate_booking_ids: [12] })).toBe(
      "Booking #12 of this supplier has the same reference: the supplier's money can fund only one booking. Cancel or edit one of them before paying out.",
    );
    expect(payoutBlockReason({ ...e, duplicate_booking_ids: [12, 14] })).toMatch(
      /^Bookings #12, #14 of this supplier have/,
    );
  });

  it('marks every line paid once the booking is completed, also one a custom split paid differently (3)', () => {
    expect(lineStatusAfterPayout({ amount: m('336.00'), status: 'confirmed' }, m('392.00'), 'completed')).toBe('paid');
    expect(lineStatusAfterPayout({ amount: m('336.00'), status: 'confirmed' }, m('300.00'), 'partial')).toBe(
      'confirmed',
    );
  });

  it('completes a booking that a reconcile leaves with nothing remaining (1)', () => {
    expect(statusAfterReconcile('partial', m('700.00'), m('700.00'))).toBe('completed');
    expect(statusAfterReconcile('partial', m('900.00'), m('700.00'))).toBe('partial');
    expect(statusAfterReconcile('confirmed', m('900.00'), m('0.00'))).toBe('confirmed');
  });

  it('dates a payout on or before today (6)', () => {
    expect(payoutDateProblem('2026-11-26', '2026-11-26')).toBeNull();
    expect(payoutDateProblem('2026-01-01', '2026-11-26')).toBeNull();
    expect(payoutDateProblem('2030-01-01', '2026-11-26')).toBe('The payout date cannot be after today (2026-11-26).');
  });
});

describe('an overpaid booking (its funding went back to the supplier): clawback only (invariant 2)', () => {
  const e = {
    booking_status: 'completed',
    gross: m('200.00'),
    match_status: 'no_transaction' as const,
    has_completed_credit: false,
    has_completed_debit: false,
    available: m('-200.00'),
    agents_without_accounts: 0,
  };
  it('claws back between the available amount and 0, whatever the transactions say', () => {
    expect(isOverpaid(m('200.00'), m('-200.00'))).toBe(true);
    expect(isOverpaid(m('-150.00'), m('20.00'))).toBe(true);
    expect(isOverpaid(m('200.00'), m('0.00'))).toBe(false);
    expect(payoutRefusal({ ...e, amount: m('-200.00') })).toBeNull();
    expect(payoutRefusal({ ...e, amount: m('-200.01') })).toBe(PAYOUT_MESSAGES.clawbackOnly(m('-200.00')));
    expect(payoutRefusal({ ...e, amount: m('10.00') })).toBe(PAYOUT_MESSAGES.clawbackOnly(m('-200.00')));
    expect(payoutRefusal({ ...e, booking_status: 'cancelled', amount: m('-200.00') })).toBe(
      PAYOUT_MESSAGES.notPayable('cancelled'),
    );
  });
  it('reopens the booking and its lines: confirmed when nothing stays paid, partial otherwise', () => {
    expect(statusAfterPayout(m('200.00'), m('0.00'))).toBe('confirmed');
    expect(statusAfterPayout(m('200.00'), m('50.00'))).toBe('partial');
    expect(lineStatusAfterPayout({ amount: m('25.00'), status: 'paid' }, m('0.00'), 'confirmed')).toBe('confirmed');
  });
});

describe('singlePayoutName', () => {
  it('names the booking, the agent and the date', () => {
    expect(singlePayoutName('AC-777001', 'Olivia Tremblay', '2025-11-26', 0)).toBe(
      'Payout AC-777001 · Olivia Tremblay · 2025-11-26',
    );
  });

  it('tells apart any two payouts: another agent, another day, or the next payment of the booking', () => {
    const names = [
      singlePayoutName('AC-777001', 'Olivia Tremblay', '2025-11-26', 0),
      singlePayoutName('AC-777001', 'Noah Gagnon', '2025-11-26', 0),
      singlePayoutName('AC-777001', 'Olivia Tremblay', '2025-11-25', 0),
      singlePayoutName('AC-777001', 'Olivia Tremblay', '2025-11-26', 1),
      singlePayoutName('AC-777001', 'Olivia Tremblay', '2025-11-26', 2),
    ];
    expect(new Set(names).size).toBe(names.length);
    expect(names[3]).toBe('Payout AC-777001 · Olivia Tremblay · 2025-11-26 · payment 2');
  });

  it('shortens a long agent name so the name fits the record, keeping the reference, date and payment', () => {
    const reference = 'R'.repeat(64);
    const name = singlePayoutName(reference, `${'É'.repeat(254)}😀`, '2025-11-26', 11);
    expect([...name].length).toBe(PAYOUT_NAME_MAX);
    expect(name.startsWith(`Payout ${reference} · ÉÉÉ`)).toBe(true);
    expect(name.endsWith('É… · 2025-11-26 · payment 12')).toBe(true);
    const fits = 'A'.repeat(PAYOUT_NAME_MAX - [...`Payout ${reference} ·  · 2025-11-26`].length);
    expect(singlePayoutName(reference, fits, '2025-11-26', 0)).toBe(`Payout ${reference} · ${fits} · 2025-11-26`);
  });
});
