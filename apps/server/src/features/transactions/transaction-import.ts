/**
 * Transaction file import (agents-transactions-payouts.md §2.6, §4 "Transaction import flow", §5;
 * docs/decisions/0003-transaction-import.md).
 *
 * Upload: the file is parsed at once with the domain parser (whole-file problems → 422, nothing
 * written), then the file, the `import_jobs` row and the pg-boss job commit together.
 * Job: parses the stored file again with the same function, then writes chunks of
 * TRANSACTION_IMPORT_CHUNK rows (two chunks in flight); each chunk, the booking match statuses it
 * changes and the progress counters that count it commit in one database transaction, so progress
 * never runs ahead of the rows and a chunk is either all in or not at all. A resumed job writes the
 * rows not yet written. `(import_job_id, import_row)` is unique: no path writes a file row twice. One worker at a time holds a job's advisory lock (released by
 * PostgreSQL when its connection dies), which is how a starting server knows a job is orphaned.
 */
import crypto from 'node:crypto';
import {
  absMoney,
  defaultImportDescription,
  IMPORT_MESSAGES,
  importRowType,
  type importJobStatusResponse,
  type importStartedResponse,
  moneyToString,
  skippedRowMessage,
  TRANSACTION_IMPORT_CHUNK,
  transactionImportFileKind,
  type ImportParsedRow,
  type SessionUser,
  type TransactionImportInput,
} from '@app/domain';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { withClientTransaction, type Db, type DbOrTx } from '../../db/client';
import { importJobs, storedFiles } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/route';
import type { JobHandler, Jobs } from '../../jobs/job-runner';
import { writeAudit } from '../../shared/audit';
import { SpreadsheetLimitError, runSpreadsheetTask } from '../../shared/spreadsheet-worker';
import { isUploadedFile, storeUpload } from '../../shared/stored-files';
import { refreshMatchStatusesForReferences } from './transaction-matching';
import { findAccountFacts, type AccountFacts } from './transactions.service';

export const IMPORT_QUEUE = 'transaction-import';
/** Row problems kept on the job for the status call; `error_count` always has the full number. */
const MAX_STORED_ERRORS = 1000;
/** Chunks written at once by one job. */
const CHUNK_WRITERS = 2;

