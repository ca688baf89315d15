/**
 * Background jobs on pg-boss (its own schema `pgboss` in the product's database): nothing that
 * must outlive a request lives in the app process, so any app server on the database can pick a
 * job up, and a job survives a restart.
 *
 * Jobs are sent inside the database transaction that records what they are for (`send` with the
 * transaction's executor): both commit or neither does.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

export type SqlExecutor = PgBoss.Db;

export interface Jobs {
  /** Queues a job; pass the open transaction's executor so it commits with the caller's rows. */
  send(queue: string, data: object, executor?: SqlExecutor): Promise<void>;
  /** Wakes this process's worker for the queue now instead of at its next poll. */
  wake(queue: string): void;
}

/** What each server runs on its own: `sweep` once at start, then every `sweepMs`. */
interface Sweeping {
  /** Re-sends work whose worker died, or does periodic work. */
  sweep?(jobs: Jobs): Promise<void>;
  sweepMs?: number;
  /** Asks running work to stop at its next safe point (the process is shutting down). */
  stop?(): void;
}

/** A pg-boss queue and its worker: whichever server's worker is free takes a job. */
export interface QueueHandler extends Sweeping {
  queue: string;
  /** pg-boss queue options: retries and expiry. */
  options: Omit<PgBoss.Queue, 'name'>;
  run(data: Record<string, unknown>, meta: { retryCount: number; retryLimit: number }): Promise<void>;
}

/** Periodic work only, with no queue and no worker polling one (the day totals' refresh). */
export interface PeriodicTask extends Sweeping {
  task: string;
  sweep(jobs: Jobs): Promise<void>;
  sweepMs: number;
}

export type JobHandler = QueueHandler | PeriodicTask;

const isQueue = (h: JobHandler): h is QueueHandler => 'queue' in h;

/**
 * A full garbage collection. A job is a burst of allocation (an import parses a file of 100,000
 * rows and writes it in chunks); V8 left to itself lets the heap grow by hundreds of MB before it
 * collects. Collecting before and after each job keeps the server's memory flat (bench/README.md).
 */
const collectGarbage: () => void = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return () => {};
  }
})();

export interface JobRunner extends Jobs {
  stop(): Promise<void>;
}

/** A `Jobs` for processes that only serve requests (tests without a worker): sending is refused. */
export const noJobs: Jobs = {
  send() {
    return Promise.reject(new Error('No job runner is configured in this process.'));
  },
  wake() {},
};

export async function startJobRunner(
  url: string,
  handlers: readonly JobHandler[],
  log: Pick<Logger, 'error' | 'info' | 'warn'>,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<JobRunner> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    application_name: 'commission-backoffice-jobs',
    max: 4,
    // Cron scheduling is not used; supervision (expiry, retention) stays on.
    schedule: false,
  });
  boss.on('error', (err: unknown) => {
    // A Ctrl-C in a terminal signals the whole process group, so PostgreSQL (our child) ends its sessions
    // while main.ts is still stopping the queue: expected, a line at warn. Otherwise an error, logged
    // without the pg client the error carries (kilobytes of connection state).
    if (isShutdownError(err))
      log.warn({ code: (err as { code?: string }).code }, 'job queue: the database is shutting down');
    else log.error({ err: plainError(err) }, 'job queue error');
  });
  await boss.start();

  const workerIds = new Map<string, string>();
  const timers: NodeJS.Timeout[] = [];
  let stopping = false;

  const jobs: Jobs = {
    async send(queue, data, executor) {
      await boss.send(queue, data, executor ? { db: executor } : {});
    },
    wake(queue) {
      const id = workerIds.get(queue);
      if (id) boss.notifyWorker(id);
    },
  };

  const queues = handlers.filter(isQueue);
  await createQueues(url, boss, queues);
  for (const h of queues) {
    const id = await boss.work<Record<string, unknown>>(
      h.queue,
      { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        collectGarbage();
        try {
          await h.run(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
        } finally {
          collectGarbage();
        }
      },
    );
    workerIds.set(h.queue, id);
  }
  for (const h of handlers) {
    if (!h.sweep) continue;
    const name = isQueue(h) ? h.queue : h.task;
    const sweep = () =>
      h.sweep!(jobs).catch((err: unknown) => {
        if (!stopping) log.error({ err, queue: name }, 'job sweep failed');
      });
    await sweep();
    const t = setInterval(() => void sweep(), h.sweepMs ?? 30_000);
    t.unref();
    timers.push(t);
  }

  return {
    ...jobs,
    async stop() {
      stopping = true;
      for (const t of timers) clearInterval(t);
      for (const h of handlers) h.stop?.();
      // Graceful: a running handler sees its stop signal between chunks and returns.
      await boss.stop({ graceful: true, timeout: 15_000, close: true, wait: true });
    },
  };
}

/** The session-level advisory lock under which a server creates the queues ('job queues'). */
const QUEUES_LOCK = 727_015;

/**
 * Creates the handlers' queues, one server at a time: two servers starting together on a new database
 * each created the same pg-boss queue (its table partition and index) and PostgreSQL found them in a
 * deadlock (the two-server test in CI). The lock is PostgreSQL's, on a connection of its own, so it
 * goes with a server that dies while holding it.
 */
async function createQueues(url: string, boss: PgBoss, handlers: readonly QueueHandler[]): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'commission-backoffice-jobs' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUES_LOCK]);
    for (const h of handlers) await boss.createQueue(h.queue, { name: h.queue, ...h.options });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUES_LOCK]).catch(() => {});
    await client.end();
  }
}

/**
 * PostgreSQL said it is stopping: admin_shutdown (57P01), crash_shutdown (57P02), cannot_connect_now
 * (57P03). By code only: a connection lost for any other reason is an error to see.
 */
const isShutdownError = (err: unknown): boolean =>
  ['57P01', '57P02', '57P03'].includes((err as { code?: string } | null)?.code ?? '');

/** What a log needs of an error: its kind, message, code and stack, not the objects it references. */
function plainError(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  return { type: err.name, message: err.message, code: (err as { code?: string }).code, stack: err.stack };
}
