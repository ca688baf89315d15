import { AppError } from './errors';

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
