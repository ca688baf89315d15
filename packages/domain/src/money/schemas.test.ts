import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { cents, type Cents } from './money';
import { percent, type Percent } from './percent';
import { moneySchema, optionalMoneySchema, optionalPercentSchema, percentSchema } from './schemas';

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('moneySchema', () => {
  const amount = moneySchema('amount');

  it('outputs branded Cents and takes string | number', () => {
    expectTypeOf<z.output<typeof amount>>().toEqualTypeOf<Cents>();
    expectTypeOf<z.input<typeof amount>>().toEqualTypeOf<string | number>();
    expectTypeOf<z.output<ReturnType<typeof percentSchema>>>().toEqualTypeOf<Percent>();
    expectTypeOf<z.output<ReturnType<typeof optionalMoneySchema>>>().toEqualTypeOf<Cents | null>();
  });

  it.each<[unknown, bigint]>([
    ['12.50', 1250n],
    [12.5, 1250n],
    ['0', 0n],
    [' 7 ', 700n],
  ])('%j → %s cents', (input, expected) => {
    expect(amount.parse(input)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [undefined, 'The amount field is required.'],
    [null, 'The amount field is required.'],
    ['', 'The amount field is required.'],
    ['  ', 'The amount field is required.'],
    ['12,34', 'The amount must be a number with at most 2 decimals.'],
    ['12.345', 'The amount must be a number with at most 2 decimals.'],
    [0.1 + 0.2, 'The amount must be a number with at most 2 decimals.'],
    [true, 'The amount must be a number with at most 2 decimals.'],
    [NaN, 'The amount must be a number with at most 2 decimals.'],
    ['-1', 'The amount field must be at least 0.'],
    ['1000000000000', 'The amount field must not be greater than 999999999999.99.'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(amount, input)).toBe(message);
  });

  it('takes negatives when allowed (refunds)', () => {
    const refundable = moneySchema('booking amount', { allowNegative: true });
    expect(refundable.parse('-100.00')).toBe(-10000n);
    expect(firstMessage(refundable, '-1000000000000')).toBe(
      'The booking amount field must be at least -999999999999.99.',
    );
  });

  it('applies min and max', () => {
    const payout = moneySchema('payout amount', { min: cents(1), max: cents(5000) });
    expect(firstMessage(payout, '0')).toBe('The payout amount field must be at least 0.01.');
    expect(firstMessage(payout, '50.01')).toBe('The payout amount field must not be greater than 50.');
    expect(payout.parse('50')).toBe(5000n);
  });

  it('works inside an object, naming the field', () => {
    const schema = z.object({ booking_amount: moneySchema('booking amount') });
    const r = schema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['booking_amount'],
      message: 'The booking amount field is required.',
    });
  });
});

describe('optionalMoneySchema', () => {
  const expected = optionalMoneySchema('expected commission');
  it.each([undefined, null, '', '  '])('%j → null', (input) => {
    expect(expected.parse(input)).toBeNull();
  });
  it('parses and validates the rest', () => {
    expect(expected.parse('41.67')).toBe(4167n);
    expect(firstMessage(expected, 'x')).toBe('The expected commission must be a number with at most 2 decimals.');
  });
});

describe('percentSchema', () => {
  const percentage = percentSchema('percentage');

  it.each<[unknown, bigint]>([
    ['12.5', 125000n],
    [60, 600000n],
    ['100', 1000000n],
    ['0', 0n],
  ])('%j → %s units', (input, expected) => {
    expect(percentage.parse(input)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [undefined, 'The percentage field is required.'],
    ['', 'The percentage field is required.'],
    ['abc', 'The percentage must be a number with at most 2 decimals.'],
    ['12.345', 'The percentage must be a number with at most 2 decimals.'],
    [-1, 'The percentage field must be between 0 and 100.'],
    [100.001, 'The percentage field must be between 0 and 100.'],
    ['101', 'The percentage field must be between 0 and 100.'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(percentage, input)).toBe(message);
  });

  it('uses the label', () => {
    expect(firstMessage(percentSchema('split percentage'), '120')).toBe(
      'The split percentage field must be between 0 and 100.',
    );
  });
});

describe('optionalPercentSchema', () => {
  const p = optionalPercentSchema('commission percentage');
  it('gives null for blank and a Percent otherwise', () => {
    expect(p.parse('')).toBeNull();
    expect(p.parse(undefined)).toBeNull();
    expect(p.parse('7.5')).toBe(percent('7.5'));
    expect(firstMessage(p, '-3')).toBe('The commission percentage field must be between 0 and 100.');
  });
});
