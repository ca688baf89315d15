import { moneyFromDb, moneyToNumber, percentFromDb, percentToNumber } from '@app/domain';

/**
 * Stored numerics (PostgreSQL numeric text) as the JSON numbers of the contract, read exactly by
 * the domain's parsers: money with 2 decimals, percentages with up to 4. Null stays null.
 */
export function money(s: string): number;
export function money(s: string | null): number | null;
export function money(s: string | null): number | null {
  return s === null ? null : moneyToNumber(moneyFromDb(s));
}

export function pct(s: string): number;
export function pct(s: string | null): number | null;
export function pct(s: string | null): number | null {
  return s === null ? null : percentToNumber(percentFromDb(s));
}
