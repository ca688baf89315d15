import {
  moneyFromDb,
  moneyToNumber,
  type ClaimableTransactionFacts,
  type ClaimCandidate,
  type ClaimRequest,
  type ClaimStatus,
  type ClaimStatusFilter,
  type Paginated,
  type UnclaimedExportRow,
  type UnmatchedTransaction,
  type UnmatchedTransactionsQuery,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoTimestamp } from '../../shared/timestamps';
import { idArray, likePattern, orderBy, pageLimit, paginate, type SortColumns } from '../../shared/sql';
import { isUnmatchedCredit } from '../transactions';

/* ------------------------------------------------------------------ transactions */

/** The columns of {@link UnmatchedTransaction}, over `t` (transaction), `a` (account), `s` (supplier), `c` (currency). */
const TRANSACTION_COLUMNS = sql`t.id, t.reference_number, t.amount::text as amount, c.code as currency_code,
  c.symbol as currency_symbol, t.transaction_date::text as transaction_date, s.id as supplier_id,
  s.name as supplier_name, a.id as account_id, a.name as account_name, t.description`;
const TRANSACTION_JOINS = sql`join accounts a on a.id = t.account_id
  join suppliers s on s.id = a.accountable_id
  join currencies c on c.id = t.currency_id`;

type TransactionRow = Omit<UnmatchedTransaction, 'amount'> & { amount: string };

const toTransaction = (r: TransactionRow): UnmatchedTransaction => ({
  id: r.id,
  reference_number: r.reference_number,
  amount: moneyToNumber(moneyFromDb(r.amount)),
  currency_code: r.currency_code,
  currency_symbol: r.currency_symbol,
  transaction_date: r.transaction_date,
  supplier_id: r.supplier_id,
  supplier_name: r.supplier_name,
  account_id: r.account_id,
  account_name: r.account_name,
  description: r.description,
});

const UNMATCHED_ORDER: SortColumns<UnmatchedTransactionsQuery['sort']> = {
  transaction_date: sql`t.transaction_date`,
  reference_number: sql`t.reference_number`,
  amount: sql`t.amount`,
  supplier_name: sql`s.name`,
  account_name: sql`a.name`,
};

/**
 * `GET /api/reports/unmatched-transactions`: the unmatched credits ({@link isUnmatchedCredit}) in the
 * date range (transaction date, inclusive) of the included suppliers, searched by reference, supplier
 * or account name, sorted, one page, and how many there are.
 */
export async function findUnmatchedTransactions(
  db: DbOrTx,
  q: UnmatchedTransactionsQuery,
): Promise<Paginated<UnmatchedTransaction>> {
  const whereSql = unmatchedWhere(q);
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute<TransactionRow>(sql`
      select ${TRANSACTION_COLUMNS} from transactions t ${TRANSACTION_JOINS}
       where ${whereSql}
       ${orderBy(UNMATCHED_ORDER, q.sort, q.direction, sql`t.id`)}
       ${pageLimit(q)}`),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from transactions t ${TRANSACTION_JOINS} where ${whereSql}`),
  ]);
  return paginate(rows.map(toTransaction), counted[0]?.total ?? 0, q);
}

/** The report's filters over `t`, `a`, `s` (the list's, the export's and 'Accept all' suggestions'). */
export function unmatchedWhere(
  q: Pick<UnmatchedTransactionsQuery, 'start_date' | 'end_date' | 'include_suppliers' | 'search'>,
): SQL {
  const where: SQL[] = [isUnmatchedCredit('t', 'a')];
  if (q.start_date) where.push(sql`t.transaction_date >= ${q.start_date}`);
  if (q.end_date) where.push(sql`t.transaction_date <= ${q.end_date}`);
  if (q.include_suppliers.length) where.push(sql`a.accountable_id = any(${idArray(q.include_suppliers)})`);
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(t.reference_number ilike ${like} or s.name ilike ${like} or a.name ilike ${like})`);
  }
  return sql.join(where, sql` and `);
}

/** The most credits one export writes (a file far larger than any agency's unclaimed list). */
export const UNMATCHED_EXPORT_LIMIT = 100_000;

/**
 * `GET /api/reports/unmatched-transactions/export`: every unmatched credit of the report's filters, in its
 * sort (no page), at most {@link UNMATCHED_EXPORT_LIMIT}, with the exact amount.
 */
