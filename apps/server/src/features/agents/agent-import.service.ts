import {
  decodeTextFile,
  sniffMagic,
  AGENT_IMPORT_COLUMNS,
  AGENT_IMPORT_MAX_BYTES,
  AGENT_IMPORT_MESSAGES,
  agentImportFileKind,
  defaultImportPassword,
  planAgentImport,
  type AgentImportResult,
  type AgentImportUpload,
  type ImportAgentRow,
  type ImportPlan,
} from '@app/domain';
import * as XLSX from '@e965/xlsx';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError } from '../../http/errors';
import { writeAudit, writeAudits } from '../../shared/audit';
import { SpreadsheetLimitError, runSpreadsheetTask } from '../../shared/spreadsheet-worker';
import { todayUtc } from '../../clock';

/**
 * Bulk agent import (agents spec §2.2, §5, §9; CONTRACT.md §4). The file is read and every row
 * validated (pure, in the domain) before anything is written; then all new agents are written in one
 * transaction with set-based inserts.
 */

/**
 * Imported agents get a default password that is guessable by design (spec §9: e-mail prefix + 123)
 * and must change it at first sign-in, so its hash uses lighter argon2id parameters than chosen
 * passwords (19 MiB, t=2): 4 MiB, t=1 keeps a 5,000-row import within seconds on two cores. Sign-in
 * verifies any argon2id hash whatever its parameters.
 */
