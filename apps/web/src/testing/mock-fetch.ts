import { vi } from 'vitest';

/** One request the code under test made, with its body decoded (JSON or multipart). */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string> } | Response | Error;
export type MockHandler = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function decodeBody(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  return body;
}

/**
 * Replaces global fetch. Handlers are keyed "METHOD /path" (query string ignored); an array of replies is
 * consumed in order (the last one repeats). An unhandled request fails the test through console.error.
 */
export function mockFetch(handlers: Record<string, MockHandler | MockHandler[]>) {
  const requests: RecordedRequest[] = [];
  const cursors = new Map<string, number>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = { method, url, headers: new Headers(init.headers), body: decodeBody(init.body) };
    requests.push(request);

    const key = `${method} ${new URL(url, 'http://localhost').pathname}`;
    const entry = handlers[key];
    if (entry === undefined) {
      console.error(`Unhandled request in test: ${key}`);
      return jsonResponse({ status: 'error', message: `No mock for ${key}` }, 500);
    }
    let handler: MockHandler;
    if (Array.isArray(entry)) {
      const index = cursors.get(key) ?? 0;
      cursors.set(key, index + 1);
      handler = entry[Math.min(index, entry.length - 1)] as MockHandler;
    } else {
      handler = entry;
    }
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    return jsonResponse(reply.body, reply.status ?? 200, reply.headers);
  });

  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** Requests matching "METHOD /path". */
    calls: (key: string) =>
      requests.filter((r) => `${r.method} ${new URL(r.url, 'http://localhost').pathname}` === key),
  };
}
