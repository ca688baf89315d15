import { endpoint, idParams } from '@app/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mockFetch } from '../testing/mock-fetch';
import { ApiError, setCsrfToken } from './api-client';
import { callEndpoint, downloadEndpoint } from './call-endpoint';

const thing = z.object({ status: z.literal('success'), data: z.object({ id: z.number(), name: z.string() }) });
const things = {
  list: endpoint({
    method: 'GET',
    path: '/things',
    query: z.object({ page: z.coerce.number().optional(), search: z.string().optional() }),
    response: z.object({ status: z.literal('success'), data: z.array(z.string()) }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/things/:id',
    params: idParams,
    body: z.object({ name: z.string() }),
    response: thing,
  }),
  remove: endpoint({ method: 'DELETE', path: '/things/:id', params: idParams, response: thing }),
  file: endpoint({ method: 'GET', path: '/things/:id/file', params: idParams }),
  report: endpoint({ method: 'POST', path: '/things/report', body: z.object({ year: z.number() }) }),
};

describe('callEndpoint', () => {
  beforeEach(() => setCsrfToken('token'));

  it('builds the query from the endpoint and answers with its parsed response', async () => {
    const mock = mockFetch({ 'GET /things': { body: { status: 'success', data: ['a'] } } });
    const answer = await callEndpoint(things.list, { query: { page: 2, search: '' } });
    expect(answer.data).toEqual(['a']);
    expect(mock.requests[0]!.url).toBe('/things?page=2');
  });

  it('fills the path parameters and overrides PUT and DELETE through a POST (CONTRACT.md §2)', async () => {
    const reply = { body: { status: 'success', data: { id: 7, name: 'Air' } } };
    const mock = mockFetch({ 'POST /things/7': reply, 'POST /things/8': reply });
    await callEndpoint(things.update, { params: { id: 7 }, body: { name: 'Air' } });
    await callEndpoint(things.remove, { params: { id: 8 } });
    expect(mock.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/things/7', { name: 'Air', _method: 'PUT' }],
      ['POST', '/things/8', { _method: 'DELETE' }],
    ]);
  });

  it('sends a form as multipart with the override, leaving the given form as it was', async () => {
    const mock = mockFetch({ 'POST /things/3': { body: { status: 'success', data: { id: 3, name: 'Air' } } } });
    const form = new FormData();
    form.append('name', 'Air');
    await callEndpoint(things.update, { params: { id: 3 }, form });
    expect(mock.requests[0]!.body).toEqual({ name: 'Air', _method: 'PUT' });
    expect(form.has('_method')).toBe(false);
  });

  it('refuses an answer its endpoint does not describe', async () => {
    mockFetch({ 'GET /things': { body: { status: 'success', data: [1] } } });
    await expect(callEndpoint(things.list)).rejects.toBeInstanceOf(ApiError);
  });

  it('posts the JSON body of a file endpoint that takes one', async () => {
    const mock = mockFetch({ 'POST /things/report': new Response('xlsx') });
    const file = await downloadEndpoint(things.report, { body: { year: 2026 }, fallbackFilename: 'report.xlsx' });
    expect(file.filename).toBe('report.xlsx');
    expect(mock.requests[0]!.body).toEqual({ year: 2026 });
  });

  it('downloads a file endpoint under the name the server gives', async () => {
    mockFetch({
      'GET /things/5/file': new Response('pdf', { headers: { 'content-disposition': 'attachment; filename="t.pdf"' } }),
    });
    const file = await downloadEndpoint(things.file, { params: { id: 5 }, fallbackFilename: 'x.pdf' });
    expect(file.filename).toBe('t.pdf');
  });

  it('checks the call against the endpoint when it compiles', () => {
    // Each of these is a compile error (tsc -p apps/web checks this file); none is sent.
    const calls = [
      // @ts-expect-error the path names :id
      () => callEndpoint(things.update, { body: { name: 'Air' } }),
      // @ts-expect-error the body is the endpoint's
      () => callEndpoint(things.update, { params: { id: 1 }, body: { title: 'Air' } }),
      // @ts-expect-error the query schema has no such name
      () => callEndpoint(things.list, { query: { sort: 'name' } }),
      // @ts-expect-error a file endpoint has no JSON answer to call for
      () => callEndpoint(things.file, { params: { id: 1 } }),
      // @ts-expect-error a download sends the body its endpoint takes
      () => downloadEndpoint(things.report, { fallbackFilename: 'report.xlsx' }),
    ];
    expect(calls).toHaveLength(5);
  });
});
