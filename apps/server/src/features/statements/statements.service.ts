/**
 * Supplier statements in their own layout (issue 24 §2): the preview, the import and the records.
 *
 * The import goes the two-column import's way (transaction-import.ts, docs/decisions/0003): the file is read
 * at once in a spreadsheet worker (a file-level problem is a 422 and nothing is written), then the file, the
 * job, the statement, the account's mapping and the staged lines commit together, and the import job writes
 * the lines as transactions of the account in one database transaction, each with the statement's id and the
 * line's own date, customer name and booking date. The same file twice is refused unless the admin says the
 * supplier really paid it twice.
 */
import {
  IMPORT_MESSAGES,
  moneyFromDb,
  moneyToNumber,
  moneyToString,
  skippedRowMessage,
  statementMappingSchema,
  subMoney,
  type SessionUser,
  type StatementImportInput,
  type StatementMapped,
  type StatementMapping,
  type StatementPreviewInput,
  type StatementsQuery,
  type StatementSummary,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withClientTransaction, type Db, type DbOrTx } from '../../db/client';
import { importJobs } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import type { Jobs } from '../../jobs/job-runner';
import { writeAudit } from '../../shared/audit';
import { numericText, paginate, parsedRows } from '../../shared/sql';
import { SpreadsheetLimitError, runSpreadsheetTask } from '../../shared/spreadsheet-worker';
import type { UploadedFile } from '../../http/route';
import { isUploadedFile } from '../../shared/stored-files';
import { isoTimestamp } from '../../shared/timestamps';
import {
  IMPORT_QUEUE,
  loadSupplierAccount,
  refuseDuplicateFile,
  stageImportRows,
  storeImportFile,
  toStagedRow,
} from '../transactions';

/** Skipped lines an answer lists (the counts are always whole). */
const MAX_SKIPPED_LISTED = 100;
const MAX_STORED_ERRORS = 1000;
const PREVIEW_LINES = 25;

/** The mapping last used to import this account's statements, or null. */
export async function savedMapping(db: DbOrTx, accountId: number): Promise<StatementMapping | null> {
  const { rows } = await db.execute<{ mapping: unknown }>(
    sql`select mapping from statement_mappings where account_id = ${accountId}`,
  );
  const parsed = rows[0] ? statementMappingSchema.safeParse(rows[0].mapping) : null;
  return parsed?.success ? parsed.data : null;
}

async function supplierAccount(db: DbOrTx, accountId: number) {
  const account = await loadSupplierAccount(db, accountId);
  if (!account) throw validationError({ account_id: [IMPORT_MESSAGES.selectAccount] });
  const { rows } = await db.execute<{ code: string; symbol: string }>(
    sql`select code, symbol from currencies where id = ${account.currency_id}`,
  );
  return { ...account, currency_code: rows[0]!.code, currency_symbol: rows[0]!.symbol };
}

const plan = (filename: string, data: Buffer, given: StatementMapping | null, saved: StatementMapping | null) =>
  runSpreadsheetTask('planStatementImport', filename, data, given, saved).catch((err: unknown) => {
    if (err instanceof SpreadsheetLimitError) throw validationError({ file: [IMPORT_MESSAGES.unpackedTooLarge] });
    throw err;
  });

/** `GET /api/accounts/{id}/statement-mapping`. */
export async function getStatementMapping(db: DbOrTx, accountId: number) {
  await supplierAccount(db, accountId);
  return { status: 'success' as const, data: { mapping: await savedMapping(db, accountId) } };
}

/** `POST /api/statements/preview`: the first rows, and the lines read through the mapping. Writes nothing. */
export async function previewStatement(db: DbOrTx, input: StatementPreviewInput) {
  if (!isUploadedFile(input.file)) throw validationError({ file: [IMPORT_MESSAGES.selectFile] });
  const account = await supplierAccount(db, input.account_id);
  const sent = input.mapping === undefined ? null : statementMappingSchema.safeParse(input.mapping);
  const mappingErrors: Record<string, string[]> = {};
  for (const issue of sent && !sent.success ? sent.error.issues : []) {
    const key = issue.path.join('.') || 'mapping';
    (mappingErrors[key] ??= []).push(issue.message);
  }
  const saved = sent ? null : await savedMapping(db, account.id);
  const p = await plan(input.file.filename, input.file.data, sent?.success ? sent.data : null, saved);
  if (!p.ok) throw validationError({ file: [p.error] });
  const usable = !sent || sent.success;
  const mapped = usable ? p.mapped : null;
  return {
    status: 'success' as const,
    data: {
      rows: p.head,
      column_count: p.column_count,
      mapping: usable ? p.mapping : null,
      mapping_source: usable ? p.source : ('none' as const),
      mapping_errors: mappingErrors,
      lines: (mapped?.lines ?? []).slice(0, PREVIEW_LINES).map((l) => ({ ...l, amount: moneyToNumber(l.amount) })),
      line_count: mapped?.lines.length ?? 0,
      skipped: (mapped?.skipped ?? []).slice(0, MAX_SKIPPED_LISTED),
      skipped_count: mapped?.skipped.length ?? 0,
      credit_total: moneyToNumber(mapped?.credit_total ?? moneyFromDb('0')),
      debit_total: moneyToNumber(mapped?.debit_total ?? moneyFromDb('0')),
      currency_code: account.currency_code,
      currency_symbol: account.currency_symbol,
    },
  };
}

