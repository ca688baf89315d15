/** Hostile query strings and path segments. */
import fc from 'fast-check';
import { type Operation } from '../hostile';
import { hostileValue } from './hostile-values';
import { type FieldKind, type JsonSchema, asText, jsonText, kindOf } from './schema-fields';

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes EF BF BD, as a browser sends it). */
export function pct(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const queryValue = (kind: FieldKind, schema: JsonSchema): fc.Arbitrary<string> =>
  fc.oneof(
    hostileValue({ path: ['q'], kind, schema }, []).map((v) => {
      const t = asText(v);
      return typeof t === 'string' ? pct(t) : pct(jsonText(t));
    }),
    fc.constantFrom('%00', '%FF', '%ED%A0%80', '%', '%2', '%E2%82', '+', '%20', ''),
  );

/** A query string with one to three hostile parameters (bracket keys and repeats included). */
export function hostileQuery(op: Operation): fc.Arbitrary<{ what: string; query: string }> {
  const params = op.query.length ? op.query : [{ name: 'page', schema: {} }];
  return fc
    .array(
      fc.constantFrom(...params).chain((p) => {
        const kind = kindOf(p.name, p.schema);
        return fc.oneof(
          queryValue(kind, p.schema).map((v) => `${p.name}=${v}`),
          fc.constantFrom(
            `${p.name}[]=1&${p.name}[]=2`,
            `${p.name}[a]=1`,
            `${p.name}[__proto__][polluted]=1`,
            `${p.name}=1&${p.name}=2`,
          ),
          fc.constantFrom('__proto__[polluted]=1', 'constructor[prototype][polluted]=1', `a${'[b]'.repeat(500)}=1`),
        );
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => ({ what: `?${parts.join('&').slice(0, 80)}`, query: parts.join('&') }));
}

/** Path segments that are not ids a route can hold (never a small id: a DELETE must not find a row). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '2147483648',
    '99999999',
    '4294967296',
    '9007199254740993',
    '99999999999999999999',
    '1e3',
    '0x10',
    '1.5',
    '%00',
    '%FF',
    '%ED%A0%80',
    '..%2F..%2Fetc',
    '%2E%2E',
    'abc',
    '١',
    '%20%31',
    'null',
    '{id}',
    'x'.repeat(300),
  ),
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .filter((s) => !/^\s*\d{1,8}\s*$/.test(s))
    .map(pct),
);
