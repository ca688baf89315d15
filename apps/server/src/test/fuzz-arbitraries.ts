/**
 * Hostile requests generated from the OpenAPI document's request schemas (the JSON Schema of each
 * route's zod body, query and path parameters), for the fuzz test. Per field, by what the schema says
 * it holds: control characters, 100 KB strings, lone surrogates, ids of 2^31 and 2^53, -1, 1e309,
 * NaN strings, years 0000 and 9999, wrong types, bracket keys and `__proto__`; per multipart route,
 * malformed boundaries, truncated parts, oversized files and wrong magic bytes.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import {
  asForm,
  asMultipart,
  multipartPayload,
  PNG,
  type HostileBody,
  type Json,
  type Operation,
  type Part,
} from './hostile';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** A JSON number that JSON.stringify cannot write (1e309, -0, 1.0): sent as these characters. */
export class RawNumber {
  constructor(readonly text: string) {}
}

const RAW = '\u0000raw:';
/** JSON text of `value`, with {@link RawNumber}s written as they are. */
export function jsonText(value: Json): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (v instanceof RawNumber ? `${RAW}${v.text}` : v));
  // The marker starts with a NUL, written \u0000 in JSON text: a generated string never starts so.
  return text.replace(/"\\u0000raw:([^"]*)"/g, '$1');
}

/** The value as a form or multipart field carries it: text. */
function asText(value: Json): Json {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return value.map(asText);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
  return value;
}

export type FieldKind = 'id' | 'integer' | 'number' | 'date' | 'boolean' | 'enum' | 'string' | 'array' | 'any';

export interface Field {
  path: (string | number)[];
  kind: FieldKind;
  schema: JsonSchema;
}

/** The schema without its null branch (`anyOf: [X, {type: null}]` → X). */
function core(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return schema;
  const useful = branches.filter((b) => b.type !== 'null');
  return useful.length === 1 ? core(useful[0]!) : { ...schema, anyOf: useful };
}

const types = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

export function kindOf(name: string, schema: JsonSchema): FieldKind {
  const s = core(schema);
  const t = types(s);
  if (s.enum || s.const !== undefined || s.anyOf?.every((b) => b.enum || b.const !== undefined)) return 'enum';
  if (t.includes('array')) return 'array';
  if (t.includes('boolean')) return 'boolean';
  if (/(^|_)ids?$|Id$/.test(name) || (t.includes('integer') && s.maximum === 2_147_483_647)) return 'id';
  if (t.includes('integer')) return 'integer';
  if (/date|_from$|_to$/.test(name)) return 'date';
  if (t.includes('number') || /amount|percentage|rate|commission/.test(name)) return 'number';
  if (t.includes('string')) return 'string';
  return 'any';
}

/** Every field of a body schema, nested ones too (the first item of a list of objects: `transactions.0.amount`). */
export function fieldsOf(schema: JsonSchema, prefix: (string | number)[] = []): Field[] {
  const s = core(schema);
  const props = {
    ...s.properties,
    ...Object.assign({}, ...(s.allOf ?? []).map((p) => core(p).properties ?? {})),
  } as Record<string, JsonSchema>;
  return Object.entries(props).flatMap(([name, sub]) => {
    const path = [...prefix, name];
    const field: Field = { path, kind: kindOf(name, sub), schema: sub };
    const items = core(sub).items;
    const nested = items && core(items).properties ? fieldsOf(items, [...path, 0]) : [];
    return [field, ...nested];
  });
}

/** A plausible valid value of a field for a route without a baseline (the seeded ids by name). */
export function plausible(name: string, schema: JsonSchema, ids: Record<string, number | string>): Json {
  const s = core(schema);
  if (s.default !== undefined) return s.default as Json;
  if (s.const !== undefined) return s.const as Json;
  if (s.enum) return s.enum[0] as Json;
  const kind = kindOf(name, schema);
  const seeded: Record<string, number | string | undefined> = {
    account_id: ids.account,
    agent_id: ids.agent,
    booking_id: ids.booking,
    supplier_id: ids.supplier,
    currency_id: ids.currency,
    payout_id: undefined,
  };
  switch (kind) {
    case 'id':
      return seeded[name] ?? ids.booking ?? 1;
    case 'integer':
      return 1;
    case 'number':
      return '1.00';
    case 'date':
      return '2024-05-01';
    case 'boolean':
      return false;
    case 'array': {
      const items = s.items ? core(s.items) : {};
      if (items.properties)
        return [
          Object.fromEntries(
            Object.entries(items.properties)
              .filter(([k]) => (items.required ?? []).includes(k))
              .map(([k, v]) => [k, plausible(k, v, ids)]),
          ),
        ];
      return [];
    }
    case 'string':
      return 'Fuzz';
    default:
      return '1';
  }
}

export function plausibleBody(schema: JsonSchema, ids: Record<string, number | string>): Record<string, Json> {
  const s = core(schema);
  const props = {
    ...s.properties,
    ...Object.assign({}, ...(s.allOf ?? []).map((p) => core(p).properties ?? {})),
  } as Record<string, JsonSchema>;
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(k, v, ids)]));
}

