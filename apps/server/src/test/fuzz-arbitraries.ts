/**
 * Hostile requests generated from the OpenAPI document's request schemas (the JSON Schema of each
 * route's zod body, query and path parameters), for the fuzz test. Per field, by what the schema says
 * it holds: control characters, 100 KB strings, lone surrogates, ids of 2^31 and 2^53, -1, 1e309,
 * NaN strings, years 0000 and 9999, wrong types, bracket keys and `__proto__`; per multipart route,
 * malformed boundaries, truncated parts, oversized files and wrong magic bytes.
 *
 * The parts live in fuzz/: the schemas' fields, hostile values, hostile bodies, hostile queries and paths.
 */
export {
  encodeAs,
  HOSTILE_KEYS,
  hostileFile,
  malformedMultipart,
  setPath,
  unreadable,
  type Encoding,
} from './fuzz/hostile-bodies';
export { hostileQuery, hostileSegment } from './fuzz/hostile-query';
export { hostileValue } from './fuzz/hostile-values';
export { fieldsOf, jsonText, plausibleBody, type Field, type JsonSchema } from './fuzz/schema-fields';
