import { describe, expect, it } from 'vitest';
import { expandBracketKeys, MAX_INDEX } from './body';
import { AppError } from './errors';

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

  it('leaves holes in an indexed list as undefined, for the schema to report at their index', () => {
    expect(expandBracketKeys({ 'rows[2][a]': '1', 'rows[0][a]': '0' })).toEqual({
      rows: [{ a: '0' }, undefined, { a: '1' }],
    });
  });

  it('does not build huge sparse arrays or touch prototypes', () => {
    const out = expandBracketKeys({ 'rows[99999999][a]': '1', '__proto__[polluted]': 'yes' });
    expect(out).toEqual({ rows: { '99999999': { a: '1' } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(expandBracketKeys({ [`x[${MAX_INDEX + 1}]`]: 'a' })).toEqual({ x: { [String(MAX_INDEX + 1)]: 'a' } });
    expect((expandBracketKeys({ [`x[${MAX_INDEX}]`]: 'a' }).x as unknown[]).length).toBe(MAX_INDEX + 1);
    // '01' is not an index: it cannot overwrite index 1.
    expect(expandBracketKeys({ 'x[1]': 'a', 'x[01]': 'b' })).toEqual({ x: { '1': 'a', '01': 'b' } });
  });

  it('treats a name such as __list as an ordinary key (it used to be an internal marker)', () => {
    expect(expandBracketKeys({ 'x[__list]': 'a' })).toEqual({ x: { __list: 'a' } });
    expect(expandBracketKeys({ 'x[__list][]': ['a', 'b'] })).toEqual({ x: { __list: ['a', 'b'] } });
  });

  it('drops prototype names at any depth and never pollutes Object.prototype', () => {
    const out = expandBracketKeys({
      'a[__proto__][polluted]': 'yes',
      'b[constructor][prototype][polluted]': 'yes',
      'c[prototype]': 'yes',
      constructor: 'yes',
      'toString[a]': 'kept',
      hasOwnProperty: 'kept',
    });
    expect(out).toEqual({ toString: { a: 'kept' }, hasOwnProperty: 'kept' });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('keeps over-deep, odd or misplaced-[] names as one flat (unknown) key', () => {
    const deep = `a${'[b]'.repeat(1000)}`;
    expect(expandBracketKeys({ [deep]: '1', name: 'n' })).toEqual({ [deep]: '1', name: 'n' });
    expect(expandBracketKeys({ 'a[b c]': '1', 'a[][b]': '2', '[a]': '3' })).toEqual({
      'a[b c]': '1',
      'a[][b]': '2',
      '[a]': '3',
    });
    expect(expandBracketKeys({ 'a[b][c][d][e][f]': '1' })).toEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } });
  });

  it('refuses one name in two shapes with a 400', () => {
    const refused = (flat: Record<string, unknown>) => {
      try {
        expandBracketKeys(flat);
      } catch (e) {
        return e instanceof AppError ? [e.status, e.message] : e;
      }
      return 'accepted';
    };
    const message = 'The request body could not be read: the field x is sent in two shapes.';
    expect(refused({ x: '1', 'x[a]': '2' })).toEqual([400, message]);
    expect(refused({ 'x[a]': '2', x: '1' })).toEqual([400, message]);
    expect(refused({ 'x[]': 'a', 'x[a]': 'b' })).toEqual([400, message]);
    expect(refused({ 'x[a]': 'b', 'x[]': 'a' })).toEqual([400, message]);
    expect(refused({ 'x[a]': '1', 'x[a][b]': '2' })).toEqual([400, message]);
    expect(refused({ 'x[a][b]': '2', 'x[a]': '1' })).toEqual([400, message]);
    expect(refused({ x: '1', 'x[]': '2' })).toEqual([400, message]);
  });

  it('passes values through untouched (files, repeated values)', () => {
    const file = { filename: 'a.png', data: Buffer.from('x') };
    expect(expandBracketKeys({ 'f[0]': file, tags: ['a', 'b'] })).toEqual({ f: [file], tags: ['a', 'b'] });
  });
});
