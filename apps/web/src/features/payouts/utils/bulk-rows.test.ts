import {
  bulkPayoutSearchResponseSchema,
  parseMoney,
  percent,
  planPayout,
  totalsByCurrency,
  type Cents,
} from '@app/domain';
import { describe, expect, it } from 'vitest';
import { line, partialRow, reconcileRow, searchAnswer, searchBooking, splitRow } from '../payouts.testing';
import { EMPTY_FILTERS, readFilters, searchBody, setReconciledFilter } from './bulk-filters';
import { groupByAgent, pageOfGroups } from './bulk-groups';
import { amountLimits, checkCustom, initialRow, normalisedAmount, selectRow, setReconcile } from './bulk-row';
import { payoutDateFieldProblem, submitProblem } from './bulk-submit';
import { grossDrops, plannedItems, selectionSummary } from './bulk-summary';

/** The fixtures as the client holds them (after the answer schema). */
const parsed = (...bookings: ReturnType<typeof searchBooking>[]) =>
  bulkPayoutSearchResponseSchema.parse(searchAnswer(bookings)).bookings;

describe('filters', () => {
  it('reads the address and keeps the two reconciled flags exclusive when ticked', () => {
    const f = readFilters(new URLSearchParams('supplier_id=2&is_reconciled=1&exclude_reconciled=true'));
    expect(f).toMatchObject({ supplier_id: '2', is_reconciled: true, exclude_reconciled: true });
    expect(setReconciledFilter(f, 'is_reconciled', true)).toMatchObject({
      is_reconciled: true,
      exclude_reconciled: false,
    });
    expect(setReconciledFilter(f, 'exclude_reconciled', false)).toMatchObject({
      is_reconciled: true,
      exclude_reconciled: false,
    });
  });

  it('sends true or null for the reconciled flags and null for blank filters', () => {
    expect(searchBody(EMPTY_FILTERS, 'reconcile')).toEqual({
      supplier_id: null,
      date_from: null,
      date_to: null,
      personal: false,
      is_reconciled: null,
      exclude_reconciled: null,
      payout_id: null,
      mode: 'reconcile',
    });
  });
});

describe('amounts', () => {
  it('after a reconcile, pays up to the received amount less what was already paid', () => {
    const [b] = parsed(
      searchBooking(1, { booking_amount: 200, paid_amount: 50, available_amount: 150, transaction_amount: 230 }),
    );
    expect(amountLimits(b!, false)).toEqual({ gross: 20000n, max: 15000n });
    expect(amountLimits(b!, true)).toEqual({ gross: 23000n, max: 18000n });
    const row = selectRow(b!, { ...initialRow(b!), reconcile: true }, true);
    expect(row.amount).toBe('180.00');
    expect(normalisedAmount(b!, { ...row, amount: '180.01' })).toBe('180.00');
    expect(normalisedAmount(b!, { ...row, amount: '12.3' })).toBe('12.30');
    expect(normalisedAmount(b!, { ...row, amount: 'abc' })).toBe('180.00');
  });

  it('starts a reconciled booking at its booking amount, kept within what is available', () => {
    const [b] = parsed(
      searchBooking(1, { is_reconciled: true, booking_amount: 100, paid_amount: 40, available_amount: 60 }),
    );
    expect(initialRow(b!)).toMatchObject({ amount: '60.00', custom: true });
  });
});

