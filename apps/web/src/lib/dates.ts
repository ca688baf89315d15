import { isoDayUtc } from '@app/domain';

/** Today's date in UTC as 'YYYY-MM-DD' (the server's calendar; default descriptions and date filters). */
export const todayUtc = () => isoDayUtc(new Date());
