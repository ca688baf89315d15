/**
 * The transaction import job (the upload is transaction-import.ts; docs/decisions/0003-transaction-import.md).
 * The upload staged the parsed rows in `import_rows`. The job writes them all in one database
 * transaction: one INSERT … SELECT from the staging rows per TRANSACTION_IMPORT_CHUNK rows (each
 * computing `matches_booking` set-based under the supplier's matching lock), one refresh of the match
 * status of exactly the bookings whose references are in the file, then the job's completion, its
 * audit and the staging rows' deletion. A job is either all in or not at all: a worker that dies or
 * stops leaves nothing, and the next one starts again from the staged rows. Progress is reported
 * after each statement on another connection (so the status call sees it before the commit);
 * `imported_count` moves only when the rows commit. `(import_job_id, import_row)` is unique: no path
 * writes a file row twice. One worker at a time holds a job's advisory lock (released by PostgreSQL
 * when its connection dies), which is how a starting server knows a job is orphaned.
 */
import { statementMappingSchema, TRANSACTION_IMPORT_CHUNK } from '@app/domain';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client';
import type { importJobs } from '../../db/schema';
import type { Jobs, QueueHandler } from '../../jobs/job-runner';
import { writeAudit } from '../../shared/audit';
import { runSpreadsheetTask } from '../../shared/spreadsheet-worker';
import {
  IMPORT_QUEUE,
  loadSupplierAccount,
  planImport,
  stageImportRows,
  toStagedRow,
  type ImportAccount,
} from './transaction-import';
import {
  lockSuppliersForMatching,
  refreshMatchStatusesForImport,
  type MatchRefreshTimings,
} from './transaction-matching';

type JobRow = typeof importJobs.$inferSelect;

export interface ImportRunOptions {
  /** Rows per insert statement, and so per progress report (default TRANSACTION_IMPORT_CHUNK). */
  step?: number;
}

/**
 * Runs (or resumes) one import job. Returns quietly when another worker holds the job or it is
 * finished; stops between statements when `stopping()` says so, rolling back what it wrote (a later
 * sweep runs it again).
 */
export async function runTransactionImport(
  db: Db,
  jobId: string,
  stopping: () => boolean,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: ImportRunOptions = {},
): Promise<'done' | 'busy' | 'stopped'> {
  const lockClient = await db.$client.connect();
  let locked = false;
  try {
    const key = `transaction-import:${jobId}`;
    locked = (
      await lockClient.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key])
    ).rows[0]!.ok;
    if (!locked) return 'busy';
    // Progress that a dead worker reported but never committed goes back to what is written.
    const { rows: claimed } = await db.execute<JobRow>(sql`
      update import_jobs set status = 'processing', attempts = attempts + 1, heartbeat_at = now(),
                             started_at = coalesce(started_at, now()), processed_count = imported_count
       where id = ${jobId} and status in ('queued', 'processing')
      returning *`);
    const job = claimed[0];
    if (!job) return 'done';
    return await processJob(db, job, stopping, log, options.step ?? TRANSACTION_IMPORT_CHUNK);
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
  await db.execute(sql`delete from import_rows where import_job_id = ${job.id}`);
  await writeAudit(db, {
    userId: job.user_id,
    action: 'import_failed',
    entityType: 'import_job',
    entityId: job.id,
    after: { message, processed_count: job.processed_count },
  });
}

/** Thrown inside the job's transaction to roll it back when the worker is asked to stop. */
class Stopping extends Error {}

