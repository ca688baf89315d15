/** What the HTTP benchmarks share: a keep-alive client with cookies and CSRF, a seeded RNG, percentiles. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * A small cookie-keeping HTTP/1.1 client with a keep-alive connection (as a browser keeps one).
 * node:http rather than fetch: the client shares the process with the server, so its own overhead
 * should be as small as possible.
 */
export class HttpClient {
  private cookies = new Map<string, string>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  csrf = '';
  constructor(readonly port: number) {}

  request(method: string, path: string, json?: unknown): Promise<HttpAnswer> {
    return json === undefined
      ? this.send(method, path)
      : this.send(method, path, Buffer.from(JSON.stringify(json)), 'application/json');
  }

  /** A multipart/form-data POST of one file field. */
  upload(path: string, field: string, filename: string, contentType: string, data: Buffer): Promise<HttpAnswer> {
    const boundary = `----bench${Date.now().toString(36)}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.send('POST', path, body, `multipart/form-data; boundary=${boundary}`);
  }

  /** A multipart/form-data POST of text fields and one file. */
  uploadForm(
    path: string,
    fields: Record<string, string>,
    file: { field: string; filename: string; contentType: string; data: Buffer },
  ): Promise<HttpAnswer> {
    const boundary = `----bench${Date.now().toString(36)}`;
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return this.send('POST', path, Buffer.concat(parts), `multipart/form-data; boundary=${boundary}`);
  }

  private send(method: string, path: string, payload?: Buffer, contentType?: string): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (contentType) headers['content-type'] = contentType;
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          for (const c of res.headers['set-cookie'] ?? []) {
            const [pair] = c.split(';');
            const eq = pair!.indexOf('=');
            this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
          }
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** GET /api/session for the CSRF token, then POST /login. */
  async signIn(email: string, password: string): Promise<void> {
    this.csrf = (JSON.parse((await this.request('GET', '/api/session')).body) as { csrf_token: string }).csrf_token;
    const login = await this.request('POST', '/login', { email, password });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.body}`);
    this.csrf = (JSON.parse(login.body) as { csrf_token: string }).csrf_token;
  }

  close() {
    this.agent.destroy();
  }
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number) {
  let state = seed | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

export function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface Timings {
  requests: number;
  warmup: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
}

/** Runs `one` warm-up times untimed, then `requests` times timed, one after the other. */
export async function measure(one: () => Promise<void>, requests: number, warmup: number): Promise<Timings> {
  for (let i = 0; i < warmup; i++) await one();
  const timings: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    await one();
    timings.push(performance.now() - start);
  }
  return timingsOf(timings, warmup);
}

/** The percentiles, mean and maximum of measured times (ms, in any order), to the microsecond. */
export function timingsOf(times: readonly number[], warmup: number): Timings {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    requests: sorted.length,
    warmup,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    mean_ms: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    max_ms: round(sorted.at(-1)!),
  };
}
