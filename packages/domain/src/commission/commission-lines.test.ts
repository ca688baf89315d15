import { describe, expect, it } from 'vitest';
import { cents, moneyToString, parseMoney, sumMoney, type Cents } from '../money/money';
import { percent, percentToString } from '../money/percent';
import {
  computeCommissionLines,
  DEFAULT_GST_RATE,
  expectedCommission,
  subAgentCommission,
  type CommissionBookingStatus,
  type CommissionLinesInput,
  type ComputedCommissionLine,
} from './commission-lines';
import { resolveBookingRate, type BookingRate } from './resolve-rate';

const m = (s: string): Cents => {
  const r = parseMoney(s);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const GST = percent('5');
const PARENT = 7;
const SUB = 8;
const BOOKER = 3;

const direct = (r: string): BookingRate =>
  resolveBookingRate({ direct: { percent: percent(r), source: 'agent_rule' } });
const viaParent = (r: string, s: string): BookingRate =>
  resolveBookingRate({
    direct: { percent: percent('0'), source: 'none' },
    link: {
      parent_agent_id: PARENT,
      split_percentage: percent(s),
      supplier_in_link: true,
      parentRate: { percent: percent(r), source: 'tier_rule' },
    },
  });

const base = (over: Partial<CommissionLinesInput>): CommissionLinesInput => ({
  gross: m('100.00'),
  rate: direct('70'),
  primaryAgentId: BOOKER,
  gstRate: GST,
  agentsWithGst: new Set<number>(),
  bookingStatus: 'pending',
  ...over,
});

/** Lines as plain strings for readable tables. */
const show = (lines: ComputedCommissionLine[]) =>
  lines.map((l) => ({
    agent_id: l.agent_id,
    percentage: percentToString(l.percentage),
    amount: moneyToString(l.amount),
    gst_amount: moneyToString(l.gst_amount),
    total_with_gst: moneyToString(l.total_with_gst),
    status: l.status,
  }));

it('the default GST rate is 5%', () => {
  expect(percentToString(DEFAULT_GST_RATE)).toBe('5.00');
});

describe('expectedCommission = round2(gross × r / 100)', () => {
  it.each<[string, string, string]>([
    ['333.33', '12.5', '41.67'],
    ['-333.33', '12.5', '-41.67'],
    ['100.00', '70', '70.00'],
    ['0.10', '25', '0.03'],
    ['-0.10', '25', '-0.03'],
    ['1234.56', '0', '0.00'],
  ])('%s at %s%% = %s', (gross, r, expected) => {
    expect(moneyToString(expectedCommission(m(gross), percent(r)))).toBe(expected);
  });
});

describe('subAgentCommission = round2(gross × r × s / 10000), one rounding', () => {
  it.each<[string, string, string, string]>([
    ['800.00', '75', '40', '240.00'], // Noah: 40% of Olivia's 75% side (600.00)
    ['333.33', '70', '60', '140.00'],
    ['0.06', '75', '50', '0.02'], // 0.0225 → 0.02: one rounding, not 50% of the rounded side 0.05 (0.03)
    ['-333.33', '70', '60', '-140.00'],
  ])('%s at %s%%, split %s%% = %s', (gross, r, split, share) => {
    expect(moneyToString(subAgentCommission(m(gross), percent(r), percent(split)))).toBe(share);
  });

  it("is the sub-agent's line of the booking", () => {
    const lines = computeCommissionLines(
      base({ gross: m('1234.57'), rate: viaParent('75', '40'), primaryAgentId: PARENT, subAgentId: SUB }),
    );
    expect(lines.find((l) => l.agent_id === SUB)?.amount).toBe(
      subAgentCommission(m('1234.57'), percent('75'), percent('40')),
    );
  });
});

describe('computeCommissionLines: who gets what', () => {
  it.each<[string, Partial<CommissionLinesInput>, ReturnType<typeof show>]>([
    [
      'direct booking: one line for the booker at r',
      { gross: m('333.33'), rate: direct('12.5') },
      [
        {
          agent_id: BOOKER,
          percentage: '12.50',
          amount: '41.67',
          gst_amount: '0.00',
          total_with_gst: '41.67',
          status: 'pending',
        },
      ],
    ],
    [
      'sub-agent booking: 100.00 at 70% with 60% split → sub-agent 42.00, parent 28.00',
      { rate: viaParent('70', '60'), primaryAgentId: PARENT, subAgentId: SUB },
      [
        {
          agent_id: SUB,
          percentage: '42.00',
          amount: '42.00',
          gst_amount: '0.00',
          total_with_gst: '42.00',
          status: 'pending',
        },
        {
          agent_id: PARENT,
          percentage: '28.00',
          amount: '28.00',
          gst_amount: '0.00',
          total_with_gst: '28.00',
          status: 'pending',
        },
      ],
    ],
    [
      'refund: -100.00 gives exactly the negatives',
      { gross: m('-100.00'), rate: viaParent('70', '60'), primaryAgentId: PARENT, subAgentId: SUB },
      [
        {
          agent_id: SUB,
          percentage: '42.00',
          amount: '-42.00',
          gst_amount: '0.00',
          total_with_gst: '-42.00',
          status: 'pending',
        },
        {
          agent_id: PARENT,
          percentage: '28.00',
          amount: '-28.00',
          gst_amount: '0.00',
          total_with_gst: '-28.00',
          status: 'pending',
        },
      ],
    ],
    [
      'sub-agent amount rounded once, parent takes the rest of the rounded agent side',
      // expected 333.33 × 12.5% = 41.66625 → 41.67; sub 333.33 × 12.5% × 33.33% = 13.887... → 13.89; parent 27.78
      { gross: m('333.33'), rate: viaParent('12.5', '33.33'), primaryAgentId: PARENT, subAgentId: SUB },
      [
        {
          agent_id: SUB,
          percentage: '4.1663',
          amount: '13.89',
          gst_amount: '0.00',
          total_with_gst: '13.89',
          status: 'pending',
        },
        {
          agent_id: PARENT,
          percentage: '8.3337',
          amount: '27.78',
          gst_amount: '0.00',
          total_with_gst: '27.78',
          status: 'pending',
        },
      ],
    ],
    [
      'GST 5% on top only for has_gst agents',
      {
        gross: m('333.33'),
        rate: viaParent('12.5', '60'),
        primaryAgentId: PARENT,
        subAgentId: SUB,
        agentsWithGst: new Set([PARENT]),
      },
      [
        {
          agent_id: SUB,
          percentage: '7.50',
          amount: '25.00',
          gst_amount: '0.00',
          total_with_gst: '25.00',
          status: 'pending',
        },
        // 16.67 × 5% = 0.8335 → 0.83
        {
          agent_id: PARENT,
          percentage: '5.00',
          amount: '16.67',
          gst_amount: '0.83',
          total_with_gst: '17.50',
          status: 'pending',
        },
      ],
    ],
    [
      'GST rounds half away from zero, negative for refunds',
      { gross: m('-0.90'), rate: direct('100'), agentsWithGst: new Set([BOOKER]) },
      // -0.90 × 5% = -0.045 → -0.05
      [
        {
          agent_id: BOOKER,
          percentage: '100.00',
          amount: '-0.90',
          gst_amount: '-0.05',
          total_with_gst: '-0.95',
          status: 'pending',
        },
      ],
    ],
    ['rate 0: nobody earns, no line', { rate: direct('0') }, []],
    [
      'split 100%: the parent earns nothing and has no line',
      { rate: viaParent('70', '100'), primaryAgentId: PARENT, subAgentId: SUB },
      [
        {
          agent_id: SUB,
          percentage: '70.00',
          amount: '70.00',
          gst_amount: '0.00',
          total_with_gst: '70.00',
          status: 'pending',
        },
      ],
    ],
    [
      'split 0%: the sub-agent earns nothing and has no line',
      { rate: viaParent('70', '0'), primaryAgentId: PARENT, subAgentId: SUB },
      [
        {
          agent_id: PARENT,
          percentage: '70.00',
          amount: '70.00',
          gst_amount: '0.00',
          total_with_gst: '70.00',
          status: 'pending',
        },
      ],
    ],
    [
      'gross 0: the agent keeps a 0 line (it has a share)',
      { gross: m('0') },
      [
        {
          agent_id: BOOKER,
          percentage: '70.00',
          amount: '0.00',
          gst_amount: '0.00',
          total_with_gst: '0.00',
          status: 'pending',
        },
      ],
    ],
  ])('%s', (_name, over, expected) => {
    const input = base(over);
    const lines = computeCommissionLines(input);
    expect(show(lines)).toEqual(expected);
    if (lines.length > 0)
      expect(sumMoney(lines.map((l) => l.amount))).toBe(
        expectedCommission(input.gross, input.rate.commission_percentage),
      );
  });
});

describe('computeCommissionLines: status follows the booking', () => {
  it.each<[CommissionBookingStatus, string]>([
    ['pending', 'pending'],
    ['confirmed', 'confirmed'],
    ['cancelled', 'cancelled'],
    ['partial', 'confirmed'],
    // DOMAIN.md "Money invariants" 3: every line of a completed booking is paid.
    ['completed', 'paid'],
  ])('booking %s → line %s', (bookingStatus, status) => {
    expect(computeCommissionLines(base({ bookingStatus }))[0]?.status).toBe(status);
  });

  it.each<CommissionBookingStatus>(['pending', 'confirmed', 'partial', 'completed', 'cancelled'])(
    'a line whose whole amount is paid is paid (booking %s)',
    (bookingStatus) => {
      const [line] = computeCommissionLines(base({ bookingStatus, paid: new Map([[BOOKER, m('70.00')]]) }));
      expect(line).toMatchObject({ status: 'paid', paid_amount: 7000n, amount: 7000n, held_at_paid: false });
    },
  );

  it('a partly paid line follows the booking', () => {
    const [line] = computeCommissionLines(base({ bookingStatus: 'partial', paid: new Map([[BOOKER, m('35.00')]]) }));
    expect(line).toMatchObject({ status: 'confirmed', paid_amount: 3500n, amount: 7000n });
  });

  it('a fully paid refund line is paid', () => {
    const [line] = computeCommissionLines(base({ gross: m('-100.00'), paid: new Map([[BOOKER, m('-70.00')]]) }));
    expect(line).toMatchObject({ status: 'paid', amount: -7000n });
  });
});

describe('computeCommissionLines: paid money is never rewritten', () => {
  it('a lower rate after payment keeps the line at what is paid', () => {
    const [line] = computeCommissionLines(
      base({ rate: direct('50'), paid: new Map([[BOOKER, m('70.00')]]), agentsWithGst: new Set([BOOKER]) }),
    );
    expect(line).toMatchObject({
      amount: 7000n,
      paid_amount: 7000n,
      gst_amount: 350n,
      status: 'paid',
      held_at_paid: true,
    });
  });

  it('a higher rate after payment raises the line above what is paid', () => {
    const [line] = computeCommissionLines(base({ rate: direct('80'), paid: new Map([[BOOKER, m('70.00')]]) }));
    expect(line).toMatchObject({ amount: 8000n, paid_amount: 7000n, status: 'pending', held_at_paid: false });
  });

  it('refunds: a paid clawback is never shrunk either', () => {
    const [line] = computeCommissionLines(base({ gross: m('-50.00'), paid: new Map([[BOOKER, m('-70.00')]]) }));
    expect(line).toMatchObject({ amount: -7000n, held_at_paid: true, status: 'paid' });
  });

  it('an agent who was paid but no longer earns keeps a line at percentage 0', () => {
    const lines = computeCommissionLines(
      base({
        primaryAgentId: 4,
        paid: new Map([
          [BOOKER, m('10.00')],
          [9, cents(0)],
        ]),
      }),
    );
    expect(show(lines)).toEqual([
      {
        agent_id: 4,
        percentage: '70.00',
        amount: '70.00',
        gst_amount: '0.00',
        total_with_gst: '70.00',
        status: 'pending',
      },
      {
        agent_id: BOOKER,
        percentage: '0.00',
        amount: '10.00',
        gst_amount: '0.00',
        total_with_gst: '10.00',
        status: 'paid',
      },
    ]);
    expect(lines[1]?.held_at_paid).toBe(true);
  });

  it('a sub-agent paid in full keeps it when the split drops; the parent gets the rest of the rounded side', () => {
    const lines = computeCommissionLines(
      base({
        rate: viaParent('70', '50'),
        primaryAgentId: PARENT,
        subAgentId: SUB,
        paid: new Map([[SUB, m('42.00')]]),
      }),
    );
    expect(show(lines).map((l) => [l.agent_id, l.amount, l.status])).toEqual([
      [SUB, '42.00', 'paid'],
      [PARENT, '35.00', 'pending'],
    ]);
  });
});

describe('computeCommissionLines: inconsistent input is a programming error', () => {
  it('a sub-agent booking needs the sub-agent id', () => {
    expect(() => computeCommissionLines(base({ rate: viaParent('70', '60'), primaryAgentId: PARENT }))).toThrow(
      RangeError,
    );
  });
  it('a sub-agent booking is registered under the parent', () => {
    expect(() =>
      computeCommissionLines(base({ rate: viaParent('70', '60'), primaryAgentId: 1, subAgentId: SUB })),
    ).toThrow(RangeError);
  });
  it('a direct booking has no sub-agent', () => {
    expect(() => computeCommissionLines(base({ subAgentId: SUB }))).toThrow(RangeError);
  });
  it('an agent cannot be its own sub-agent', () => {
    expect(() =>
      computeCommissionLines(base({ rate: viaParent('70', '60'), primaryAgentId: PARENT, subAgentId: PARENT })),
    ).toThrow(RangeError);
  });
});
