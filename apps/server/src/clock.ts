import { isoDayUtc, isValidIsoDate } from '@app/domain';

let pinned: string | null = null;

/** Today's date in UTC as 'YYYY-MM-DD': the one place the server reads the calendar (the domain takes dates in). */
export const todayUtc = () => pinned ?? isoDayUtc(new Date());

/**
 * Tests only: makes `todayUtc` answer `day` until called again with null (a test that pins it unpins
 * it in `finally`/`afterEach`, as the API test files share their worker's modules).
 */
export function pinTodayForTests(day: string | null) {
  if (day !== null && !isValidIsoDate(day)) throw new RangeError(`pinTodayForTests: not a date: ${day}`);
  pinned = day;
}
