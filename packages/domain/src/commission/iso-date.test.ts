import { describe, expect, it } from 'vitest';
import { addDays, dayNumberToIsoDate, daysBetween, isoDateToDayNumber, isoDayUtc } from './iso-date';

describe('iso dates', () => {
  it.each<[string, number, string]>([
    ['2024-03-01', -1, '2024-02-29'],
    ['2023-03-01', -1, '2023-02-28'],
    ['2100-03-01', -1, '2100-02-28'],
    ['2000-03-01', -1, '2000-02-29'],
    ['2024-01-01', -1, '2023-12-31'],
    ['2024-12-31', 1, '2025-01-01'],
    ['1970-01-01', 0, '1970-01-01'],
    ['1969-12-31', 1, '1970-01-01'],
    ['2024-01-31', 30, '2024-03-01'],
  ])('%s %+d days = %s', (from, n, to) => {
    expect(addDays(from, n)).toBe(to);
  });

  it('counts days', () => {
    expect(isoDateToDayNumber('1970-01-01')).toBe(0);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2024-02-01', '2024-01-01')).toBe(-31);
  });

  it('round-trips every day of four centuries', () => {
    const start = isoDateToDayNumber('1900-01-01');
    const end = isoDateToDayNumber('2300-01-01');
    const wrong: number[] = [];
    let previous = '';
    for (let d = start; d <= end; d++) {
      const iso = dayNumberToIsoDate(d);
      if (isoDateToDayNumber(iso) !== d || iso <= previous) wrong.push(d);
      previous = iso;
    }
    expect(wrong).toEqual([]);
  });

  it('throws on an invalid date', () => {
    expect(() => isoDateToDayNumber('2024-02-30')).toThrow(RangeError);
    expect(() => addDays('', 1)).toThrow(RangeError);
  });
});

describe('isoDayUtc', () => {
  it('is the UTC calendar day of an instant', () => {
    expect(isoDayUtc(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(isoDayUtc(new Date('2026-11-26T00:30:00+01:00'))).toBe('2026-11-25');
  });
});
