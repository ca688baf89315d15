/**
 * Accounts (CONTRACT.md §3 accounts): money arrives on supplier accounts and leaves to agent accounts.
 * Balances and the currency summary are computed in SQL on numeric (no floats).
 */
import { moneyFromDb, moneyToNumber, type AccountInput, type SessionUser } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, validationError } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { idArray } from '../../shared/sql';
import { accountHoldsPaidMoney, refreshMatchStatusesForAccount } from '../transactions';

type AccountRow = {
  id: number;
  name: string;
  account_number: string | null;
  accountable_type: 'supplier' | 'agent';
  accountable_id: number;
  accountable_name: string | null;
  booking_number_format: string | null;
  currency_id: number;
  currency_code: string;
  currency_name: string;
  currency_symbol: string;
  is_deleted: boolean;
  credit_total: string;
  debit_total: string;
  transaction_count: number;
};

/** Owner name and the supplier's format for an account aliased `a` (joins). */
const OWNER_JOINS = sql`
  join currencies c on c.id = a.currency_id
  left join suppliers s on a.accountable_type = 'supplier' and s.id = a.accountable_id
  left join agents ag on a.accountable_type = 'agent' and ag.id = a.accountable_id
  left join users u on u.id = ag.user_id`;

const ACCOUNT_COLUMNS = sql`a.id, a.name, a.account_number, a.accountable_type, a.accountable_id,
  coalesce(s.name, u.name) as accountable_name, s.booking_number_format,
  a.currency_id, c.code as currency_code, c.name as currency_name, c.symbol as currency_symbol, a.is_deleted`;

function toAccount(r: AccountRow) {
  const credit = moneyFromDb(r.credit_total);
  const debit = moneyFromDb(r.debit_total);
  return {
    id: r.id,
    name: r.name,
    account_number: r.account_number,
    accountable_type: r.accountable_type,
    accountable_id: r.accountable_id,
    accountable: { id: r.accountable_id, name: r.accountable_name, booking_number_format: r.booking_number_format },
    accountable_name: r.accountable_name,
    booking_number_format: r.booking_number_format,
    currency_id: r.currency_id,
    currency: { id: r.currency_id, code: r.currency_code, name: r.currency_name, symbol: r.currency_symbol },
    currency_code: r.currency_code,
    is_deleted: r.is_deleted,
    /** completed credits − completed debits */
    balance: moneyToNumber((credit - debit) as typeof credit),
    credit_total: moneyToNumber(credit),
    debit_total: moneyToNumber(debit),
    transaction_count: r.transaction_count,
  };
}
export type AccountView = ReturnType<typeof toAccount>;

/** Every account (deleted ones only when asked), with owner, currency, format and balance. */
export async function findAccounts(
  db: DbOrTx,
  opts: { include_deleted?: boolean; accountable_type?: 'supplier' | 'agent' | undefined; id?: number } = {},
): Promise<AccountView[]> {
  const { rows } = await db.execute<AccountRow>(sql`
    select ${ACCOUNT_COLUMNS},
           coalesce(bal.credit_total, 0)::text as credit_total, coalesce(bal.debit_total, 0)::text as debit_total,
           coalesce(bal.transaction_count, 0)::int as transaction_count
      from accounts a
      ${OWNER_JOINS}
      left join (
        select t.account_id,
               sum(t.amount) filter (where t.status = 'completed' and t.transaction_type = 'credit') as credit_total,
               sum(t.amount) filter (where t.status = 'completed' and t.transaction_type = 'debit') as debit_total,
               count(*) as transaction_count
          from transactions t
         ${opts.id === undefined ? sql`` : sql`where t.account_id = ${opts.id}`}
         group by t.account_id
      ) bal on bal.account_id = a.id
     where ${opts.include_deleted || opts.id !== undefined ? sql`true` : sql`not a.is_deleted`}
       ${opts.accountable_type ? sql`and a.accountable_type = ${opts.accountable_type}` : sql``}
       ${opts.id === undefined ? sql`` : sql`and a.id = ${opts.id}`}
     order by lower(a.name), a.id`);
  return rows.map(toAccount);
}

export async function getAccount(db: DbOrTx, id: number): Promise<AccountView | null> {
  return (await findAccounts(db, { id }))[0] ?? null;
}

async function checkReferences(tx: DbOrTx, input: AccountInput) {
  const errors: Record<string, string[]> = {};
  const table = input.accountable_type === 'supplier' ? sql`suppliers` : sql`agents`;
  const { rows: owner } = await tx.execute(sql`select 1 from ${table} where id = ${input.accountable_id}`);
  if (owner.length === 0) errors.accountable_id = [`The selected ${input.accountable_type} does not exist.`];
  const { rows: cur } = await tx.execute(sql`select 1 from currencies where id = ${input.currency_id}`);
  if (cur.length === 0) errors.currency_id = ['The selected currency is invalid.'];
  if (Object.keys(errors).length) throw validationError(errors);
}

const columns = (input: AccountInput) => ({
  name: input.name,
  account_number: input.account_number || null,
  accountable_type: input.accountable_type,
  accountable_id: input.accountable_id,
  currency_id: input.currency_id,
});