/* ------------------------------------------------------------------------------------ values */

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

/* ---------------------------------------------------------------------------- bodies and parts */

export function setPath(base: Json, path: (string | number)[], value: Json): Json {
  const copy = structuredClone(base) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, Json>;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

export type Encoding = 'json' | 'form' | 'multipart';

/** `value` in `encoding`, with extra raw form fields (bracket keys) appended. */
export function encodeAs(
  encoding: Encoding,
  value: Json,
  extra: [string, string][] = [],
  files: Part[] = [],
): HostileBody {
  if (encoding === 'json') {
    const text = jsonText(value);
    const withExtra = extra.length
      ? `${text.replace(/}$/, '')}${text === '{}' ? '' : ','}${extra.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`
      : text;
    return { kind: 'raw', contentType: 'application/json', payload: text.startsWith('{') ? withExtra : text };
  }
  const base = encoding === 'form' ? asForm(asText(value)) : asMultipart(asText(value), files);
  if (base.kind === 'form') return { kind: 'form', fields: [...base.fields, ...extra] };
  if (base.kind === 'multipart')
    return { kind: 'multipart', parts: [...base.parts, ...extra.map(([name, v]) => ({ name, value: v }))] };
  return base;
}

/** Keys that try to reach the prototype, nest without end or name one field in two shapes. */
export const HOSTILE_KEYS: fc.Arbitrary<[string, string][]> = fc.array(
  fc.oneof(
    fc.constantFrom<[string, string]>(
      ['__proto__[polluted]', 'yes'],
      ['__proto__', 'x'],
      ['constructor[prototype][polluted]', 'yes'],
      ['a[__proto__][polluted]', 'yes'],
      ['prototype', '1'],
      ['x[__list]', 'a'],
      ['x[99999999]', 'a'],
      ['x[-1]', 'a'],
      ['x[]', '1'],
      ['x[a]', '1'],
      ['x', '1'],
      ['x[][]', '1'],
      ['[x]', '1'],
      ['x]', '1'],
      ['x[', '1'],
      ['', 'empty name'],
      // Not DELETE: it would take the seeded rows away (the DELETE routes get unknown ids only).
      ['_method', 'TRACE'],
      ['_method', 'P\u0000UT'],
      ['_token', 'forged'],
    ),
    fc.integer({ min: 50, max: 2000 }).map((n): [string, string] => [`a${'[b]'.repeat(n)}`, '1']),
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
      .map(([k, v]): [string, string] => [`${k}[${v}]`, v]),
  ),
  { minLength: 1, maxLength: 4 },
);

const OVERSIZED = Buffer.alloc(6 * 1024 * 1024, 0x41);

/** File parts: wrong magic bytes, strange names and types, oversized. */
export const hostileFile = (field: string): fc.Arbitrary<Part> =>
  fc
    .tuple(
      fc.constantFrom<Buffer>(
        Buffer.from('%PDF-1.4\n'),
        Buffer.from('PK\u0003\u0004zip'),
        Buffer.from('MZ\u0090\u0000exe'),
        Buffer.from('GIF89a'),
        Buffer.from('<svg onload="alert(1)"/>'),
        Buffer.from(''),
        Buffer.from([0xff, 0xd8]),
        PNG.subarray(0, 7),
        Buffer.from('reference,amount\nA1,1e309\n'),
        Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0x00]),
      ),
      fc.constantFrom(
        'receipt.png',
        'statement.csv',
        'agents.xlsx',
        '../../etc/passwd',
        'a\u0000b.png',
        `${'n'.repeat(5000)}.pdf`,
        'r\u202egnp.exe',
        '',
        'x.PNG ',
      ),
      fc.constantFrom('image/png', 'application/pdf', 'text/csv', 'application/octet-stream', 'image/png\u0000x', ''),
    )
    .map(([data, filename, contentType]) => ({ name: field, value: data, filename, contentType }));

const oversizedFile = (field: string): Part => ({
  name: field,
  value: Buffer.concat([PNG, OVERSIZED]),
  filename: 'huge.png',
  contentType: 'image/png',
});

