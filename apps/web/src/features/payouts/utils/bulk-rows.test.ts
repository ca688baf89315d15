import { bulkPayoutSearchResponseSchema, percent } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { line, searchAnswer, searchBooking } from '../test-fixtures';
import {
  amountLimits,
  checkCustom,
  EMPTY_FILTERS,
  groupByAgent,
  initialRow,
  normalisedAmount,
  pageOfGroups,
  plannedItems,
  readFilters,
  searchBody,
  selectRow,
  setReconciledFilter,
} from './bulk-rows';

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