export async function createAccount(db: Db, user: SessionUser, input: AccountInput): Promise<number> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const v = columns(input);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into accounts (name, account_number, accountable_type, accountable_id, currency_id)
      values (${v.name}, ${v.account_number}, ${v.accountable_type}, ${v.accountable_id}, ${v.currency_id})
      returning id`);
    const id = rows[0]!.id;
    await writeAudit(tx, { userId: user.id, action: 'create', entityType: 'account', entityId: id, after: v });
    return id;
  });
}

export async function updateAccount(db: Db, user: SessionUser, id: number, input: AccountInput): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<ReturnType<typeof columns> & { n: number }>(sql`
      select a.name, a.account_number, a.accountable_type, a.accountable_id, a.currency_id,
             (select count(*)::int from transactions t where t.account_id = a.id) as n
        from accounts a where a.id = ${id} and not a.is_deleted for update`);
    const before = rows[0];
    if (!before) throw notFound('The account');
    await checkReferences(tx, input);
    // Transactions carry the account's currency: it cannot change under them.
    if (before.n > 0 && before.currency_id !== input.currency_id)
      throw validationError({
        currency_id: ['The currency of an account with transactions cannot be changed.'],
      });
    const v = columns(input);
    // DOMAIN.md "Money invariants" 2 and 4: money that payouts rest on stays with its supplier or agent.
    if (
      before.n > 0 &&
      (before.accountable_type !== v.accountable_type || before.accountable_id !== v.accountable_id) &&
      (await accountHoldsPaidMoney(tx, id))
    )
      throw validationError({
        accountable_id: [
          'This account holds transactions that payouts rest on; it cannot move to another supplier or agent.',
        ],
      });
    await tx.execute(sql`
      update accounts set name = ${v.name}, account_number = ${v.account_number},
             accountable_type = ${v.accountable_type}, accountable_id = ${v.accountable_id},
             currency_id = ${v.currency_id}, updated_at = now()
       where id = ${id}`);
    // Matching goes through the account's owner: a new owner moves its transactions to another
    // supplier's bookings (DOMAIN.md "Matching"), so both suppliers' bookings are recomputed.
    if (
      before.n > 0 &&
      (before.accountable_type !== v.accountable_type || before.accountable_id !== v.accountable_id)
    ) {
      await refreshMatchStatusesForAccount(
        tx,
        id,
        [before, v].filter((o) => o.accountable_type === 'supplier').map((o) => o.accountable_id),
      );
    }
    const { n: _n, ...old } = before;
    await writeAudit(tx, {
      userId: user.id,
      action: 'update',
      entityType: 'account',
      entityId: id,
      before: old,
      after: v,
    });
  });
}

export const ACCOUNT_HAS_TRANSACTIONS = 'This account has transactions and cannot be deleted.';

/** Soft delete (is_deleted); refused when the account has transactions. */
export async function deleteAccount(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ is_deleted: boolean; name: string }>(
      sql`select is_deleted, name from accounts where id = ${id} for update`,
    );
    const acc = rows[0];
    if (!acc || acc.is_deleted) throw notFound('The account');
    const { rows: t } = await tx.execute(sql`select 1 from transactions where account_id = ${id} limit 1`);
    if (t.length) throw conflict(ACCOUNT_HAS_TRANSACTIONS);
    await tx.execute(sql`update accounts set is_deleted = true, updated_at = now() where id = ${id}`);
    await writeAudit(tx, {
      userId: user.id,
      action: 'delete',
      entityType: 'account',
      entityId: id,
      before: { name: acc.name, is_deleted: false },
      after: { is_deleted: true },
    });
  });
}

/** bookings spec §7: per-currency totals of the accounts' transactions (status completed by default). */
export async function currencySummary(
  db: DbOrTx,
  q: { account_ids: number[]; transaction_type?: 'credit' | 'debit' | undefined; status: string },
) {
  const ids = [...new Set(q.account_ids)];
  const { rows } = await db.execute<{
    currency_id: number;
    currency: string;
    currency_symbol: string;
    credit_amount: string;
    debit_amount: string;
  }>(sql`
    select c.id as currency_id, c.code as currency, c.symbol as currency_symbol,
           coalesce(sum(t.amount) filter (where t.transaction_type = 'credit'), 0)::text as credit_amount,
           coalesce(sum(t.amount) filter (where t.transaction_type = 'debit'), 0)::text as debit_amount
      from transactions t
      join currencies c on c.id = t.currency_id
     where t.account_id = any(${idArray(ids)}) and t.status = ${q.status}
       ${q.transaction_type ? sql`and t.transaction_type = ${q.transaction_type}` : sql``}
     group by c.id, c.code, c.symbol
     order by c.code`);
  return rows.map((r) => {
    const credit = moneyFromDb(r.credit_amount);
    const debit = moneyFromDb(r.debit_amount);
    return {
      currency_id: r.currency_id,
      currency: r.currency,
      currency_symbol: r.currency_symbol,
      /** credits − debits (with a transaction_type filter, only that side counts) */
      total_amount: moneyToNumber((credit - debit) as typeof credit),
      credit_amount: moneyToNumber(credit),
      debit_amount: moneyToNumber(debit),
    };
  });
}
