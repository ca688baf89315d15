import { describe, expect, it } from 'vitest';
import { expectedCommission } from './expected-commission';
import { filtersToSearch, pageWindow, readFilters, showingText, FILTER_DEFAULTS } from './list-query';

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

  it('windows five page buttons', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('says what is shown', () => {
    expect(showingText({ from: 11, to: 20, total: 42, per_page: 10 })).toBe(
      'Showing 11 to 20 of 42 results (10 per page)',
    );
    expect(showingText({ from: null, to: null, total: 0, per_page: 25 })).toBe(
      'Showing 0 to 0 of 0 results (25 per page)',
    );
  });
});