describe('custom commission', () => {
  const [b] = parsed(
    searchBooking(1, { actual_commissions: [line(10, 11, 'Olivia', 42, 42), line(11, 12, 'Noah', 4.1667, 4.17)] }),
  );

  it('refuses more than 2 decimals (step 0.01), as the server does', () => {
    const check = checkCustom(b!, initialRow(b!));
    expect(check.fieldErrors[11]).toBe('The percentage must be a number with at most 2 decimals.');
    expect(check.problem).toBe('SW0000001: The percentage must be a number with at most 2 decimals.');
  });

  it('gives the company 100 − agents, and the domain message above 100', () => {
    const ok = checkCustom(b!, { ...initialRow(b!), percents: { 10: '42', 11: '4.17' } });
    expect(ok).toMatchObject({ company: percent('53.83'), total: percent(100), problem: null });
    const over = checkCustom(b!, { ...initialRow(b!), percents: { 10: '99.5', 11: '1' } });
    expect(over.company).toBe(0n);
    expect(over.problem).toBe('Agent commission percentages for booking SW0000001 exceed 100% (total: 100.5%)');
  });

  it('plans the payout with the custom percentages (planPayout, allocated to the cent)', () => {
    const row = { ...initialRow(b!), amount: '33.33', custom: true, percents: { 10: '50', 11: '25' } };
    const items = plannedItems(b!, row, percent(5));
    expect(items?.map((i) => [i.commission, i.gst])).toEqual([
      [1667n, 0n],
      [833n, 0n],
    ]);
  });
});

describe('groups and pages', () => {
  const bookings = parsed(
    ...Array.from({ length: 5 }, (_, i) => searchBooking(i + 1)),
    ...Array.from({ length: 3 }, (_, i) =>
      searchBooking(i + 6, { primary_agent_id: 13, primary_agent: { user: { name: 'anna' } } }),
    ),
  );

  it('sorts groups by agent name whatever the case', () => {
    expect(groupByAgent(bookings).map((g) => [g.agentName, g.bookings.length])).toEqual([
      ['anna', 3],
      ['Olivia Parent', 5],
    ]);
  });

  it('pages rows across groups, marking a group that continues', () => {
    const groups = groupByAgent(bookings);
    const page = (n: number) =>
      pageOfGroups(groups, n, 4).map((p) => [p.group.agentName, p.bookings.map((b) => b.id), p.continued]);
    expect(page(1)).toEqual([
      ['anna', [6, 7, 8], false],
      ['Olivia Parent', [1], false],
    ]);
    expect(page(2)).toEqual([['Olivia Parent', [2, 3, 4, 5], true]]);
    expect(page(3)).toEqual([]);
  });
});