export async function unmatchedTransactionsForExport(
  db: DbOrTx,
  q: UnmatchedTransactionsQuery,
): Promise<UnclaimedExportRow[]> {
  const { rows } = await db.execute<TransactionRow>(sql`
    select ${TRANSACTION_COLUMNS} from transactions t ${TRANSACTION_JOINS}
     where ${unmatchedWhere(q)}
     ${orderBy(UNMATCHED_ORDER, q.sort, q.direction, sql`t.id`)}
     limit ${UNMATCHED_EXPORT_LIMIT}`);
  return rows.map((r) => ({
    supplier_name: r.supplier_name,
    reference_number: r.reference_number,
    transaction_date: r.transaction_date,
    amount: moneyFromDb(r.amount),
    currency_code: r.currency_code,
    account_name: r.account_name,
  }));
}

/** `t`'s reference is this one, trimmed and case-insensitive (DOMAIN.md "Matching"; `transactions.normalized_reference`). */
const referenceIs = (reference: string) => sql`t.normalized_reference = upper(btrim(${reference}))`;

/** The newest unmatched credit with this reference (trimmed, case-insensitive), any supplier; null if none. */
export async function findUnmatchedByReference(db: DbOrTx, reference: string): Promise<UnmatchedTransaction | null> {
  const { rows } = await db.execute<TransactionRow>(sql`
    select ${TRANSACTION_COLUMNS} from transactions t ${TRANSACTION_JOINS}
     where ${referenceIs(reference)} and ${isUnmatchedCredit('t', 'a')}
     order by t.transaction_date desc, t.id desc limit 1`);
  return rows[0] ? toTransaction(rows[0]) : null;
}

/**
 * What {@link claimRefusal} reads of a transaction `t` on account `a`: its type and status, the account's
 * owner type, whether a booking has its reference, and its pending claim.
 */
const CLAIM_FACTS = sql`t.transaction_type, t.status, a.accountable_type, t.matches_booking as matched,
  (select cr.id from claim_requests cr where cr.transaction_id = t.id and cr.status = 'pending') as pending_claim_id`;

/**
 * The completed credits on this supplier's accounts with this reference (normalised as the search does),
 * with what {@link claimRefusal} reads: the transactions a claim that names only the reference and the
 * supplier may be for. At most 50 (enough to tell one from many).
 */
export async function findClaimCandidates(
  db: DbOrTx,
  supplierId: number,
  reference: string,
): Promise<ClaimCandidate[]> {
  const { rows } = await db.execute<ClaimCandidate & Record<string, unknown>>(sql`
    select t.id, ${CLAIM_FACTS}
      from transactions t join accounts a on a.id = t.account_id
     where a.accountable_type = 'supplier' and a.accountable_id = ${supplierId} and ${referenceIs(reference)}
       and t.transaction_type = 'credit' and t.status = 'completed'
     order by t.id limit 50`);
  return rows;
}

/** What a claim needs to know about a transaction (DOMAIN.md "unmatched credit transaction", piece by piece). */
export interface ClaimTarget extends UnmatchedTransaction, ClaimableTransactionFacts {
  booking_number_format: string | null;
  /** Exact, for the booking. */
  amount_text: string;
}

/**
 * One transaction with its supplier, whether a booking of that supplier has its reference, and its
 * pending claim; null when there is no such transaction. Left joins: an agent's account has no supplier.
 */
export async function getClaimTarget(db: DbOrTx, transactionId: number): Promise<ClaimTarget | null> {
  const { rows } = await db.execute<
    TransactionRow & ClaimableTransactionFacts & { booking_number_format: string | null } & Record<string, unknown>
  >(sql`
    select t.id, t.reference_number, t.amount::text as amount, c.code as currency_code, c.symbol as currency_symbol,
           t.transaction_date::text as transaction_date, a.accountable_id as supplier_id,
           coalesce(s.name, '') as supplier_name, a.id as account_id, a.name as account_name, t.description,
           s.booking_number_format, ${CLAIM_FACTS}
      from transactions t
      join accounts a on a.id = t.account_id
      left join suppliers s on a.accountable_type = 'supplier' and s.id = a.accountable_id
      join currencies c on c.id = t.currency_id
     where t.id = ${transactionId}`);
  const r = rows[0];
  if (!r) return null;
  return {
    ...toTransaction(r),
    transaction_type: r.transaction_type,
    status: r.status,
    accountable_type: r.accountable_type,
    booking_number_format: r.booking_number_format,
    amount_text: r.amount,
    matched: r.matched,
    pending_claim_id: r.pending_claim_id,
  };
}

/* ------------------------------------------------------------------ claim requests */

