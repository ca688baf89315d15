import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOO_LARGE, type BodyRules } from './body-limits';
import { checkCsrfBeforeBody, isSessionToken } from './csrf';
import { AppError, csrfMismatch } from './errors';
import type { Method, UploadedFile } from './route';

export const WRITE_METHODS: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * How the app reads request bodies: JSON, form and multipart, strictly, within each route's limits
 * ({@link BodyRules}, kept in the route's config), all three becoming the same nested shape.
 */
export async function registerBodyParsing(app: FastifyInstance) {
  // Bodies are read strictly: bytes that are not UTF-8 are a 400, never stored as U+FFFD.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    const text = decodeUtf8(raw as Buffer);
    if (text === null) return done(unreadableBody('it is not valid UTF-8'), undefined);
    void parseJson(req, text, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, raw, done) => {
    const body = parseUrlEncoded(raw as Buffer);
    if (body === null) return done(unreadableBody('it is not valid UTF-8'), undefined);
    done(null, body);
  });
  // Multipart bodies are read by the preValidation hook below (limits per route, errors as 4xx).
  await app.register(fastifyMultipart, { limits: { fieldSize: 1024 * 1024 } });

  // A write's CSRF token and declared size are checked before one byte of its body is read: an
  // anonymous 19 MB upload is a 419 at once, a body over the route's limit a 413 (README "Limits").
  // Node then drains the unread body without keeping it (closing instead would leave the client
  // with a broken pipe rather than the answer).
  app.addHook('preParsing', async (req, _reply, payload) => {
    const rules = bodyRulesFor(req);
    if (!rules || !(WRITE_METHODS as string[]).includes(req.method)) return payload;
    req.csrfPending = checkCsrfBeforeBody(req);
    // eslint-disable-next-line no-restricted-syntax -- a byte count
    if (Number(req.headers['content-length']) > rules.bodyLimit)
      throw new AppError('payload_too_large', rules.fileTooLargeMessage ?? TOO_LARGE);
    return payload;
  });

  // Form and multipart bodies become the same nested shape as JSON bodies.
  app.addHook('preValidation', async (req) => {
    if (req.isMultipart()) {
      const rules = bodyRulesFor(req);
      // An address no route serves (404) reads no body.
      if (rules) req.body = expandBracketKeys(await readMultipart(req, rules));
      return;
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return;
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    req.body = expandBracketKeys(body);
  });
}

/** The body rules of the route a request reached; none for an address no route serves (404). */
export function bodyRulesFor(req: FastifyRequest): BodyRules | undefined {
  return (req.routeOptions.config as { bodyRules?: BodyRules } | undefined)?.bodyRules;
}

/**
 * Form posts and multipart bodies arrive with bracket names (`suppliers[]`, `transactions[3][amount]`).
 * This expands them into the nested objects and arrays that JSON bodies already have, so one zod
 * schema validates all three encodings.
 *
 * Hostile names stay harmless: the tree is built in `Map`s (no property of any object is read or
 * written by a client's name), `__proto__`/`constructor`/`prototype` are dropped wherever they
 * appear, a name deeper than {@link MAX_DEPTH} or with odd characters stays one flat (unknown) key,
 * an index above {@link MAX_INDEX} makes an object rather than a giant array, and a name given two
 * shapes at once (`x=1` with `x[a]=2`, `x[]=1` with `x[0]=2`) is a 400.
 */
export function expandBracketKeys(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Branch = new Map();
  for (const [rawKey, value] of Object.entries(flat)) {
    if (FORBIDDEN.has(rawKey)) continue;
    const parts = parseKey(rawKey);
    if (parts === 'drop') continue;
    insert(root, parts ?? [rawKey], value, rawKey);
  }
  return toObject(root);
}

/** Deepest bracket name expanded (`transactions[3][amount]` is 3); deeper names stay flat. */
export const MAX_DEPTH = 6;
/** Largest array index (the bulk form posts at most 5,000 rows); a larger one makes an object. */
export const MAX_INDEX = 9_999;

const SAFE_KEY = /^[A-Za-z0-9_-]{1,64}$/;
const INDEX = /^(?:0|[1-9]\d{0,3})$/;
/** Keys that would reach an object's prototype: dropped wherever they appear. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** A group of named children (`x[a]`, `x[0]`). */
type Branch = Map<string, Node>;
/** Values appended with `x[]`. */
class List {
  constructor(readonly items: unknown[]) {}
}
/** A value as posted (a string, an uploaded file, or the list of a name posted several times). */
class Leaf {
  constructor(readonly value: unknown) {}
}
type Node = Branch | List | Leaf;

/** `a[b][]` → ['a', 'b', '']; null: not a bracket name (kept flat); 'drop': reaches a prototype. */
function parseKey(key: string): string[] | null | 'drop' {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!m) return null;
  const parts = [m[1]!, ...Array.from(m[2]!.matchAll(/\[([^[\]]*)\]/g), (x) => x[1]!)];
  if (parts.some((p) => FORBIDDEN.has(p))) return 'drop';
  const appendAt = parts.indexOf('');
  if (appendAt === 0 || (appendAt > 0 && appendAt !== parts.length - 1)) return null; // `[]` only at the end
  if (parts.length > MAX_DEPTH || parts.some((p) => p !== '' && !SAFE_KEY.test(p))) return null;
  return parts;
}

function conflict(rawKey: string): AppError {
  const name = rawKey.split('[')[0]!.slice(0, 64);
  return new AppError('bad_request', `The request body could not be read: the field ${name} is sent in two shapes.`);
}

