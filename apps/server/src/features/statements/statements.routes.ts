import { IMPORT_MESSAGES, statementEndpoints as api, TRANSACTION_IMPORT_MAX_BYTES } from '@app/domain';
import { todayUtc } from '../../clock';
import type { RouteModule } from '../../http/app';
import { route } from '../../http/route';
import {
  getStatement,
  getStatementMapping,
  importStatement,
  listStatements,
  previewStatement,
} from './statements.service';

const MAPPING =
  'mapping (JSON): skip_rows (header rows, 0–50), reference_column, amount_mode (amount | debit_credit), amount_column or debit_column and credit_column, date_column and date_format (YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, DD.MM.YYYY, DD-MM-YYYY, YYYYMMDD, DD MMM YYYY), customer_name_column, booking_date_column; columns are 0-based (A = 0)';

/** Supplier statements in their own layout (issue 24 §2): admins only. */
export const statementRoutes: RouteModule = ({ db, jobs }) => [
  route({
    endpoint: api.mapping,
    access: 'admin',
    summary: "The column mapping this supplier account's last statement was imported with (null before the first).",
    tags: ['transactions'],
    handler: async ({ params }) => getStatementMapping(db, params.id),
  }),
  route({
    endpoint: api.preview,
    access: 'admin',
    summary: `A supplier's statement (multipart: account_id, file (csv, txt, xlsx, xls; ≤ 10 MB), ${MAPPING}) read without writing anything: its first 12 rows as they are, and its lines through the mapping sent (else the account's saved one, else one guessed from the header row): the first 25, how many, the lines skipped and why, credit and debit totals. A mapping with problems answers them in mapping_errors and no lines.`,
    tags: ['transactions'],
    bodyType: 'multipart',
    multipartLimits: { fileSize: TRANSACTION_IMPORT_MAX_BYTES + 1, files: 1 },
    fileTooLargeMessage: IMPORT_MESSAGES.tooLarge,
    handler: async ({ body }) => previewStatement(db, body),
  }),
  route({
    endpoint: api.import,
    access: 'admin',
    summary: `Imports a supplier's statement (multipart: account_id, file, ${MAPPING}, deposit_amount (optional: what the statement was paid with), allow_duplicate): every line read becomes a completed transaction of the account (money in a credit, money out a debit, the absolute amount), dated as the line (else today), with the line's customer name and booking date kept for the match suggestions; lines that cannot be read are listed in skipped. The mapping is saved for the account. The same file twice is refused unless allow_duplicate. Answers the job (poll GET /api/transactions/import/status/{jobId}) and the statement.`,
    tags: ['transactions'],
    bodyType: 'multipart',
    multipartLimits: { fileSize: TRANSACTION_IMPORT_MAX_BYTES + 1, files: 1 },
    fileTooLargeMessage: IMPORT_MESSAGES.tooLarge,
    handler: async ({ body, user }) => importStatement(db, jobs, user, body, todayUtc()),
  }),
  route({
    endpoint: api.list,
    access: 'admin',
    summary:
      "Imported supplier statements, newest first (account_id for one account's): lines, skipped, credit and debit totals, net, the deposit and the difference, and how the lines stand now: matched exactly, by an accepted suggestion, still unclaimed, other (debits, not completed).",
    tags: ['transactions'],
    handler: async ({ query }) => listStatements(db, query),
  }),
  route({
    endpoint: api.get,
    access: 'admin',
    summary: 'One statement: its record as in the list, and its lines (first 5,000) with their state now.',
    tags: ['transactions'],
    handler: async ({ params }) => getStatement(db, params.id),
  }),
];
