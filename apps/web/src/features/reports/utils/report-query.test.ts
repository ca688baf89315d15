import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../../lib/api-client';
import { compactMoney, monthLabel } from './chart-format';
import {
  emptyFilters,
  rangeProblem,
  readReportFilters,
  reportFiltersToSearch,
  reportServerQuery,
} from './report-query';

const defaults = { start_date: '2026-10-26', end_date: '2026-11-26' };
const read = (search: string, isAdmin = true) => readReportFilters(new URLSearchParams(search), defaults, isAdmin);

describe('report filters in the URL', () => {
  it('fills the default range and nothing else from an empty URL, and writes nothing back', () => {
    const filters = read('');
    expect(filters).toEqual(emptyFilters(defaults));
    expect(Object.values(filters).filter((v) => v.length > 0)).toEqual([defaults.start_date, defaults.end_date]);
    expect(reportFiltersToSearch(filters, defaults).toString()).toBe('');
  });

  it('reads suppliers as repeated keys or a comma list, once each, and writes them as one comma list', () => {
    const filters = read('include_suppliers=3,1&include_suppliers=7&include_suppliers=3');
    expect(filters.include_suppliers).toEqual(['3', '1', '7']);
    expect(reportFiltersToSearch(filters, defaults).toString()).toBe('include_suppliers=3%2C1%2C7');
  });

  it('drops what a hand-edited link cannot mean: bad dates, bad ids, a state without its country', () => {
    const filters = read(
      'start_date=2026-02-30&end_date=tomorrow&agent_id=0&tier_id=2147483648&payout_id=1e3&include_suppliers=x,4,-1&state_id=9',
    );
    expect(filters).toMatchObject({ ...defaults, agent_id: '', tier_id: '', payout_id: '', state_id: '' });
    expect(filters.include_suppliers).toEqual(['4']);
    expect(read('country_id=2&state_id=9')).toMatchObject({ country_id: '2', state_id: '9' });
  });

  it("ignores an agent's admin-only filters and never sends them", () => {
    const search = 'agent_id=5&country_id=2&state_id=9&tier_id=3&booking_group_id=4&payout_id=8';
    const agent = read(search, false);
    expect(agent).toMatchObject({ agent_id: '', country_id: '', state_id: '', tier_id: '' });
    expect(agent).toMatchObject({ booking_group_id: '4', payout_id: '8' });
    const admin = read(search, true);
    expect(buildUrl('/r', reportServerQuery(admin, false))).toBe(
      '/r?start_date=2026-10-26&end_date=2026-11-26&booking_group_id=4&payout_id=8',
    );
    expect(buildUrl('/r', reportServerQuery({ ...admin, include_suppliers: ['1', '2'] }, true))).toBe(
      '/r?start_date=2026-10-26&end_date=2026-11-26&booking_group_id=4&agent_id=5&country_id=2&state_id=9&tier_id=3' +
        '&payout_id=8&include_suppliers%5B%5D=1&include_suppliers%5B%5D=2',
    );
  });

  it('keeps dates that differ from the defaults, round trip', () => {
    const filters = { ...read(''), start_date: '2026-01-01', payout_id: '12' };
    const search = reportFiltersToSearch(filters, defaults);
    expect(search.toString()).toBe('start_date=2026-01-01&payout_id=12');
    expect(read(search.toString())).toEqual(filters);
  });

  it('says why a range cannot be applied', () => {
    expect(rangeProblem(defaults)).toBeNull();
    expect(rangeProblem({ start_date: '2026-11-26', end_date: '2026-11-26' })).toBeNull();
    expect(rangeProblem({ start_date: '', end_date: '2026-11-26' })).toBe('Enter a start date (YYYY-MM-DD).');
    expect(rangeProblem({ start_date: '2026-11-26', end_date: '2026-13-01' })).toBe('Enter an end date (YYYY-MM-DD).');
    expect(rangeProblem({ start_date: '2026-11-27', end_date: '2026-11-26' })).toBe(
      'The end date must be on or after the start date.',
    );
  });
});

describe('chart labels', () => {
  it('names months and shortens axis amounts in their currency', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2026-09')).toBe('Sep 2026');
    expect(monthLabel('2027-01')).toBe('Jan 2027');
    expect(monthLabel('Others')).toBe('Others');
    expect(compactMoney(0, { code: 'GBP' })).toBe('£0');
    expect(compactMoney(250, { code: 'CAD' })).toBe('CA$250');
    expect(compactMoney(12.5, { code: 'GBP' })).toBe('£12.50');
    expect(compactMoney(1500, { code: 'GBP' })).toBe('£1.5k');
    expect(compactMoney(-12_000, { code: 'CAD' })).toBe('-CA$12k');
    expect(compactMoney(2_500_000, { code: 'GBP' })).toBe('£2.5m');
  });
});
