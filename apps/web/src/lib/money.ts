import { parseMoney, type Cents } from '@app/domain';

/** Exact cents of an amount the server sent (a number with at most 2 decimals, CONTRACT.md §2). */
export function centsOf(amount: number): Cents {
  const parsed = parseMoney(amount);
  if (!parsed.ok) throw new TypeError(`Not an amount of money: ${String(amount)}`);
  return parsed.value;
}
