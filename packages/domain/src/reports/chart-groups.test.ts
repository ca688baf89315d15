import { describe, expect, it } from 'vitest';
import type { Cents } from '../money/money';
import { CHART_OTHERS_LABEL, monthKey, monthSeries, topWithRest, type ChartEntry } from './chart-groups';

const c = (n: number) => BigInt(n) as Cents;

describe('chart months', () => {
  it('monthKey is the year and month of a date', () => {
    expect(monthKey('2026-03-14')).toBe('2026-03');
    expect(monthKey('1999-12-31')).toBe('1999-12');
    expect(() => monthKey('2026-3-14')).toThrow(RangeError);
  });

  it('monthSeries fills the gaps from the first month to the last, across years', () => {
    expect(monthSeries(['2026-02', '2025-11', '2026-02'])).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthSeries(['2026-05'])).toEqual(['2026-05']);
    expect(monthSeries([])).toEqual([]);
  });
});

describe('top 10 and the rest', () => {
  const entries = (n: number): ChartEntry<number>[] =>
    Array.from({ length: n }, (_, i) => ({
      key: i + 1,
      name: `Agent ${String(i + 1).padStart(2, '0')}`,
      amount: c((i + 1) * 100),
    }));

  it('keeps every entry, largest first, when there are at most n', () => {
    const out = topWithRest(entries(3));
    expect(out.map((e) => e.key)).toEqual([3, 2, 1]);
    expect(out.some((e) => e.key === null)).toBe(false);
  });

  it("names the 10 largest and adds the rest into one 'Others' entry, to the cent", () => {
    const input = entries(13);
    const out = topWithRest(input);
    expect(out).toHaveLength(11);
    expect(out.slice(0, 10).map((e) => e.key)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(out[10]).toEqual({ key: null, name: CHART_OTHERS_LABEL, amount: c(100 + 200 + 300) });
    const sum = (list: ChartEntry<number>[]) => list.reduce((s, e) => s + e.amount, 0n);
    expect(sum(out)).toBe(sum(input));
  });

  it('adds entries with the same key first, and orders ties by name whatever the input order', () => {
    const a = topWithRest(
      [
        { key: 2, name: 'Bea', amount: c(50) },
        { key: 1, name: 'Al', amount: c(30) },
        { key: 2, name: 'Bea', amount: c(-20) },
        { key: 3, name: 'Cy', amount: c(-5) },
      ],
      2,
    );
    expect(a).toEqual([
      { key: 1, name: 'Al', amount: c(30) },
      { key: 2, name: 'Bea', amount: c(30) },
      { key: null, name: 'Others', amount: c(-5) },
    ]);
  });
});
