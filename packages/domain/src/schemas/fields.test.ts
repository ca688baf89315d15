import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateFilter,
  filterText,
  id,
  idFilter,
  idList,
  isoDate,
  listQuery,
  MAX_ID,
  optionalId,
  optionalIsoDate,
  optionalText,
  pathId,
  requiredText,
} from './fields';

const messages = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? { ok: r.data } : r.error.issues.map((i) => i.message);
};

describe('text fields refuse control characters', () => {
  const single = requiredText('name', 100);
  const multi = optionalText('notes', 100, { multiline: true });
  const control = (label: string) => [`The ${label} field must not contain control characters.`];

  it('refuses NUL, other C0 controls and DEL in one-line text, before trimming', () => {
    for (const bad of [
      'a\u0000b',
      '\u0000',
      'a\u0001',
      'a\tb',
      'a\nb',
      'a\rb',
      'a\u001fb',
      'a\u007fb',
      'a\u000b',
      '\u000cab',
    ])
      expect(messages(single, bad)).toEqual(control('name'));
    expect(messages(optionalText('nickname', 10), 'x\u0000')).toEqual(control('nickname'));
  });

  it('keeps tab, newline and CR in multi-line text but still refuses NUL, VT, FF and DEL', () => {
    expect(messages(multi, 'line 1\r\nline 2\tend')).toEqual({ ok: 'line 1\r\nline 2\tend' });
    for (const bad of ['a\u0000', 'a\u000bb', 'a\u000cb', 'a\u007f', 'a\u0008'])
      expect(messages(multi, bad)).toEqual(control('notes'));
  });

  it('refuses lone surrogates (JSON "\\ud800") but keeps real pairs and ordinary Unicode', () => {
    expect(messages(single, 'a\ud800b')).toEqual(['The name field contains characters that are not valid text.']);
    expect(messages(single, 'a\udc00')).toEqual(['The name field contains characters that are not valid text.']);
    expect(messages(single, ' Zoë 😀 Ünïcödé ')).toEqual({ ok: 'Zoë 😀 Ünïcödé' });
  });

  it('keeps the required and length messages, and a custom required message', () => {
    expect(messages(single, '   ')).toEqual(['The name field is required.']);
    expect(messages(single, 'x'.repeat(101))).toEqual(['The name field must not be greater than 100 characters.']);
    expect(messages(single, 'x'.repeat(100_000) + '\u0000')).toEqual([
      ...control('name'),
      'The name field must not be greater than 100 characters.',
    ]);
    expect(
      messages(requiredText('reference number', 64, { requiredMessage: 'Reference number is required' }), ''),
    ).toEqual(['Reference number is required']);
  });
});

describe('filterText', () => {
  const search = z.object({ search: filterText('search', 10) });
  it('trims, ignores what is not one string or too long, and refuses control characters', () => {
    expect(messages(search, { search: ' ab ' })).toEqual({ ok: { search: 'ab' } });
    expect(messages(search, {})).toEqual({ ok: {} });
    expect(messages(search, { search: ['a', 'b'] })).toEqual({ ok: {} });
    expect(messages(search, { search: 'x'.repeat(11) })).toEqual({ ok: {} });
    expect(messages(search, { search: 'a\u0000b' })).toEqual(['The search field must not contain control characters.']);
  });
  it('is the search of every list query', () => {
    const q = listQuery(['name'] as const, 'name');
    expect(messages(q, { search: 'a\u0000' })).toEqual(['The search field must not contain control characters.']);
  });
});

