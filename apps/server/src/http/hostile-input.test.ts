/**
 * Hostile input against the real app (the "Hardening" issue: no input may produce a 5xx). For every
 * route of the OpenAPI document, as an admin with a valid CSRF token: NUL and other control characters,
 * year-0000 dates, ids of 2^31, 100 KB strings, odd JSON types, bracket-key tricks, malformed multipart
 * and bytes that are not UTF-8. Every answer must be below 500, carry no stack trace, and a refusal
 * must write nothing (every data table's rows are the same before and after).
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asForm,
  asMultipart,
  flatten,
  judge,
  openApiOperations,
  PNG,
  sendRaw,
  tableFingerprint,
  type Failure,
  type HostileBody as Body,
  type Json,
  type Operation,
} from '../test/hostile';
import {
  baselines as baselinesOf,
  fileFieldOf,
  seedHostileWorld,
  urlOf as urlWith,
  WELL_FORMED_BODIES_SKIPPED,
  type HostileWorld,
} from '../test/hostile-world';

let world: HostileWorld;
const baselines = () => baselinesOf(world.ids);
const urlOf = (path: string) => urlWith(world.ids, path);

interface Case {
  method: string;
  url: string;
  body?: Body;
  what: string;
}

const BIG = 'x'.repeat(100_000);

/** The values tried in a field, beside a NUL: by what the field holds, then one of the rest in turn. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;
const ID_LIKE = /^\d+$/;
const ROTATION: { value: Json; jsonOnly?: boolean }[] = [
  { value: BIG },
  { value: 'a\u001b[31mb' },
  { value: 'a\u007fb' },
  { value: 'a\ud800b', jsonOnly: true },
  { value: 1e308, jsonOnly: true },
  { value: -2147483649, jsonOnly: true },
  { value: [], jsonOnly: true },
  { value: { nested: { deeper: 'x' } }, jsonOnly: true },
  { value: true, jsonOnly: true },
  { value: null, jsonOnly: true },
  { value: '9999-12-31' },
  { value: '1e3' },
  { value: '0x1f' },
  { value: '-0' },
  { value: "' OR 1=1 --" },
  { value: '<script>alert(1)</script>' },
  { value: '\u202eevil' },
];

function stringPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValue(base: Json, path: (string | number)[], value: Json): Json {
  const copy = structuredClone(base) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** Bodies no route can read: each must be a 400/413/415 (never a 500), whatever the route. */
function unreadableBodies(): { what: string; body: Body }[] {
  const b = 'hostileboundary';
  const mp = (payload: string, contentType = `multipart/form-data; boundary=${b}`): Body => ({
    kind: 'raw',
    contentType,
    payload,
  });
  return [
    { what: 'multipart: unclosed body', body: mp(`--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nval`) },
    { what: 'multipart: no boundary', body: mp(`--${b}\r\n`, 'multipart/form-data') },
    {
      what: 'multipart: wrong boundary',
      body: mp(
        `--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nv\r\n--${b}--\r\n`,
        'multipart/form-data; boundary=other',
      ),
    },
    { what: 'multipart: truncated part headers', body: mp(`--${b}\r\nContent-Disposition: form-da`) },
    {
      what: 'JSON: not UTF-8',
      body: { kind: 'raw', contentType: 'application/json', payload: Buffer.from('{"name":"\xff\xfe"}', 'latin1') },
    },
    {
      what: 'form: %FF is not UTF-8',
      body: { kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'name=%FF%FE' },
    },
    {
      what: 'JSON: __proto__ key',
      body: { kind: 'raw', contentType: 'application/json', payload: '{"__proto__":{"polluted":"yes"},"name":"x"}' },
    },
    { what: 'JSON: truncated', body: { kind: 'raw', contentType: 'application/json', payload: '{"name": "x' } },
    {
      what: 'form: one name in two shapes',
      body: {
        kind: 'form',
        fields: [
          ['x', '1'],
          ['x[a]', '2'],
        ],
      },
    },
    { what: 'XML', body: { kind: 'raw', contentType: 'application/xml', payload: '<a/>' } },
  ];
}