/** What {@link storeStatement} stores. */
interface StatementToStore {
  account: { id: number };
  input: StatementImportInput;
  file: UploadedFile;
  mapped: StatementMapped;
  today: string;
}

/**
 * In one database transaction: the same-file check, the file, the job, the statement, the account's mapping,
 * the staged lines, the audit row and the queued job. The job writes the lines once it commits.
 */
async function storeStatement(db: Db, jobs: Jobs, user: SessionUser, s: StatementToStore) {
  const { account, input, file, mapped, today } = s;
  const messages = mapped.skipped.map(skippedRowMessage);
  const filename = file.filename.slice(0, 255) || 'statement';
  return withClientTransaction(db, async (tx, execute) => {
    if (!input.allow_duplicate) await refuseDuplicateFile(tx, account.id, file.data);
    const fileId = await storeImportFile(tx, user, file, 'statement');
    const [job] = await tx
      .insert(importJobs)
      .values({
        user_id: user.id,
        account_id: account.id,
        file_id: fileId,
        transaction_status: 'completed',
        description: `Supplier statement ${filename} - ${today}`.slice(0, 5000),
        is_partial: false,
        total_rows: mapped.lines.length,
        errors: messages.slice(0, MAX_STORED_ERRORS),
        error_count: messages.length,
      })
      .returning({ id: importJobs.id });
    const mapping = JSON.stringify(input.mapping);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into statements (account_id, import_job_id, filename, mapping, line_count, skipped_count, credit_total,
                              debit_total, deposit_amount, user_id)
      values (${account.id}, ${job!.id}, ${filename}, ${mapping}::jsonb, ${mapped.lines.length}, ${mapped.skipped.length},
              ${moneyToString(mapped.credit_total)}::numeric, ${moneyToString(mapped.debit_total)}::numeric,
              ${input.deposit_amount === null ? null : moneyToString(input.deposit_amount)}::numeric, ${user.id})
      returning id`);
    await tx.execute(sql`
      insert into statement_mappings (account_id, mapping, user_id) values (${account.id}, ${mapping}::jsonb, ${user.id})
      on conflict (account_id) do update set mapping = excluded.mapping, user_id = excluded.user_id, updated_at = now()`);
    await stageImportRows(tx, job!.id, mapped.lines.map(toStagedRow));
    await writeAudit(tx, {
      userId: user.id,
      action: 'statement_import_started',
      entityType: 'statement',
      entityId: rows[0]!.id,
      after: {
        account_id: account.id,
        filename,
        lines: mapped.lines.length,
        skipped: mapped.skipped.length,
        credit_total: moneyToString(mapped.credit_total),
        debit_total: moneyToString(mapped.debit_total),
        deposit_amount: input.deposit_amount === null ? null : moneyToString(input.deposit_amount),
        mapping: input.mapping,
        import_job_id: job!.id,
      },
    });
    await jobs.send(IMPORT_QUEUE, { importJobId: job!.id }, { executeSql: execute });
    return { jobId: job!.id, statementId: rows[0]!.id };
  });
}

/** `POST /api/statements/import`: checks everything, then stores the file, the statement and the mapping, and queues the job. */
export async function importStatement(
  db: Db,
  jobs: Jobs,
  user: SessionUser,
  input: StatementImportInput,
  today: string,
) {
  const file = input.file;
  if (!isUploadedFile(file)) throw validationError({ file: [IMPORT_MESSAGES.selectFile] });
  const account = await supplierAccount(db, input.account_id);
  const p = await plan(file.filename, file.data, input.mapping, null);
  if (!p.ok) throw validationError({ file: [p.error] });
  const mapped = p.mapped!;
  if (mapped.lines.length === 0)
    throw validationError({
      file: [
        `${IMPORT_MESSAGES.noValidData} (${mapped.skipped.length} line${mapped.skipped.length === 1 ? '' : 's'} skipped)`,
      ],
    });
  const ids = await storeStatement(db, jobs, user, { account, input, file, mapped, today });
  jobs.wake(IMPORT_QUEUE);
  const skippedText = mapped.skipped.length ? `, ${mapped.skipped.length} skipped` : '';
  return {
    status: 'success' as const,
    message: `Statement import started: ${mapped.lines.length} lines queued${skippedText}.`,
    job_id: ids.jobId,
    statement_id: ids.statementId,
    total_rows: mapped.lines.length,
    skipped: mapped.skipped.slice(0, MAX_SKIPPED_LISTED),
  };
}

/** A line's state (DOMAIN.md "unmatched credit transaction"; an accepted suggestion keeps the original reference). */
const LINE_STATE = sql`case
    when t.transaction_type <> 'credit' or t.status <> 'completed' then 'other'
    when t.matches_booking and t.original_reference_number is not null then 'suggestion'
    when t.matches_booking then 'exact'
    else 'unclaimed' end`;

const summaryRow = z.object({
  id: z.number(),
  account_id: z.number(),
  account_name: z.string(),
  supplier_name: z.string(),
  filename: z.string(),
  created_at: z.string(),
  job_status: z.string(),
  line_count: z.number(),
  skipped_count: z.number(),
  credit_total: numericText,
  debit_total: numericText,
  deposit_amount: numericText.nullable(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  exact: z.number(),
  by_suggestion: z.number(),
  unclaimed: z.number(),
  other: z.number(),
});

const SUMMARY = sql`
  select st.id, st.account_id, a.name as account_name, s.name as supplier_name, st.filename,
         ${isoTimestamp('st.created_at')} as created_at, j.status as job_status, st.line_count, st.skipped_count,
         st.credit_total::text as credit_total, st.debit_total::text as debit_total,
         st.deposit_amount::text as deposit_amount, cu.code as currency_code, cu.symbol as currency_symbol,
         coalesce(c.exact, 0)::int as exact, coalesce(c.by_suggestion, 0)::int as by_suggestion,
         coalesce(c.unclaimed, 0)::int as unclaimed, coalesce(c.other, 0)::int as other
    from statements st
    join accounts a on a.id = st.account_id
    join suppliers s on s.id = a.accountable_id
    join currencies cu on cu.id = a.currency_id
    join import_jobs j on j.id = st.import_job_id
    left join lateral (
      select count(*) filter (where x.state = 'exact') as exact,
             count(*) filter (where x.state = 'suggestion') as by_suggestion,
             count(*) filter (where x.state = 'unclaimed') as unclaimed,
             count(*) filter (where x.state = 'other') as other
        from (select ${LINE_STATE} as state from transactions t where t.statement_id = st.id) x
    ) c on true`;

function toSummary(r: z.output<typeof summaryRow>): StatementSummary {
  const credit = moneyFromDb(r.credit_total);
  const debit = moneyFromDb(r.debit_total);
  const net = subMoney(credit, debit);
  const deposit = r.deposit_amount === null ? null : moneyFromDb(r.deposit_amount);
  return {
    id: r.id,
    account_id: r.account_id,
    account_name: r.account_name,
    supplier_name: r.supplier_name,
    filename: r.filename,
    created_at: r.created_at,
    job_status: r.job_status,
    line_count: r.line_count,
    skipped_count: r.skipped_count,
    credit_total: moneyToNumber(credit),
    debit_total: moneyToNumber(debit),
    net_total: moneyToNumber(net),
    deposit_amount: deposit === null ? null : moneyToNumber(deposit),
    difference: deposit === null ? null : moneyToNumber(subMoney(deposit, net)),
    currency_code: r.currency_code,
    currency_symbol: r.currency_symbol,
    counts: { exact: r.exact, by_suggestion: r.by_suggestion, unclaimed: r.unclaimed, other: r.other },
  };
}

/** `GET /api/statements`: newest first, one page (statements_account_idx for one account). */
export async function listStatements(db: DbOrTx, q: StatementsQuery) {
  const where = q.account_id ? sql`where st.account_id = ${q.account_id}` : sql``;
  const [rows, total] = await Promise.all([
    parsedRows(
      db,
      summaryRow,
      sql`${SUMMARY} ${where} order by st.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from statements st ${where}`),
  ]);
  return paginate(rows.map(toSummary), total.rows[0]!.n, q);
}

/** The most lines one statement's answer lists. */
const MAX_LINES = 5000;

/** `GET /api/statements/{id}`: the record and its lines as they stand now. */
export async function getStatement(db: DbOrTx, id: number) {
  const [row] = await parsedRows(db, summaryRow, sql`${SUMMARY} where st.id = ${id}`);
  if (!row) throw notFound('The statement');
  const lines = await parsedRows(
    db,
    z.object({
      transaction_id: z.number(),
      reference_number: z.string(),
      original_reference_number: z.string().nullable(),
      amount: numericText,
      transaction_type: z.enum(['credit', 'debit']),
      status: z.string(),
      transaction_date: z.string(),
      customer_name: z.string().nullable(),
      booking_date: z.string().nullable(),
      state: z.enum(['exact', 'suggestion', 'unclaimed', 'other']),
    }),
    sql`select t.id as transaction_id, t.reference_number, t.original_reference_number, t.amount::text as amount,
               t.transaction_type, t.status, t.transaction_date::text as transaction_date,
               t.statement_customer_name as customer_name, t.statement_booking_date::text as booking_date,
               ${LINE_STATE} as state
          from transactions t
         where t.statement_id = ${id}
         order by coalesce(t.import_row, 2147483647), t.id
         limit ${MAX_LINES}`,
  );
  return {
    status: 'success' as const,
    data: {
      statement: toSummary(row),
      lines: lines.map((l) => ({ ...l, amount: moneyToNumber(moneyFromDb(l.amount)) })),
    },
  };
}
