/**
 * Form posts and multipart bodies arrive with bracket names (`suppliers[]`, `transactions[3][amount]`).
 * This expands them into the nested objects and arrays that JSON bodies already have, so one zod
 * schema validates all three encodings.
 */
export function expandBracketKeys(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(flat)) {
    if (FORBIDDEN.has(rawKey)) continue;
    const parts = parseKey(rawKey);
    if (parts && parts.length === 0) continue;
    if (!parts) {
      out[rawKey] = value;
      continue;
    }
    assign(out, parts, value);
  }
  return compactArrays(out) as Record<string, unknown>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** Keys that would reach an object's prototype: dropped wherever they appear. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function parseKey(key: string): string[] | null {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!m) return null;
  if (FORBIDDEN.has(m[1]!)) return [];
  const rest = [...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!);
  const parts = [m[1]!, ...rest];
  // Refuse prototype tricks and absurd depths.
  if (parts.length > 6 || parts.some((p) => FORBIDDEN.has(p) || (p !== '' && !SAFE_KEY.test(p)))) return null;
  return parts;
}

function assign(target: Record<string, unknown>, parts: string[], value: unknown) {
  let node: Record<string, unknown> = target;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    if (part === '') {
      // `name[]`: append (only meaningful at the end)
      const arr = Array.isArray(node.__list) ? (node.__list as unknown[]) : [];
      const values = Array.isArray(value) ? value : [value];
      node.__list = [...arr, ...values];
      return;
    }
    if (last) {
      const existing = node[part];
      if (existing !== undefined && typeof existing === 'object' && existing !== null && '__list' in existing) {
        (existing as { __list: unknown[] }).__list.push(...(Array.isArray(value) ? value : [value]));
      } else {
        node[part] = value;
      }
      return;
    }
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = Object.create(null);
    node = node[part] as Record<string, unknown>;
  }
}

/** Objects whose keys are all array indexes become arrays; `__list` holders become their list. */
function compactArrays(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node) || Buffer.isBuffer(node)) return node;
  const obj = node as Record<string, unknown>;
  if ('__list' in obj && Object.keys(obj).length === 1) return (obj.__list as unknown[]).map(compactArrays);
  const keys = Object.keys(obj);
  if (keys.length > 0 && keys.every((k) => /^\d{1,4}$/.test(k))) {
    const arr: unknown[] = [];
    for (const k of keys.sort((a, b) => Number(a) - Number(b))) arr[Number(k)] = compactArrays(obj[k]);
    return Array.from(arr, (v) => v); // holes become undefined, which the schema reports
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = compactArrays(obj[k]);
  return out;
}
