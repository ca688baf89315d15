/**
 * The claims contract (issue 13; bookings spec §2 dashboard, §5 "Claim modal", §7 `POST /api/unclaimed-bookings`,
 * `GET /api/unclaimed-bookings/search`, `GET /api/reports/unmatched-transactions`, §8, §9; CONTRACT.md §3
 * claims review paths). Requests are validated by the server with these schemas; responses are what the
 * server answers (checked in the API tests) and what the web client's types come from.
 */
import { z } from 'zod';
import { CLAIM_MESSAGES, CLAIM_STATUSES } from '../claims/claim-rules';
import { bookingReferenceSchema } from './bookings';
import { optionalMoneySchema } from '../money/schemas';
import {
  dateFilter,
  filterText,
  flag,
  isId,
  isoDate,
  optionalId,
  optionalText,
  required,
  requiredText,
} from './fields';
import { dateOut, moneyOut, pageOf, success, successMessage, timestampOut } from './responses';

/* ------------------------------------------------------------------ constants */

/** Spec §9: the unmatched table shows 10 rows by default, with 10, 25, 50 or 100. */
export const UNMATCHED_PER_PAGE = [10, 25, 50, 100] as const;
export const UNMATCHED_DEFAULT_PER_PAGE = 10;
/** Spec §9: page links are condensed beyond 7 pages. */
export const UNMATCHED_PAGE_LINKS = 7;
export const UNMATCHED_SORTS = [
  'transaction_date',
  'reference_number',
  'amount',
  'supplier_name',
  'account_name',
] as const;
export type UnmatchedSort = (typeof UNMATCHED_SORTS)[number];

/** The review list's filter: one state, or every request. */
export const CLAIM_STATUS_FILTERS = [...CLAIM_STATUSES, 'all'] as const;
export type ClaimStatusFilter = (typeof CLAIM_STATUS_FILTERS)[number];
export const CLAIM_PER_PAGE = [10, 25, 50, 100] as const;

/** The most characters of the `booking_data` text (a few short fields; notes up to 5,000). */
export const BOOKING_DATA_MAX_CHARS = 20_000;
/** The most characters of a rejection reason. */
export const REJECTION_REASON_MAX = 1000;
/** The most suppliers an `include_suppliers` filter may list. */
export const MAX_SUPPLIER_FILTER = 500;

/* ------------------------------------------------------------------ requests */

/**
 * The booking data of a claim (spec §5 "Claim modal", §7 `POST /api/unclaimed-bookings`): which
 * transaction, the booking reference (the booking form's UPPERCASE rule), customer name and booking date
 * required, notes and the personal flag optional. The spec's client names the transaction by the
 * request's `reference_number` and `supplier_id` (and sends `booking_amount`); the claim modal sends
 * the `transaction_id` of its search result. Reference, supplier and amount are the transaction's: a
 * `supplier_id` or `booking_amount` that differs from it is refused by the server.
 */
export const claimBookingDataSchema = z.object({
  transaction_id: optionalId('transaction', { invalid: CLAIM_MESSAGES.transactionInvalid }),
  supplier_id: optionalId('supplier'),
  booking_amount: optionalMoneySchema('booking amount', { allowNegative: true }).default(null),
  booking_reference: bookingReferenceSchema,
  customer_name: requiredText('customer name', 255),
  booking_date: isoDate('booking date'),
  notes: optionalText('notes', 5000, { multiline: true }),
  is_personal: flag(),
});
export type ClaimBookingData = z.output<typeof claimBookingDataSchema>;

/**
 * `booking_data` as the multipart form posts it: JSON text (an object is taken as it is, for JSON
 * clients). Text that is not a JSON object is a 422 on `booking_data`; the fields' own problems are
 * 422s on `booking_data.<field>`.
 */
export const bookingDataField = z
  .unknown()
  .transform((v, ctx): unknown => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v;
    if (typeof v !== 'string' || v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required('booking data') });
      return z.NEVER;
    }
    if (v.length > BOOKING_DATA_MAX_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: `The booking data field must not be greater than ${BOOKING_DATA_MAX_CHARS} characters.`,
      });
      return z.NEVER;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: CLAIM_MESSAGES.bookingDataNotJson });
      return z.NEVER;
    }
    return parsed;
  })
  .pipe(
    claimBookingDataSchema.superRefine((d, ctx) => {
      // Without the transaction's id, the supplier says whose credit with that reference it is.
      if (d.transaction_id === null && d.supplier_id === null)
        ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: required('supplier') });
    }),
  );

/**
 * `POST /api/unclaimed-bookings` (agents and sub-agents; multipart): the reference searched for, the
 * booking data, and the receipt (required: 'Receipt is required.'; an image or PDF of at most 5 MB,
 * checked by the server from its bytes).
 */
export const agentClaimSchema = z.object({
  reference_number: requiredText('reference number', 64),
  booking_data: bookingDataField,
  booking_receipt: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', { message: CLAIM_MESSAGES.receiptRequired }),
});
export type AgentClaimInput = z.output<typeof agentClaimSchema>;

/** `POST /api/unclaimed-bookings/{id}/reject`. */
export const rejectClaimSchema = z.object({
  reason: requiredText('reason', REJECTION_REASON_MAX, { multiline: true }),
});
export type RejectClaimInput = z.output<typeof rejectClaimSchema>;

const page = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const perPage = (sizes: readonly number[], fallback: number) =>
  z.coerce
    .number()
    .int()
    .refine((n) => sizes.includes(n))
    .catch(fallback);

