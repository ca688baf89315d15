import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCH_TOLERANCE_PERCENT,
  matchTolerancePercentField,
  settingsInputSchema,
  settingsSchema,
  supplierInputSchema,
} from './reference';

const TOLERANCE_MESSAGE = 'The match tolerance must be a number from 0 to 20 with at most 2 decimals.';
const THRESHOLD_MESSAGE = 'The auto-accept threshold must be a whole number from 50 to 100.';

describe("a supplier's match tolerance", () => {
  const field = matchTolerancePercentField();

  it('reads the percent as a form or JSON sends it, as the whole basis points it makes', () => {
    expect(field.parse('2.5')).toBe(2.5);
    expect(field.parse(' 2.50 ')).toBe(2.5);
    expect(field.parse(2.35)).toBe(2.35);
    expect(field.parse('0')).toBe(0);
    expect(field.parse(20)).toBe(20);
    expect(field.parse('0.01')).toBe(0.01);
  });

  it('leaves a blank or missing one out (a create takes the default, an update keeps the supplier’s)', () => {
    expect(field.parse('')).toBeUndefined();
    expect(field.parse(null)).toBeUndefined();
    expect(field.parse(undefined)).toBeUndefined();
    expect(DEFAULT_MATCH_TOLERANCE_PERCENT).toBe(2);
    const parsed = supplierInputSchema.parse({ name: 'Sunwing', currency_id: 2 });
    expect(parsed.match_tolerance_percent).toBeUndefined();
  });

  it.each<unknown>(['20.01', 21, '-0.5', -1, '2.555', 0.1 + 0.2, '2,5', '1e1', '2 %', 'abc', '  ', true, [2]])(
    'refuses %j with one message',
    (bad) => {
      expect(field.safeParse(bad).error?.issues.map((i) => i.message)).toEqual([TOLERANCE_MESSAGE]);
    },
  );

  it('gives back what it takes, so that a form can send what the schema made of its values', () => {
    const once = supplierInputSchema.parse({ name: 'Air', currency_id: '1', match_tolerance_percent: '2.50' });
    expect(once.match_tolerance_percent).toBe(2.5);
    expect(supplierInputSchema.parse(once)).toEqual(once);
  });
});

describe('the auto-accept threshold setting', () => {
  it('is optional: left out, the stored one stays', () => {
    expect(settingsInputSchema.parse({ gst_rate: '5' }).auto_accept_score).toBeUndefined();
  });

  it('takes a whole number from 50 to 100, from a form or JSON', () => {
    expect(settingsInputSchema.parse({ gst_rate: '5', auto_accept_score: '85' }).auto_accept_score).toBe(85);
    expect(settingsInputSchema.parse({ gst_rate: '5', auto_accept_score: 50 }).auto_accept_score).toBe(50);
    expect(settingsInputSchema.parse({ gst_rate: '5', auto_accept_score: 100 }).auto_accept_score).toBe(100);
  });

  it.each<unknown>([49, 101, 90.5, '90.0', '', 'abc', -90, null])('refuses %j', (bad) => {
    const r = settingsInputSchema.safeParse({ gst_rate: '5', auto_accept_score: bad });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['auto_accept_score', THRESHOLD_MESSAGE],
    ]);
  });

  it('is in the answer for admins only, so it may be absent', () => {
    expect(settingsSchema.parse({ gst_rate: '5.00' })).toEqual({ gst_rate: '5.00' });
    expect(settingsSchema.parse({ gst_rate: '5.00', auto_accept_score: 90 }).auto_accept_score).toBe(90);
  });
});