describe('the Commission Summary is what the server pays', () => {
  const [reconcile, partial, split] = parsed(reconcileRow(), partialRow(), splitRow());
  const gstRate = percent(5);
  const cents = (n: number) => {
    const r = parseMoney(n);
    if (!r.ok) throw new Error(String(n));
    return r.value;
  };
  /** The server's payout of a booking (payout-run.ts: after a reconcile gross := net and the engine's lines). */
  const serverPays = (
    b: typeof reconcile,
    amount: Cents,
    options: { reconciled?: boolean; custom?: Map<number, ReturnType<typeof percent>> } = {},
  ) => {
    const lines = options.reconciled ? b!.lines_after_reconcile! : b!.actual_commissions;
    return planPayout({
      gross: cents(options.reconciled ? b!.transaction_amount : b!.booking_amount),
      paidBefore: cents(b!.paid_amount),
      amount,
      lines: lines.map((l) => ({
        id: l.id!,
        agent_id: l.agent_id,
        percentage: percent(l.percentage),
        amount: cents(l.amount),
        paid_amount: cents(l.paid_amount),
        has_gst: l.has_gst,
      })),
      gstRate,
      ...(options.custom ? { custom: options.custom } : {}),
    });
  };

  it('offers the partly received booking unticked at what was received, the other reconciled', () => {
    expect(initialRow(partial!)).toMatchObject({ reconcile: false, amount: '700.00' });
    expect(selectRow(reconcile!, initialRow(reconcile!), true)).toMatchObject({ reconcile: true, amount: '450.00' });
  });

  it('equals planPayout on the lines after the reconcile, the partial payout and the custom split, to the cent', () => {
    const rows = [
      { booking: reconcile!, row: selectRow(reconcile!, initialRow(reconcile!), true) },
      { booking: partial!, row: selectRow(partial!, initialRow(partial!), true) },
      {
        booking: split!,
        row: { ...selectRow(split!, initialRow(split!), true), custom: true, percents: { 90: '35', 91: '45' } },
      },
    ];
    const summary = selectionSummary(rows, 'payout', gstRate);
    expect(summary.notPreviewed).toBe(0);
    const server = [
      ...serverPays(reconcile, 45000n as Cents, { reconciled: true }),
      ...serverPays(partial, 70000n as Cents),
      ...serverPays(split, 112000n as Cents, {
        custom: new Map([
          [90, percent(35)],
          [91, percent(45)],
        ]),
      }),
    ];
    const [total] = totalsByCurrency(summary.commission);
    const [expected] = totalsByCurrency(server.map((i) => ({ currency: 'CAD', amount: i.commission, gst: i.gst })));
    expect(total).toEqual(expected);
    // By hand: 55% of 450.00 = 247.50 + GST 12.38; 700/1,455 of 436.50 and 654.75 = 210.00 and 315.00 + 15.75;
    // 35% and 45% of 1,120.00 = 392.00 and 504.00 + 25.20.
    expect(total).toMatchObject({ total: 166850n, gst_total: 5333n, total_with_gst: 172183n });
    // Not the old lines scaled to the received amount (300.00 × 450 / 500 = 270.00).
    expect(server[0]?.commission).toBe(24750n);
  });

  it('a reconcile of the partial booking pays the engine’s lines at 700.00 and drops its gross by 755.00', () => {
    const row = setReconcile(partial!, selectRow(partial!, initialRow(partial!), true), true);
    expect(row.amount).toBe('700.00');
    const summary = selectionSummary([{ booking: partial!, row }], 'payout', gstRate);
    expect(totalsByCurrency(summary.commission)[0]).toMatchObject({ total: 52500n, gst_total: 1575n });
    expect(grossDrops([{ booking: partial!, row }], 'payout').map((d) => [d.from, d.to, d.drop])).toEqual([
      [145500n, 70000n, 75500n],
    ]);
    // Unticked: nothing is dropped.
    expect(grossDrops([{ booking: partial!, row: { ...row, reconcile: false } }], 'payout')).toEqual([]);
  });

  it('a reconcile that raises the gross asks nothing; in reconcile mode every lowered gross is named', () => {
    const [above] = parsed(
      searchBooking(3, { booking_amount: 200, transaction_amount: 230, needs_reconciliation: true }),
    );
    const rowOf = (b: typeof above) => selectRow(b!, initialRow(b!), true);
    expect(grossDrops([{ booking: above!, row: rowOf(above) }], 'payout')).toEqual([]);
    const drops = grossDrops(
      [
        { booking: above!, row: rowOf(above) },
        { booking: partial!, row: { ...rowOf(partial), reconcile: false } },
      ],
      'reconcile',
    );
    expect(drops.map((d) => d.booking.id)).toEqual([8]);
  });
});

describe('payout date', () => {
  it('is blank (today) or on or before today; a later date is refused and blocks processing', () => {
    expect(payoutDateFieldProblem('', '2026-05-10')).toBeNull();
    expect(payoutDateFieldProblem('2026-05-10', '2026-05-10')).toBeNull();
    expect(payoutDateFieldProblem('2026-05-11', '2026-05-10')).toBe(
      'The payout date cannot be after today (2026-05-10).',
    );
    const [b] = parsed(searchBooking(1));
    const selection = [{ booking: b!, row: selectRow(b!, initialRow(b!), true) }];
    expect(submitProblem(selection, 'payout', { date: '2026-05-11', today: '2026-05-10' })).toBe(
      'The payout date cannot be after today (2026-05-10).',
    );
    expect(submitProblem(selection, 'payout', { date: '2026-05-09', today: '2026-05-10' })).toBeNull();
  });
});

describe('blocked bookings', () => {
  it('cannot be selected', () => {
    const [b] = parsed(
      searchBooking(1, { payout_block_reason: 'Booking #12 of this supplier has the same reference.' }),
    );
    expect(selectRow(b!, initialRow(b!), true).selected).toBe(false);
  });
});