/** `GET /api/unclaimed-bookings` (admin review): pending by default, newest first. */
export const claimListQuerySchema = z.object({
  status: z.enum(CLAIM_STATUS_FILTERS).catch('pending'),
  page,
  per_page: perPage(CLAIM_PER_PAGE, 10),
});
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

/** `GET /api/unclaimed-bookings/mine` (an agent's own claims): every state by default, newest first. */
export const myClaimsQuerySchema = z.object({
  status: z.enum(CLAIM_STATUS_FILTERS).catch('all'),
  page,
  per_page: perPage(CLAIM_PER_PAGE, 10),
});
export type MyClaimsQuery = z.output<typeof myClaimsQuerySchema>;

/** `GET /api/unclaimed-bookings/search?reference_number=`: an empty reference is a 422. */
export const unclaimedSearchQuerySchema = z.object({
  reference_number: requiredText('reference number', 64),
});

/**
 * A list of ids in a query string, however it is written: `x[]=1&x[]=2`, `x=1&x=2`, `x=1,2` or `x=1`.
 * Blank items are skipped; an item that is not an id is a 422 with `message`.
 */
export const idListFilter = (message: string, max = MAX_SUPPLIER_FILTER) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      const items = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
      return items.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
    },
    z
      .array(z.unknown().refine(isId, { message }).transform(Number))
      .max(max, `At most ${max} items can be sent at once.`),
  );

/** `include_suppliers` in any of {@link idListFilter}'s spellings, `include_suppliers[]` included. */
const includeSuppliersShape = {
  include_suppliers: idListFilter('The selected suppliers are invalid.'),
  'include_suppliers[]': idListFilter('The selected suppliers are invalid.'),
};

/**
 * `GET /api/reports/unmatched-transactions` (admin): the spec's `include_suppliers`, `start_date`,
 * `end_date` (transaction date, both optional and inclusive), and the table's `search` (reference,
 * supplier or account), `sort`, `direction` (default transaction_date desc), `page`, `per_page`.
 */
export const unmatchedTransactionsQuerySchema = z
  .object({
    ...includeSuppliersShape,
    start_date: dateFilter('start date'),
    end_date: dateFilter('end date'),
    search: filterText('search', 100),
    sort: z.enum(UNMATCHED_SORTS).catch('transaction_date'),
    direction: z.enum(['asc', 'desc']).catch('desc'),
    page,
    per_page: perPage(UNMATCHED_PER_PAGE, UNMATCHED_DEFAULT_PER_PAGE),
  })
  .transform(({ 'include_suppliers[]': bracketed, include_suppliers, ...rest }) => ({
    ...rest,
    include_suppliers: [...new Set([...include_suppliers, ...bracketed])],
  }));
export type UnmatchedTransactionsQuery = z.output<typeof unmatchedTransactionsQuerySchema>;

/* ------------------------------------------------------------------ answers */

/** An unmatched credit transaction (DOMAIN.md "Matching"), as the table, the search and a claim show it. */
export const unmatchedTransactionSchema = z.object({
  id: z.number().int(),
  reference_number: z.string(),
  amount: moneyOut,
  currency_code: z.string(),
  currency_symbol: z.string(),
  transaction_date: dateOut,
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  account_id: z.number().int(),
  account_name: z.string(),
  description: z.string().nullable(),
});
export type UnmatchedTransaction = z.output<typeof unmatchedTransactionSchema>;

/** `GET /api/reports/unmatched-transactions`: the contract's list page. */
export const unmatchedTransactionsResponse = pageOf(unmatchedTransactionSchema);

/** `GET /api/unclaimed-bookings/search` (spec §7: status, data.transaction). */
/** The search's answer: the transaction, or null with the message that none was found. */
export const unclaimedSearchResponse = success({
  message: z.string().optional(),
  data: z.object({ transaction: unmatchedTransactionSchema.nullable() }),
});

const person = z.object({ id: z.number().int(), name: z.string() });

/** The booking data as stored with the request. */
export const claimBookingDataOut = z.object({
  transaction_id: z.number().int(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_date: dateOut,
  notes: z.string(),
  is_personal: z.boolean(),
});

/** A claim request: who asked, for which transaction, with what, and how it was decided. */
export const claimRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(CLAIM_STATUSES),
  /** The claiming agent. */
  agent: person,
  /** The user who sent the request. */
  requested_by: person,
  /** The transaction claimed (its supplier, account and currency). */
  transaction: unmatchedTransactionSchema,
  booking_data: claimBookingDataOut,
  /** `/api/unclaimed-bookings/{id}/receipt`, served inline (framable by the app itself for a PDF preview). */
  receipt: z.object({ filename: z.string(), mimetype: z.string(), url: z.string() }).nullable(),
  created_at: timestampOut,
  decided_by: person.nullable(),
  decided_at: timestampOut.nullable(),
  rejection_reason: z.string().nullable(),
  /** The booking created by the approval. */
  booking_id: z.number().int().nullable(),
});
export type ClaimRequest = z.output<typeof claimRequestSchema>;

/** `GET /api/unclaimed-bookings`, `GET /api/unclaimed-bookings/mine`. */
export const claimListResponse = pageOf(claimRequestSchema);

/** `POST /api/unclaimed-bookings`, `…/{id}/approve`, `…/{id}/reject`: the request as it now stands. */
export const claimSavedResponse = successMessage({ data: claimRequestSchema });
