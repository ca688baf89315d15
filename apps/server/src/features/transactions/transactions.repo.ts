/**
 * Transactions as they are read: an account's facts, one transaction, the listing (filters, paged in
 * SQL), an unclaimed credit for a reference, a reference image. The writes are transactions.service.ts.
 */
import {
  moneyFromDb,
  moneyToNumber,
  moneyToString,
  type Paginated,
  type TransactionListQuery,
  type TransactionStatus,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern, pageLimit, paginate } from '../../shared/sql';
import { isoTimestamp } from '../../shared/timestamps';
import { isUnmatchedCredit } from './transaction-matching';

export type AccountFacts = {
  id: number;
  name: string;
  accountable_type: 'supplier' | 'agent';
  currency_id: number;
  currency_code: string;
  booking_number_format: string | null;
};

/** An account that is not deleted, with its currency and (for a supplier's) the booking number format. */
export async function findAccountFacts(tx: DbOrTx, id: number): Promise<AccountFacts | null> {
  const { rows } = await tx.execute<AccountFacts>(sql`
    select a.id, a.name, a.accountable_type, a.currency_id, c.code as currency_code,
           case when a.accountable_type = 'supplier' then s.booking_number_format end as booking_number_format
      from accounts a
      join currencies c on c.id = a.currency_id
      left join suppliers s on a.accountable_type = 'supplier' and s.id = a.accountable_id
     where a.id = ${id} and not a.is_deleted`);
  return rows[0] ?? null;
}

type TransactionRow = {
  id: number;
  account_id: number;
  account_name: string;
  accountable_type: 'supplier' | 'agent';
  accountable_id: number;
  accountable_name: string | null;
  booking_number_format: string | null;
  transaction_type: 'credit' | 'debit';
  currency_id: number;
  currency_code: string;
  currency_symbol: string;
  amount: string;
  reference_number: string;
  /** One of TRANSACTION_STATUSES (the table's check constraint `transactions_status`). */
  status: TransactionStatus;
  description: string | null;
  is_partial: boolean;
  cheque_reference_number: string | null;
  reference_image_file_id: number | null;
  reference_image_filename: string | null;
  reference_image_mimetype: string | null;
  transaction_date: string;
  created_at: string;
};

const TX_COLUMNS = sql`t.id, t.account_id, a.name as account_name, a.accountable_type, a.accountable_id,
  coalesce(s.name, u.name) as accountable_name, s.booking_number_format,
  t.transaction_type, t.currency_id, c.code as currency_code, c.symbol as currency_symbol, t.amount::text as amount,
  t.reference_number, t.status, t.description, t.is_partial, t.cheque_reference_number, t.reference_image_file_id,
  t.transaction_date, ${isoTimestamp('t.created_at')} as created_at`;
const TX_JOINS = sql`
  join accounts a on a.id = t.account_id
  join currencies c on c.id = t.currency_id
  left join suppliers s on a.accountable_type = 'supplier' and s.id = a.accountable_id
  left join agents ag on a.accountable_type = 'agent' and ag.id = a.accountable_id
  left join users u on u.id = ag.user_id`;

/** The listing / read shape (bookings spec §3 Transaction, plus what the form needs). */
function toTransaction(r: TransactionRow) {
  return {
    id: r.id,
    account_id: r.account_id,
    account_name: r.account_name,
    account: {
      id: r.account_id,
      name: r.account_name,
      accountable_type: r.accountable_type,
      accountable: { id: r.accountable_id, name: r.accountable_name },
      booking_number_format: r.booking_number_format,
      currency: { id: r.currency_id, code: r.currency_code, symbol: r.currency_symbol },
    },
    supplier_id: r.accountable_type === 'supplier' ? r.accountable_id : null,
    supplier_name: r.accountable_type === 'supplier' ? r.accountable_name : null,
    accountable_type: r.accountable_type,
    accountable_name: r.accountable_name,
    transaction_type: r.transaction_type,
    currency_id: r.currency_id,
    currency_code: r.currency_code,
    currency_symbol: r.currency_symbol,
    amount: moneyToNumber(moneyFromDb(r.amount)),
    reference_number: r.reference_number,
    status: r.status,
    description: r.description,
    is_partial: r.is_partial,
    cheque_reference_number: r.cheque_reference_number,
    reference_image_url: r.reference_image_file_id ? `/transactions/${r.id}/reference-image` : null,
    transaction_date: r.transaction_date,
    created_at: r.created_at,
  };
}
export type TransactionView = ReturnType<typeof toTransaction>;