describe('ids stay in the int4 range', () => {
  it('accepts 1..2147483647 as numbers or digit strings', () => {
    expect(messages(id('agent'), 1)).toEqual({ ok: 1 });
    expect(messages(id('agent'), ' 12 ')).toEqual({ ok: 12 });
    expect(messages(id('agent'), String(MAX_ID))).toEqual({ ok: 2_147_483_647 });
  });
  it('refuses 2^31, zero, negatives, fractions, exponents, hex and booleans with one message', () => {
    for (const bad of [
      2_147_483_648,
      '2147483648',
      '99999999999999999999',
      0,
      '0',
      -1,
      '-1',
      1.5,
      '1.5',
      '1e3',
      '0x1f',
      true,
      'abc',
      [1],
      {},
    ])
      expect(messages(id('agent'), bad)).toEqual(['The agent must be a valid id.']);
    expect(messages(id('agent'), '')).toEqual(['The agent field is required.']);
    expect(messages(optionalId('agent'), '2147483648')).toEqual(['The agent must be a valid id.']);
    expect(messages(optionalId('agent'), '')).toEqual({ ok: null });
  });
  it('custom messages replace both', () => {
    const account = id('account', { required: 'Please select', invalid: 'Please select' });
    expect(messages(account, '')).toEqual(['Please select']);
    expect(messages(account, '2147483648')).toEqual(['Please select']);
  });
  it('idFilter: blank is no filter, anything else must be an id (422)', () => {
    const f = z.object({ tier: idFilter('tier') });
    expect(messages(f, { tier: '' })).toEqual({ ok: {} });
    expect(messages(f, { tier: '7' })).toEqual({ ok: { tier: 7 } });
    expect(messages(f, { tier: '2147483648' })).toEqual(['The tier must be a valid id.']);
  });
  it('idList: every item an id, blank items skipped, bounded', () => {
    const list = idList('The selected bookings are invalid.', { max: 3, min: 1, minMessage: 'Pick one.' });
    expect(messages(list, ['1', '', 2])).toEqual({ ok: [1, 2] });
    expect(messages(list, '5')).toEqual({ ok: [5] });
    expect(messages(list, undefined)).toEqual(['Pick one.']);
    expect(messages(list, ['1', '2147483648'])).toEqual(['The selected bookings are invalid.']);
    expect(messages(list, [true])).toEqual(['The selected bookings are invalid.']);
    expect(messages(list, ['1', '2', '3', '4'])).toEqual(['At most 3 items can be sent at once.']);
  });
  it('pathId: digits in range, else a failure (the route answers 404)', () => {
    expect(pathId().safeParse('42').data).toBe(42);
    for (const bad of ['0', '2147483648', '1e3', '0x1', ' 1', '-1', '99999999999'])
      expect(pathId().safeParse(bad).success).toBe(false);
  });
});

describe('dates are real calendar dates from 1900-01-01 to 2100-12-31', () => {
  const range = (label: string) => [`The ${label} must be a date between 1900-01-01 and 2100-12-31.`];
  it('isoDate', () => {
    expect(messages(isoDate('booking date'), '1900-01-01')).toEqual({ ok: '1900-01-01' });
    expect(messages(isoDate('booking date'), '2100-12-31')).toEqual({ ok: '2100-12-31' });
    for (const bad of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31'])
      expect(messages(isoDate('booking date'), bad)).toEqual(range('booking date'));
    for (const bad of [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '24-01-01',
      '2024-1-1',
      '２０２４-01-01',
      '2024-01-01T00:00',
      '2024-01-01\u0000',
    ])
      expect(messages(isoDate('booking date'), bad)).toEqual(['The booking date is not a valid date (YYYY-MM-DD).']);
    expect(messages(isoDate('booking date'), '2024-02-29')).toEqual({ ok: '2024-02-29' });
  });
  it('optionalIsoDate: blank is ""', () => {
    expect(messages(optionalIsoDate('tier start date'), '')).toEqual({ ok: '' });
    expect(messages(optionalIsoDate('tier start date'), null)).toEqual({ ok: '' });
    expect(messages(optionalIsoDate('tier start date'), '0000-01-01')).toEqual(range('tier start date'));
  });
  it('dateFilter: blank is no filter', () => {
    const f = z.object({ date_from: dateFilter('date from') });
    expect(messages(f, { date_from: '' })).toEqual({ ok: {} });
    expect(messages(f, { date_from: '0000-01-01' })).toEqual(range('date from'));
  });
});