async function processJob(
  db: Db,
  job: JobRow,
  stopping: () => boolean,
  log: Pick<Logger, 'info' | 'warn' | 'error'>,
  step: number,
): Promise<'done' | 'stopped'> {
  const account = await loadSupplierAccount(db, job.account_id);
  if (!account) {
    await failJob(db, job, 'The supplier account no longer exists.');
    return 'done';
  }
  if (!(await stageLegacyJob(db, job, account))) return 'done';
  const started = Date.now();
  const outcome = await writeJob(db, job, account, stopping, step).catch(async (err: unknown) => {
    if (!(err instanceof Stopping) && !(err instanceof TransactionRollbackError)) throw err;
    // Nothing of the job stayed: its progress goes back to what is written.
    await db.execute(sql`
      update import_jobs set processed_count = imported_count where id = ${job.id} and status = 'processing'`);
    return err instanceof Stopping ? ('stopped' as const) : ('overtaken' as const);
  });
  if (outcome === 'overtaken') {
    log.warn({ job: job.id }, 'import job finished or failed elsewhere; stopping');
    return 'done';
  }
  if (outcome === 'stopped') return 'stopped';
  log.info({ job: job.id, rows: outcome.imported, ms: Date.now() - started, phases: outcome.phases }, 'import written');
  return 'done';
}

/**
 * A job queued before the upload staged its rows (an older version of the server): stage them now from
 * the stored file, parsed again with the same function. False when the job failed instead.
 */