const DEFAULT_PASSWORD_HASH = { memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

const fileError = (message: string) => fieldError('file', message);

/**
 * Reads the first sheet into rows of cells (numbers stay numbers: Excel dates are serials the domain
 * converts; blank cells are ''); refuses files whose content is not what they claim. The workbook is
 * read by the domain in a spreadsheet worker, off the event loop, within the spreadsheet limits.
 */
export async function readImportFile(file: AgentImportUpload): Promise<unknown[][]> {
  const kind = agentImportFileKind(file.filename, file.mimetype);
  if (!kind) throw fileError(AGENT_IMPORT_MESSAGES.invalidType);
  if (file.size > AGENT_IMPORT_MAX_BYTES) throw fileError(AGENT_IMPORT_MESSAGES.tooLarge);
  if (file.size === 0) throw fileError(AGENT_IMPORT_MESSAGES.emptyFile);
  const data = file.data;
  const magic = sniffMagic(data);
  let input: { text: string } | { bytes: Uint8Array };
  if (kind === 'csv') {
    // One decoder for every text import (domain): BOMs, UTF-16, Windows-1252; binary is refused.
    // The text is read raw: cells stay text (no guessing of numbers or dates; leading zeros of a SIN survive).
    const text = magic ? null : decodeTextFile(data);
    if (text === null) throw fileError(AGENT_IMPORT_MESSAGES.invalidType);
    input = { text };
  } else {
    // An Excel file is a ZIP (xlsx) or an OLE2 compound file (xls); anything else (an .exe renamed) is refused.
    if (magic !== 'zip' && magic !== 'ole2') throw fileError(AGENT_IMPORT_MESSAGES.invalidType);
    input = { bytes: data };
  }
  const sheet = await runSpreadsheetTask('readFirstSheet', input).catch((err: unknown) => {
    if (err instanceof SpreadsheetLimitError) throw fileError(AGENT_IMPORT_MESSAGES.unpackedTooLarge);
    throw err;
  });
  if (!sheet.ok)
    throw fileError(
      sheet.reason === 'too-large' ? AGENT_IMPORT_MESSAGES.unpackedTooLarge : AGENT_IMPORT_MESSAGES.invalidType,
    );
  return sheet.cells;
}

async function loadLookups(db: DbOrTx, emails: string[]) {
  const { rows: tiers } = await db.execute<{ id: number; name: string }>(sql`select id, name from commission_tiers`);
  const { rows: states } = await db.execute<{
    id: number;
    country_id: number;
    code: string;
    name: string;
    country: string;
  }>(sql`
    select s.id, s.country_id, s.code, s.name, c.code as country from states s join countries c on c.id = s.country_id
     where c.code in ('CA', 'US') order by (c.code = 'CA') desc, s.id`);
  const stateMap = new Map<string, { id: number; country_id: number }>();
  // Canada first: the first entry for a code or name wins.
  for (const s of states) {
    for (const key of [s.code.toUpperCase(), s.name.toUpperCase()]) {
      if (!stateMap.has(key)) stateMap.set(key, { id: s.id, country_id: s.country_id });
    }
  }
  return {
    tiers: new Map(tiers.map((t) => [t.name.toLowerCase(), t.id])),
    states: stateMap,
    existingEmails: await existingEmails(db, emails),
  };
}

async function existingEmails(db: DbOrTx, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await db.execute<{ email: string }>(sql`
    select lower(email) as email from users
     where lower(email) in (select lower(value) from json_array_elements_text(${JSON.stringify(emails)}::json))`);
  return new Set(rows.map((r) => r.email));
}

export async function importAgents(
  db: Db,
  file: AgentImportUpload | undefined,
  actorId: number,
): Promise<AgentImportResult> {
  if (!file) throw fileError(AGENT_IMPORT_MESSAGES.noFile);
  const matrix = await readImportFile(file);
  const today = todayUtc();
  const plan = planAgentImport(matrix, await loadLookups(db, importEmails(matrix)), today);
  if (plan.fileError) throw fileError(plan.fileError);

  // Hashing runs while the rows are inserted; the hashes are written before the same transaction commits.
  const hashing = Promise.all(plan.toCreate.map((r) => hash(r.default_password, DEFAULT_PASSWORD_HASH)));
  hashing.catch(() => {}); // awaited below; never an unhandled rejection if the transaction fails first
  const skipped = [...plan.skipped];
  const created: AgentImportResult['created'] = [];

  await db.transaction(async (tx) => {
    const rows = await rowsStillFree(tx, plan.toCreate, skipped);
    if (rows.length === 0) {
      await hashing;
      return;
    }
    const payload = agentPayload(rows, await freshFareconnectNumbers(tx, rows.length), today);
    const byRow = await insertAgents(tx, payload);
    await auditImportedAgents(tx, actorId, payload, byRow, file.filename);
    await writePasswordHashes(tx, rows, byRow, await hashing);
    for (const p of payload) {
      created.push({
        row: p.row,
        name: p.name,
        email: p.email,
        fareconnect_number: p.fareconnect_number,
        default_password: defaultImportPassword(p.email),
      });
    }
    await writeAudit(tx, {
      userId: actorId,
      action: 'import',
      entityType: 'agent_import',
      entityId: null,
      meta: {
        filename: file.filename,
        total_rows: plan.total_rows,
        created: created.length,
        skipped: skipped.length,
        failed: plan.failed.length,
      },
    });
  });

  skipped.sort((a, b) => a.row - b.row);
  return importResult(plan, created, skipped);
}

type ImportRow = ImportAgentRow & { index: number };
type AgentPayload = ReturnType<typeof agentPayload>[number];
type InsertedAgent = { user_id: number; agent_id: number; row: number };

/** The distinct e-mails of the file's rows (lower case), to look up which are taken. */
function importEmails(matrix: readonly (readonly unknown[])[]): string[] {
  return [
    ...new Set(
      matrix
        .slice(1)
        .map((r) =>
          String(r[7] ?? '')
            .trim()
            .toLowerCase(),
        )
        .filter(Boolean),
    ),
  ];
}

/** The planned rows whose e-mail is still free; e-mails taken since the plan was made are skipped like any existing one. */
async function rowsStillFree(tx: DbOrTx, toCreate: ImportPlan['toCreate'], skipped: ImportPlan['skipped']) {
  const nowTaken = await existingEmails(
    tx,
    toCreate.map((r) => r.email.toLowerCase()),
  );
  const rows: ImportRow[] = [];
  toCreate.forEach((r, index) => {
    if (nowTaken.has(r.email.toLowerCase()))
      skipped.push({ row: r.row, email: r.email, reason: 'An agent with this email already exists (not updated).' });
    else rows.push({ ...r, index });
  });
  return rows;
}

/** The rows as the insert reads them, each with its new FareConnect number. */
function agentPayload(rows: ImportRow[], numbers: string[], today: string) {
  return rows.map((r, i) => ({
    row: r.row,
    name: r.full_name,
    email: r.email,
    fareconnect_number: numbers[i]!,
    home_address: r.home_address,
    phone_number: r.phone_number,
    date_of_birth: r.date_of_birth,
    sin_number: r.sin_number,
    country_id: r.country_id,
    state_id: r.state_id,
    commission_tier_id: r.commission_tier_id,
    joined_on: r.joined_on ?? today,
  }));
}

/** Inserts the users and their agents; the new ids by the file's row. */
async function insertAgents(tx: DbOrTx, payload: AgentPayload[]): Promise<Map<number, InsertedAgent>> {
  // Set-based: one statement per table, whatever the number of rows. The password is a placeholder
  // no password verifies against, replaced by the real hash (writePasswordHashes) in the same transaction.
  const { rows: inserted } = await tx.execute<InsertedAgent>(sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(payload)}::json) as x(
        row int, name text, email text, fareconnect_number text, home_address text, phone_number text,
        date_of_birth date, sin_number text, country_id int, state_id int, commission_tier_id int, joined_on date)
    ), new_users as (
      insert into users (name, email, password_hash, roles, must_change_password)
      select name, email, '!', array['agent'], true from input order by row
      returning id, email
    ), new_agents as (
      insert into agents (user_id, fareconnect_number, home_address, phone_number, date_of_birth, sin_number,
                          country_id, state_id, commission_tier_id, joined_on)
      select u.id, i.fareconnect_number, i.home_address, i.phone_number, i.date_of_birth, i.sin_number,
             i.country_id, i.state_id, i.commission_tier_id, i.joined_on
        from input i join new_users u on lower(u.email) = lower(i.email)
      returning id, user_id
    )
    select a.user_id, a.id as agent_id, i.row
      from new_agents a join new_users u on u.id = a.user_id join input i on lower(i.email) = lower(u.email)
     order by i.row`);
  return new Map(inserted.map((r) => [r.row, r]));
}

/** One audit row per agent created. */
async function auditImportedAgents(
  tx: DbOrTx,
  actorId: number,
  payload: AgentPayload[],
  byRow: Map<number, InsertedAgent>,
  filename: string,
): Promise<void> {
  await writeAudits(
    tx,
    payload.map((p) => ({
      userId: actorId,
      action: 'create',
      entityType: 'agent',
      entityId: byRow.get(p.row)!.agent_id,
      after: {
        full_name: p.name,
        fareconnect_email: p.email,
        fareconnect_number: p.fareconnect_number,
        commission_tier_id: p.commission_tier_id,
        state_id: p.state_id,
        sin_number: p.sin_number, // masked by the audit writer
      },
      meta: { source: 'bulk_import', row: p.row, filename },
    })),
  );
}

/** Replaces the placeholder passwords with the real hashes. */
async function writePasswordHashes(
  tx: DbOrTx,
  rows: ImportRow[],
  byRow: Map<number, InsertedAgent>,
  hashes: string[],
): Promise<void> {
  await tx.execute(sql`
    update users u set password_hash = x.h
      from json_to_recordset(${JSON.stringify(
        rows.map((r) => ({ id: byRow.get(r.row)!.user_id, h: hashes[r.index]! })),
      )}::json) as x(id int, h text)
     where u.id = x.id`);
}

function importResult(
  plan: ImportPlan,
  created: AgentImportResult['created'],
  skipped: ImportPlan['skipped'],
): AgentImportResult {
  const summary = {
    total_rows: plan.total_rows,
    created: created.length,
    skipped: skipped.length,
    failed: plan.failed.length,
  };
  return {
    status: 'success',
    message: `Import completed: ${summary.created} created, ${summary.skipped} skipped, ${summary.failed} failed.`,
    summary,
    created,
    skipped,
    failed: plan.failed,
  };
}

/** `n` FareConnect numbers from the sequence that no agent has yet. */
async function freshFareconnectNumbers(tx: DbOrTx, n: number): Promise<string[]> {
  const out: string[] = [];
  while (out.length < n) {
    const { rows } = await tx.execute<{ n: string }>(sql`
      select 'FC' || g.n::text as n
        from (select nextval('fareconnect_number_seq') as n from generate_series(1, ${n - out.length})) g
       where not exists (select 1 from agents a where a.fareconnect_number = 'FC' || g.n::text)
       order by g.n`);
    out.push(...rows.map((r) => r.n));
  }
  return out;
}

/** The downloadable template: the header row of the 12 columns, in order (CONTRACT.md §4). */
export function importTemplate(): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([[...AGENT_IMPORT_COLUMNS]]);
  XLSX.utils.book_append_sheet(book, sheet, 'Agents');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