function insert(root: Branch, parts: string[], value: unknown, rawKey: string) {
  const append = parts[parts.length - 1] === '';
  const path = append ? parts.slice(0, -1) : parts;
  let node: Branch = root;
  for (const part of path.slice(0, -1)) {
    let next = node.get(part);
    if (next === undefined) {
      next = new Map();
      node.set(part, next);
    }
    if (!(next instanceof Map)) throw conflict(rawKey);
    node = next;
  }
  const name = path[path.length - 1]!;
  const current = node.get(name);
  if (append) {
    const values = Array.isArray(value) ? value : [value];
    if (current === undefined) node.set(name, new List(values));
    else if (current instanceof List) for (const v of values) current.items.push(v);
    else throw conflict(rawKey);
  } else {
    if (current !== undefined) throw conflict(rawKey);
    node.set(name, new Leaf(value));
  }
}

function toObject(branch: Branch): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of branch) out[k] = toValue(v);
  return out;
}

/** Branches whose names are all indexes become arrays (holes are undefined, which the schema reports). */
function toValue(node: Node): unknown {
  if (node instanceof Leaf) return node.value;
  if (node instanceof List) return node.items;
  const keys = [...node.keys()];
  if (keys.length > 0 && keys.every((k) => INDEX.test(k))) {
    const length = Math.max(...keys.map(Number)) + 1;
    const arr: unknown[] = Array.from({ length }, () => undefined);
    // eslint-disable-next-line no-restricted-syntax -- an array index
    for (const [k, v] of node) arr[Number(k)] = toValue(v);
    return arr;
  }
  return toObject(node);
}

const unreadableBody = (why: string) => new AppError('bad_request', `The request body could not be read (${why}).`);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a body, or null when its bytes are not UTF-8. */
function decodeUtf8(raw: Buffer): string | null {
  try {
    return utf8.decode(raw);
  } catch {
    return null;
  }
}

/**
 * `a=1&b=x+y&b=%C3%A9` → { a: '1', b: ['x y', 'é'] } (a name posted twice gives a list), like
 * URLSearchParams but strict: null when the bytes, or what a %XX sequence spells, are not UTF-8.
 * A '%' not followed by two hex digits stays a literal '%', as browsers and PHP read it.
 */
function parseUrlEncoded(raw: Buffer): Record<string, unknown> | null {
  const text = decodeUtf8(raw);
  if (text === null) return null;
  const out = new Map<string, string | string[]>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const k = decodeFormComponent(eq === -1 ? pair : pair.slice(0, eq));
    const v = decodeFormComponent(eq === -1 ? '' : pair.slice(eq + 1));
    if (k === null || v === null) return null;
    const existing = out.get(k);
    if (existing === undefined) out.set(k, v);
    else if (Array.isArray(existing)) existing.push(v);
    else out.set(k, [existing, v]);
  }
  return Object.fromEntries(out);
}

function decodeFormComponent(s: string): string | null {
  if (!s.includes('%') && !s.includes('+')) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
  } catch {
    return null;
  }
}

/** C0 controls and DEL, which a file name never needs (and PostgreSQL text refuses NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** Without the header, a multipart body's `_token` must be among its first fields, before any file. */
const CSRF_PREFIX_BYTES = 64 * 1024;

/**
 * Reads a multipart body into flat fields (a name posted twice gives a list) with the route's limits.
 * An uploaded file becomes an {@link UploadedFile}; an empty file input (no name, no bytes) is undefined.
 * Limits keep their 413 (files by busboy, the whole body counted here as it is read, for a body sent
 * without a length); anything else that goes wrong (no or wrong boundary, unclosed body, truncated
 * part headers) is the client's malformed body: a 400. A request whose CSRF token is not in its header
 * must send `_token` before any file and within {@link CSRF_PREFIX_BYTES} of fields, else 419 before
 * the file is read. Whatever stops the reading, the rest of the body is drained unread.
 */
async function readMultipart(req: FastifyRequest, rules: BodyRules): Promise<Record<string, unknown>> {
  const flat = new Map<string, unknown>();
  const add = (name: string, value: unknown) => {
    const existing = flat.get(name);
    if (!flat.has(name)) flat.set(name, value);
    else if (Array.isArray(existing)) existing.push(value);
    else flat.set(name, [existing, value]);
  };
  let read = 0;
  const count = (bytes: number) => {
    read += bytes;
    if (read > rules.bodyLimit) throw new AppError('payload_too_large', rules.fileTooLargeMessage ?? TOO_LARGE);
  };
  let awaitingToken = req.csrfPending === 'multipart-prefix';
  try {
    for await (const part of req.parts({ limits: rules.multipart })) {
      if (awaitingToken) {
        if (part.type === 'file' || read > CSRF_PREFIX_BYTES) throw csrfMismatch();
        if (part.fieldname === '_token') {
          if (!isSessionToken(req, String(part.value))) throw csrfMismatch();
          awaitingToken = false;
        }
      }
      if (part.type === 'field') {
        count(part.fieldname.length + Buffer.byteLength(String(part.value)));
        add(part.fieldname, part.value);
        continue;
      }
      const data = await part.toBuffer();
      count(part.fieldname.length + data.length);
      const filename = part.filename.replace(CONTROL_CHARS, '').slice(0, 255);
      add(
        part.fieldname,
        data.length === 0 && !filename
          ? undefined
          : ({ filename, mimetype: part.mimetype, size: data.length, data } satisfies UploadedFile),
      );
    }
  } catch (err) {
    req.raw.unpipe();
    req.raw.resume();
    const status = (err as { statusCode?: unknown }).statusCode;
    if (err instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500)) throw err;
    throw unreadableBody('malformed multipart data');
  }
  return Object.fromEntries(flat);
}
