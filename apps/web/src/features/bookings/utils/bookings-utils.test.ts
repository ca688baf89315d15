import { describe, expect, it } from 'vitest';
import { expectedCommission } from './expected-commission';
import { filtersToSearch, readFilters, FILTER_DEFAULTS } from './list-query';

describe('expectedCommission', () => {
  it.each([
    ['333.33', 12.5, '41.67'],
    ['100', 70, '70.00'],
    ['0.10', 25, '0.03'],
    ['-0.10', 25, '-0.03'],
    ['-200', '10', '-20.00'],
    ['100', null, '0.00'],
    ['100', 0, '0.00'],
    ['', 12.5, ''],
    ['abc', 12.5, ''],
    ['12,34', 12.5, ''],
    ['1e3', 12.5, ''],
  ])('%s at %s%% → %s', (amount, rate, expected) => {
    expect(expectedCommission(amount, rate)).toBe(expected);
  });
});

describe('list query', () => {
  it('reads defaults and writes only what differs', () => {
    expect(readFilters(new URLSearchParams())).toEqual(FILTER_DEFAULTS);
    const f = { ...FILTER_DEFAULTS, status: 'pending', per_page: '50' };
    expect(filtersToSearch(f).toString()).toBe('status=pending&per_page=50');
  });
});
