/**
 * Transaction file import (agents-transactions-payouts.md §2.6, §4 "Transaction import flow", §5;
 * docs/decisions/0003-transaction-import.md).
 *
 * Upload: the file is parsed at once with the domain parser (whole-file problems → 422, nothing
 * written), then the file, the `import_jobs` row, its parsed rows (staged in `import_rows`) and the
 * pg-boss job commit together. The job that writes the rows is transaction-import-job.ts.
 */
import crypto from 'node:crypto';
import {
  absMoney,
  defaultImportDescription,
  IMPORT_MESSAGES,
  importRowType,
  moneyToString,
  type ImportParsedRow,
  type StatementParsedLine,
  type importJobStatusResponse,
  type importStartedResponse,
  skippedRowMessage,
  transactionImportFileKind,
  type SessionUser,
  type TransactionImportInput,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withClientTransaction, type Db, type DbOrTx } from '../../db/client';
import { importJobs, storedFiles } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/route';
import type { Jobs } from '../../jobs/job-runner';
import { writeAudit } from '../../shared/audit';
import { SpreadsheetLimitError, runSpreadsheetTask } from '../../shared/spreadsheet-worker';
import { collectGarbageIfGrown } from '../../shared/heap';
import { isUploadedFile, storeUpload } from '../../shared/stored-files';
import { findAccountFacts, type AccountFacts } from './transactions.repo';

export const IMPORT_QUEUE = 'transaction-import';
/** Row problems kept on the job for the status call; `error_count` always has the full number. */
const MAX_STORED_ERRORS = 1000;

const MIME_BY_KIND = {
  text: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
} as const;

export type ImportAccount = Pick<AccountFacts, 'id' | 'currency_id' | 'booking_number_format'>;

/** A supplier account that is not deleted, with its supplier's booking number format. */
export async function loadSupplierAccount(db: DbOrTx, id: number): Promise<ImportAccount | null> {
  const acc = await findAccountFacts(db, id);
  return acc?.accountable_type === 'supplier' ? acc : null;
}

/**
 * The domain's plan of the file, worked out in a spreadsheet worker (off the event loop, with its
 * memory and time limits); a zip bomb is refused from its central directory without one.
 */
export const planImport = (filename: string, data: Buffer, bookingNumberFormat: string | null) =>
  runSpreadsheetTask('planTransactionImport', filename, data, bookingNumberFormat);

/** Stores an import's file (kept with its job: a job whose staged rows are gone reads it again); its id. */
export async function storeImportFile(tx: DbOrTx, user: SessionUser, file: UploadedFile, fallbackName: string) {
  const [stored] = await tx
    .insert(storedFiles)
    .values({
      filename: file.filename.slice(0, 255) || fallbackName,
      mimetype: MIME_BY_KIND[transactionImportFileKind(file.filename)!],
      size: file.size,
      data: file.data,
      uploaded_by_user_id: user.id,
    })
    .returning({ id: storedFiles.id });
  return stored!.id;
}

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
    const fileId = await storeImportFile(tx, user, file, 'import');
    const [job] = await tx
      .insert(importJobs)
      .values({
        user_id: user.id,
        account_id: account.id,
        file_id: fileId,
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
    await stageImportRows(tx, job!.id, plan.rows);
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

/** Rows per staging statement (its array parameters stay under a megabyte or two). */
const STAGE_BATCH = 10_000;

/** A row to stage: the two-column import's, or a statement line with its own date, name and booking date. */
export type StagedRow = ImportParsedRow & {
  date?: string | null;
  customer_name?: string | null;
  booking_date?: string | null;
};

/** A statement line (statements/statement-layout.ts) as a row to stage. */
export const toStagedRow = (l: StatementParsedLine): StagedRow => ({
  row: l.row,
  reference: l.reference,
  amount: l.amount,
  date: l.date,
  customer_name: l.customer_name,
  booking_date: l.booking_date,
});

/**
 * Stages a job's parsed rows in `import_rows`: one multi-row INSERT … SELECT FROM unnest(…) per
 * 10,000 rows, the type and the absolute amount worked out by the domain (a negative amount is a debit).
 * A row already staged is kept as it is.
 */
export async function stageImportRows(tx: DbOrTx, jobId: string, rows: readonly StagedRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STAGE_BATCH) {
    const batch = rows.slice(i, i + STAGE_BATCH);
    await tx.execute(sql`
      insert into import_rows (import_job_id, import_row, reference_number, transaction_type, amount,
                               transaction_date, customer_name, booking_date)
      select ${jobId}, r.import_row, r.reference_number, r.transaction_type, r.amount, r.transaction_date,
             r.customer_name, r.booking_date
        from unnest(${sql.param(batch.map((r) => r.row))}::int[], ${sql.param(batch.map((r) => r.reference))}::text[],
                    ${sql.param(batch.map((r) => importRowType(r.amount)))}::text[],
                    ${sql.param(batch.map((r) => moneyToString(absMoney(r.amount))))}::numeric[],
                    ${sql.param(batch.map((r) => r.date ?? null))}::date[],
                    ${sql.param(batch.map((r) => r.customer_name ?? null))}::text[],
                    ${sql.param(batch.map((r) => r.booking_date ?? null))}::date[])
             as r(import_row, reference_number, transaction_type, amount, transaction_date, customer_name, booking_date)
      on conflict (import_job_id, import_row) do nothing`);
    // The batches' arrays and statement texts are garbage at once: collected before they pile up.
    collectGarbageIfGrown();
  }
}

/**
 * The same bytes already imported into this account by a job that did not fail: importing them
 * again would record every payment twice. Refused unless the form says `allow_duplicate`.
 * Runs inside the upload's transaction and first takes a transaction-scoped advisory lock on
 * (account, sha256), held until that transaction commits or rolls back: a concurrent upload of the
 * same file waits here, and its check (a new snapshot, READ COMMITTED) then sees the committed job.
 */
export async function refuseDuplicateFile(tx: DbOrTx, accountId: number, data: Buffer): Promise<void> {
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
