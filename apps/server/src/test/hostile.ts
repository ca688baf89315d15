/**
 * What the hostile-input, fuzz and authorization-matrix tests share: request bodies in every encoding
 * (JSON, form, multipart, raw bytes), a raw sender with a client's cookies and CSRF token, the
 * operations of the OpenAPI document, the verdict on an answer (no 5xx, no stack trace) and a
 * fingerprint of the database's tables to prove that a refusal wrote nothing.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import type { TestClient } from './test-app';

export type Json = unknown;
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}
export type HostileBody =
  | { kind: 'json'; value: Json }
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'multipart'; parts: Part[] }
  | { kind: 'raw'; contentType: string; payload: string | Buffer };

/** The smallest PNG header: what a receipt or reference image must start with. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** { a: ['1'], t: [{ r: 'x' }] } → a[]=1, t[0][r]=x: how browsers post what a JSON body nests. */
export function flatten(value: Json, prefix = ''): [string, string][] {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null))
      return value.map((v) => [`${prefix}[]`, String(v ?? '')] as [string, string]);
    return value.flatMap((v, i) => flatten(v, `${prefix}[${i}]`));
  }
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}[${k}]` : k));
  return [[prefix, value === null || value === undefined ? '' : String(value)]];
}

export const asForm = (value: Json): HostileBody => ({ kind: 'form', fields: flatten(value) });
export const asMultipart = (value: Json, extra: Part[] = []): HostileBody => ({
  kind: 'multipart',
  parts: [...flatten(value).map(([name, v]) => ({ name, value: v })), ...extra],
});

/** The multipart bytes of `parts` between `boundary` lines (well-formed; malformed ones are built raw). */
export function multipartPayload(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export function encodeBody(body: HostileBody, boundary: string): { contentType: string; payload: string | Buffer } {
  switch (body.kind) {
    case 'json':
      return { contentType: 'application/json', payload: JSON.stringify(body.value) };
    case 'form': {
      const params = new URLSearchParams();
      for (const [k, v] of body.fields) params.append(k, v);
      return { contentType: 'application/x-www-form-urlencoded', payload: params.toString() };
    }
    case 'multipart':
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: multipartPayload(body.parts, boundary),
      };
    case 'raw':
      return { contentType: body.contentType, payload: body.payload };
  }
}

export interface RawRequest {
  method: string;
  url: string;
  body?: HostileBody;
  /** Default true: the client's CSRF token goes with every request but a GET; false: none; a string: that one. */
  csrf?: boolean | string;
}

/** Sends a request as `client` (its cookies and token; none for null) the way the web app asks: for JSON. */
export function sendRaw(
  app: FastifyInstance,
  client: TestClient | null,
  req: RawRequest,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
  if (client?.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = typeof req.csrf === 'string' ? req.csrf : req.csrf === false ? null : client?.csrfToken;
  if (req.method !== 'GET' && token) headers['x-csrf-token'] = token;
  let payload: string | Buffer | undefined;
  if (req.body) {
    const encoded = encodeBody(req.body, `----hostile${crypto.randomBytes(6).toString('hex')}`);
    headers['content-type'] = encoded.contentType;
    payload = encoded.payload;
  }
  return app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/**
 * A stack frame (`at f (file:1:2)`, `at file:1:2`), a stack property, a source or dependency path:
 * what an answer must never show. (Prose like "at once. (and 1 more error)" is not a frame.)
 */
const INTERNALS = /"stack"|\bat [^\s"]+ \([^)\s]*:\d+:\d+\)|\bat [^\s"]+:\d+:\d+|node_modules|\.[cm]?[jt]s:\d+/;
export const leaksInternals = (body: string): boolean => INTERNALS.test(body);

/**
 * Tables whose rows change by design whatever the answer: sessions (an anonymous session is made on
 * demand), the login throttle (a failed sign-in is counted), and the dashboard's day totals (a cache
 * the job runner's refresh rewrites in the background: reports/report-day-totals.ts). The other caches
 * (chart totals, the bookings list's counts) change only with the writes they follow: a refusal must
 * leave them as they were, so they count as data.
 */
const NOT_DATA = ['sessions', 'login_throttle', 'report_day_totals', 'report_dirty_days'];

let fingerprintSql: string | null = null;

/**
 * Every data table's row count and the newest transaction id among its live rows (`xmin`): an insert
 * or an update in any of them (a new row version) or a delete changes it; a rolled-back write does not.
 * Cheaper than hashing the rows, and it sees an update that writes the same values too.
 */
export async function tableFingerprint(db: Db): Promise<Record<string, string>> {
  if (!fingerprintSql) {
    const { rows } = await db.$client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'
          and table_name <> all($1) order by table_name`,
      [NOT_DATA],
    );
    fingerprintSql = rows
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) as v from "${name}" t`,
      )
      .join(' union all ');
  }
  // Named: prepared and planned once per pooled connection (a union over every table, planned again for
  // each of the fuzz's and the money model's thousands of requests, was most of what it cost).
  const { rows } = await db.$client.query<{ name: string; v: string }>({
    name: 'table_fingerprint',
    text: fingerprintSql,
  });
  return Object.fromEntries(rows.map((r) => [r.name, r.v]));
}

/** The tables whose fingerprint differs, with their row counts before and after. */
export function writtenTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after)
    .filter((n) => after[n] !== before[n])
    .map((n) => `${n} (${before[n]?.split(':')[0]} → ${after[n]!.split(':')[0]} rows)`);
}

export interface Failure {
  case: string;
  status: number;
  body: string;
  wrote?: string[];
}

/** What is wrong with one answer: a 5xx, a leaked trace, or a refusal after which a table changed. */
export function judge(
  label: string,
  res: LightMyRequestResponse,
  before: Record<string, string>,
  after: Record<string, string>,
): Failure[] {
  const failures: Failure[] = [];
  const body = res.body.slice(0, 300);
  if (res.statusCode >= 500 || leaksInternals(res.body)) failures.push({ case: label, status: res.statusCode, body });
  if (res.statusCode >= 400) {
    const wrote = writtenTables(before, after);
    if (wrote.length) failures.push({ case: label, status: res.statusCode, body, wrote });
  }
  return failures;
}

interface JsonSchema {
  properties?: Record<string, unknown>;
  allOf?: JsonSchema[];
}

export interface Operation {
  method: string;
  /** OpenAPI form: /bookings/{id}. */
  path: string;
  /** `x-access` of the route: public, user or admin. */
  access: string | undefined;
  /** For the documented POST twin of a PUT/PATCH/DELETE: the method it stands for (`_method`). */
  override: string | undefined;
  pathParams: string[];
  query: { name: string; schema: Record<string, unknown> }[];
  /** Content type → request body schema. */
  content: Record<string, Record<string, unknown>>;
  /** The documented fields of the request body (an intersection's parts too). */
  fields: string[];
}

const fieldsOf = (schema: JsonSchema | undefined): string[] =>
  schema ? [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap(fieldsOf)] : [];

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-access'?: string;
        'x-method-override'?: string;
        parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
        requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
      }
    >
  >;
}

/** Every operation of the app's OpenAPI document (`GET /api/openapi.json`). */
export async function openApiOperations(client: TestClient): Promise<Operation[]> {
  const res = await client.get('/api/openapi.json');
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  const doc = res.json() as OpenApiDoc;
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const content = Object.fromEntries(
        Object.entries(op.requestBody?.content ?? {}).map(([type, c]) => [type, c.schema ?? {}]),
      );
      return {
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        override: op['x-method-override'],
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        content,
        fields: fieldsOf(Object.values(content)[0] as JsonSchema | undefined),
      };
    }),
  );
}

export const operationKey = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
