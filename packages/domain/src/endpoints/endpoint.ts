import { z, type ZodType } from 'zod';
import { pathId } from '../schemas/fields';

/**
 * One HTTP endpoint, defined once (issue 21 item 5): its method, its path (`:name` for a path parameter)
 * and the schemas of its parameters, query, body and success answer. The server's `route()` takes its
 * method, path and schemas from this object and the web client builds its request and checks the answer
 * with it, so a URL can no longer be paired with the wrong schema on either side.
 */
export interface Endpoint {
  readonly method: EndpointMethod;
  /** The path as the server registers it, e.g. `/accounts/:id` or `/api/payouts`. */
  readonly path: string;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** The success answer (JSON); absent for an endpoint that answers with a file. */
  readonly response?: ZodType;
}

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Identity: keeps the literal method and the exact schema types of the definition. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** `:id` in a path: 1 to 2,147,483,647 (anything else is a 404 on the server). */
export const idParams = z.object({ id: pathId() });

type Part<E, K extends 'params' | 'query' | 'body' | 'response', Io extends 'in' | 'out'> = E extends {
  readonly [key in K]: infer S;
}
  ? S extends ZodType
    ? Io extends 'in'
      ? z.input<S>
      : z.output<S>
    : undefined
  : undefined;

/** What the handler receives (parsed), per part of an endpoint; `undefined` where the endpoint has none. */
export type EndpointParams<E extends Endpoint> = Part<E, 'params', 'out'>;
export type EndpointQuery<E extends Endpoint> = Part<E, 'query', 'out'>;
export type EndpointBody<E extends Endpoint> = Part<E, 'body', 'out'>;
/** What the client sends as the body, before the server parses it. */
export type EndpointBodyInput<E extends Endpoint> = Part<E, 'body', 'in'>;
/** The success answer as the client reads it (parsed), and as the handler may build it (before parsing). */
export type EndpointResponse<E extends Endpoint> = Part<E, 'response', 'out'>;
export type EndpointResponseInput<E extends Endpoint> = Part<E, 'response', 'in'>;

/**
 * The path with its parameters filled in: `/accounts/:id` with `{id: 7}` is `/accounts/7`. Each value is
 * URI-encoded; a parameter the path names but the values lack is an error in the caller.
 */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
