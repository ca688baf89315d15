/** Hostile bodies: values set deep in a body, bracket keys and __proto__, encodings, files of the wrong kind or size, malformed multipart, unreadable payloads. */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { asForm, asMultipart, multipartPayload, PNG, type HostileBody, type Json, type Part } from '../hostile';
import { asText, jsonText } from './schema-fields';

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