type ClaimRow = TransactionRow & {
  claim_id: number;
  claim_status: ClaimStatus;
  agent_id: number;
  agent_name: string;
  requested_by_id: number;
  requested_by_name: string;
  booking_data: Record<string, unknown>;
  receipt_filename: string | null;
  receipt_mimetype: string | null;
  created_at: string;
  decided_by_id: number | null;
  decided_by_name: string | null;
  decided_at: string | null;
  rejection_reason: string | null;
  booking_id: number | null;
};

const CLAIM_SELECT = sql`
  select cr.id as claim_id, cr.status as claim_status, cr.agent_id, au.name as agent_name,
         cr.requested_by_user_id as requested_by_id, ru.name as requested_by_name, cr.booking_data,
         f.filename as receipt_filename, f.mimetype as receipt_mimetype, ${isoTimestamp('cr.created_at')} as created_at,
         cr.decided_by_user_id as decided_by_id, du.name as decided_by_name, ${isoTimestamp('cr.decided_at')} as decided_at,
         cr.rejection_reason, cr.booking_id, ${TRANSACTION_COLUMNS}
    from claim_requests cr
    join agents ag on ag.id = cr.agent_id
    join users au on au.id = ag.user_id
    join users ru on ru.id = cr.requested_by_user_id
    left join users du on du.id = cr.decided_by_user_id
    left join stored_files f on f.id = cr.receipt_file_id
    join transactions t on t.id = cr.transaction_id
    ${TRANSACTION_JOINS}`;

function toClaim(r: ClaimRow): ClaimRequest {
  const d = r.booking_data;
  return {
    id: r.claim_id,
    status: r.claim_status,
    agent: { id: r.agent_id, name: r.agent_name },
    requested_by: { id: r.requested_by_id, name: r.requested_by_name },
    transaction: toTransaction(r),
    booking_data: {
      transaction_id: Number(d.transaction_id),
      booking_reference: String(d.booking_reference ?? ''),
      customer_name: String(d.customer_name ?? ''),
      booking_date: String(d.booking_date ?? ''),
      notes: String(d.notes ?? ''),
      is_personal: d.is_personal === true,
    },
    receipt:
      r.receipt_filename === null
        ? null
        : {
            filename: r.receipt_filename,
            mimetype: r.receipt_mimetype ?? 'application/octet-stream',
            url: `/api/unclaimed-bookings/${r.claim_id}/receipt`,
          },
    created_at: r.created_at,
    decided_by: r.decided_by_id === null ? null : { id: r.decided_by_id, name: r.decided_by_name ?? '' },
    decided_at: r.decided_at,
    rejection_reason: r.rejection_reason,
    booking_id: r.booking_id,
  };
}

/** One claim request; null when there is none (or, with `agentId`, when it is not that agent's). */
export async function getClaim(db: DbOrTx, id: number, agentId: number | null = null): Promise<ClaimRequest | null> {
  const { rows } = await db.execute<ClaimRow>(
    sql`${CLAIM_SELECT} where cr.id = ${id} ${agentId === null ? sql`` : sql`and cr.agent_id = ${agentId}`}`,
  );
  return rows[0] ? toClaim(rows[0]) : null;
}

/**
 * Claim requests, newest first: in one state (or all), of one agent (or every agent). Uses
 * claim_requests_status_created_idx / claim_requests_agent_created_idx.
 */
export async function findClaims(
  db: DbOrTx,
  q: { status: ClaimStatusFilter; page: number; per_page: number },
  agentId: number | null,
): Promise<Paginated<ClaimRequest>> {
  const where: SQL[] = [sql`true`];
  if (q.status !== 'all') where.push(sql`cr.status = ${q.status}`);
  if (agentId !== null) where.push(sql`cr.agent_id = ${agentId}`);
  const whereSql = sql.join(where, sql` and `);
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute<ClaimRow>(sql`
      ${CLAIM_SELECT} where ${whereSql} order by cr.created_at desc, cr.id desc ${pageLimit(q)}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from claim_requests cr where ${whereSql}`),
  ]);
  return paginate(rows.map(toClaim), counted[0]?.total ?? 0, q);
}

/** The stored receipt of a claim (admins: any; an agent: their own claim's); null when there is none. */
export async function getClaimReceipt(db: DbOrTx, id: number, agentId: number | null) {
  const { rows } = await db.execute<{ filename: string; mimetype: string; data: Buffer }>(sql`
    select f.filename, f.mimetype, f.data from claim_requests cr join stored_files f on f.id = cr.receipt_file_id
     where cr.id = ${id} ${agentId === null ? sql`` : sql`and cr.agent_id = ${agentId}`}`);
  return rows[0] ?? null;
}
