import { describe, expect, it } from 'vitest';
import { exampleBookingNumber } from './booking-number-format';

describe('exampleBookingNumber', () => {
  it.each([
    ['', ''],
    ['AA-0000', 'AB-1234'],
    ['XXX0', 'A1B2'],
    ['TRX-000/A', 'TRA-123/B'], // X is a format character too,
    ['  0A  ', '1A'],
  ])('%j → %j', (format, example) => {
    expect(exampleBookingNumber(format)).toBe(example);
  });
});
