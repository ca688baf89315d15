import { isoDayUtc } from '@app/domain';

/** Today's date in UTC as 'YYYY-MM-DD': the one place the server reads the calendar (the domain takes dates in). */
export const todayUtc = () => isoDayUtc(new Date());
