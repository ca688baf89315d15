/**
 * Supplier statements in their own layout (issue 24 §2; statements/statement-layout.ts has the rules): the
 * preview, the import, the list and one statement. Admins only.
 */
import { z } from 'zod';
import { cents } from '../money/money';
import { optionalMoneySchema } from '../money/schemas';
import { statementMappingSchema } from '../statements/statement-layout';
import { flag, id, idFilter, listQuery } from './fields';
import { dateOut, moneyOut, pageOf, successData, successMessage, timestampOut } from './responses';
import { MSG_SELECT_FILE_TO_IMPORT, MSG_SELECT_SUPPLIER_ACCOUNT } from './transactions';

/** A mapping sent in a multipart form: JSON text (or, from a JSON client, the object itself). */
const mappingField = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, z.unknown());

const file = z.unknown().refine((v) => v !== undefined && v !== null && v !== '', MSG_SELECT_FILE_TO_IMPORT);
const account = id('account', { required: MSG_SELECT_SUPPLIER_ACCOUNT, invalid: MSG_SELECT_SUPPLIER_ACCOUNT });

/**
 * `POST /api/statements/preview` (multipart): the file's first rows as they are, and its lines read through
 * `mapping` (else the account's saved mapping, else one guessed from the header row). Nothing is written.
 */
export const statementPreviewInputSchema = z.object({ account_id: account, file, mapping: mappingField });
export type StatementPreviewInput = z.output<typeof statementPreviewInputSchema>;

/**
 * `POST /api/statements/import` (multipart): the file read through `mapping` (saved for the account), every
 * line a transaction of `status` on the account; `deposit_amount`, when given, is what the admin says the
 * statement was paid with.
 */
export const statementImportInputSchema = z.object({
  account_id: account,
  file,
  mapping: z.preprocess(
    (v) => mappingField.parse(v) ?? {},
    z.unknown().transform((v, ctx) => {
      const parsed = statementMappingSchema.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: v });
      return z.NEVER;
    }),
  ),
  deposit_amount: optionalMoneySchema('deposit amount', { min: cents(1) }).default(null),
  allow_duplicate: flag(),
});
export type StatementImportInput = z.output<typeof statementImportInputSchema>;

/* ------------------------------------------------------------------ answers */

export const statementLinePreviewSchema = z.object({
  row: z.number().int(),
  reference: z.string(),
  /** Signed: above 0 money in (a credit), below 0 money out (a debit). */
  amount: moneyOut,
  date: dateOut.nullable(),
  customer_name: z.string().nullable(),
  booking_date: dateOut.nullable(),
});

export const STATEMENT_PREVIEW_ROWS = 12;
export const STATEMENT_PREVIEW_LINES = 25;

export const statementPreviewResponseSchema = successData(
  z.object({
    /** The file's first rows, each cell as text (at most 30 columns, 60 characters a cell). */
    rows: z.array(z.array(z.string())),
    column_count: z.number().int(),
    mapping: statementMappingSchema.nullable(),
    mapping_source: z.enum(['given', 'saved', 'guessed', 'none']),
    /** Problems of the mapping sent (field → messages); the lines are then read with none. */
    mapping_errors: z.record(z.string(), z.array(z.string())),
    lines: z.array(statementLinePreviewSchema),
    line_count: z.number().int(),
    skipped: z.array(z.object({ row: z.number().int(), reason: z.string() })),
    skipped_count: z.number().int(),
    credit_total: moneyOut,
    debit_total: moneyOut,
    currency_code: z.string(),
    currency_symbol: z.string(),
  }),
);
export type StatementPreview = z.output<typeof statementPreviewResponseSchema>['data'];

export const statementImportResponseSchema = successMessage({
  job_id: z.string(),
  statement_id: z.number().int(),
  total_rows: z.number().int(),
  skipped: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});

/** How a statement's lines stand now. */
export const statementCountsSchema = z.object({
  /** The reference named a booking as it came. */
  exact: z.number().int(),
  /** Matched by an accepted suggestion (a split counts each part). */
  by_suggestion: z.number().int(),
  /** Unmatched credits still to match or claim (one with a pending claim included). */
  unclaimed: z.number().int(),
  /** Debits and lines not completed. */
  other: z.number().int(),
});

export const statementSummarySchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  supplier_name: z.string(),
  filename: z.string(),
  created_at: timestampOut,
  job_status: z.string(),
  line_count: z.number().int(),
  skipped_count: z.number().int(),
  credit_total: moneyOut,
  debit_total: moneyOut,
  /** Credits − debits: what the statement pays. */
  net_total: moneyOut,
  deposit_amount: moneyOut.nullable(),
  /** deposit − net_total, when a deposit was given. */
  difference: moneyOut.nullable(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  counts: statementCountsSchema,
});
export type StatementSummary = z.output<typeof statementSummarySchema>;

/** `GET /api/statements`: newest first, 25 a page; `account_id` for one account's. */
export const statementsQuerySchema = listQuery(['created_at'] as const, 'created_at', 25).extend({
  account_id: idFilter('account'),
});
export type StatementsQuery = z.output<typeof statementsQuerySchema>;
export const statementsResponseSchema = pageOf(statementSummarySchema);

export const STATEMENT_LINE_STATES = ['exact', 'suggestion', 'unclaimed', 'other'] as const;
export const statementDetailResponseSchema = successData(
  z.object({
    statement: statementSummarySchema,
    lines: z.array(
      z.object({
        transaction_id: z.number().int(),
        reference_number: z.string(),
        /** As the supplier sent it, when a suggestion changed the reference or split the line. */
        original_reference_number: z.string().nullable(),
        amount: moneyOut,
        transaction_type: z.enum(['credit', 'debit']),
        status: z.string(),
        transaction_date: dateOut,
        customer_name: z.string().nullable(),
        booking_date: dateOut.nullable(),
        state: z.enum(STATEMENT_LINE_STATES),
      }),
    ),
  }),
);
export type StatementDetail = z.output<typeof statementDetailResponseSchema>['data'];

export const statementMappingResponseSchema = successData(z.object({ mapping: statementMappingSchema.nullable() }));
