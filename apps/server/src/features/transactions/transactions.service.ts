/**
 * Transactions: single entry, bulk entry (one set-based insert in one transaction), the listing and
 * the bulk status update (agents-transactions-payouts.md §2.4, §2.5, §2.7, §4, §5). Every write
 * refreshes the stored match status of the bookings it touches, in the same database transaction.
 *
 * Rules we decided where the spec is silent (docs/decisions is the lead's; see the report):
 * - a transaction's currency must be its account's currency (422 on currency_id otherwise);
 * - the supplier's booking number format is checked on the trimmed, upper-cased reference;
 * - the bulk form takes supplier accounts only ('Please select a supplier account').
 */
import {
  defaultBulkDescription,
  formatMismatchMessage,
  matchesBookingFormat,
  moneyFromDb,
  moneyToNumber,
  moneyToString,
  MSG_SELECT_SUPPLIER_ACCOUNT,
  type BulkTransactionInput,
  type Paginated,
  type SessionUser,
  type TransactionInput,
  type TransactionListQuery,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, validationError, type FieldErrors } from '../../http/errors';
import type { UploadedFile } from '../../http/route';
import { writeAudit } from '../../shared/audit';
import { idArray, likePattern, pageLimit, paginate } from '../../shared/sql';
import { storeUpload } from '../../shared/stored-files';
import { isoTimestamp } from '../../shared/timestamps';
import { findFunding, FUNDING_MESSAGES, lockFundingSuppliers } from './transaction-funding';
import { isUnmatchedCredit, refreshMatchStatusesForReferences } from './transaction-matching';

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

async function loadAccount(tx: DbOrTx, id: number, field: string, message: string): Promise<AccountFacts> {
  const acc = await findAccountFacts(tx, id);
  if (!acc) throw validationError({ [field]: [message] });
  return acc;
}

const referenceFits = (format: string | null, reference: string) =>
  matchesBookingFormat(format, reference.trim().toUpperCase());

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
  status: string;
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

/** Creates one transaction (spec §2.4): the account decides the currency and the reference format. */
export async function createTransaction(
  db: Db,
  user: SessionUser,
  input: TransactionInput,
  image: UploadedFile | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    const acc = await loadAccount(tx, input.account_id, 'account_id', 'The selected account is invalid.');
    const errors: FieldErrors = {};
    if (input.currency_id !== acc.currency_id)
      errors.currency_id = [`The currency must be the account's currency (${acc.currency_code}).`];
    if (input.status === 'reversed') errors.status = ['The selected status is invalid.'];
    if (!referenceFits(acc.booking_number_format, input.reference_number))
      errors.reference_number = [formatMismatchMessage(acc.booking_number_format!)];
    if (Object.keys(errors).length) throw validationError(errors);
    const imageId = image ? await storeUpload(tx, 'reference_image', image, user.id) : null;
    const values = {
      account_id: acc.id,
      transaction_type: input.transaction_type,
      currency_id: acc.currency_id,
      amount: moneyToString(input.amount),
      reference_number: input.reference_number,
      status: input.status,
      description: input.description || null,
      is_partial: input.is_partial,
      cheque_reference_number: input.cheque_reference_number || null,
      reference_image_file_id: imageId,
    };
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, description,
                                is_partial, cheque_reference_number, reference_image_file_id, created_by_user_id)
      values (${values.account_id}, ${values.transaction_type}, ${values.currency_id}, ${values.amount}::numeric,
              ${values.reference_number}, ${values.status}, ${values.description}, ${values.is_partial},
              ${values.cheque_reference_number}, ${values.reference_image_file_id}, ${user.id})
      returning id`);
    const id = rows[0]!.id;
    await refreshMatchStatusesForReferences(tx, [{ accountId: acc.id, references: [values.reference_number] }]);
    await writeAudit(tx, { userId: user.id, action: 'create', entityType: 'transaction', entityId: id, after: values });
    return id;
  });
}

/**
 * Updates one transaction: account, type and currency are fixed; 'reversed' is for a completed
 * transaction whose money the supplier took back (or stays on a reversed one). A transaction that funded
 * a payout keeps its amount and reference, and its status may only become reversed (transaction-funding.ts).
 */
/** A payout's debit (or clawback credit) is part of the payout record: it changes only with the payout. */
const PAYOUT_TRANSACTION_LOCKED = (payoutId: number) =>
  `This transaction was written by payout #${payoutId} and cannot be changed here.`;

