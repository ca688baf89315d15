/**
 * What the payouts read: a set of bookings with the money the matching says they received, and their
 * commission lines with each agent's account in the booking's currency. Set-based: one query for the
 * bookings and one for their lines, whatever their number (the bulk screen, a chunk of a bulk run).
 */
import {
  TRANSACTION_MATCH_STATUSES,
  availableAmount,
  moneyFromDb,
  percentFromDb,
  type Cents,
  type PayoutEligibility,
  type PayoutLine,
} from '@app/domain';
import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idArray, numericText, parsedRows } from '../../shared/sql';
import { matchedTransactionTotals, referenceGroupTotals } from '../transactions';

export interface BookingFacts extends PayoutEligibility {
  id: number;
  reference: string;
  customer_name: string;
  booking_date: string;
  supplier_id: number;
  supplier_name: string;
  currency_id: number;
  currency_code: string;
  currency_symbol: string;
  primary_agent_id: number;
  primary_agent_name: string;
  is_personal: boolean;
  is_reconciled: boolean;
  expected_commission: Cents;
  paid: Cents;
  /** Matched completed credits − debits (DOMAIN.md "Matching"). */
  net: Cents;
  matched_count: number;
  /** What other bookings of the supplier with this reference and sign were paid (DOMAIN.md invariant 2). */
  paid_on_reference_by_others: Cents;
  available: Cents;
}

/** A booking's facts as the query returns them, parsed: what is paid out is computed from them. */
const factsRow = z.object({
  id: z.number().int(),
  booking_reference: z.string(),
  customer_name: z.string(),
  booking_date: z.string(),
  status: z.string(),
  booking_amount: numericText,
  expected_commission: numericText,
  paid_amount: numericText,
  is_personal: z.boolean(),
  is_reconciled: z.boolean(),
  transaction_match_status: z.enum(TRANSACTION_MATCH_STATUSES).nullable(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  currency_id: z.number().int(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  primary_agent_id: z.number().int(),
  primary_agent_name: z.string(),
  matched_count: z.number().int(),
  matched_net: numericText,
  has_credit: z.boolean(),
  has_debit: z.boolean(),
  duplicate_ids: z.array(z.number().int()),
  others_paid: numericText,
});
type FactsRow = z.output<typeof factsRow>;

/** The bookings query: `where` and `tail` (order, limit) are the caller's; alias `b`, totals `m`. */
function factsQuery(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select b.id, b.booking_reference, b.customer_name, b.booking_date, b.status, b.booking_amount::text,
           b.expected_commission::text, b.paid_amount::text, b.is_personal, b.is_reconciled, b.transaction_match_status,
           b.supplier_id, s.name as supplier_name, s.currency_id, c.code as currency_code, c.symbol as currency_symbol,
           b.primary_agent_id, pu.name as primary_agent_name,
           m.matched_count, m.matched_net::text as matched_net, m.has_credit, m.has_debit,
           g.duplicate_ids, g.others_paid::text as others_paid
      from bookings b
      join suppliers s on s.id = b.supplier_id
      join currencies c on c.id = s.currency_id
      join agents pa on pa.id = b.primary_agent_id
      join users pu on pu.id = pa.user_id
      cross join lateral ${matchedTransactionTotals('b')} m
      cross join lateral ${referenceGroupTotals('b')} g
     where ${where}
     ${tail}`;
}

function toFacts(r: FactsRow): BookingFacts {
  const gross = moneyFromDb(r.booking_amount);
  const paid = moneyFromDb(r.paid_amount);
  const net = moneyFromDb(r.matched_net);
  const othersPaid = moneyFromDb(r.others_paid);
  return {
    id: r.id,
    reference: r.booking_reference,
    customer_name: r.customer_name,
    booking_date: r.booking_date,
    booking_status: r.status,
    gross,
    paid,
    net,
    expected_commission: moneyFromDb(r.expected_commission),
    is_personal: r.is_personal,
    is_reconciled: r.is_reconciled,
    // Stored by the matching in the same transaction as every write that changes it (NULL only before
    // the start-up backfill: nothing matched is then the safe reading).
    match_status: r.transaction_match_status ?? 'no_transaction',
    matched_count: r.matched_count,
    has_completed_credit: r.has_credit,
    has_completed_debit: r.has_debit,
    // A cancelled booking is refused for being cancelled; its duplicates do not matter then.
    duplicate_booking_ids: r.status === 'cancelled' ? [] : r.duplicate_ids,
    paid_on_reference_by_others: othersPaid,
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    currency_id: r.currency_id,
    currency_code: r.currency_code,
    currency_symbol: r.currency_symbol,
    primary_agent_id: r.primary_agent_id,
    primary_agent_name: r.primary_agent_name,
    available: availableAmount({
      gross,
      paid,
      net,
      reconciled: r.is_reconciled,
      paidOnReferenceByOthers: othersPaid,
    }),
  };
}

/** These bookings' facts, keyed by id (ids that do not exist are absent). */
export async function findBookingFacts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, BookingFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await parsedRows(db, factsRow, factsQuery(sql`b.id = any(${idArray(ids)})`));
  return new Map(rows.map((r) => [r.id, toFacts(r)]));
}

/** How many payout records have paid this booking so far (a single payout's name counts its payments). */
export async function countBookingPayouts(db: DbOrTx, bookingId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(distinct payout_id)::int as n from payout_items where booking_id = ${bookingId}`,
  );
  return rows[0]!.n;
}

/** The bookings that match `where`, in `tail`'s order and limit. */
export async function searchBookingFacts(db: DbOrTx, where: SQL, tail: SQL): Promise<BookingFacts[]> {
  const rows = await parsedRows(db, factsRow, factsQuery(where, tail));
  return rows.map(toFacts);
}

export interface LineFacts extends PayoutLine {
  booking_id: number;
  agent_name: string;
  status: string;
  /** The agent's account in the booking's currency (not deleted; the oldest if several), or null. */
  account_id: number | null;
}

/** A commission line as the query returns it, parsed: the payout pays it. */
const lineRow = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  percentage: numericText,
  amount: numericText,
  paid_amount: numericText,
  status: z.string(),
  has_gst: z.boolean(),
  account_id: z.number().int().nullable(),
});