async function stageLegacyJob(db: Db, job: JobRow, account: ImportAccount): Promise<boolean> {
  const { rows: staged } = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from import_rows where import_job_id = ${job.id}) as any`,
  );
  if (staged[0]!.any || job.imported_count >= job.total_rows) return true;
  const { rows: files } = await db.execute<{ filename: string; data: Buffer }>(
    sql`select filename, data from stored_files where id = ${job.file_id}`,
  );
  const file = files[0];
  if (!file) {
    await failJob(db, job, 'The uploaded file is no longer stored.');
    return false;
  }
  const restaged = await restageStatement(db, job, file);
  if (restaged !== null) return restaged;
  const plan = await planImport(file.filename, file.data, account.booking_number_format);
  if (!plan.ok || plan.rows.length !== job.total_rows) {
    // The supplier's booking number format changed since the upload: the rows would differ.
    await failJob(db, job, "The supplier's booking number format changed after the upload; import the file again.");
    return false;
  }
  await db.transaction((tx) => stageImportRows(tx, job.id, plan.rows));
  return true;
}

/**
 * A statement's job whose staged rows are gone (PostgreSQL restarted: import_rows is UNLOGGED): its file read
 * again through the mapping the statement was imported with. Null when the job is not a statement's.
 */
async function restageStatement(
  db: Db,
  job: JobRow,
  file: { filename: string; data: Buffer },
): Promise<boolean | null> {
  const { rows } = await db.execute<{ mapping: unknown }>(
    sql`select mapping from statements where import_job_id = ${job.id}`,
  );
  if (!rows[0]) return null;
  const mapping = statementMappingSchema.safeParse(rows[0].mapping);
  const plan = mapping.success
    ? await runSpreadsheetTask('planStatementImport', file.filename, file.data, mapping.data, null)
    : null;
  const lines = plan?.ok ? (plan.mapped?.lines ?? []) : [];
  if (lines.length !== job.total_rows) {
    await failJob(
      db,
      job,
      'The statement file could not be read again the way it was read at the upload; import it again.',
    );
    return false;
  }
  await db.transaction((tx) => stageImportRows(tx, job.id, lines.map(toStagedRow)));
  return true;
}

/**
 * The whole job in one database transaction (see the file's comment). Returns what it wrote and how
 * long each phase took; rolls back (TransactionRollbackError) when the job is no longer processing.
 */
async function writeJob(db: Db, job: JobRow, account: ImportAccount, stopping: () => boolean, step: number) {
  return db.transaction(async (tx) => {
    const phases: Record<string, number> = {};
    let t = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      phases[name] = Math.round(now - t);
      t = now;
    };
    // KEY SHARE: an owner change of the account waits for this transaction, and this one reads the
    // owner it commits. Then the supplier's matching lock, before any booking is looked up: a booking
    // saved meanwhile is seen once committed (transaction-matching.ts).
    const { rows: owner } = await tx.execute<{ supplier_id: number | null }>(sql`
      select case when accountable_type = 'supplier' then accountable_id end as supplier_id
        from accounts where id = ${account.id} for key share`);
    const supplierId = owner[0]?.supplier_id ?? null;
    if (supplierId !== null) await lockSuppliersForMatching(tx, [supplierId]);
    lap('lock');
    // A supplier statement's job (issue 24 §2): its lines carry the statement's id.
    const { rows: statement } = await tx.execute<{ id: number }>(
      sql`select id from statements where import_job_id = ${job.id}`,
    );
    const statementId = statement[0]?.id ?? null;
    let after = -1;
    for (;;) {
      if (stopping()) throw new Stopping();
      const { rows } = await tx.execute<{ last: number | null; staged: number }>(sql`
        with s as (
          select import_row, reference_number, transaction_type, amount, transaction_date, customer_name, booking_date
            from import_rows
           where import_job_id = ${job.id} and import_row > ${after}
           order by import_row limit ${step}
        ), written as (
          insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, description,
                                    is_partial, cheque_reference_number, reference_image_file_id, created_by_user_id,
                                    import_job_id, import_row, transaction_date, statement_id, statement_customer_name,
                                    statement_booking_date, matches_booking)
          select ${account.id}, s.transaction_type, ${account.currency_id}, s.amount, s.reference_number,
                 ${job.transaction_status}, ${job.description}, ${job.is_partial}, ${job.cheque_reference_number},
                 ${job.reference_image_file_id}, ${job.user_id}, ${job.id}, s.import_row,
                 coalesce(s.transaction_date, current_date), ${statementId}, s.customer_name, s.booking_date,
                 -- DOMAIN.md "Matching": the function the row trigger calls (drizzle/0012), inlined here by
                 -- PostgreSQL into one index probe per row (bookings_supplier_reference_idx).
                 transaction_matches_booking(${account.id}, s.reference_number)
            from s
          on conflict (import_job_id, import_row) do nothing
          returning 1
        )
        select (select max(import_row) from s) as last, (select count(*)::int from s) as staged`);
      const { last, staged } = rows[0]!;
      if (last === null) break;
      after = last;
      // Progress on another connection: the status call sees it while this transaction is open.
      await db.execute(sql`
        update import_jobs set processed_count = least(total_rows, processed_count + ${staged}), heartbeat_at = now()
         where id = ${job.id} and status = 'processing'`);
      if (staged < step) break;
    }
    lap('insert');
    const match: MatchRefreshTimings = { lookup: 0, compute: 0, store: 0 };
    const refreshed = supplierId === null ? 0 : await refreshMatchStatusesForImport(tx, job.id, supplierId, match);
    lap('match_refresh');
    phases.match_lookup = Math.round(match.lookup);
    phases.match_compute = Math.round(match.compute);
    phases.match_store = Math.round(match.store);
    const { rows: done } = await tx.execute<{ imported_count: number }>(sql`
      update import_jobs
         set status = 'completed', finished_at = now(), heartbeat_at = now(), processed_count = total_rows,
             imported_count = w.n, message = 'Imported ' || w.n || ' transaction(s).'
        from (select count(*)::int as n from transactions where import_job_id = ${job.id}) w
       where id = ${job.id} and status = 'processing'
      returning imported_count`);
    if (!done[0]) tx.rollback();
    await tx.execute(sql`delete from import_rows where import_job_id = ${job.id}`);
    await writeAudit(tx, {
      userId: job.user_id,
      action: 'import_completed',
      entityType: 'import_job',
      entityId: job.id,
      after: { imported_count: done[0]!.imported_count, account_id: job.account_id, bookings_refreshed: refreshed },
    });
    lap('complete');
    return { imported: done[0]!.imported_count, phases };
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
