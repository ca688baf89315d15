import {
  endpointPath,
  type Endpoint,
  type EndpointBodyInput,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@app/domain';
import type { ZodType } from 'zod';
import { apiRequest, downloadFile, type QueryValue, type SendOptions } from './api-client';

type PathValues<E extends Endpoint> = { [K in keyof EndpointParams<E>]: string | number };
type QueryValues<E extends Endpoint> = { [K in keyof EndpointQuery<E>]?: QueryValue | readonly QueryValue[] };

/**
 * What a call to endpoint E takes, from E's schemas: its path parameters when the path has some, a query
 * whose names the query schema knows, and a body (JSON, as the schema takes it) or a multipart form.
 */
export type CallInput<E extends Endpoint> = (E extends { params: ZodType }
  ? { params: PathValues<E> }
  : { params?: never }) &
  (E extends { query: ZodType } ? { query?: QueryValues<E> } : { query?: never }) &
  (E extends { body: ZodType }
    ? { body: EndpointBodyInput<E>; form?: never } | { form: FormData; body?: never }
    : { body?: never; form?: never }) &
  Pick<SendOptions, 'signal' | 'redirectOnUnauthenticated'>;

/** The input may be left out when nothing in it is required. */
type InputArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls one endpoint of the domain and answers with its response, checked by the endpoint's schema. PUT,
 * PATCH and DELETE go as a POST with `_method` (CONTRACT.md §2), in the JSON body or the form.
 */
export function callEndpoint<E extends Endpoint & { response: ZodType }>(
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body, form, ...options } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue | readonly QueryValue[]>;
    body?: unknown;
    form?: FormData;
  } & Pick<SendOptions, 'signal' | 'redirectOnUnauthenticated'>;
  const url = endpointPath(endpoint.path, params);
  const request = { ...options, query, schema: endpoint.response };
  if (endpoint.method === 'GET') return apiRequest(url, { ...request, method: 'GET' }) as Promise<EndpointResponse<E>>;
  const override = endpoint.method === 'POST' ? null : endpoint.method;
  const sent = form
    ? { form: override ? withMethod(form, override) : form }
    : { json: override ? { ...(body as object | undefined), _method: override } : (body ?? {}) };
  return apiRequest(url, { ...request, method: 'POST', ...sent }) as Promise<EndpointResponse<E>>;
}

/** What a file download of endpoint E takes: as a call (without a form), and the name to fall back to. */
export type DownloadInput<E extends Endpoint> = Omit<CallInput<E>, 'form' | 'redirectOnUnauthenticated'> & {
  fallbackFilename: string;
};

/**
 * Downloads the file an endpoint answers with (a GET with its query, or a POST with its JSON body), named
 * by the server's Content-Disposition or by `fallbackFilename`.
 */
export function downloadEndpoint<E extends Endpoint & { method: 'GET' | 'POST' }>(
  endpoint: E,
  input: DownloadInput<E>,
): Promise<{ blob: Blob; filename: string }> {
  const { params, query, body, ...options } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue | readonly QueryValue[]>;
    body?: unknown;
    signal?: AbortSignal;
    fallbackFilename: string;
  };
  const url = endpointPath(endpoint.path, params);
  if (endpoint.method === 'GET') return downloadFile(url, { ...options, query });
  return downloadFile(url, { ...options, method: 'POST', json: body ?? {} });
}

/** A copy of the form with the method override (the given FormData is not modified). */
function withMethod(form: FormData, method: string): FormData {
  const copy = new FormData();
  for (const [key, value] of form.entries()) copy.append(key, value);
  copy.set('_method', method);
  return copy;
}