export async function updateTransaction(
  db: Db,
  user: SessionUser,
  id: number,
  input: TransactionInput,
  image: UploadedFile | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      account_id: number;
      transaction_type: string;
      currency_id: number;
      amount: string;
      reference_number: string;
      status: string;
      description: string | null;
      is_partial: boolean;
      cheque_reference_number: string | null;
      reference_image_file_id: number | null;
      payout_id: number | null;
    }>(sql`
      select account_id, transaction_type, currency_id, amount::text as amount, reference_number, status, description,
             is_partial, cheque_reference_number, reference_image_file_id, payout_id
        from transactions where id = ${id} for update`);
    const before = rows[0];
    if (!before) throw notFound('The transaction');
    if (before.payout_id !== null)
      throw validationError({ transaction: [PAYOUT_TRANSACTION_LOCKED(before.payout_id)] });
    const errors: FieldErrors = {};
    if (input.account_id !== before.account_id) errors.account_id = ['The account cannot be changed.'];
    if (input.transaction_type !== before.transaction_type)
      errors.transaction_type = ['The transaction type cannot be changed.'];
    if (input.currency_id !== before.currency_id) errors.currency_id = ['The currency cannot be changed.'];
    if (input.status === 'reversed' && before.status !== 'reversed' && before.status !== 'completed')
      errors.status = ['Only a completed transaction can be reversed.'];
    // DOMAIN.md "Money invariants" 2, under the matching lock so no payout it funds commits meanwhile.
    await lockFundingSuppliers(tx, [id]);
    const funding = (await findFunding(tx, [id])).get(id);
    if (funding) {
      if (input.amount !== moneyFromDb(before.amount)) errors.amount = [FUNDING_MESSAGES.amountOrReference(funding)];
      if (input.reference_number.trim().toUpperCase() !== before.reference_number.trim().toUpperCase())
        errors.reference_number = [FUNDING_MESSAGES.amountOrReference(funding)];
      if (input.status !== 'completed' && input.status !== 'reversed')
        errors.status = [FUNDING_MESSAGES.status(funding)];
    }
    if (Object.keys(errors).length) throw validationError(errors);
    const acc = await loadAccount(tx, before.account_id, 'account_id', 'The selected account is invalid.');
    if (!referenceFits(acc.booking_number_format, input.reference_number))
      throw validationError({ reference_number: [formatMismatchMessage(acc.booking_number_format!)] });
    const imageId = image ? await storeUpload(tx, 'reference_image', image, user.id) : before.reference_image_file_id;
    const after = {
      amount: moneyToString(input.amount),
      reference_number: input.reference_number,
      status: input.status,
      description: input.description || null,
      is_partial: input.is_partial,
      cheque_reference_number: input.cheque_reference_number || null,
      reference_image_file_id: imageId,
    };
    await tx.execute(sql`
      update transactions
         set amount = ${after.amount}::numeric, reference_number = ${after.reference_number}, status = ${after.status},
             description = ${after.description}, is_partial = ${after.is_partial},
             cheque_reference_number = ${after.cheque_reference_number},
             reference_image_file_id = ${after.reference_image_file_id}, updated_at = now()
       where id = ${id}`);
    // The bookings of the old reference lose this transaction, those of the new one gain it.
    await refreshMatchStatusesForReferences(tx, [
      { accountId: before.account_id, references: [before.reference_number, after.reference_number] },
    ]);
    await writeAudit(tx, { userId: user.id, action: 'update', entityType: 'transaction', entityId: id, before, after });
  });
}

/**
 * The bulk form (spec §2.5): every row is checked first (format errors keyed
 * `transactions.{i}.reference_number`), then all rows go in with ONE insert from a JSON recordset,
 * in one database transaction — all or none.
 */
