/**
 * Accounts and transactions (agents-transactions-payouts.md §3–§5, CONTRACT.md §3): request schemas
 * shared by the server (validation) and the browser (forms). Spec messages are used verbatim.
 */
import { z } from 'zod';
import { cents, type Cents } from '../money/money';
import { moneySchema, optionalMoneySchema } from '../money/schemas';
import { dateFilter, filterText, flag, id, idFilter, idList, optionalText, required, requiredText } from './fields';
import { dateOut, moneyOut, pageOf, successData, successMessage, timestampOut } from './responses';

export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'reversed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** What a new transaction (and a bulk status update) may be set to; 'reversed' only stays on one already reversed. */
export const SETTABLE_TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const;
export const ACCOUNTABLE_TYPES = ['supplier', 'agent'] as const;
export type AccountableType = (typeof ACCOUNTABLE_TYPES)[number];
export const BULK_DESCRIPTION_TYPES = ['default', 'same', 'different'] as const;
export type BulkDescriptionType = (typeof BULK_DESCRIPTION_TYPES)[number];

export const TRANSACTION_PAGE_SIZES = [10, 15, 25, 50, 100] as const;
export const DEFAULT_TRANSACTION_PAGE_SIZE = 15;
export const MAX_BULK_ROWS = 5000;
export const BULK_ROWS_PER_ADD_MAX = 50;

// Spec §5 / §8 messages.
export const MSG_REFERENCE_REQUIRED = 'Reference number is required';
export const MSG_AMOUNT_POSITIVE = 'Amount must be greater than 0';
export const MSG_SELECT_SUPPLIER_ACCOUNT = 'Please select a supplier account';
export const MSG_SELECT_TRANSACTION_TYPE = 'Please select a transaction type';
export const MSG_SELECT_STATUS = 'Please select a status';
export const MSG_SELECT_FILE_TO_IMPORT = 'Please select a file to import';
export const MSG_COMMON_DESCRIPTION_REQUIRED =
  'Common description is required when using same description for all transactions';
/** The spec says a per-row description is required for 'different' but gives no text: ours. */
export const MSG_ROW_DESCRIPTION_REQUIRED = 'Description is required when using different descriptions';
export const MSG_FORM_BLOCKED =
  'Form submission blocked due to validation errors. Please fix the errors below and try again.';
export const MSG_CHECK_ROWS = 'Check the red error messages shown below individual rows.';
export const MSG_SELECT_ACTION = 'Please select an action.';
export const MSG_SELECT_TRANSACTIONS = 'Please select at least one transaction.';
export const MSG_BULK_UPDATE_FAILED = 'An error occurred while processing your request.';
export const MSG_TRANSACTION_FAILED = 'An error occurred. Please try again.';
export const MSG_TRANSACTION_EXCEPTION = 'An unexpected error occurred. Please try again.';
export const MSG_BULK_FAILED = 'Failed to create transactions';
export const MSG_BULK_FORMAT_ERRORS = 'Please fix the reference number format errors shown below each row.';

/** 'Are you sure you want to update N transaction(s) to status: X?' (spec §5 Bulk status). */
export const bulkStatusConfirmation = (n: number, status: string) =>
  `Are you sure you want to update ${n} transaction(s) to status: ${status}?`;

/** The description of bulk rows when the description type is 'default' (the spec says "generated"; the text is ours). */
export const defaultBulkDescription = (type: TransactionType, today: string) => `Bulk ${type} transaction - ${today}`;

/** Option label of an account: 'name (accountable name or Unknown) - currency code or No Currency'. */
export const accountOptionLabel = (a: {
  name: string;
  accountable_name?: string | null;
  currency_code?: string | null;
}) => `${a.name} (${a.accountable_name || 'Unknown'}) - ${a.currency_code || 'No Currency'}`;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const accountInputSchema = z.object({
  name: requiredText('name', 150),
  account_number: optionalText('account number', 64),
  accountable_type: z.enum(ACCOUNTABLE_TYPES, { error: 'The account owner type must be supplier or agent.' }),
  accountable_id: id('account owner'),
  currency_id: id('currency'),
});
export type AccountInput = z.infer<typeof accountInputSchema>;

export const accountListQuerySchema = z.object({
  include_deleted: flag().catch(false),
  accountable_type: z.enum(ACCOUNTABLE_TYPES).optional().catch(undefined),
});

export const currencySummarySchema = z.object({
  account_ids: idList('The selected accounts are invalid.', {
    min: 1,
    minMessage: 'The account ids field is required.',
    max: 1000,
  }),
  transaction_type: z.preprocess(emptyToUndefined, z.enum(TRANSACTION_TYPES).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(TRANSACTION_STATUSES).default('completed')),
});

const referenceNumber = requiredText('reference number', 64);

