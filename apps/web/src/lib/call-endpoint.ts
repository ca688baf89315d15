import {
  endpointPath,
  type Endpoint,
  type EndpointBodyInput,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@app/domain';
import type { ZodType } from 'zod';
import { apiRequest, downloadFile, type Query, type SendOptions } from './api-client';

type PathValues<E extends Endpoint> = { [K in keyof EndpointParams<E>]: string | number };
type QueryValues<E extends Endpoint> = { [K in keyof EndpointQuery<E>]?: Query[string] };

/** Its path parameters when the path has some; a query whose names the query schema knows. */
type ParamsPart<E extends Endpoint> = E extends { params: ZodType } ? { params: PathValues<E> } : { params?: never };
type QueryPart<E extends Endpoint> = E extends { query: ZodType } ? { query?: QueryValues<E> } : { query?: never };

/**
 * What a call to endpoint E takes, from E's schemas: its path parameters, its query, and a body (JSON, as
 * the schema takes it) or a multipart form.
 */
export type CallInput<E extends Endpoint> = ParamsPart<E> &
  QueryPart<E> &
  (E extends { body: ZodType }
    ? { body: EndpointBodyInput<E>; form?: never } | { form: FormData; body?: never }
    : { body?: never; form?: never }) &
  Pick<SendOptions, 'signal' | 'redirectOnUnauthenticated'>;

/** The input may be left out when nothing in it is required. */
type InputArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** What a file download of endpoint E takes: as a call, with a JSON body only, and the name to fall back to. */
export type DownloadInput<E extends Endpoint> = ParamsPart<E> &
  QueryPart<E> &
  (E extends { body: ZodType } ? { body: EndpointBodyInput<E> } : { body?: never }) & {
    signal?: AbortSignal;
    fallbackFilename: string;
  };

/**
 * Calls one endpoint of the domain and answers with its response, checked by the endpoint's schema. PUT,
 * PATCH and DELETE go as a POST with `_method` (CONTRACT.md §2), in the JSON body or the form.
 */
export function callEndpoint<E extends Endpoint & { response: ZodType }>(
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<EndpointResponse<E>> {
  const { url, options } = toRequest(endpoint, input ?? {});
  return apiRequest(url, { ...options, schema: endpoint.response }) as Promise<EndpointResponse<E>>;
}

/** Downloads the file an endpoint answers with, named by the server's Content-Disposition or by `fallbackFilename`. */
export function downloadEndpoint<E extends Endpoint>(
  endpoint: E,
  input: DownloadInput<E>,
): Promise<{ blob: Blob; filename: string }> {
  const { fallbackFilename, ...rest } = input;
  const { url, options } = toRequest(endpoint, rest);
  return downloadFile(url, { ...options, fallbackFilename });
}

/** The request for an endpoint: its path filled in, and a GET with its query or a POST with the body. */
function toRequest(endpoint: Endpoint, input: object): { url: string; options: SendOptions } {
  const { params, query, body, form, ...rest } = input as {
    params?: Record<string, string | number>;
    query?: Query;
    body?: unknown;
    form?: FormData;
  } & Pick<SendOptions, 'signal' | 'redirectOnUnauthenticated'>;
  const url = endpointPath(endpoint.path, params);
  if (endpoint.method === 'GET') return { url, options: { ...rest, query, method: 'GET' } };
  const override = endpoint.method === 'POST' ? null : endpoint.method;
  const sent = form
    ? { form: override ? withMethod(form, override) : form }
    : { json: override ? { ...(body as object | undefined), _method: override } : (body ?? {}) };
  return { url, options: { ...rest, query, method: 'POST', ...sent } };
}

/** A copy of the form with the method override (the given FormData is not modified). */
function withMethod(form: FormData, method: string): FormData {
  const copy = new FormData();
  for (const [key, value] of form.entries()) copy.append(key, value);
  copy.set('_method', method);
  return copy;
}
