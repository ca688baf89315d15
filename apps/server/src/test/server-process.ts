import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../db/embedded';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  /** SIGTERM, then waits for the server (and its embedded PostgreSQL) to stop; removes the data directory. */
  stop(): Promise<void>;
}

/**
 * A real server process: `main.ts` with the demo data on its own embedded PostgreSQL under a fresh
 * temporary DATA_DIR, started as `npm start` starts it (node --import tsx).
 */
export async function startServerProcess(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-server-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!out.includes('Back office ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await sleep(100);
  }
  return { child, port, output: () => out, stop };
}

/** The resident memory of a process (VmRSS in /proc/<pid>/status), in bytes. */
export function residentBytes(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  // eslint-disable-next-line no-restricted-syntax -- kilobytes of memory
  return Number(kb) * 1024;
}

/** Calls a server as the web app does: a cookie jar, the CSRF token in `X-CSRF-TOKEN`, JSON answers. */
export class HttpClient {
  cookie = '';
  token = '';
  constructor(readonly port: number) {}

  /** The headers of a request of this client (cookie, token, JSON asked). */
  headers(): Record<string, string> {
    return { accept: 'application/json', 'x-csrf-token': this.token, cookie: this.cookie };
  }

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(`http://127.0.0.1:${this.port}${url}`, {
      method,
      headers: { ...this.headers(), 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const json = (await res.json()) as Record<string, unknown>;
    if (typeof json.csrf_token === 'string') this.token = json.csrf_token;
    return { status: res.status, json };
  }

  /** Uploads `lines` as a CSV statement into the supplier account (completed, not partial); the import's job id. */
  async importCsv(accountId: number, lines: readonly string[], filename: string): Promise<string> {
    const form = new FormData();
    form.set('account_id', String(accountId));
    form.set('status', 'completed');
    form.set('is_partial', '0');
    form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), filename);
    const res = await fetch(`http://127.0.0.1:${this.port}/api/transactions/import`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': this.token, cookie: this.cookie },
      body: form,
    });
    if (res.status !== 200) throw new Error(`import upload answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { job_id: string }).job_id;
  }

  /** An import job's progress as the status endpoint gives it. */
  async importStatus(jobId: string) {
    return (await this.call('GET', `/api/transactions/import/status/${jobId}`)).json as unknown as {
      status: string;
      processed_count: number;
      imported_count: number;
      total_rows: number;
    };
  }

  /** Polls the import until it completes or fails (or `seconds` pass); its last progress. */
  async importFinished(jobId: string, seconds = 90) {
    const deadline = Date.now() + seconds * 1000;
    for (;;) {
      const job = await this.importStatus(jobId);
      if (job.status === 'completed' || job.status === 'failed' || Date.now() > deadline) return job;
      await sleep(100);
    }
  }

  async signIn(email: string, password: string) {
    await this.call('GET', '/api/session');
    return this.call('POST', '/login', { email, password });
  }
}