/** The single transaction form (create and update; the server refuses changes of account, type and currency). */
export const transactionInputSchema = z.object({
  account_id: id('account'),
  transaction_type: z.enum(TRANSACTION_TYPES, { error: required('transaction type') }),
  currency_id: id('currency'),
  amount: moneySchema('amount', { min: cents(1) }),
  reference_number: referenceNumber,
  status: z.preprocess(
    emptyToUndefined,
    z.enum(TRANSACTION_STATUSES, { error: 'The selected status is invalid.' }).default('completed'),
  ),
  description: optionalText('description', 5000, { multiline: true }),
  is_partial: flag(),
  cheque_reference_number: optionalText('cheque reference number', 64),
  /** Stored-file upload; checked by the server. */
  reference_image: z.unknown().optional(),
});
export type TransactionInput = z.infer<typeof transactionInputSchema>;

const rowAmountSchema = moneySchema('amount', { min: cents(1) });

const bulkRowSchema = z.object({
  reference_number: requiredText('reference number', 64, { requiredMessage: MSG_REFERENCE_REQUIRED }),
  amount: z.unknown().transform((input, ctx): Cents => {
    const r = rowAmountSchema.safeParse(input);
    if (r.success) return r.data;
    const message = r.error.issues[0]?.message ?? MSG_AMOUNT_POSITIVE;
    // Empty, zero and negative all read 'Amount must be greater than 0'; a malformed number says so.
    ctx.addIssue({ code: 'custom', message: /decimals/.test(message) ? message : MSG_AMOUNT_POSITIVE });
    return z.NEVER;
  }),
  description: optionalText('description', 5000, { multiline: true }),
  is_partial: flag(),
});

/** The bulk form (spec §2.5, §3 Bulk transaction, §5). Rows come as transactions[i][field]. */
export const bulkTransactionSchema = z
  .object({
    account_id: id('account', { required: MSG_SELECT_SUPPLIER_ACCOUNT, invalid: MSG_SELECT_SUPPLIER_ACCOUNT }),
    transaction_type: z.preprocess(
      emptyToUndefined,
      z.enum(TRANSACTION_TYPES, { error: MSG_SELECT_TRANSACTION_TYPE }).default('credit'),
    ),
    status: z.preprocess(
      emptyToUndefined,
      z.enum(SETTABLE_TRANSACTION_STATUSES, { error: MSG_SELECT_STATUS }).default('completed'),
    ),
    description_type: z.preprocess(
      emptyToUndefined,
      z.enum(BULK_DESCRIPTION_TYPES, { error: 'The selected description type is invalid.' }).default('default'),
    ),
    common_description: optionalText('common description', 5000, { multiline: true }),
    cheque_reference_number: optionalText('cheque reference number', 64),
    reference_image: z.unknown().optional(),
    transactions: z
      .array(bulkRowSchema, { error: 'Add at least one transaction row.' })
      .min(1, 'Add at least one transaction row.')
      .max(MAX_BULK_ROWS, `At most ${MAX_BULK_ROWS} transactions can be saved at once.`),
  })
  .superRefine((v, ctx) => {
    if (v.description_type === 'same' && !v.common_description)
      ctx.addIssue({ code: 'custom', path: ['common_description'], message: MSG_COMMON_DESCRIPTION_REQUIRED });
    if (v.description_type === 'different')
      v.transactions.forEach((row, i) => {
        if (!row.description)
          ctx.addIssue({
            code: 'custom',
            path: ['transactions', i, 'description'],
            message: MSG_ROW_DESCRIPTION_REQUIRED,
          });
      });
  });
export type BulkTransactionInput = z.infer<typeof bulkTransactionSchema>;

/** The transactions list filters (bookings-and-commissions.md §2 "Transactions list filter", spec §2.7). */
const optionalFilterText = (label: string) => z.preprocess(emptyToUndefined, filterText(label, 64));
const optionalFilterAmount = (label: string) =>
  z.preprocess(emptyToUndefined, optionalMoneySchema(label, { min: cents(0) }).optional());