/** Well-formed but odd bodies: accepted or refused as the route's schema says, never a 500. */
function oddBodies(baseline: () => Json, fileField: string): { what: string; body: Body }[] {
  const fields = () => flatten(baseline());
  return [
    { what: 'form: x[__list]', body: { kind: 'form', fields: [...fields(), ['x[__list]', 'a']] } },
    {
      what: 'form: __proto__ and constructor names',
      body: {
        kind: 'form',
        fields: [...fields(), ['__proto__[polluted]', 'yes'], ['a[constructor][prototype][polluted]', 'yes']],
      },
    },
    { what: 'form: 1,000 levels deep', body: { kind: 'form', fields: [...fields(), [`a${'[b]'.repeat(1000)}`, '1']] } },
    { what: 'form: index 99999999', body: { kind: 'form', fields: [...fields(), ['x[99999999]', 'a']] } },
    { what: 'multipart: x[__list]', body: asMultipart(baseline(), [{ name: 'x[__list]', value: 'a' }]) },
    {
      what: `multipart: a ${fileField} named with NUL, of a strange type`,
      body: asMultipart(baseline(), [
        { name: fileField, value: PNG, filename: 'a\u0000b\u001b\u007f.png', contentType: 'image/png\u0000x' },
      ]),
    },
    {
      what: 'multipart: a part without headers',
      body: {
        kind: 'raw',
        contentType: 'multipart/form-data; boundary=b',
        payload: '--b\r\n\r\n\r\nvalue\r\n--b--\r\n',
      },
    },
    { what: 'JSON: an array', body: { kind: 'json', value: [1, 2] } },
    {
      what: 'JSON: 10,000 nested arrays',
      body: { kind: 'raw', contentType: 'application/json', payload: '['.repeat(10_000) + ']'.repeat(10_000) },
    },
    { what: 'JSON: null', body: { kind: 'raw', contentType: 'application/json', payload: 'null' } },
    { what: 'text/plain', body: { kind: 'raw', contentType: 'text/plain', payload: 'hello' } },
  ];
}

/** A few hostile bodies per field of the route's baseline. */
function fieldCases(baseline: () => Json): { what: string; body: Body }[] {
  const out: { what: string; body: Body }[] = [];
  let turn = 0;
  const base = baseline();
  for (const path of stringPaths(base)) {
    const name = path.join('.');
    const current = String(path.reduce<Json>((n, k) => (n as Record<string | number, Json>)[k], base));
    const tries: { value: Json; jsonOnly?: boolean }[] = [{ value: `a\u0000b` }];
    if (DATE_LIKE.test(current)) tries.push({ value: '0000-01-01' }, { value: '2024-02-30' });
    else if (ID_LIKE.test(current)) tries.push({ value: '2147483648' }, { value: 2 ** 53 + 1, jsonOnly: true });
    tries.push(ROTATION[turn++ % ROTATION.length]!);
    for (const [i, tr] of tries.entries()) {
      const value = withValue(baseline(), path, tr.value);
      const how = tr.jsonOnly ? 0 : (turn + i) % 3;
      const body = how === 0 ? { kind: 'json' as const, value } : how === 1 ? asForm(value) : asMultipart(value);
      out.push({ what: `${name} = ${JSON.stringify(tr.value).slice(0, 40)} (${body.kind})`, body });
    }
  }
  return out;
}

/**
 * Sends each case as the admin; collects the ones that answered 5xx or leaked a trace, and the refusals
 * after which a table changed (fingerprinted after every answer; an accepted write moves the baseline).
 */
async function run(cases: Case[]): Promise<{ failures: Failure[]; statuses: Map<number, number> }> {
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  let before = await tableFingerprint(world.t.db);
  for (const c of cases) {
    const res: LightMyRequestResponse = await sendRaw(world.t.app, world.admin, c);
    const after = await tableFingerprint(world.t.db);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    failures.push(...judge(`${c.method} ${c.url.slice(0, 120)} — ${c.what}`, res, before, after));
    before = after;
  }
  return { failures, statuses };
}

let routes: (Operation & { hasBody: boolean })[] = [];

beforeAll(async () => {
  world = await seedHostileWorld();
  routes = (await openApiOperations(world.admin)).map((op) => ({
    ...op,
    hasBody: Object.keys(op.content).length > 0,
  }));
}, 120_000);

