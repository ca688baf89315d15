/**
 * Transactions: single entry, bulk entry (one set-based insert in one transaction) and the bulk status
 * update (agents-transactions-payouts.md §2.4, §2.5, §2.7, §4, §5); the reads are transactions.repo.ts.
 * Every write refreshes the stored match status of the bookings it touches, in the same database
 * transaction.
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
  moneyToString,
  MSG_SELECT_SUPPLIER_ACCOUNT,
  type BulkTransactionInput,
  type SessionUser,
  type TransactionInput,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, validationError, type FieldErrors } from '../../http/errors';
import type { UploadedFile } from '../../http/route';
import { writeAudit } from '../../shared/audit';
import { idArray } from '../../shared/sql';
import { storeUpload } from '../../shared/stored-files';
import { findFunding, FUNDING_MESSAGES, lockFundingSuppliers } from './transaction-funding';
import { refreshMatchStatusesForReferences } from './transaction-matching';
import { findAccountFacts, type AccountFacts } from './transactions.repo';

async function loadAccount(tx: DbOrTx, id: number, field: string, message: string): Promise<AccountFacts> {
  const acc = await findAccountFacts(tx, id);
  if (!acc) throw validationError({ [field]: [message] });
  return acc;
}

const referenceFits = (format: string | null, reference: string) =>
  matchesBookingFormat(format, reference.trim().toUpperCase());

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

/** Why the amount of a part of a split credit cannot change. */
const SPLIT_AMOUNT_LOCKED =
  'This transaction is part of a supplier credit split across bookings: its parts add up to what the supplier sent, so its amount cannot be changed.';

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
      split: boolean;
    }>(sql`
      select account_id, transaction_type, currency_id, amount::text as amount, reference_number, status, description,
             is_partial, cheque_reference_number, reference_image_file_id, payout_id,
             (split_from_transaction_id is not null
              or exists (select 1 from transactions p where p.split_from_transaction_id = t.id)) as split
        from transactions t where id = ${id} for update`);
    if (!rows[0]) throw notFound('The transaction');
    const { split, ...before } = rows[0];
    if (before.payout_id !== null)
      throw validationError({ transaction: [PAYOUT_TRANSACTION_LOCKED(before.payout_id)] });
    const errors: FieldErrors = {};
    if (input.account_id !== before.account_id) errors.account_id = ['The account cannot be changed.'];
    if (input.transaction_type !== before.transaction_type)
      errors.transaction_type = ['The transaction type cannot be changed.'];
    if (input.currency_id !== before.currency_id) errors.currency_id = ['The currency cannot be changed.'];
    // A credit split across bookings (issue 24 §1): its parts add up to what the supplier sent (books check).
    if (split && input.amount !== moneyFromDb(before.amount)) errors.amount = [SPLIT_AMOUNT_LOCKED];
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