export async function getTransaction(db: DbOrTx, id: number) {
  const { rows } = await db.execute<TransactionRow>(
    sql`select ${TX_COLUMNS} from transactions t ${TX_JOINS} where t.id = ${id}`,
  );
  const r = rows[0];
  if (!r) return null;
  const { rows: f } = await db.execute<{ filename: string; mimetype: string }>(
    sql`select filename, mimetype from stored_files where id = ${r.reference_image_file_id ?? -1}`,
  );
  return {
    ...toTransaction(r),
    reference_image: f[0] ? { filename: f[0].filename, mimetype: f[0].mimetype } : null,
  };
}

function listWhere(q: TransactionListQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (q.account_id) where.push(sql`t.account_id = ${q.account_id}`);
  if (q.transaction_type) where.push(sql`t.transaction_type = ${q.transaction_type}`);
  if (q.status) where.push(sql`t.status = ${q.status}`);
  // Exact or partial, case-insensitive (trigram index); the bookings list links /transactions?reference=X.
  if (q.reference) where.push(sql`t.reference_number ilike ${likePattern(q.reference.trim())}`);
  if (q.cheque_reference) where.push(sql`t.cheque_reference_number ilike ${likePattern(q.cheque_reference.trim())}`);
  if (q.date_from) where.push(sql`t.transaction_date >= ${q.date_from}`);
  if (q.date_to) where.push(sql`t.transaction_date <= ${q.date_to}`);
  if (q.amount_min !== undefined && q.amount_min !== null)
    where.push(sql`t.amount >= ${moneyToString(q.amount_min)}::numeric`);
  if (q.amount_max !== undefined && q.amount_max !== null)
    where.push(sql`t.amount <= ${moneyToString(q.amount_max)}::numeric`);
  if (q.double_bookings)
    // DOMAIN.md: completed transactions sharing account and normalised reference with another one.
    where.push(sql`t.status = 'completed' and exists (
      select 1 from transactions d
       where d.account_id = t.account_id and d.normalized_reference = t.normalized_reference
         and d.id <> t.id and d.status = 'completed')`);
  return sql.join(where, sql` and `);
}

/** The listing: filters, newest first, paged in SQL. */
export async function findTransactions(db: DbOrTx, q: TransactionListQuery): Promise<Paginated<TransactionView>> {
  const whereSql = listWhere(q);
  const page = { page: q.page, per_page: q.page_size };
  const [{ rows }, { rows: countRows }] = await Promise.all([
    db.execute<TransactionRow>(sql`
      with page as (
        select t.* from transactions t where ${whereSql}
         order by t.transaction_date desc, t.id desc ${pageLimit(page)}
      )
      select ${TX_COLUMNS} from page t ${TX_JOINS} order by t.transaction_date desc, t.id desc`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from transactions t where ${whereSql}`),
  ]);
  return paginate(rows.map(toTransaction), countRows[0]?.total ?? 0, page);
}

/**
 * DOMAIN.md "unmatched credit transaction" ({@link isUnmatchedCredit}): a completed credit on the
 * supplier's accounts with this reference, matching no booking of that supplier, with no pending claim.
 */
export async function findUnclaimedTransaction(db: DbOrTx, reference: string, supplierId: number) {
  const { rows } = await db.execute<{ supplier_name: string; amount: string; currency: string }>(sql`
    select s.name as supplier_name, t.amount::text as amount, c.code as currency
      from accounts a
      join transactions t on t.account_id = a.id and t.normalized_reference = upper(btrim(${reference}))
      join suppliers s on s.id = a.accountable_id
      join currencies c on c.id = t.currency_id
     where a.accountable_type = 'supplier' and a.accountable_id = ${supplierId} and ${isUnmatchedCredit('t', 'a')}
     order by t.transaction_date desc, t.id desc limit 1`);
  const r = rows[0];
  if (!r) return { has_unclaimed: false, message: '', transaction: null };
  const amount = moneyFromDb(r.amount);
  return {
    has_unclaimed: true,
    message: `An unclaimed ${r.supplier_name} transaction of ${moneyToString(amount)} ${r.currency} has reference ${reference.trim().toUpperCase()}.`,
    transaction: { supplier_name: r.supplier_name, amount: moneyToNumber(amount), currency: r.currency },
  };
}

export async function referenceImage(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ filename: string; mimetype: string; data: Buffer }>(sql`
    select f.filename, f.mimetype, f.data from transactions t join stored_files f on f.id = t.reference_image_file_id
     where t.id = ${id}`);
  return rows[0] ?? null;
}
