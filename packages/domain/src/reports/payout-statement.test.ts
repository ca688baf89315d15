import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money/money';
import { percent } from '../money/percent';
import {
  buildPayoutStatement,
  formatStatementAmount,
  statementGstNote,
  statementGstNotes,
  type StatementItem,
} from './payout-statement';

const item = (
  over: Partial<StatementItem> & Pick<StatementItem, 'agent_id' | 'commission' | 'gst'>,
): StatementItem => ({
  agent_name: `Agent ${over.agent_id}`,
  currency_code: 'CAD',
  booking_reference: 'REF',
  booking_date: '2026-03-01',
  supplier_name: 'Sunwing',
  gross: cents(10000),
  percentage: percent('12.5'),
  total: (over.commission + over.gst) as Cents,
  ...over,
});

describe('buildPayoutStatement', () => {
  it('groups by agent and currency, orders groups by name and items by date then reference, and sums each', () => {
    const statement = buildPayoutStatement([
      item({ agent_id: 2, agent_name: 'zoë Zed', commission: cents(1001), gst: cents(50), booking_reference: 'B' }),
      item({ agent_id: 1, agent_name: 'Ana', commission: cents(333), gst: cents(17), booking_date: '2026-03-02' }),
      item({ agent_id: 1, agent_name: 'Ana', commission: cents(250), gst: cents(13), currency_code: 'GBP' }),
      item({ agent_id: 2, agent_name: 'zoë Zed', commission: cents(-200), gst: cents(-10), booking_reference: 'A' }),
      item({ agent_id: 1, agent_name: 'Ana', commission: cents(667), gst: cents(33), booking_date: '2026-02-28' }),
    ]);
    expect(statement.groups.map((g) => [g.agent_name, g.currency_code, g.items.map((i) => i.commission)])).toEqual([
      ['Ana', 'CAD', [667n, 333n]],
      ['Ana', 'GBP', [250n]],
      ['zoë Zed', 'CAD', [-200n, 1001n]],
    ]);
    expect(statement.groups.map((g) => g.subtotal)).toEqual([
      { count: 2, commission: 1000n, gst: 50n, total: 1050n },
      { count: 1, commission: 250n, gst: 13n, total: 263n },
      { count: 2, commission: 801n, gst: 40n, total: 841n },
    ]);
    expect(statement.grand_totals).toEqual([
      { currency_code: 'CAD', count: 4, commission: 1801n, gst: 90n, total: 1891n },
      { currency_code: 'GBP', count: 1, commission: 250n, gst: 13n, total: 263n },
    ]);
  });

  it('keeps two agents of the same name apart (by id)', () => {
    const statement = buildPayoutStatement([
      item({ agent_id: 9, agent_name: 'Sam', commission: cents(1), gst: cents(0) }),
      item({ agent_id: 3, agent_name: 'Sam', commission: cents(2), gst: cents(0) }),
    ]);
    expect(statement.groups.map((g) => g.agent_id)).toEqual([3, 9]);
  });

  it('is empty for no items', () => {
    expect(buildPayoutStatement([])).toEqual({ groups: [], grand_totals: [] });
  });

  it('every subtotal and grand total is the exact sum of its items, per currency, in any order', () => {
    const arbitraryItem = fc.record({
      agent_id: fc.integer({ min: 1, max: 4 }),
      currency_code: fc.constantFrom('CAD', 'GBP', 'USD'),
      commission: fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
      gst: fc.bigInt({ min: -500_000n, max: 500_000n }),
    });
    fc.assert(
      fc.property(fc.array(arbitraryItem, { maxLength: 60 }), (raw) => {
        const items = raw.map((r, n) =>
          item({ ...r, commission: cents(r.commission), gst: cents(r.gst), booking_reference: `R${n}` }),
        );
        const statement = buildPayoutStatement(items);
        for (const g of statement.groups) {
          const mine = items.filter((i) => i.agent_id === g.agent_id && i.currency_code === g.currency_code);
          expect(g.items).toHaveLength(mine.length);
          expect(g.subtotal.commission).toBe(mine.reduce((s, i) => s + i.commission, 0n));
          expect(g.subtotal.total).toBe(mine.reduce((s, i) => s + i.total, 0n));
        }
        expect(statement.groups.reduce((n, g) => n + g.items.length, 0)).toBe(items.length);
        for (const t of statement.grand_totals) {
          const mine = items.filter((i) => i.currency_code === t.currency_code);
          expect(t.count).toBe(mine.length);
          expect(t.gst).toBe(mine.reduce((s, i) => s + i.gst, 0n));
          expect(t.total).toBe(
            statement.groups
              .filter((g) => g.currency_code === t.currency_code)
              .reduce((s, g) => s + g.subtotal.total, 0n),
          );
        }
        expect(buildPayoutStatement([...items].reverse())).toEqual(statement);
      }),
    );
  });
});

describe('formatStatementAmount', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [-5n, '-0.05'],
    [123456n, '1,234.56'],
    [-100000000n, '-1,000,000.00'],
    [99_999_999_999_999n, '999,999,999,999.99'],
    [99_900n, '999.00'],
  ])('%s cents → %s', (amount, text) => {
    expect(formatStatementAmount(cents(amount))).toBe(text);
  });
});

describe("statementGstNote (a GST-registered agent's statement shows their number)", () => {
  it("gives a registered agent's number, trimmed", () => {
    expect(statementGstNote({ has_gst: true, gst_number: ' 123456789RT0001 ' })).toBe('GST/HST no. 123456789RT0001');
  });

  it('says when a registered agent has no number on file', () => {
    for (const gst_number of [null, '', '   '])
      expect(statementGstNote({ has_gst: true, gst_number })).toBe('GST/HST registered: no GST/HST number on file');
  });

  it('gives nothing for an agent who is not registered, whatever number is stored', () => {
    expect(statementGstNote({ has_gst: false, gst_number: '123456789RT0001' })).toBeNull();
    expect(statementGstNote({ has_gst: false, gst_number: null })).toBeNull();
  });
});

describe('statementGstNotes (the notes of the agents on a statement, from their items)', () => {
  it('gives each registered agent their note once, and none to an agent who is not registered', () => {
    const notes = statementGstNotes([
      { agent_id: 1, has_gst: true, gst_number: '123456789RT0001' },
      { agent_id: 2, has_gst: false, gst_number: '999999999RT0009' },
      { agent_id: 1, has_gst: true, gst_number: '123456789RT0001' },
      { agent_id: 3, has_gst: true, gst_number: null },
    ]);
    expect([...notes]).toEqual([
      [1, 'GST/HST no. 123456789RT0001'],
      [3, 'GST/HST registered: no GST/HST number on file'],
    ]);
  });

  it('is empty for no items', () => {
    expect(statementGstNotes([]).size).toBe(0);
  });
});
