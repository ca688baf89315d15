/**
 * The transaction import job (the upload is transaction-import.ts; docs/decisions/0003-transaction-import.md).
 * It parses the stored file again with the same function, then writes chunks of
 * TRANSACTION_IMPORT_CHUNK rows (two chunks in flight); each chunk, the booking match statuses it
 * changes and the progress counters that count it commit in one database transaction, so progress
 * never runs ahead of the rows and a chunk is either all in or not at all. A resumed job writes the
 * rows not yet written. `(import_job_id, import_row)` is unique: no path writes a file row twice.
 * One worker at a time holds a job's advisory lock (released by PostgreSQL when its connection dies),
 * which is how a starting server knows a job is orphaned.
 */
import { absMoney, importRowType, moneyToString, TRANSACTION_IMPORT_CHUNK, type ImportParsedRow } from '@app/domain';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client';
import { importJobs } from '../../db/schema';
import type { Jobs, QueueHandler } from '../../jobs/job-runner';
import { writeAudit } from '../../shared/audit';
import { IMPORT_QUEUE, loadSupplierAccount, planImport, type ImportAccount } from './transaction-import';
import { refreshMatchStatusesForReferences } from './transaction-matching';

/** Chunks written at once by one job. */
const CHUNK_WRITERS = 2;

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
  await completeJob(db, job);
  return 'done';
}

/** Marks the job completed once every row is counted, with its audit; else fails it with what was written. */
async function completeJob(db: Db, job: JobRow): Promise<void> {
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
export function transactionImportHandler(
  db: Db,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  /** How often to look for orphaned imports (default 30 s). */
  { sweepMs = 30_000 }: { sweepMs?: number } = {},
) {
  let stopping = false;
  const handler: QueueHandler & { stop(): void } = {
    queue: IMPORT_QUEUE,
    options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 },
    sweepMs,
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
