/** Today's date in UTC as 'YYYY-MM-DD': the one place the server reads the calendar (the domain takes dates in). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
