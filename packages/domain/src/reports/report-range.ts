/**
 * The commission dashboard's date range (bookings-and-commissions §9: "Reports dashboard default range:
 * 30 days ago to tomorrow"). The domain has no clock: the server and the browser pass today in.
 */
import { addDays } from '../commission/iso-date';

/** §9: the dashboard starts 30 days before today and ends tomorrow. */
export const REPORT_DEFAULT_DAYS_BACK = 30;
export const REPORT_DEFAULT_DAYS_AHEAD = 1;

export interface ReportRange {
  start_date: string;
  end_date: string;
}

/** The default range for `today` ('YYYY-MM-DD'): 30 days ago to tomorrow, both included. */
export function defaultReportRange(today: string): ReportRange {
  return {
    start_date: addDays(today, -REPORT_DEFAULT_DAYS_BACK),
    end_date: addDays(today, REPORT_DEFAULT_DAYS_AHEAD),
  };
}

/**
 * The range a dashboard request asks for: each date sent is kept, each date missing takes its default.
 * `ok: false` when the start ends up after the end (only one date sent can do that too).
 */
export function resolveReportRange(
  sent: { start_date?: string | undefined; end_date?: string | undefined },
  today: string,
): { ok: true; range: ReportRange } | { ok: false } {
  const d = defaultReportRange(today);
  const range = { start_date: sent.start_date ?? d.start_date, end_date: sent.end_date ?? d.end_date };
  return range.start_date > range.end_date ? { ok: false } : { ok: true, range };
}