/**
 * The commission lines of these bookings, keyed by booking id, each in the order the booking shows them
 * (sub-agent, primary, parent): the order a custom commission's allocation follows.
 */
export async function findLineFacts(db: DbOrTx, bookingIds: readonly number[]): Promise<Map<number, LineFacts[]>> {
  const out = new Map<number, LineFacts[]>();
  if (bookingIds.length === 0) return out;
  const rows = await parsedRows(
    db,
    lineRow,
    sql`
    select ac.id, ac.booking_id, ac.agent_id, u.name as agent_name, ac.percentage::text, ac.amount::text,
           ac.paid_amount::text, ac.status, ag.has_gst,
           (select min(a.id) from accounts a
             where a.accountable_type = 'agent' and a.accountable_id = ac.agent_id
               and a.currency_id = s.currency_id and not a.is_deleted) as account_id
      from unnest(${idArray(bookingIds)}) as x(booking_id)
      join bookings b on b.id = x.booking_id
      join suppliers s on s.id = b.supplier_id
      join actual_commissions ac on ac.booking_id = b.id
      join agents ag on ag.id = ac.agent_id
      join users u on u.id = ag.user_id
     order by ac.booking_id, case ac.role when 'sub_agent' then 0 when 'primary' then 1 else 2 end, ac.id`,
  );
  for (const r of rows) {
    const list = out.get(r.booking_id) ?? [];
    list.push({
      id: r.id,
      booking_id: r.booking_id,
      agent_id: r.agent_id,
      agent_name: r.agent_name,
      percentage: percentFromDb(r.percentage),
      amount: moneyFromDb(r.amount),
      paid_amount: moneyFromDb(r.paid_amount),
      status: r.status,
      has_gst: r.has_gst,
      account_id: r.account_id,
    });
    out.set(r.booking_id, list);
  }
  return out;
}
