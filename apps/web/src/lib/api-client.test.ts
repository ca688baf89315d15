import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../testing/mock-fetch';
import {
  apiRequest,
  ApiError,
  buildUrl,
  filenameFromDisposition,
  getCsrfToken,
  getErrorMessage,
  isNetworkError,
  setUnauthenticatedHandler,
  toFormData,
} from './api-client';

/** These tests are about the transport, not an answer's shape: any JSON answer is accepted. */
const anyAnswer = z.unknown();
const answer = { schema: anyAnswer };
type Options = Omit<Parameters<typeof apiRequest>[1], 'method' | 'json' | 'form'>;
const getJson = (url: string, options: Options) => apiRequest(url, { ...options, method: 'GET' });
const postJson = (url: string, json: unknown, options: Options) =>
  apiRequest(url, { ...options, method: 'POST', json });
const postForm = (url: string, form: FormData, options: Options) =>
  apiRequest(url, { ...options, method: 'POST', form });

function setMetaToken(token: string) {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = token;
  document.head.append(meta);
}

const session = (token: string) => ({ authenticated: false, user: null, csrf_token: token });

describe('api-client headers', () => {
  beforeEach(() => setMetaToken('meta-token'));

  it('sends credentials, the AJAX marker and Accept JSON on GET, without a CSRF header', async () => {
    const mock = mockFetch({ 'GET /api/things': { body: { status: 'success', data: [] } } });
    await getJson('/api/things', { query: { page: 2, search: '', ids: [1, 2] }, schema: anyAnswer });

    const [url, init] = mock.fetch.mock.calls[0]!;
    expect(url).toBe('/api/things?page=2&ids%5B%5D=1&ids%5B%5D=2');
    expect(init?.credentials).toBe('include');
    const headers = mock.requests[0]!.headers;
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('X-CSRF-TOKEN')).toBe(false);
  });

  it('sends the meta tag token on POST, with a JSON body', async () => {
    const mock = mockFetch({ 'POST /commission-tiers': { body: { status: 'success' } } });
    await postJson('/commission-tiers', { name: 'Gold' }, answer);
    const request = mock.requests[0]!;
    expect(request.headers.get('X-CSRF-TOKEN')).toBe('meta-token');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toEqual({ name: 'Gold' });
  });

  it('sends a multipart body as the browser builds it: no Content-Type of its own, fields as the spec posts them', async () => {
    const mock = mockFetch({ 'POST /suppliers': { body: { status: 'success' } } });
    await postForm(
      '/suppliers',
      toFormData({ name: 'Air', is_partial: true, skipped: null, suppliers: [1, 2] }),
      answer,
    );
    const multipart = mock.requests[0]!;
    expect(multipart.headers.has('Content-Type')).toBe(false); // the browser adds the boundary
    expect(multipart.body).toEqual({ name: 'Air', is_partial: '1', 'suppliers[]': '2' });
  });
});

describe('api-client CSRF token', () => {
  it('fetches the token from /api/session when the page has no meta tag', async () => {
    const mock = mockFetch({
      'GET /api/session': { body: session('session-token') },
      'POST /login': { body: { status: 'success' } },
    });
    await postJson('/login', { email: 'a@b.c', password: 'x' }, answer);
    expect(mock.calls('GET /api/session')).toHaveLength(1);
    expect(mock.calls('POST /login')[0]!.headers.get('X-CSRF-TOKEN')).toBe('session-token');
  });

  it('keeps the rotated token a login or logout response hands out', async () => {
    setMetaToken('old-token');
    const mock = mockFetch({
      'POST /logout': { body: { status: 'success', csrf_token: 'rotated-token' } },
      'POST /settings': { body: { status: 'success' } },
    });
    await postJson('/logout', {}, answer);
    expect(getCsrfToken()).toBe('rotated-token');
    await postJson('/settings', { gst_rate: '5' }, answer);
    expect(mock.calls('POST /settings')[0]!.headers.get('X-CSRF-TOKEN')).toBe('rotated-token');
  });

  it('on 419 refreshes the token from /api/session and retries once', async () => {
    setMetaToken('stale-token');
    const mock = mockFetch({
      'POST /suppliers': [
        { status: 419, body: { message: 'CSRF token mismatch.' } },
        { status: 200, body: { status: 'success', message: 'Saved.' } },
      ],
      'GET /api/session': { body: session('fresh-token') },
    });

    await expect(postJson('/suppliers', { name: 'Air' }, answer)).resolves.toEqual({
      status: 'success',
      message: 'Saved.',
    });

    const posts = mock.calls('POST /suppliers');
    expect(posts.map((r) => r.headers.get('X-CSRF-TOKEN'))).toEqual(['stale-token', 'fresh-token']);
    expect(posts[1]!.body).toEqual({ name: 'Air' });
    expect(mock.calls('GET /api/session')).toHaveLength(1);
  });

  it('gives up after one retry', async () => {
    setMetaToken('stale-token');
    const mock = mockFetch({
      'POST /suppliers': { status: 419, body: { message: 'CSRF token mismatch.' } },
      'GET /api/session': { body: session('fresh-token') },
    });
    const error = await postJson('/suppliers', {}, answer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 419, message: 'CSRF token mismatch.' });
    expect(mock.calls('POST /suppliers')).toHaveLength(2);
  });

  it('retries multipart bodies too', async () => {
    setMetaToken('stale-token');
    const mock = mockFetch({
      'POST /bookings': [{ status: 419, body: { message: 'CSRF token mismatch.' } }, { body: { status: 'success' } }],
      'GET /api/session': { body: session('fresh-token') },
    });
    await postForm('/bookings', toFormData({ booking_reference: 'ABC-1' }), answer);
    expect(mock.calls('POST /bookings')[1]!.body).toEqual({ booking_reference: 'ABC-1' });
  });
});