/** Multipart bodies that are not well formed, around a body that would otherwise be valid. */
export function malformedMultipart(value: Json, fileField: string): fc.Arbitrary<{ what: string; body: HostileBody }> {
  const b = `fuzz${crypto.randomBytes(4).toString('hex')}`;
  const parts = (asMultipart(asText(value)) as { parts: Part[] }).parts;
  const valid = () => multipartPayload(parts, b);
  const mp = (what: string, payload: string | Buffer, contentType = `multipart/form-data; boundary=${b}`) => ({
    what,
    body: { kind: 'raw' as const, contentType, payload },
  });
  return fc.oneof(
    fc.integer({ min: 1, max: 400 }).map((cut) => {
      const full = valid();
      return mp(
        `truncated at byte ${Math.min(cut, full.length - 1)}`,
        full.subarray(0, Math.max(1, full.length - cut)),
      );
    }),
    fc.constantFrom(
      mp('no boundary parameter', valid(), 'multipart/form-data'),
      mp('another boundary', valid(), 'multipart/form-data; boundary=other'),
      mp('empty boundary', valid(), 'multipart/form-data; boundary='),
      mp('quoted boundary with a space', valid(), `multipart/form-data; boundary="${b} x"`),
      mp('boundary of 200 characters', valid(), `multipart/form-data; boundary=${'b'.repeat(200)}`),
      mp('no closing delimiter', valid().subarray(0, valid().length - `--${b}--\r\n`.length)),
      mp('only the closing delimiter', `--${b}--\r\n`),
      mp('empty body', ''),
      mp('a part without headers', `--${b}\r\n\r\nvalue\r\n--${b}--\r\n`),
      mp('a part without a name', `--${b}\r\nContent-Disposition: form-data\r\n\r\nv\r\n--${b}--\r\n`),
      mp('unquoted name', `--${b}\r\nContent-Disposition: form-data; name=a b\r\n\r\nv\r\n--${b}--\r\n`),
      mp('two names', `--${b}\r\nContent-Disposition: form-data; name="a"; name="b"\r\n\r\nv\r\n--${b}--\r\n`),
      mp(
        'RFC 5987 filename',
        `--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename*=UTF-8''%E2%82%AC%00.png\r\nContent-Type: image/png\r\n\r\n${PNG.toString('latin1')}\r\n--${b}--\r\n`,
      ),
      mp(
        'a header line of 20 KB',
        `--${b}\r\nX-Long: ${'h'.repeat(20_000)}\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${b}--\r\n`,
      ),
      mp('a header without a colon', `--${b}\r\nContent-Disposition form-data\r\n\r\nv\r\n--${b}--\r\n`),
      mp('LF line ends', `--${b}\nContent-Disposition: form-data; name="a"\n\nv\n--${b}--\n`),
      mp(
        'bytes that are not UTF-8 in a field',
        Buffer.concat([
          Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`),
          Buffer.from([0xed, 0xa0, 0x80, 0xff]),
          Buffer.from(`\r\n--${b}--\r\n`),
        ]),
      ),
      mp(
        '3,000 parts',
        Array.from(
          { length: 3000 },
          (_, i) => `--${b}\r\nContent-Disposition: form-data; name="f${i}[]"\r\n\r\n${i}\r\n`,
        ).join('') + `--${b}--\r\n`,
      ),
      mp(
        'multipart/mixed inside',
        `--${b}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\n\r\nx\r\n--inner--\r\n--${b}--\r\n`,
      ),
      mp('charset that does not exist', valid(), `multipart/form-data; boundary=${b}; charset=x-unknown`),
    ),
    fc.constant({
      what: `an oversized ${fileField}`,
      body: encodeAs('multipart', value, [], [oversizedFile(fileField)]),
    }),
  );
}

const raw = (contentType: string) => (what: string, payload: string | Buffer) => ({
  what,
  body: { kind: 'raw' as const, contentType, payload },
});
const rawJson = raw('application/json');
const rawForm = raw('application/x-www-form-urlencoded');

/** Bodies that are not what their content type says, or no body a route can read. */
export const unreadable: fc.Arbitrary<{ what: string; body: HostileBody }> = fc.constantFrom(
  rawJson('JSON: truncated', '{"name": "x'),
  rawJson('JSON: not UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
  rawJson('JSON: a lone surrogate in CESU-8 bytes', Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])),
  rawJson('JSON: an array', '[1,2]'),
  rawJson('JSON: null', 'null'),
  rawJson('JSON: a string', '"x"'),
  rawJson('JSON: 1e309', '1e309'),
  rawJson('JSON: 10,000 nested arrays', '['.repeat(10_000) + ']'.repeat(10_000)),
  rawJson('JSON: __proto__ key', '{"__proto__":{"polluted":"yes"}}'),
  rawJson('JSON: constructor.prototype', '{"constructor":{"prototype":{"polluted":"yes"}}}'),
  rawJson('JSON: a duplicate key', '{"a":1,"a":{"b":2}}'),
  rawJson('JSON: 3 MB', `{"a":"${'x'.repeat(3 * 1024 * 1024)}"}`),
  rawJson('JSON: with a BOM', '\ufeff{}'),
  raw('application/json; charset=x-unknown')('JSON under a charset that does not exist', '{}'),
  rawForm('form: %FF', 'name=%FF%FE'),
  rawForm('form: %ED%A0%80 (a surrogate)', 'name=%ED%A0%80'),
  rawForm('form: lone %', 'name=%&x=%2'),
  rawForm('form: 3 MB', `a=${'x'.repeat(3 * 1024 * 1024)}`),
  rawForm('form: 50,000 fields', Array.from({ length: 50_000 }, (_, i) => `f${i}=1`).join('&')),
  raw('text/plain')('text/plain', 'hello'),
  raw('application/xml')(
    'XML with an external entity',
    '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
  ),
  raw('')('no content type', '{}'),
);

/* ------------------------------------------------------------------------- query and path */

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