const MIME_BY_KIND = {
  text: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;

type ImportAccount = Pick<AccountFacts, 'id' | 'currency_id' | 'booking_number_format'>;

/** A supplier account that is not deleted, with its supplier's booking number format. */
async function loadSupplierAccount(db: DbOrTx, id: number): Promise<ImportAccount | null> {
  const acc = await findAccountFacts(db, id);
  return acc?.accountable_type === 'supplier' ? acc : null;
}

/**
 * The domain's plan of the file, worked out in a spreadsheet worker (off the event loop, with its
 * memory and time limits); a zip bomb is refused from its central directory without one.
 */
const planImport = (filename: string, data: Buffer, bookingNumberFormat: string | null) =>
  runSpreadsheetTask('planTransactionImport', filename, data, bookingNumberFormat);

/** The upload's answer (the route's response schema). */
export type ImportStarted = z.input<typeof importStartedResponse>;

/** `POST /api/transactions/import`: checks everything, then stores the file and queues the job. */
export async function startTransactionImport(
  db: Db,
  jobs: Jobs,
  user: SessionUser,
  input: TransactionImportInput,
  image: UploadedFile | null,
  today: string,
): Promise<ImportStarted> {
  const file = input.file;
  if (!isUploadedFile(file)) throw validationError({ file: [IMPORT_MESSAGES.selectFile] });
  const account = await loadSupplierAccount(db, input.account_id);
  if (!account) throw validationError({ account_id: [IMPORT_MESSAGES.selectAccount] });
  const plan = await planImport(file.filename, file.data, account.booking_number_format).catch((err: unknown) => {
    if (err instanceof SpreadsheetLimitError) throw validationError({ file: [IMPORT_MESSAGES.unpackedTooLarge] });
    throw err;
  });
  if (!plan.ok) throw validationError({ file: [plan.error] });

  const messages = plan.skipped.map(skippedRowMessage);
  const jobId = await withClientTransaction(db, async (tx, execute) => {
    // Checked and stored under one lock per (account, file): two simultaneous uploads of the same
    // bytes cannot both pass the check (the second waits, then sees the first's committed job).
    if (!input.allow_duplicate) await refuseDuplicateFile(tx, account.id, file.data);
    const imageId = image ? await storeUpload(tx, 'reference_image', image, user.id) : null;
    const [stored] = await tx
      .insert(storedFiles)
      .values({
        filename: file.filename.slice(0, 255) || 'import',
        mimetype: MIME_BY_KIND[transactionImportFileKind(file.filename)!],
        size: file.size,
        data: file.data,
        uploaded_by_user_id: user.id,
      })
      .returning({ id: storedFiles.id });
    const [job] = await tx
      .insert(importJobs)
      .values({
        user_id: user.id,
        account_id: account.id,
        file_id: stored!.id,
        transaction_status: input.status,
        description: input.description || defaultImportDescription(today),
        is_partial: input.is_partial,
        cheque_reference_number: input.cheque_reference_number || null,
        reference_image_file_id: imageId,
        total_rows: plan.rows.length,
        errors: messages.slice(0, MAX_STORED_ERRORS),
        error_count: messages.length,
      })
      .returning({ id: importJobs.id });
    await writeAudit(tx, {
      userId: user.id,
      action: 'import_started',
      entityType: 'import_job',
      entityId: job!.id,
      after: { account_id: account.id, filename: file.filename, rows: plan.rows.length, skipped: messages.length },
    });
    await jobs.send(IMPORT_QUEUE, { importJobId: job!.id }, { executeSql: execute });
    return job!.id;
  });
  jobs.wake(IMPORT_QUEUE);
  const skippedText = plan.skipped.length ? `, ${plan.skipped.length} skipped` : '';
  return {
    status: 'success',
    job_id: jobId,
    message: `Import started: ${plan.rows.length} rows queued${skippedText}.`,
    total_rows: plan.rows.length,
    skipped: plan.skipped,
  };
}

/**
 * The same bytes already imported into this account by a job that did not fail: importing them
 * again would record every payment twice. Refused unless the form says `allow_duplicate`.
 * Runs inside the upload's transaction and first takes a transaction-scoped advisory lock on
 * (account, sha256), held until that transaction commits or rolls back: a concurrent upload of the
 * same file waits here, and its check (a new snapshot, READ COMMITTED) then sees the committed job.
 */
async function refuseDuplicateFile(tx: DbOrTx, accountId: number, data: Buffer): Promise<void> {
  const digest = crypto.createHash('sha256').update(data).digest('hex');
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`transaction-import-file:${accountId}:${digest}`}, 0))`,
  );
  const { rows } = await tx.execute<{ id: string; created_at: Date; total_rows: number }>(sql`
    select j.id, j.created_at, j.total_rows
      from import_jobs j join stored_files f on f.id = j.file_id
     where j.account_id = ${accountId} and j.status <> 'failed'
       and f.size = ${data.length} and sha256(f.data) = decode(${digest}, 'hex')
     order by j.created_at desc limit 1`);
  const earlier = rows[0];
  if (!earlier) return;
  const when = new Date(earlier.created_at).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const message = `This file was already imported into this account on ${when} (${earlier.total_rows} rows, job ${earlier.id.slice(0, 8)}). Tick 'Import this file again' only if the supplier really paid these amounts twice.`;
  throw new AppError(
    'validation',
    message,
    { file: [message] },
    {
      duplicate_of: {
        job_id: earlier.id,
        imported_at: new Date(earlier.created_at).toISOString(),
        total_rows: earlier.total_rows,
      },
    },
  );
}

/** A job's progress as the status call answers it (the route's response schema). */
export type ImportJobStatus = z.input<typeof importJobStatusResponse>;

/** `GET /api/transactions/import/status/{jobId}`: the caller's own job only (another's is a 404). */
export async function getImportJobStatus(db: DbOrTx, user: SessionUser, jobId: string): Promise<ImportJobStatus> {
  const { rows } = await db.execute<ImportJobStatus>(sql`
    select id as job_id, status, processed_count, total_rows, imported_count, errors, error_count, message
      from import_jobs where id = ${jobId} and user_id = ${user.id}`);
  const job = rows[0];
  if (!job) throw notFound('The import job');
  return job;
}

type JobRow = typeof importJobs.$inferSelect;

/**
 * Runs (or resumes) one import job. Returns quietly when another worker holds the job or it is
 * finished; stops between chunks when `stopping()` says so (a later sweep resumes it).
 */
export async function runTransactionImport(
  db: Db,
  jobId: string,
  stopping: () => boolean,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<'done' | 'busy' | 'stopped'> {
  const lockClient = await db.$client.connect();
  let locked = false;
  try {
    const key = `transaction-import:${jobId}`;
    locked = (
      await lockClient.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key])
    ).rows[0]!.ok;
    if (!locked) return 'busy';
    const { rows: claimed } = await db.execute<JobRow>(sql`
      update import_jobs set status = 'processing', attempts = attempts + 1, heartbeat_at = now(),
                             started_at = coalesce(started_at, now())
       where id = ${jobId} and status in ('queued', 'processing')
      returning *`);
    const job = claimed[0];
    if (!job) return 'done';
    return await processJob(db, job, stopping, log);
  } finally {
    if (locked)
      await lockClient.query('select pg_advisory_unlock(hashtextextended($1, 0))', [`transaction-import:${jobId}`]);
    lockClient.release();
  }
}

async function failJob(db: DbOrTx, job: JobRow, message: string) {
  await db.execute(sql`
    update import_jobs set status = 'failed', message = ${message}, finished_at = now()
     where id = ${job.id} and status = 'processing'`);
  await writeAudit(db, {
    userId: job.user_id,
    action: 'import_failed',
    entityType: 'import_job',
    entityId: job.id,
    after: { message, processed_count: job.processed_count },
  });
}

async function processJob(
  db: Db,
  job: JobRow,
  stopping: () => boolean,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
): Promise<'done' | 'stopped'> {
  const [{ rows: files }, account] = await Promise.all([
    db.execute<{ filename: string; data: Buffer }>(
      sql`select filename, data from stored_files where id = ${job.file_id}`,
    ),
    loadSupplierAccount(db, job.account_id),
  ]);
  const file = files[0];
  if (!file) {
    await failJob(db, job, 'The uploaded file is no longer stored.');
    return 'done';
  }
  if (!account) {
    await failJob(db, job, 'The supplier account no longer exists.');
    return 'done';
  }
  const plan = await planImport(file.filename, file.data, account.booking_number_format);
  if (!plan.ok || plan.rows.length !== job.total_rows) {
    // The supplier's booking number format changed since the upload: the rows would differ.
    await failJob(db, job, "The supplier's booking number format changed after the upload; import the file again.");
    return 'done';
  }

  // Resume: whole chunks are either all in or not at all, so the rows not yet written are the work left.
  const { rows: written } = await db.execute<{ import_row: number }>(
    sql`select import_row from transactions where import_job_id = ${job.id}`,
  );
  const have = new Set(written.map((r) => r.import_row));
  const todo = plan.rows.filter((r) => !have.has(r.row));
  const chunks: ImportParsedRow[][] = [];
  for (let i = 0; i < todo.length; i += TRANSACTION_IMPORT_CHUNK)
    chunks.push(todo.slice(i, i + TRANSACTION_IMPORT_CHUNK));
  let next = 0;
  let stopped = false;
  let overtaken = false;
  // Two chunk writers: one inserts while the other commits (measured ~1.6× on two cores).
  const writer = async () => {
    while (next < chunks.length && !overtaken) {
      if (stopping()) {
        stopped = true;
        return;
      }
      const chunk = chunks[next++]!;
      if ((await writeChunk(db, job, account, chunk)) === null) overtaken = true;
    }
  };
  await Promise.all(Array.from({ length: CHUNK_WRITERS }, writer));
  if (overtaken) {
    log.warn({ job: job.id }, 'import job finished or failed elsewhere; stopping');
    return 'done';
  }
  if (stopped) return 'stopped';
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ imported_count: number }>(sql`
      update import_jobs
         set status = 'completed', finished_at = now(), heartbeat_at = now(),
             message = 'Imported ' || imported_count || ' transaction(s).'
       where id = ${job.id} and status = 'processing' and processed_count = total_rows
      returning imported_count`);
    if (!rows[0]) {
      const [now] = (await tx.select().from(importJobs).where(eq(importJobs.id, job.id))) as JobRow[];
      if (now?.status === 'processing')
        await failJob(tx, now, `Only ${now.processed_count} of ${now.total_rows} rows could be written.`);
      return;
    }
    await writeAudit(tx, {
      userId: job.user_id,
      action: 'import_completed',
      entityType: 'import_job',
      entityId: job.id,
      after: { imported_count: rows[0].imported_count, account_id: job.account_id },
    });
  });
  return 'done';
}

/**
 * One chunk in one database transaction: its rows with one insert (a row already written is
 * skipped by the unique (import_job_id, import_row)), the progress counters by the rows actually
 * written, and the bookings whose match status the references change. Null when the job is no
 * longer processing (then nothing of the chunk stays).
 */
async function writeChunk(
  db: Db,
  job: JobRow,
  account: ImportAccount,
  chunk: readonly ImportParsedRow[],
): Promise<number | null> {
  return db
    .transaction(async (tx) => {
      const rows = chunk.map((r) => ({
        import_row: r.row,
        reference_number: r.reference,
        transaction_type: importRowType(r.amount),
        amount: moneyToString(absMoney(r.amount)),
      }));
      const { rowCount } = await tx.execute(sql`
        insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, description,
                                  is_partial, cheque_reference_number, reference_image_file_id, created_by_user_id,
                                  import_job_id, import_row)
        select ${account.id}, r.transaction_type, ${account.currency_id}, r.amount, r.reference_number,
               ${job.transaction_status}, ${job.description}, ${job.is_partial}, ${job.cheque_reference_number},
               ${job.reference_image_file_id}, ${job.user_id}, ${job.id}, r.import_row
          from json_to_recordset(${JSON.stringify(rows)}::json)
               as r(import_row int, reference_number varchar(64), transaction_type varchar(8), amount numeric(14, 2))
        on conflict (import_job_id, import_row) do nothing`);
      const inserted = rowCount ?? 0;
      // The job row is locked before the supplier rows (refresh), by every chunk: no lock cycle.
      const { rowCount: updated } = await tx.execute(sql`
        update import_jobs
           set processed_count = processed_count + ${inserted}, imported_count = imported_count + ${inserted},
               heartbeat_at = now()
         where id = ${job.id} and status = 'processing'`);
      if (updated !== 1) tx.rollback();
      await refreshMatchStatusesForReferences(tx, [
        { accountId: account.id, references: [...new Set(chunk.map((r) => r.reference))] },
      ]);
      return inserted;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return null;
      throw err;
    });
}

/**
 * Unfinished jobs whose advisory lock is free have no live worker (their server died or stopped):
 * queue them again. A queued job younger than a minute is still waiting for its first worker.
 */
async function sweepOrphans(db: Db, jobs: Jobs): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from import_jobs
     where status = 'processing' or (status = 'queued' and created_at < now() - interval '1 minute')`);
  if (rows.length === 0) return;
  const client = await db.$client.connect();
  const orphans: string[] = [];
  try {
    for (const { id } of rows) {
      const key = `transaction-import:${id}`;
      const free = (
        await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key])
      ).rows[0]!.ok;
      if (!free) continue;
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      orphans.push(id);
    }
  } finally {
    client.release();
  }
  for (const id of orphans) await jobs.send(IMPORT_QUEUE, { importJobId: id });
}

/** The pg-boss handler of the import queue. */
export function transactionImportHandler(db: Db, log: Pick<Logger, 'info' | 'warn' | 'error'>) {
  let stopping = false;
  const handler: JobHandler & { stop(): void } = {
    queue: IMPORT_QUEUE,
    options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 },
    sweepMs: 30_000,
    stop: () => {
      stopping = true;
    },
    async run(data, meta) {
      const jobId = String(data.importJobId);
      try {
        await runTransactionImport(db, jobId, () => stopping, log);
      } catch (err) {
        log.error({ err, job: jobId }, 'import job error');
        if (meta.retryCount >= meta.retryLimit) {
          const { rows } = await db.execute<JobRow>(sql`select * from import_jobs where id = ${jobId}`);
          if (rows[0])
            await failJob(
              db,
              rows[0],
              `The import stopped after an unexpected error. ${rows[0].processed_count} of ${rows[0].total_rows} rows were processed.`,
            );
        }
        throw err;
      }
    },
    sweep: (jobs) => sweepOrphans(db, jobs),
  };
  return handler;
}
