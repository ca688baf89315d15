import { endpoint, successData } from '@app/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { routeModules } from '../routes';
import { createTestApp } from '../test/test-app';
import type { AppContext, RouteModule } from './app';
import { route } from './route';

/** Every route's definition, built with a context whose services are never called. */
function allRoutes() {
  const ctx = {} as AppContext;
  return routeModules.flatMap((m) => m(ctx));
}

describe('one contract: every route describes its answer', () => {
  it('declares a response schema, or the file type it sends', () => {
    const missing = allRoutes()
      .filter((r) => !r.response && !r.produces)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});

describe('the API tests check each answer against its schema', () => {
  const drifting: RouteModule = () => [
    // The answer drifts on purpose, so the endpoint leaves the handler's answer untyped; the route is
    // then given the schema its answers are checked against.
    {
      ...route({
        endpoint: endpoint({
          method: 'GET',
          path: '/api/test-drift/:kind',
          params: z.object({ kind: z.enum(['fits', 'extra', 'wrong']) }),
        }),
        access: 'user',
        summary: 'test only',
        handler: async ({ params }) => {
          if (params.kind === 'fits') return { status: 'success', data: { id: 1, name: 'a' } };
          if (params.kind === 'extra')
            return { status: 'success', data: { id: 1, name: 'a', sin_number: '046454286' } };
          return { status: 'success', data: { id: '1', name: 'a' } };
        },
      }),
      response: successData(z.object({ id: z.number(), name: z.string() })),
    },
  ];

  afterEach(() => vi.restoreAllMocks());

  it('passes an answer that fits and fails one with an undocumented or mistyped field', async () => {
    const t = await createTestApp([drifting]);
    const admin = await t.signedIn('admin');
    expect((await admin.get('/api/test-drift/fits')).json()).toEqual({ status: 'success', data: { id: 1, name: 'a' } });

    const seen: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((m: unknown) => void seen.push(String(m)));
    const extra = await admin.get('/api/test-drift/extra');
    const wrong = await admin.get('/api/test-drift/wrong');
    expect(extra.statusCode).toBe(500);
    expect(wrong.statusCode).toBe(500);
    expect(extra.body).not.toContain('sin_number');
    expect(seen).toEqual([
      'Response drift on GET /api/test-drift/:kind: data.sin_number: not described by the response schema',
      expect.stringMatching(/^Response drift on GET \/api\/test-drift\/:kind: data\.id: /),
    ]);
  });
});
