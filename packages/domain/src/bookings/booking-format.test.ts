import { describe, expect, it } from 'vitest';
import { formatBookingReference, matchesBookingFormat } from './booking-format';

describe('matchesBookingFormat', () => {
  it.each([
    ['AC-000000', 'AC-123456', true],
    ['AC-000000', 'AC-12345', false], // length must match
    ['AC-000000', 'AC-12345A', false], // 0 is a digit
    ['AC-000000', 'AB-123456', false], // literal
    ['TSXXXXXX', 'TS1A2B3C', true],
    ['BAAA-0000', 'BAXY-1234', true],
    ['BAAA-0000', 'BA1Y-1234', false], // A is a letter
    [null, 'ANYTHING-1', true],
    ['', 'ANYTHING-1', true],
  ])('%s ~ %s → %s', (format, value, expected) => {
    expect(matchesBookingFormat(format, value)).toBe(expected);
  });
});

describe('formatBookingReference', () => {
  it.each([
    ['AC-000000', 'ac123456', 'AC-123456'],
    ['AC-000000', 'AC-123456', 'AC-123456'],
    ['AC-000000', 'ac 12-34/56', 'AC-123456'],
    ['AC-000000', 'ac1234567890', 'AC-123456'], // stops at the format's length
    ['BAAA-0000', 'baxy1234', 'BAXY-1234'],
    ['SW0000000', 'sw12', 'SW12'], // partial input stays partial
    [null, 'abc-1', 'ABC-1'],
  ])('%s with %s → %s', (format, raw, expected) => {
    expect(formatBookingReference(format, raw)).toBe(expected);
  });
});
