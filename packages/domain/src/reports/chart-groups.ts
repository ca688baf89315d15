/**
 * The grouping rules of the dashboard's charts (issue 14): commission per month, by agent and by
 * supplier, each per currency (amounts in different currencies are never added together). Pure: the
 * server groups with these, the tests pin them.
 */
import type { Cents } from '../money/money';

/** How many agents (or suppliers) a chart names; the rest are one 'Others' bar. */
export const CHART_TOP_N = 10;
export const CHART_OTHERS_LABEL = 'Others';

/** '2026-03-14' → '2026-03'. */
export function monthKey(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new RangeError(`monthKey needs YYYY-MM-DD, got ${isoDate}`);
  return isoDate.slice(0, 7);
}

/** The month after 'YYYY-MM'. */
function nextMonth(key: string): string {
  const y = Number(key.slice(0, 4));
  const m = Number(key.slice(5, 7));
  return m === 12 ? `${String(y + 1).padStart(4, '0')}-01` : `${key.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Every month from the earliest to the latest of `keys` ('YYYY-MM'), in order, gaps filled (a chart
 * shows an empty month as a month with nothing rather than leaving it out). Empty for no keys.
 */
export function monthSeries(keys: Iterable<string>): string[] {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return [];
  const out: string[] = [];
  const last = sorted[sorted.length - 1]!;
  for (let k = sorted[0]!; k <= last; k = nextMonth(k)) out.push(k);
  return out;
}

export interface ChartEntry<K> {
  /** The agent or supplier id; null for the 'Others' entry. */
  key: K | null;
  name: string;
  amount: Cents;
}

/**
 * The `n` largest entries (by amount, then name, then key, so the order never depends on the input's),
 * then one `Others` entry with the sum of the rest when there is a rest. Entries with the same key are
 * added together first. The amounts of the answer add up to the amounts given, to the cent.
 */
export function topWithRest<K extends number | string>(
  entries: Iterable<ChartEntry<K>>,
  n = CHART_TOP_N,
  othersLabel = CHART_OTHERS_LABEL,
): ChartEntry<K>[] {
  const byKey = new Map<K | null, ChartEntry<K>>();
  for (const e of entries) {
    const had = byKey.get(e.key);
    byKey.set(e.key, had ? { ...had, amount: (had.amount + e.amount) as Cents } : { ...e });
  }
  const sorted = [...byKey.values()].sort(
    (a, b) =>
      (a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      String(a.key ?? '').localeCompare(String(b.key ?? '')),
  );
  if (sorted.length <= n) return sorted;
  const rest = sorted.slice(n).reduce((sum, e) => sum + e.amount, 0n) as Cents;
  return [...sorted.slice(0, n), { key: null, name: othersLabel, amount: rest }];
}