export const transactionListQuerySchema = z.object({
  account_id: idFilter('account'),
  transaction_type: z.preprocess(emptyToUndefined, z.enum(TRANSACTION_TYPES).optional().catch(undefined)),
  status: z.preprocess(emptyToUndefined, z.enum(TRANSACTION_STATUSES).optional().catch(undefined)),
  reference: optionalFilterText('reference'),
  cheque_reference: optionalFilterText('cheque reference'),
  date_from: dateFilter('date from'),
  date_to: dateFilter('date to'),
  amount_min: optionalFilterAmount('minimum amount'),
  amount_max: optionalFilterAmount('maximum amount'),
  double_bookings: flag().catch(false),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  page_size: z.coerce
    .number()
    .refine((n) => (TRANSACTION_PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_TRANSACTION_PAGE_SIZE),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const bulkStatusUpdateSchema = z.object({
  transaction_ids: idList('The selected transactions are invalid.', {
    min: 1,
    minMessage: MSG_SELECT_TRANSACTIONS,
    max: MAX_BULK_ROWS,
    maxMessage: `At most ${MAX_BULK_ROWS} transactions can be updated at once.`,
  }),
  status: z.preprocess(emptyToUndefined, z.enum(SETTABLE_TRANSACTION_STATUSES, { error: MSG_SELECT_ACTION })),
});

export const checkUnclaimedTransactionSchema = z.object({
  reference_number: referenceNumber,
  supplier_id: id('supplier'),
});

export const transactionStatusRequestSchema = z.object({
  booking_ids: idList('The selected bookings are invalid.', { max: 500 }),
});

/**
 * The import form (spec §2.6, §3 "Import form", §5 "Transaction import"). The file itself is read by
 * `parseTransactionImportFile`; here only its presence is checked.
 */
export const transactionImportSchema = z.object({
  account_id: id('account', { required: MSG_SELECT_SUPPLIER_ACCOUNT, invalid: MSG_SELECT_SUPPLIER_ACCOUNT }),
  status: z.preprocess(emptyToUndefined, z.enum(SETTABLE_TRANSACTION_STATUSES, { error: MSG_SELECT_STATUS })),
  description: optionalText('description', 5000, { multiline: true }),
  is_partial: flag(),
  cheque_reference_number: optionalText('cheque reference number', 64),
  file: z.unknown().refine((v) => v !== undefined && v !== null && v !== '', MSG_SELECT_FILE_TO_IMPORT),
  reference_image: z.unknown().optional(),
  /** The same file was imported into this account before: import it again anyway (ours, not the spec's). */
  allow_duplicate: flag(),
});
export type TransactionImportInput = z.infer<typeof transactionImportSchema>;

export const importJobParamsSchema = z.object({
  jobId: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'The import job was not found.'),
});

/* ------------------------------------------------------------------ answers */

/** A transaction as the listing and the form read it (bookings spec §3 Transaction, plus what the form needs). */
export const transactionSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  account: z.object({
    id: z.number().int(),
    name: z.string(),
    accountable_type: z.enum(ACCOUNTABLE_TYPES),
    accountable: z.object({ id: z.number().int(), name: z.string().nullable() }),
    /** The supplier's format (null for an agent's account or a supplier without one). */
    booking_number_format: z.string().nullable(),
    currency: z.object({ id: z.number().int(), code: z.string(), symbol: z.string() }),
  }),
  /** The account's supplier; null on an agent's account. */
  supplier_id: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  accountable_type: z.enum(ACCOUNTABLE_TYPES),
  accountable_name: z.string().nullable(),
  transaction_type: z.enum(TRANSACTION_TYPES),
  currency_id: z.number().int(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  amount: moneyOut,
  reference_number: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  description: z.string().nullable(),
  is_partial: z.boolean(),
  cheque_reference_number: z.string().nullable(),
  /** `/transactions/{id}/reference-image` when there is one. */
  reference_image_url: z.string().nullable(),
  transaction_date: dateOut,
  created_at: timestampOut,
});

/** One transaction read for the edit form: the listing's fields plus the reference image's name and type. */
export const transactionDetailSchema = transactionSchema.extend({
  reference_image: z.object({ filename: z.string(), mimetype: z.string() }).nullable(),
});

/** `GET /transactions` (JSON): the contract's list page. */
export const transactionListResponse = pageOf(transactionSchema);
/** `GET /transactions/{id}`. */
export const transactionResponse = successData(transactionDetailSchema);
/** `POST /transactions`, `PUT /transactions/{id}`. */
export const transactionSavedResponse = successMessage({ data: transactionDetailSchema, redirect: z.string() });
/** `POST /transactions/store-bulk`. */
export const bulkTransactionsSavedResponse = successMessage({ count: z.number().int(), redirect: z.string() });
/** `POST /transactions-bulk-update`. */
export const bulkStatusUpdatedResponse = successMessage({ updated: z.number().int() });

/** `POST /api/check-unclaimed-transaction`: `message` is empty and `transaction` null when there is none. */
export const unclaimedTransactionResponse = z.object({
  has_unclaimed: z.boolean(),
  message: z.string(),
  transaction: z.object({ supplier_name: z.string(), amount: moneyOut, currency: z.string() }).nullable(),
});

/** A file row the import leaves out, and why (1-based row number in the file). */
export const importSkippedRowSchema = z.object({ row: z.number().int(), reason: z.string() });

/** `POST /api/transactions/import`: the job is queued; rows that cannot be imported are in `skipped`. */
export const importStartedResponse = successMessage({
  job_id: z.string(),
  total_rows: z.number().int(),
  skipped: z.array(importSkippedRowSchema),
});

/** An import job's life: queued → processing → completed | failed. */
export const IMPORT_JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATUSES)[number];

/** `GET /api/transactions/import/status/{jobId}`; `message` is null until the job finishes. */
export const importJobStatusResponse = z.object({
  job_id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  processed_count: z.number().int(),
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  /** The first 1000 row problems ('Row n: reason'); `error_count` has the full number. */
  errors: z.array(z.string()),
  error_count: z.number().int(),
  message: z.string().nullable(),
});
