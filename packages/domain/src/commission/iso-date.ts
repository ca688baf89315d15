/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings with plain integers (no Date, no time zone):
 * days are counted in the proleptic Gregorian calendar, day 0 = 1970-01-01.
 */
import { isValidIsoDate } from '../schemas/fields';

/** Day number of a valid 'YYYY-MM-DD' date (1970-01-01 → 0). Throws on an invalid date. */
export function isoDateToDayNumber(iso: string): number {
  if (!isValidIsoDate(iso)) throw new RangeError(`not a valid date (YYYY-MM-DD): ${JSON.stringify(iso)}`);
  let y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  // Howard Hinnant's days_from_civil.
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** 'YYYY-MM-DD' of a day number (inverse of `isoDateToDayNumber`). */
export function dayNumberToIsoDate(days: number): string {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The date `n` days after (or before, for negative n) `iso`. addDays('2024-03-01', -1) = '2024-02-29'. */
export function addDays(iso: string, n: number): string {
  return dayNumberToIsoDate(isoDateToDayNumber(iso) + n);
}

/** Whole days from `from` to `to` (to − from; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return isoDateToDayNumber(to) - isoDateToDayNumber(from);
}

/**
 * The UTC calendar day of an instant, 'YYYY-MM-DD'. The domain has no clock: the server and the browser
 * call `isoDayUtc(new Date())` for today (DOMAIN.md: a blank tier start date is today, UTC).
 */
export function isoDayUtc(at: Date): string {
  return at.toISOString().slice(0, 10);
}