/**
 * The sweeps send many requests each: about 17 s on a quiet machine, over 30 s (the default cap) on CI's
 * PostgreSQL 15 with another test file running beside it. A cap for a hang, not a target.
 */
const HEAVY_MS = 180_000;

describe('hostile input never produces a 5xx, a trace, or a write on refusal', { timeout: HEAVY_MS }, () => {
  it('covers every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(60);
    const withBody = routes.filter((r) => r.method !== 'GET' && r.hasBody);
    expect(withBody.length).toBeGreaterThan(30);
    // Routes without a valid body here get '1' in each documented field: the hostile value in one
    // field meets the others' own refusals, so the schema is tested but the handler seldom reached.
    expect(withBody.every((r) => r.fields.length > 0)).toBe(true);
    const base = baselines();
    expect(withBody.filter((r) => `${r.method} ${r.path}` in base).length).toBeGreaterThan(25);
  });

  it('query strings and path ids', async () => {
    const cases: Case[] = [];
    const hostileQuery = ['%00', 'a%00b', '0000-01-01', '2147483648', '-1', 'x'.repeat(100_000), '%1B%5B31m', '%FF'];
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const url = urlOf(r.path);
      r.query.forEach(({ name }, i) => {
        for (const [j, v] of hostileQuery.entries())
          if (j < 4 || j === 4 + (i % 4))
            cases.push({ method: 'GET', url: `${url}?${name}=${v}`, what: `${name}=${v.slice(0, 20)}` });
        cases.push({ method: 'GET', url: `${url}?${name}[]=1&${name}[]=2`, what: `${name}[]` });
        cases.push({ method: 'GET', url: `${url}?${name}[__proto__][x]=1`, what: `${name}[__proto__]` });
      });
      cases.push({
        method: 'GET',
        url: `${url}?__proto__[polluted]=1&constructor[prototype][polluted]=1`,
        what: 'proto',
      });
      if (r.path.includes('{'))
        for (const bad of ['2147483648', '0', '-1', '1e3', '%00', '99999999999999999999'])
          cases.push({ method: 'GET', url: r.path.replace(/\{[^}]+\}/g, bad), what: `path ${bad}` });
    }
    const { failures, statuses } = await run(cases);
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(200);
    expect(statuses.get(422)).toBeGreaterThan(20);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('hostile values in every field of every write', async () => {
    const cases: Case[] = [];
    for (const r of routes.filter((x) => x.method !== 'GET')) {
      const key = `${r.method} ${r.path}`;
      if (WELL_FORMED_BODIES_SKIPPED.test(key)) continue;
      const url = urlOf(r.path);
      const baseline = () => baselines()[key] ?? Object.fromEntries(r.fields.map((f) => [f, '1']));
      const fileField = fileFieldOf(r.path);
      const odd = oddBodies(baseline, fileField);
      for (const c of fieldCases(baseline)) cases.push({ method: r.method, url, ...c });
      // A POST twin of PUT/DELETE without `_method` is a 405 whatever its body: two are enough there.
      for (const c of r.hasBody || key in baselines() ? odd : odd.slice(0, 2))
        cases.push({ method: r.method, url, ...c });
      if (r.path.includes('{'))
        for (const bad of ['2147483648', '0', '%00'])
          cases.push({
            method: r.method,
            url: r.path.replace(/\{[^}]+\}/g, bad),
            body: { kind: 'json', value: baseline() },
            what: `path ${bad}`,
          });
    }
    const { failures, statuses } = await run(cases);
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(300);
    // The schema refuses most of them with its own messages.
    expect(statuses.get(422)).toBeGreaterThan(150);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('unreadable bodies on every write address, the deletes and sign-out included: a 4xx, nothing written', async () => {
    const cases: Case[] = [];
    for (const r of routes.filter((x) => x.method !== 'GET'))
      for (const c of unreadableBodies()) cases.push({ method: r.method, url: urlOf(r.path), ...c });
    const { failures, statuses } = await run(cases);
    expect(failures).toEqual([]);
    expect([...statuses.keys()].every((s) => s === 400 || s === 415)).toBe(true);
    // The session survived every one of them (sign-out was never reached).
    expect((await world.admin.get('/api/session')).json().authenticated).toBe(true);
  });
});
