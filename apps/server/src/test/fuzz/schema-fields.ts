/** The request schemas' fields, as the OpenAPI document gives them (JSON Schema), and plausible values for them. */
import { type Json } from '../hostile';

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
export function asText(value: Json): Json {
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
export function core(schema: JsonSchema): JsonSchema {
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
