import { describe, expect, it } from 'vitest';
import { expandBracketKeys } from './body';

describe('expandBracketKeys', () => {
  it('turns bracket names into arrays and objects', () => {
    expect(
      expandBracketKeys({
        'suppliers[]': ['1', '2'],
        'transactions[1][amount]': '5.00',
        'transactions[0][reference_number]': 'A1',
        'transactions[0][amount]': '1.00',
        name: 'x',
      }),
    ).toEqual({
      suppliers: ['1', '2'],
      transactions: [{ reference_number: 'A1', amount: '1.00' }, { amount: '5.00' }],
      name: 'x',
    });
  });

  it('keeps a single value of name[] as a one-item list', () => {
    expect(expandBracketKeys({ 'suppliers[]': '3' })).toEqual({ suppliers: ['3'] });
  });

  it('does not build huge sparse arrays or touch prototypes', () => {
    const out = expandBracketKeys({ 'rows[99999999][a]': '1', '__proto__[polluted]': 'yes' });
    expect(Array.isArray(out.rows)).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
