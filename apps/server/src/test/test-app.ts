import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDb, type Db } from '../db/client';
import { buildApp, type RouteModule } from '../http/app';
import { jobHandlers } from '../job-handlers';
import { startJobRunner, type Jobs } from '../jobs/job-runner';
import { routeModules } from '../routes';
import { createUser } from '../features/users';
import { countRows, queryOne, queryRows, type Query, type QueryOne } from './factories';
import { withDatabase } from './global-setup';

const TEMPLATE_DB = 'app_template';

/** A fresh copy of the migrated template database for this test file; dropped after the file. */
export async function createTestDatabase(): Promise<{ url: string; db: Db }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
      break;
    } catch (err) {
      // Two files copying the template at the same instant: try again shortly.
      if (attempt > 20 || (err as { code?: string }).code !== '55006') throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, 5);
  afterAll(async () => {
    await db.$client.end();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return { url, db };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** The rows of a query on this app's database. */
  q: Query;
  /** The first row of a query on this app's database. */
  one: QueryOne;
  /** How many rows a table of this app's database holds. */
  count(table: string): Promise<number>;
  client(): TestClient;
  /** A client signed in as a new user with this role. */
  signedIn(
    role: 'admin' | 'super-admin' | 'agent',
    overrides?: { email?: string; name?: string; password?: string; tier?: string },
  ): Promise<TestClient & { userId: number; agentId: number | null }>;
}

export interface TestAppOptions {
  /** 'pg-boss': a real job runner with the product's handlers on this database; or a Jobs of the test's own. */
  jobs?: 'pg-boss' | Jobs;
  /** The built web app to serve for page addresses (default apps/web/dist). */
  webDist?: string;
}

export async function createTestApp(extraModules: RouteModule[] = [], options: TestAppOptions = {}): Promise<TestApp> {
  const { url, db } = await createTestDatabase();
  let jobs: Jobs | undefined;
  if (options.jobs === 'pg-boss') {
    const silent = { info() {}, warn() {}, error() {} };
    const runner = await startJobRunner(url, jobHandlers(db, silent), silent, { pollingIntervalSeconds: 0.5 });
    afterAll(() => runner.stop());
    jobs = runner;
  } else jobs = options.jobs;
  const app = await buildApp(
    {
      db,
      config: { trustProxy: false, sessionTtlMs: 3600_000, logLevel: 'silent' },
      logger: false,
      checkResponses: true,
      ...(jobs ? { jobs } : {}),
      ...(options.webDist ? { webDist: options.webDist } : {}),
    },
    [...routeModules, ...extraModules],
  );
  await app.ready();
  afterAll(() => app.close());
  let n = 0;
  const one = queryOne(db);
  return {
    app,
    db,
    url,
    q: queryRows(db),
    one,
    count: countRows(db),
    client: () => new TestClient(app),
    async signedIn(role, overrides = {}) {
      n += 1;
      const email = overrides.email ?? `${role}${n}-${crypto.randomBytes(3).toString('hex')}@example.test`;
      const password = overrides.password ?? 'correct horse battery';
      const ids = await createUser(
        db,
        {
          email,
          name: overrides.name ?? `${role} ${n}`,
          role,
          password,
          ...(overrides.tier ? { tier: overrides.tier } : {}),
        },
        null,
      );
      const client = new TestClient(app);
      const res = await client.post('/login', { json: { email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      return Object.assign(client, { userId: ids.user_id, agentId: ids.agent_id });
    },
  };
}

type Body =
  | { json: unknown }
  | { form: Record<string, string | string[]> }
  | { multipart: Record<string, string | string[] | { filename: string; contentType: string; data: Buffer }> }
  | { raw: string; contentType: string };

export interface RequestOptions {
  headers?: Record<string, string>;
  /** false: send no CSRF token; a string: send that token. Default: the session's token. */
  csrf?: boolean | string;
  /** Default true: ask for JSON like the web app does. */
  ajax?: boolean;
}

/** Drives the app through fastify.inject with a cookie jar and the session's CSRF token. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async session() {
    const res = await this.get('/api/session');
    const body = res.json() as { csrf_token: string; authenticated: boolean };
    this.csrfToken = body.csrf_token;
    return body;
  }

  get(url: string, opts: RequestOptions = {}) {
    return this.request('GET', url, undefined, opts);
  }

  post(url: string, body?: Body, opts: RequestOptions = {}) {
    return this.request('POST', url, body, opts);
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: Body,
    opts: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      ...(opts.ajax === false ? {} : { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' }),
    };
    if (method !== 'GET' && opts.csrf !== false) {
      if (typeof opts.csrf === 'string') headers['x-csrf-token'] = opts.csrf;
      else {
        if (!this.csrfToken) await this.session();
        headers['x-csrf-token'] = this.csrfToken!;
      }
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | Buffer | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body && 'form' in body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(body.form))
        for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
      payload = params.toString();
    } else if (body && 'multipart' in body) {
      const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      payload = encodeMultipart(body.multipart, boundary);
    } else if (body && 'raw' in body) {
      headers['content-type'] = body.contentType;
      payload = body.raw;
    }
    Object.assign(headers, opts.headers);
    const res = await this.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    for (const c of res.cookies as { name: string; value: string }[]) {
      if (c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const ct = String(res.headers['content-type'] ?? '');
    if (ct.includes('application/json')) {
      const token = (res.json() as { csrf_token?: unknown }).csrf_token;
      if (typeof token === 'string') this.csrfToken = token;
    }
    return res;
  }
}

function encodeMultipart(
  fields: Record<string, string | string[] | { filename: string; contentType: string; data: Buffer }>,
  boundary: string,
): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`));
      } else {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${item.filename}"\r\nContent-Type: ${item.contentType}\r\n\r\n`,
          ),
          item.data,
          Buffer.from('\r\n'),
        );
      }
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export async function auditRows(db: Db, entityType: string) {
  const { rows } = await db.$client.query('select * from audit_logs where entity_type = $1 order by id', [entityType]);
  return rows as { user_id: number | null; action: string; entity_id: string; before: unknown; after: unknown }[];
}
