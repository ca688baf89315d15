import { describe, expect, it } from 'vitest';
import { REPORT_DATES_ORDER } from './report-files';
import { reportFiltersSchema, reportLinesQuerySchema } from './reports';

const errorsOf = (input: Record<string, unknown>) => {
  const r = reportFiltersSchema.safeParse(input);
  expect(r.success).toBe(false);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('report filters', () => {
  it('reads nothing as no filter (the server fills the dates)', () => {
    expect(reportFiltersSchema.parse({})).toEqual({ include_suppliers: [] });
  });

  it('reads the suppliers as include_suppliers[], repeated keys, a comma list or one value', () => {
    const parse = (q: Record<string, unknown>) => reportFiltersSchema.parse(q).include_suppliers;
    expect(parse({ 'include_suppliers[]': ['1', '2'] })).toEqual([1, 2]);
    expect(parse({ include_suppliers: ['3', '4'] })).toEqual([3, 4]);
    expect(parse({ include_suppliers: '5, 6' })).toEqual([5, 6]);
    expect(parse({ include_suppliers: '7' })).toEqual([7]);
    expect(parse({ include_suppliers: '' })).toEqual([]);
    expect(parse({ 'include_suppliers[]': '8', include_suppliers: '9' })).toEqual([9, 8]);
  });

  it('refuses ids out of the int4 range, bad dates and a start after the end, field by field', () => {
    expect(errorsOf({ agent_id: '2147483648', include_suppliers: '1,x' })).toEqual({
      agent_id: 'The agent must be a valid id.',
      include_suppliers: 'The selected suppliers are invalid.',
    });
    expect(errorsOf({ start_date: '2026-02-30' })).toEqual({
      start_date: 'The start date is not a valid date (YYYY-MM-DD).',
    });
    expect(errorsOf({ start_date: '2026-03-02', end_date: '2026-03-01' })).toEqual({ start_date: REPORT_DATES_ORDER });
    expect(errorsOf({ tier_id: '0', payout_id: '-1' })).toEqual({
      tier_id: 'The tier must be a valid id.',
      payout_id: 'The payout must be a valid id.',
    });
  });

  it('pages and sorts the detail lines, falling back to the defaults on nonsense', () => {
    const q = reportLinesQuerySchema.parse({ page: '3', per_page: '25', sort: 'agent', direction: 'asc' });
    expect(q).toMatchObject({ page: 3, per_page: 25, sort: 'agent', direction: 'asc', include_suppliers: [] });
    expect(
      reportLinesQuerySchema.parse({ page: 'x', per_page: '7', sort: 'drop table', direction: 'up' }),
    ).toMatchObject({ page: 1, per_page: 10, sort: 'booking_date', direction: 'desc' });
  });
});