describe('api-client errors', () => {
  beforeEach(() => setMetaToken('meta-token'));

  it('parses a 422 into message and field errors', async () => {
    mockFetch({
      'POST /login': {
        status: 422,
        body: {
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        },
      },
    });
    const error = (await postJson('/login', {}, answer).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.isValidation).toBe(true);
    expect(error.message).toBe('These credentials do not match our records.');
    expect(error.hasServerMessage).toBe(true);
    expect(error.errors).toEqual({ email: ['These credentials do not match our records.'] });
  });

  it('parses {status:"error", message} failures and keeps nested field keys', async () => {
    mockFetch({
      'POST /login': {
        status: 429,
        body: { status: 'error', message: 'Too many login attempts. Please try again in 60 seconds.' },
      },
      'POST /transactions/store-bulk': {
        status: 422,
        body: { message: 'Invalid.', errors: { 'transactions.3.reference_number': ['Reference number is required'] } },
      },
    });
    await expect(postJson('/login', {}, answer)).rejects.toMatchObject({
      status: 429,
      message: 'Too many login attempts. Please try again in 60 seconds.',
      errors: {},
    });
    await expect(postJson('/transactions/store-bulk', {}, answer)).rejects.toMatchObject({
      errors: { 'transactions.3.reference_number': ['Reference number is required'] },
    });
  });

  it('falls back to a local message when the body is not JSON', async () => {
    mockFetch({
      'GET /api/broken': new Response('<h1>Bad gateway</h1>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      }),
    });
    const error = (await getJson('/api/broken', answer).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.hasServerMessage).toBe(false);
    expect(getErrorMessage(error, 'An error occurred while searching')).toBe('An error occurred while searching');
  });

  it('gives network failures their own kind', async () => {
    mockFetch({ 'GET /api/things': new TypeError('Failed to fetch') });
    const error = await getJson('/api/things', answer).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(getErrorMessage(error, 'fallback', 'Error submitting form. Please try again.')).toBe(
      'Error submitting form. Please try again.',
    );
  });

  it('hands a 401 to the unauthenticated handler, except when asked not to', async () => {
    const handler = vi.fn();
    setUnauthenticatedHandler(handler);
    mockFetch({ 'GET /api/things': { status: 401, body: { status: 'error', message: 'Unauthenticated.' } } });

    await expect(getJson('/api/things', answer)).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(getJson('/api/things', { ...answer, redirectOnUnauthenticated: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('rejects a success body that breaks the schema', async () => {
    mockFetch({ 'GET /api/things': { body: { status: 'success', data: 'nope' } } });
    await expect(getJson('/api/things', { schema: z.object({ data: z.array(z.string()) }) })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });
});

describe('helpers', () => {
  it('builds query strings without empty values', () => {
    expect(buildUrl('/bookings', { page: 1, search: '', sort: null, personal: true })).toBe(
      '/bookings?page=1&personal=1',
    );
    expect(buildUrl('/transactions?reference=A', { page: 2 })).toBe('/transactions?reference=A&page=2');
  });

  it('reads file names from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="telpay_report.xlsx"')).toBe('telpay_report.xlsx');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.xlsx")).toBe('résumé.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('accepts a JSON response builder', () => {
    expect(jsonResponse({ a: 1 }).headers.get('content-type')).toBe('application/json');
  });
});
