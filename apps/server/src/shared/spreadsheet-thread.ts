/**
 * The body of a spreadsheet worker thread (shared/spreadsheet-worker.ts): runs the domain's readers on
 * the bytes it is sent and posts the answer back. Nothing here touches the database or the network.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { planStatementImport, planTransactionImport, readFirstSheet } from '@app/domain';

export const spreadsheetTasks = { planStatementImport, planTransactionImport, readFirstSheet };
export type SpreadsheetTasks = typeof spreadsheetTasks;
export type SpreadsheetTask = keyof SpreadsheetTasks;

export interface TaskMessage {
  task: SpreadsheetTask;
  args: unknown[];
}
export type TaskAnswer = { ok: true; result: unknown } | { ok: false; message: string };

/** Marks the threads started by shared/spreadsheet-worker.ts (importing this file elsewhere listens to nothing). */
export const SPREADSHEET_WORKER = 'spreadsheet-worker';

const port = (workerData as { role?: unknown } | null)?.role === SPREADSHEET_WORKER ? parentPort : null;
port?.on('message', (message: TaskMessage) => {
  const run = spreadsheetTasks[message.task] as (...args: unknown[]) => Promise<unknown>;
  run(...message.args).then(
    (result) => port.postMessage({ ok: true, result } satisfies TaskAnswer),
    (err: unknown) => port.postMessage({ ok: false, message: String(err) } satisfies TaskAnswer),
  );
});
