/**
 * Spreadsheets are read off the event loop (README "Limits"): SheetJS is synchronous
 * and a large or hostile workbook would stop every other request for as long as it takes. The
 * domain's readers run in worker threads (shared/spreadsheet-thread.ts), two at once (further tasks
 * wait), each with a V8 heap of 256 MB and 20 s per task ({@link SPREADSHEET_WORKER_LIMITS}); a worker
 * over either is terminated and the task fails with {@link SpreadsheetLimitError}, which the import
 * routes answer as a file too large to read. Idle workers stop after 30 s; none keeps the process alive.
 * A worker starts in about 0.8 s and takes about 55 MB, so they are kept for the next file.
 *
 * A zip the domain refuses from its central directory (a zip bomb) starts no worker: the same domain
 * function runs here and refuses it before it parses anything, in well under a millisecond.
 */
import { Worker } from 'node:worker_threads';
import { inspectSpreadsheetArchive, sniffMagic } from '@app/domain';
import {
  SPREADSHEET_WORKER,
  spreadsheetTasks,
  type SpreadsheetTask,
  type SpreadsheetTasks,
  type TaskAnswer,
  type TaskMessage,
} from './spreadsheet-thread';

export interface WorkerLimits {
  /** V8 heap of a worker, in MB. */
  heapMb: number;
  /** Time one task may take. */
  timeoutMs: number;
  /** Workers at once; further tasks wait. */
  maxWorkers: number;
  /** An idle worker stops after this. */
  idleMs: number;
}

export const SPREADSHEET_WORKER_LIMITS: WorkerLimits = {
  heapMb: 256,
  timeoutMs: 20_000,
  maxWorkers: 2,
  idleMs: 30_000,
};

/** The workbook ran its worker out of time or memory. */
export class SpreadsheetLimitError extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(`The spreadsheet worker ran out of ${limit}.`);
  }
}

type Result<K extends SpreadsheetTask> = Awaited<ReturnType<SpreadsheetTasks[K]>>;

interface Slot {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

/** A pool of spreadsheet worker threads (see the file comment). */
export class SpreadsheetWorkers {
  private readonly idle: Slot[] = [];
  private readonly waiting: (() => void)[] = [];
  private busy = 0;

  constructor(private readonly limits: WorkerLimits = SPREADSHEET_WORKER_LIMITS) {}

  /** Runs one of the domain's spreadsheet readers in a worker thread. */
  async run<K extends SpreadsheetTask>(task: K, ...args: Parameters<SpreadsheetTasks[K]>): Promise<Result<K>> {
    const bytes = args.map(bytesOf).find((b) => b !== null);
    if (bytes && sniffMagic(bytes) === 'zip' && !inspectSpreadsheetArchive(bytes).ok) {
      const run = spreadsheetTasks[task] as (...a: unknown[]) => Promise<Result<K>>;
      return run(...args);
    }
    const slot = await this.acquire();
    let healthy = false;
    try {
      const result = (await this.runOn(slot.worker, { task, args: args.map(compact) })) as Result<K>;
      healthy = true;
      return result;
    } finally {
      this.release(healthy ? slot : null);
    }
  }

  private async acquire(): Promise<Slot> {
    while (this.busy >= this.limits.maxWorkers) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy++;
    const slot = this.idle.pop();
    if (slot) {
      clearTimeout(slot.idleTimer);
      return slot;
    }
    const worker = new Worker(new URL('./spreadsheet-thread-start.mjs', import.meta.url), {
      workerData: { role: SPREADSHEET_WORKER },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
    });
    worker.unref();
    return { worker };
  }

  /** A worker that answered goes back to the idle list; one that failed or was terminated is gone. */
  private release(slot: Slot | null) {
    this.busy--;
    if (slot) {
      slot.idleTimer = setTimeout(() => {
        this.idle.splice(this.idle.indexOf(slot), 1);
        void slot.worker.terminate();
      }, this.limits.idleMs).unref();
      this.idle.push(slot);
    }
    this.waiting.shift()?.();
  }

  private runOn(worker: Worker, message: TaskMessage): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        fn();
      };
      const timer = setTimeout(() => {
        settle(() => reject(new SpreadsheetLimitError('time')));
        void worker.terminate();
      }, this.limits.timeoutMs);
      const onMessage = (answer: TaskAnswer) =>
        settle(() => (answer.ok ? resolve(answer.result) : reject(new Error(answer.message))));
      const onError = (err: Error & { code?: string }) =>
        settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SpreadsheetLimitError('memory') : err));
      const onExit = () => settle(() => reject(new Error('The spreadsheet worker stopped.')));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(message);
    });
  }
}

const workers = new SpreadsheetWorkers();

/** Runs one of the domain's spreadsheet readers in the server's spreadsheet workers. */
export const runSpreadsheetTask = <K extends SpreadsheetTask>(task: K, ...args: Parameters<SpreadsheetTasks[K]>) =>
  workers.run(task, ...args);

/** The bytes a task reads: an argument that is bytes, or `{ bytes }`. */
function bytesOf(arg: unknown): Uint8Array | null {
  if (arg instanceof Uint8Array) return arg;
  const inner = (arg as { bytes?: unknown } | null)?.bytes;
  return inner instanceof Uint8Array ? inner : null;
}

/** A view of part of a larger buffer is copied, so the message carries these bytes and no others. */
function compact(arg: unknown): unknown {
  const view = bytesOf(arg);
  if (!view || (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength)) return arg;
  return arg === view ? view.slice() : { ...(arg as object), bytes: view.slice() };
}
