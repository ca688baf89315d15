import { z, type ZodType } from 'zod';
import type { RouteDef } from './route';

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate the requests. */
export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const oaPath = def.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const methods = (paths[oaPath] ??= {});
    methods[def.method.toLowerCase()] = operation(def);
    if (def.method === 'PUT' || def.method === 'PATCH' || def.method === 'DELETE') {
      if (!methods.post) {
        methods.post = {
          summary: `${def.summary} (method override: POST with _method=${def.method})`,
          tags: def.tags,
          'x-method-override': def.method,
        };
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commission back office API',
      version: '1.0.0',
      description:
        'Session cookie auth; every non-GET request carries the CSRF token (header X-CSRF-TOKEN or field _token). ' +
        'Requests with X-Requested-With: XMLHttpRequest or Accept: application/json get JSON. Money is exact: numbers with 2 decimals.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'backoffice_session' } },
      responses: SHARED_RESPONSES,
    },
    paths,
  };
}

/** The answers many operations share, referenced as `#/components/responses/<name>`. */
const SHARED_RESPONSES = {
  ValidationError: {
    description: 'Validation failed',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['message', 'errors'],
          properties: {
            message: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
  },
  Error: {
    description: 'Error',
    content: {
      'application/json': {
        schema: { type: 'object', properties: { status: { const: 'error' }, message: { type: 'string' } } },
      },
    },
  },
};

/** One route as an OpenAPI operation: access, parameters, request body and answers. */
function operation(def: RouteDef): Record<string, unknown> {
  const op: Record<string, unknown> = {
    summary: def.summary,
    tags: def.tags,
    security: def.access === 'public' ? [] : [{ session: [] }],
    'x-access': def.access,
  };
  const parameters = parametersOf(def);
  if (parameters.length) op.parameters = parameters;
  if (def.body) op.requestBody = requestBodyOf(def, def.body);
  op.responses = responsesOf(def);
  return op;
}

/** Path and query parameters from their schemas, and the CSRF header of a write. */
function parametersOf(def: RouteDef): unknown[] {
  const parameters: unknown[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const js = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(js.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (js.required ?? []).includes(name),
        schema: s,
      });
    }
  }
  if (def.method !== 'GET') {
    parameters.push({
      name: 'X-CSRF-TOKEN',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: 'CSRF token (or the `_token` field).',
    });
  }
  return parameters;
}

/** The body schema under each encoding the route reads. */
function requestBodyOf(def: RouteDef, body: ZodType) {
  const schema = toSchema(body);
  const type = def.bodyType ?? 'json';
  const content: Record<string, unknown> = {};
  if (type === 'json' || type === 'form') content['application/json'] = { schema };
  if (type === 'form' || type === 'multipart') content['multipart/form-data'] = { schema };
  if (type === 'form') content['application/x-www-form-urlencoded'] = { schema };
  return { required: true, content };
}

function responsesOf(def: RouteDef) {
  const ok: Record<string, unknown> = { description: 'Success' };
  if (def.response) ok.content = { 'application/json': { schema: toSchema(def.response, 'output') } };
  if (def.produces) ok.content = { [def.produces]: { schema: { type: 'string', format: 'binary' } } };
  return {
    200: ok,
    ...(def.body || def.query ? { 422: { $ref: '#/components/responses/ValidationError' } } : {}),
    ...(def.access !== 'public' ? { 401: { $ref: '#/components/responses/Error' } } : {}),
    ...(def.access === 'admin' ? { 403: { $ref: '#/components/responses/Error' } } : {}),
    ...(def.method !== 'GET' ? { 419: { $ref: '#/components/responses/Error' } } : {}),
  };
}

function toSchema(schema: ZodType, io: 'input' | 'output' = 'input'): unknown {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  } catch {
    return {};
  }
}