export async function storeBulkTransactions(
  db: Db,
  user: SessionUser,
  input: BulkTransactionInput,
  image: UploadedFile | null,
  today: string,
): Promise<{ count: number; ids: number[] }> {
  return db.transaction(async (tx) => {
    const acc = await loadAccount(tx, input.account_id, 'account_id', MSG_SELECT_SUPPLIER_ACCOUNT);
    if (acc.accountable_type !== 'supplier') throw validationError({ account_id: [MSG_SELECT_SUPPLIER_ACCOUNT] });
    const errors: FieldErrors = {};
    if (acc.booking_number_format) {
      const message = formatMismatchMessage(acc.booking_number_format);
      input.transactions.forEach((row, i) => {
        if (!referenceFits(acc.booking_number_format, row.reference_number))
          errors[`transactions.${i}.reference_number`] = [message];
      });
    }
    if (Object.keys(errors).length) throw validationError(errors);
    const imageId = image ? await storeUpload(tx, 'reference_image', image, user.id) : null;
    const generated = defaultBulkDescription(input.transaction_type, today);
    const rows = input.transactions.map((r) => ({
      reference_number: r.reference_number,
      amount: moneyToString(r.amount),
      description:
        input.description_type === 'same'
          ? input.common_description
          : input.description_type === 'different'
            ? r.description
            : generated,
      is_partial: r.is_partial,
    }));
    const { rows: inserted } = await tx.execute<{ id: number }>(sql`
      insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, description,
                                is_partial, cheque_reference_number, reference_image_file_id, created_by_user_id)
      select ${acc.id}, ${input.transaction_type}, ${acc.currency_id}, r.amount, r.reference_number, ${input.status},
             r.description, r.is_partial, ${input.cheque_reference_number || null}, ${imageId}, ${user.id}
        from json_to_recordset(${JSON.stringify(rows)}::json)
             as r(reference_number varchar(64), amount numeric(14, 2), description text, is_partial boolean)
      returning id`);
    const ids = inserted.map((r) => r.id);
    await refreshMatchStatusesForReferences(tx, [
      { accountId: acc.id, references: rows.map((r) => r.reference_number) },
    ]);
    await writeAudit(tx, {
      userId: user.id,
      action: 'bulk_create',
      entityType: 'transaction',
      after: {
        account_id: acc.id,
        transaction_type: input.transaction_type,
        status: input.status,
        description_type: input.description_type,
        count: ids.length,
      },
      meta: { ids },
    });
    return { count: ids.length, ids };
  });
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

/** Bulk status (spec §4): one UPDATE for all ids, audited with the statuses before. */
export async function bulkUpdateStatus(
  db: Db,
  user: SessionUser,
  ids: number[],
  status: 'completed' | 'pending' | 'failed',
): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ id: number; payout_id: number }>(sql`
      select id, payout_id from transactions
       where id = any(${idArray(unique)}) and payout_id is not null for update`);
    if (locked.rows.length)
      throw validationError({
        transaction_ids: [
          `${locked.rows.length} of the selected transactions were written by a payout and cannot change status (${locked.rows
            .map((r) => `#${r.id}`)
            .join(', ')}).`,
        ],
      });
    // DOMAIN.md "Money invariants" 2: a transaction that funded a payout may only be reversed.
    await tx.execute(sql`select id from transactions where id = any(${idArray(unique)}) order by id for update`);
    await lockFundingSuppliers(tx, unique);
    const funded = status === 'completed' ? [] : [...(await findFunding(tx, unique)).keys()].sort((a, b) => a - b);
    if (funded.length) throw validationError({ transaction_ids: [FUNDING_MESSAGES.bulk(funded)] });
    const { rows } = await tx.execute<{ id: number; before: string; account_id: number; reference_number: string }>(sql`
      update transactions t set status = ${status}, updated_at = now()
        from (select id, status from transactions where id = any(${idArray(unique)}) for update) old
       where t.id = old.id
      returning t.id, old.status as before, t.account_id, t.reference_number`);
    const byAccount = new Map<number, string[]>();
    for (const r of rows) {
      const refs = byAccount.get(r.account_id) ?? [];
      refs.push(r.reference_number);
      byAccount.set(r.account_id, refs);
    }
    await refreshMatchStatusesForReferences(
      tx,
      [...byAccount].map(([accountId, references]) => ({ accountId, references })),
    );
    if (rows.length)
      await writeAudit(tx, {
        userId: user.id,
        action: 'bulk_status',
        entityType: 'transaction',
        before: rows.map((r) => ({ id: r.id, status: r.before })),
        after: { status },
        meta: { ids: rows.map((r) => r.id) },
      });
    return rows.length;
  });
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
