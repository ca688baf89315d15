/**
 * Match suggestions (issue 24 §1, decision 0013): the candidate bookings of unmatched credits, found in SQL
 * so no booking table is walked in JavaScript. For each credit, each key of its reference text (the domain's
 * statementReferenceKeys: the whole text, every word and every two neighbouring words) is looked up among
 * its supplier's bookings by their stored `suggestion_key`: equal (bookings_suggestion_key_idx), or, for keys
 * of five characters and more, sharing its first or its last four characters with a length at most two
 * apart (bookings_suggestion_key_start_idx, _end_idx): one or two typos leave one end whole unless they
 * fall at both. Only bookings that may still take a credit are candidates (suggestion-accept.ts): live,
 * gross above 0, and no transaction yet or only partial ones (a second credit on a booking already funded
 * by a credit that is not partial would leave it ambiguous). The ranking is the domain's (rankSuggestions) over these few rows.
 */
import {
  MAX_REFERENCE_DISTANCE,
  MIN_NEAR_LENGTH,
  moneyFromDb,
  moneyToString,
  type CandidateBooking,
  type Cents,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { idArray, numericText, parsedRows, textArray } from '../../shared/sql';
import { unmatchedWhere } from '../claims';
import { isUnmatchedCredit } from '../transactions';

/** The most candidates read per key and lookup of a credit (a near key in a crowded supplier). */
const CANDIDATES_PER_KEY = 25;

export interface CreditLine {
  id: number;
  supplier_id: number;
  supplier_name: string;
  /** The supplier's amount tolerance, basis points of the gross. */
  tolerance_bp: number;
  reference_number: string;
  /** The customer's name a supplier statement's line carried (issue 24 §2), or null. */
  customer_name: string | null;
  amount: Cents;
  currency_code: string;
  currency_symbol: string;
  transaction_date: string;
}

const creditRow = z.object({
  id: z.number(),
  supplier_id: z.number(),
  supplier_name: z.string(),
  tolerance_bp: z.number(),
  reference_number: z.string(),
  customer_name: z.string().nullable(),
  amount: numericText,
  currency_code: z.string(),
  currency_symbol: z.string(),
  transaction_date: z.string(),
});

const CREDIT_COLUMNS = sql`t.id, a.accountable_id as supplier_id, s.name as supplier_name, s.match_tolerance_bp as tolerance_bp,
  t.reference_number, t.statement_customer_name as customer_name, t.amount::text as amount, cu.code as currency_code, cu.symbol as currency_symbol,
  t.transaction_date::text as transaction_date`;
const CREDIT_JOINS = sql`join accounts a on a.id = t.account_id
  join suppliers s on s.id = a.accountable_id
  join currencies cu on cu.id = t.currency_id`;

const toCredit = (r: z.output<typeof creditRow>): CreditLine => ({ ...r, amount: moneyFromDb(r.amount) });

/** The credits asked about that are still unmatched (DOMAIN.md), with their supplier. */
export async function unmatchedCredits(db: DbOrTx, ids: readonly number[]): Promise<CreditLine[]> {
  const rows = await parsedRows(
    db,
    creditRow,
    sql`select ${CREDIT_COLUMNS} from transactions t ${CREDIT_JOINS}
         where t.id = any(${idArray(ids)}) and ${isUnmatchedCredit('t', 'a')}
         order by t.id`,
  );
  return rows.map(toCredit);
}

/**
 * The unmatched credits of the Unmatched Credit Transactions filters, oldest first (the longest waiting),
 * at most `limit` (transactions_unmatched_credit_idx).
 */
export async function unmatchedCreditsOf(
  db: DbOrTx,
  filters: Parameters<typeof unmatchedWhere>[0],
  limit: number,
): Promise<CreditLine[]> {
  const rows = await parsedRows(
    db,
    creditRow,
    sql`select ${CREDIT_COLUMNS} from transactions t ${CREDIT_JOINS}
         where ${unmatchedWhere(filters)}
         order by t.transaction_date, t.id
         limit ${limit}`,
  );
  return rows.map(toCredit);
}

/** The booking sets rejected for each of these credits, each as its ids ascending joined by ','. */
export async function rejectedSets(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Set<string>>> {
  const rows = await parsedRows(
    db,
    z.object({ transaction_id: z.number(), booking_ids: z.array(z.number()) }),
    sql`select transaction_id, booking_ids from match_suggestion_rejections where transaction_id = any(${idArray(ids)})`,
  );
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const set = out.get(r.transaction_id) ?? new Set<string>();
    set.add(bookingSetKey(r.booking_ids));
    out.set(r.transaction_id, set);
  }
  return out;
}

/** One key per set of bookings, whatever order the ids come in. */
export const bookingSetKey = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

export interface Candidate extends CandidateBooking {
  id: number;
  currency_code: string;
  currency_symbol: string;
}

const candidateRow = z.object({
  transaction_id: z.number(),
  id: z.number(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_date: z.string(),
  gross: numericText,
  expected_commission: numericText,
  currency_code: z.string(),
  currency_symbol: z.string(),
});

/**
 * The bookings of `k`'s supplier whose key shares its first (`left`) or last (`right`) four characters, a
 * length at most two apart (bookings_suggestion_key_start_idx or _end_idx).
 */
const nearBy = (end: SQL) => sql`(select b.id from bookings b
    where length(k.key) >= ${MIN_NEAR_LENGTH} and b.supplier_id = k.supplier_id
      and ${end}(b.suggestion_key, 4) = ${end}(k.key, 4)
      and abs(length(b.suggestion_key) - length(k.key)) <= ${MAX_REFERENCE_DISTANCE}
    limit ${CANDIDATES_PER_KEY})`;

/**
 * Each credit's candidate bookings, by credit id: `keys` are (credit id, reference key) pairs, `surnames`
 * (credit id, surname key, amount) for the customer a line may name (bookings_surname_key_idx: those of the
 * line's amount first, then any, at most 25 each).
 */
export async function candidateBookings(
  db: DbOrTx,
  keys: readonly { transactionId: number; supplierId: number; key: string }[],
  surnames: readonly { transactionId: number; supplierId: number; surname: string; amount: Cents }[] = [],
): Promise<Map<number, Candidate[]>> {
  const out = new Map<number, Candidate[]>();
  if (keys.length === 0 && surnames.length === 0) return out;
  const rows = await parsedRows(
    db,
    candidateRow,
    sql`
    with k as (
      select * from unnest(${idArray(keys.map((k) => k.transactionId))}, ${idArray(keys.map((k) => k.supplierId))},
                           ${textArray(keys.map((k) => k.key))}) as k(transaction_id, supplier_id, key)
    ), n as (
      select * from unnest(${idArray(surnames.map((n) => n.transactionId))}, ${idArray(surnames.map((n) => n.supplierId))},
                           ${textArray(surnames.map((n) => n.surname))},
                           ${textArray(surnames.map((n) => moneyToString(n.amount)))}::numeric[])
             as n(transaction_id, supplier_id, surname, amount)
    ), found as (
      select k.transaction_id, c.id
        from k
        cross join lateral (
          (select b.id from bookings b
            where b.supplier_id = k.supplier_id and b.suggestion_key = k.key
            limit ${CANDIDATES_PER_KEY})
          union ${nearBy(sql`left`)}
          union ${nearBy(sql`right`)}) c
      union
      select n.transaction_id, c.id
        from n
        cross join lateral (
          (select b.id from bookings b
            where b.supplier_id = n.supplier_id and b.surname_key = n.surname and b.booking_amount = n.amount
            limit ${CANDIDATES_PER_KEY})
          union
          (select b.id from bookings b
            where b.supplier_id = n.supplier_id and b.surname_key = n.surname
            limit ${CANDIDATES_PER_KEY})) c
    )
    select f.transaction_id, b.id, b.booking_reference, b.customer_name, b.booking_date::text as booking_date,
           b.booking_amount::text as gross, b.expected_commission::text as expected_commission,
           cu.code as currency_code, cu.symbol as currency_symbol
      from found f
      join bookings b on b.id = f.id
      join suppliers s on s.id = b.supplier_id
      join currencies cu on cu.id = s.currency_id
     where b.status <> 'cancelled' and b.booking_amount > 0 and b.transaction_match_status in ('no_transaction', 'partial')
     order by f.transaction_id, b.id`,
  );
  for (const r of rows) {
    const list = out.get(r.transaction_id) ?? [];
    list.push({
      id: r.id,
      booking_reference: r.booking_reference,
      customer_name: r.customer_name,
      booking_date: r.booking_date,
      gross: moneyFromDb(r.gross),
      expected_commission: moneyFromDb(r.expected_commission),
      currency_code: r.currency_code,
      currency_symbol: r.currency_symbol,
    });
    out.set(r.transaction_id, list);
  }
  return out;
}

/** The most unmatched credits of one supplier scored for one booking (the newest). */
export const BOOKING_SIDE_CREDITS = 2000;

export interface BookingFacts extends Candidate {
  supplier_id: number;
  tolerance_bp: number;
  /** Live, gross above 0, and no transaction yet or only partial ones (suggestion-accept.ts takes it). */
  can_take_credit: boolean;
}

/** One booking as a candidate, with its supplier's tolerance and whether it may take a credit; null if none. */
export async function bookingFacts(db: DbOrTx, bookingId: number): Promise<BookingFacts | null> {
  const [r] = await parsedRows(
    db,
    candidateRow.omit({ transaction_id: true }).extend({
      supplier_id: z.number(),
      tolerance_bp: z.number(),
      can_take_credit: z.boolean(),
    }),
    sql`select b.id, b.booking_reference, b.customer_name, b.booking_date::text as booking_date,
               b.booking_amount::text as gross, b.expected_commission::text as expected_commission,
               cu.code as currency_code, cu.symbol as currency_symbol, b.supplier_id, s.match_tolerance_bp as tolerance_bp,
               (b.status <> 'cancelled' and b.booking_amount > 0
                and b.transaction_match_status in ('no_transaction', 'partial')) as can_take_credit
          from bookings b
          join suppliers s on s.id = b.supplier_id
          join currencies cu on cu.id = s.currency_id
         where b.id = ${bookingId}`,
  );
  if (!r) return null;
  return { ...r, gross: moneyFromDb(r.gross), expected_commission: moneyFromDb(r.expected_commission) };
}

/**
 * The supplier's unmatched credits, newest first, at most {@link BOOKING_SIDE_CREDITS}, less those an admin
 * rejected for this booking alone (transactions_unmatched_credit_idx).
 */
export async function unmatchedCreditsOfSupplier(db: DbOrTx, supplierId: number, bookingId: number) {
  const rows = await parsedRows(
    db,
    creditRow.extend({ account_name: z.string() }),
    sql`select ${CREDIT_COLUMNS}, a.name as account_name from transactions t ${CREDIT_JOINS}
         where ${isUnmatchedCredit('t', 'a')} and a.accountable_id = ${supplierId}
           and not exists (select 1 from match_suggestion_rejections r
                            where r.transaction_id = t.id and r.booking_ids = array[${bookingId}::int])
         order by t.transaction_date desc, t.id desc
         limit ${BOOKING_SIDE_CREDITS}`,
  );
  return rows.map((r) => ({ ...toCredit(r), account_name: r.account_name }));
}
