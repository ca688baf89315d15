import { describe, expect, it } from 'vitest';
import { defaultReportRange, resolveReportRange } from './report-range';

describe('the dashboard range (spec §9: 30 days ago to tomorrow)', () => {
  it('defaults across month and year ends and leap days', () => {
    expect(defaultReportRange('2026-03-15')).toEqual({ start_date: '2026-02-13', end_date: '2026-03-16' });
    expect(defaultReportRange('2026-12-31')).toEqual({ start_date: '2026-12-01', end_date: '2027-01-01' });
    expect(defaultReportRange('2024-03-01')).toEqual({ start_date: '2024-01-31', end_date: '2024-03-02' });
  });

  it('keeps each date sent and fills the other', () => {
    expect(resolveReportRange({}, '2026-03-15')).toEqual({
      ok: true,
      range: { start_date: '2026-02-13', end_date: '2026-03-16' },
    });
    expect(resolveReportRange({ start_date: '2025-01-01' }, '2026-03-15')).toEqual({
      ok: true,
      range: { start_date: '2025-01-01', end_date: '2026-03-16' },
    });
    expect(resolveReportRange({ start_date: '1900-01-01', end_date: '2100-12-31' }, '2026-03-15')).toEqual({
      ok: true,
      range: { start_date: '1900-01-01', end_date: '2100-12-31' },
    });
  });

  it('refuses a start after the end, also when the missing date is the default', () => {
    expect(resolveReportRange({ start_date: '2026-03-02', end_date: '2026-03-01' }, '2026-03-15').ok).toBe(false);
    expect(resolveReportRange({ end_date: '2020-01-01' }, '2026-03-15').ok).toBe(false);
    expect(resolveReportRange({ start_date: '2026-03-20' }, '2026-03-15').ok).toBe(false);
    expect(resolveReportRange({ start_date: '2026-03-16' }, '2026-03-15').ok).toBe(true);
  });
});
