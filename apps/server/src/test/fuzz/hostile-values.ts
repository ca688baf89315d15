/** Hostile values per field, by what the schema says it holds: control characters, huge strings, lone surrogates, numeric and date edges, wrong types. */
import fc from 'fast-check';
import { type Json } from '../hostile';
import { type Field, type JsonSchema, RawNumber, core } from './schema-fields';

const C0 = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const CONTROL = fc.oneof(C0, fc.constant('\u007f'), fc.constant('\u0000'));
const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** A string that holds a control character or a lone surrogate somewhere. */
const taintedString = fc
  .tuple(fc.string({ maxLength: 12 }), fc.oneof(CONTROL, LONE_SURROGATE), fc.string({ maxLength: 12 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);

const HUGE = fc
  .constantFrom(100_000, 100_001, 1_048_577)
  .chain((n) => fc.constantFrom('x', 'é', '𝔘', '\u0000', '0').map((c) => c.repeat(Math.ceil(n / c.length))));

const TRICKY_TEXT = fc.constantFrom(
  '',
  ' ',
  '\t',
  "' OR 1=1 --",
  '"; drop table bookings; --',
  '<script>alert(1)</script>',
  '\u202eevil',
  '\ufeff1',
  '{{7*7}}',
  '${7*7}',
  '%s%n',
  '../../etc/passwd',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
);

const WRONG_TYPES: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ nested: { deeper: ['x'] } }),
  fc.constant([[1], [2, [3]]]),
  fc.constant([{ a: 1 }]),
  fc.double(),
  fc.integer(),
);

const NUMERIC_EDGES: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    -1,
    0,
    1.5,
    0.005,
    -0.001,
    1e308,
    5e-324,
  ),
  fc.constantFrom('1e309', '-1e309', '-0', '1.0', '1e3', '2e-5', '0x10').map((t) => new RawNumber(t)),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '1e3',
    '0x1f',
    '0b11',
    ' 7 ',
    '7 8',
    '٣',
    '１２',
    '00000000000000000001',
    '2147483648',
    '9007199254740993',
    '99999999999999999999.99',
    '-99999999999999.99',
    '1,000.00',
    '$5',
    '5.',
    '.5',
    '5.005',
    '+5',
    '--5',
    '9'.repeat(400),
  ),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.double({ noNaN: false, noDefaultInfinity: false }).map((d) => (Number.isFinite(d) ? d : String(d))),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map((b) => b.toString()),
);

const DATE_EDGES: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(
    '0000-01-01',
    '0000-00-00',
    '9999-12-31',
    '1899-12-31',
    '1900-01-01',
    '2100-12-31',
    '2101-01-01',
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-1-1',
    '+002024-01-01',
    '-000001-01-01',
    '2024-01-01T00:00:00Z',
    '2024-01-01 00:00',
    '20240101',
    '01/02/2024',
    'today',
    '1e3',
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

const ENUM_EDGES = (schema: JsonSchema): fc.Arbitrary<Json> => {
  const s = core(schema);
  const values = (s.enum ?? s.anyOf?.flatMap((b) => b.enum ?? [b.const]) ?? [s.const]).filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const first = values[0] ?? 'x';
  return fc.constantFrom(first.toUpperCase(), ` ${first}`, `${first}\u0000`, `${first}x`, values.join(','), 'other');
};

const BOOLEAN_EDGES = fc.constantFrom<Json>('yes', 'no', 'TRUE', 2, -1, 'on\u0000', [true], { v: true });

const ARRAY_EDGES = (fields: Field[], field: Field): fc.Arbitrary<Json> =>
  fc.oneof(
    fc.constant(Array.from({ length: 5001 }, (_, i) => String(i + 1))),
    fc.constant([[1, 2]]),
    fc.constant(['1', '1', '1']),
    fc.constant('1,2,3'),
    fc.array(fc.oneof(NUMERIC_EDGES, taintedString, WRONG_TYPES), { minLength: 1, maxLength: 4 }),
    fields.some((f) => f.path.length > field.path.length)
      ? fc.constant([{ unknown_key: 1 }, null])
      : fc.constant([null]),
  );

/** A hostile value for one field, by what its schema says it holds. */
export function hostileValue(field: Field, fields: Field[]): fc.Arbitrary<Json> {
  const common: fc.Arbitrary<Json> = fc.oneof(taintedString, HUGE, WRONG_TYPES, TRICKY_TEXT);
  const specific: fc.Arbitrary<Json> = (() => {
    switch (field.kind) {
      case 'id':
      case 'integer':
      case 'number':
        return NUMERIC_EDGES;
      case 'date':
        return DATE_EDGES;
      case 'enum':
        return ENUM_EDGES(field.schema);
      case 'boolean':
        return BOOLEAN_EDGES;
      case 'array':
        return ARRAY_EDGES(fields, field);
      default:
        return fc.oneof(taintedString, TRICKY_TEXT, fc.string({ unit: 'binary', maxLength: 40 }));
    }
  })();
  return fc.oneof({ arbitrary: specific, weight: 3 }, { arbitrary: common, weight: 2 });
}
