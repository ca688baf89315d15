/**
 * DOMAIN.md "Matching bookings to transactions": which transactions match which bookings, in one
 * query for a whole set of bookings. The join goes booking → its supplier's accounts
 * (accounts_owner_idx) → transactions on (account_id, normalized_reference)
 * (transactions_account_reference_idx), so the cost grows with the bookings asked, not with the
 * transactions table. The status rules themselves are the pure `matchStatus` of the domain.
 */
import {
  matchStatus,
  moneyFromDb,
  moneyToNumber,
  type BookingStatus,
  type MatchedTransaction,
  type TransactionMatchStatus,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface MatchedTransactionView {
  id: number;
  status: string;
  transaction_type: 'credit' | 'debit';
  amount: number;
  is_partial: boolean;
  reference_number: string;
  transaction_date: string;
  account_id: number;
  account_name: string;
}

export interface BookingTransactionStatus {
  status: TransactionMatchStatus;
  transaction_count: number;
  can_payout: boolean;
  needs_reconciliation: boolean;
  has_completed_credit: boolean;
  net_amount: number;
  transactions: MatchedTransactionView[];
}

/**
 * SQL `exists (…)`: the booking aliased `alias` has at least one matched transaction. Set-based: use
 * it in a select list for a page of bookings.
 */
export function matchedTransactionExists(alias = 'b'): SQL {
  const b = sql.raw(alias);
  return sql`exists (
    select 1 from accounts ma
      join transactions mt on mt.account_id = ma.id and mt.normalized_reference = upper(btrim(${b}.booking_reference))
     where ma.accountable_type = 'supplier' and ma.accountable_id = ${b}.supplier_id and mt.status = 'completed')`;
}

type Row = {
  booking_id: number;
  booking_amount: string;
  booking_status: BookingStatus;
  id: number | null;
  status: string | null;
  transaction_type: 'credit' | 'debit' | null;
  amount: string | null;
  is_partial: boolean | null;
  reference_number: string | null;
  transaction_date: string | null;
  account_id: number | null;
  account_name: string | null;
};

/**
 * The match status of each booking in `bookingIds` that passes `visible` (a condition on alias `b`),
 * keyed by booking id. One query whatever the number of ids.
 */
export async function findTransactionStatuses(
  db: DbOrTx,
  bookingIds: readonly number[],
  visible: SQL = sql`true`,
): Promise<Map<number, BookingTransactionStatus>> {
  const out = new Map<number, BookingTransactionStatus>();
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return out;
  const { rows } = await db.execute<Row>(sql`
    select b.id as booking_id, b.booking_amount::text as booking_amount, b.status as booking_status,
           m.id, m.status, m.transaction_type, m.amount::text as amount, m.is_partial, m.reference_number,
           m.transaction_date, m.account_id, m.account_name
      from bookings b
      left join lateral (
        select t.id, t.status, t.transaction_type, t.amount, t.is_partial, t.reference_number,
               t.transaction_date, a.id as account_id, a.name as account_name
          from accounts a
          join transactions t on t.account_id = a.id and t.normalized_reference = upper(btrim(b.booking_reference))
         where a.accountable_type = 'supplier' and a.accountable_id = b.supplier_id and t.status = 'completed'
      ) m on true
     where b.id = any(${`{${ids.join(',')}}`}::int[]) and ${visible}
     order by b.id, m.transaction_date, m.id`);

  const grouped = new Map<number, { gross: string; status: BookingStatus; tx: Row[] }>();
  for (const r of rows) {
    const g = grouped.get(r.booking_id) ?? { gross: r.booking_amount, status: r.booking_status, tx: [] };
    if (r.id !== null) g.tx.push(r);
    grouped.set(r.booking_id, g);
  }
  for (const [bookingId, g] of grouped) {
    const matched: MatchedTransaction[] = g.tx.map((t) => ({
      transaction_type: t.transaction_type!,
      amount: moneyFromDb(t.amount!),
      is_partial: t.is_partial!,
      status: t.status!,
    }));
    const result = matchStatus({ gross: moneyFromDb(g.gross), booking_status: g.status, transactions: matched });
    out.set(bookingId, {
      status: result.status,
      transaction_count: result.transaction_count,
      can_payout: result.can_payout,
      needs_reconciliation: result.needs_reconciliation,
      has_completed_credit: result.has_completed_credit,
      net_amount: moneyToNumber(result.net),
      transactions: g.tx.map((t) => ({
        id: t.id!,
        status: t.status!,
        transaction_type: t.transaction_type!,
        amount: moneyToNumber(moneyFromDb(t.amount!)),
        is_partial: t.is_partial!,
        reference_number: t.reference_number!,
        transaction_date: t.transaction_date!,
        account_id: t.account_id!,
        account_name: t.account_name!,
      })),
    });
  }
  return out;
}
