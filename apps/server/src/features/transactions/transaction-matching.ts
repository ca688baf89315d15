/**
 * DOMAIN.md "Matching bookings to transactions": which transactions match which bookings, in one
 * query for a whole set of bookings. The join goes booking → its supplier's accounts
 * (accounts_owner_idx) → transactions on (account_id, normalized_reference)
 * (transactions_account_reference_idx), so the cost grows with the bookings asked, not with the
 * transactions table. The status rules themselves are the pure `matchStatus` of the domain.
 *
 * The status is also stored (`bookings.transaction_match_status`) so the bookings list can filter
 * on it with an index: every write that can change it calls a `refresh…` function below in its own
 * database transaction, and `backfillMatchStatuses` computes rows still NULL (at start, after
 * bench:seed). The stored value always comes from `findTransactionStatuses`, never from SQL rules.
 */
import {
  availableAmount,
  isClawback,
  matchStatus,
  moneyFromDb,
  moneyToNumber,
  moneyToString,
  type Cents,
  type BookingStatus,
  type MatchedTransaction,
  type TransactionStatus,
  type TransactionMatchStatus,
} from '@app/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { collectGarbageIfGrown } from '../../shared/heap';
import { idArray, tableAlias, textArray } from '../../shared/sql';

export interface MatchedTransactionView {
  id: number;
  /** The column's check constraint (transactions_status) allows these only. */
  status: TransactionStatus;
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
  payout_block_reason: string | null;
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
  return sql`exists (select 1 ${matchedFrom(alias)})`;
}

/**
 * SQL condition, DOMAIN.md "unmatched credit transaction": the transaction aliased `t` on its account
 * aliased `a` is a completed credit on a supplier account whose reference matches no booking of that
 * supplier (`matches_booking`, kept by the triggers of drizzle/0012 and {@link refreshTransactionMatches})
 * and has no pending claim (claim_requests_pending_transaction_uq). The one definition: the unclaimed
 * check of the booking form, the claims' search, claim and unmatched report all use it; with a date
 * range it reads transactions_unmatched_credit_idx.
 */
export function isUnmatchedCredit(t = 't', a = 'a'): SQL {
  const [tx, acc] = [tableAlias(t), tableAlias(a)];
  return sql`(${acc}.accountable_type = 'supplier' and ${tx}.status = 'completed' and ${tx}.transaction_type = 'credit'
    and not ${tx}.matches_booking
    and not exists (select 1 from claim_requests uc where uc.transaction_id = ${tx}.id and uc.status = 'pending'))`;
}

/**
 * Recomputes `transactions.matches_booking` of these accounts' transactions (with one of `references`,
 * or all): the triggers set it as rows are written, but a trigger does not see a row another writer has
 * not committed yet; called under the suppliers' matching lock, this one does.
 */
async function refreshTransactionMatches(tx: DbOrTx, accountIds: readonly number[], references: string[] | null) {
  if (accountIds.length === 0) return;
  const refs = references === null ? null : [...new Set(references.map((r) => r.trim().toUpperCase()))];
  const refsSql = refs === null ? sql`null::text[]` : textArray(refs);
  await tx.execute(sql`select refresh_transaction_matches(${idArray([...accountIds])}, ${refsSql})`);
}

/** `from … where …` of the transactions (alias `mt`) matched to the booking aliased `alias`. */
function matchedFrom(alias: string): SQL {
  const b = tableAlias(alias);
  return sql`from accounts ma
      join transactions mt on mt.account_id = ma.id and mt.normalized_reference = upper(btrim(${b}.booking_reference))
     where ma.accountable_type = 'supplier' and ma.accountable_id = ${b}.supplier_id and mt.status = 'completed'`;
}

/**
 * SQL subquery of one row over the transactions matched to the booking aliased `alias`:
 * `matched_count`, `matched_net` (credits − debits, exact numeric), `has_credit`, `has_debit`.
 * Set-based: `left join lateral ${matchedTransactionTotals('b')} m on true` for a set of bookings.
 */
export function matchedTransactionTotals(alias = 'b'): SQL {
  return sql`(
    select count(*)::int as matched_count,
           coalesce(sum(case when mt.transaction_type = 'credit' then mt.amount else -mt.amount end), 0) as matched_net,
           coalesce(bool_or(mt.transaction_type = 'credit'), false) as has_credit,
           coalesce(bool_or(mt.transaction_type = 'debit'), false) as has_debit
      ${matchedFrom(alias)})`;
}

/**
 * SQL subquery of one row over the other bookings of the booking aliased `alias`'s reference group —
 * same supplier, same trimmed case-insensitive reference, gross of the same sign (0 counts as positive):
 * `duplicate_ids` (the live ones: DOMAIN.md "Money invariants" 2, neither can be paid until an admin
 * resolves it) and `others_paid` (what all of them, cancelled ones too, were paid out of the money
 * received on the reference). Reads bookings_supplier_reference_idx.
 */
export function referenceGroupTotals(alias = 'b'): SQL {
  const b = tableAlias(alias);
  return sql`(
    select coalesce(array_agg(o.id order by o.id) filter (where o.status <> 'cancelled'), '{}'::int[]) as duplicate_ids,
           coalesce(sum(o.paid_amount), 0) as others_paid
      from bookings o
     where o.supplier_id = ${b}.supplier_id
       and upper(btrim(o.booking_reference)) = upper(btrim(${b}.booking_reference))
       and o.id <> ${b}.id
       and (o.booking_amount < 0) = (${b}.booking_amount < 0))`;
}

type Row = {
  booking_id: number;
  booking_amount: string;
  booking_status: BookingStatus;
  paid_amount: string;
  is_reconciled: boolean;
  duplicate_ids: number[];
  others_paid: string;
  id: number | null;
  status: TransactionStatus | null;
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
  for (const [bookingId, s] of await computeStatuses(db, bookingIds, visible)) out.set(bookingId, s.view);
  return out;
}

/** {@link findTransactionStatuses} with each booking's exact net received, for the stored columns. */
async function computeStatuses(
  db: DbOrTx,
  bookingIds: readonly number[],
  visible: SQL,
): Promise<Map<number, { view: BookingTransactionStatus; net: Cents }>> {
  const out = new Map<number, { view: BookingTransactionStatus; net: Cents }>();
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return out;
  const rows = await loadMatchRows(db, ids, visible);
  const grouped = new Map<number, { first: Row; tx: Row[] }>();
  for (const r of rows) {
    const g = grouped.get(r.booking_id) ?? { first: r, tx: [] };
    if (r.id !== null) g.tx.push(r);
    grouped.set(r.booking_id, g);
  }
  for (const [bookingId, g] of grouped) out.set(bookingId, bookingStatus(g.first, g.tx));
  return out;
}

/** Each booking with its completed transactions on the supplier's accounts (one row per transaction). */
async function loadMatchRows(db: DbOrTx, ids: number[], visible: SQL): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    select b.id as booking_id, b.booking_amount::text as booking_amount, b.status as booking_status,
           b.paid_amount::text as paid_amount, b.is_reconciled, g.duplicate_ids, g.others_paid::text as others_paid,
           m.id, m.status, m.transaction_type, m.amount::text as amount, m.is_partial, m.reference_number,
           m.transaction_date, m.account_id, m.account_name
      from bookings b
      left join lateral (
        select t.id, t.status, t.transaction_type, t.amount, t.is_partial, t.reference_number,
               t.transaction_date, a.id as account_id, a.name as account_name
          from accounts a
          join transactions t on t.account_id = a.id and t.normalized_reference = upper(btrim(b.booking_reference))
         where a.accountable_type = 'supplier' and a.accountable_id = b.supplier_id and t.status = 'completed'
        -- A fence: one lookup per booking in transactions_account_reference_idx, whatever the statistics
        -- say. Flattened into a join, a planner that expected few rows (a supplier it had not analysed yet)
        -- merged on the supplier alone and compared 30,000,000 pairs for 5,000 bookings (24 s, not 0.1 s).
        offset 0
      ) m on true
      cross join lateral ${referenceGroupTotals('b')} g
     where b.id = any(${idArray(ids)}) and ${visible}
     order by b.id, m.transaction_date, m.id`);
  return rows;
}

/** One booking's match status from its row and its matched transactions (DOMAIN.md "Matching"). */
function bookingStatus(b: Row, tx: Row[]): { view: BookingTransactionStatus; net: Cents } {
  const matched: MatchedTransaction[] = tx.map((t) => ({
    transaction_type: t.transaction_type!,
    amount: moneyFromDb(t.amount!),
    is_partial: t.is_partial!,
    status: t.status!,
  }));
  const gross = moneyFromDb(b.booking_amount);
  const result = matchStatus({
    gross,
    booking_status: b.booking_status,
    transactions: matched,
    // DOMAIN.md "Money invariants" 2: a live booking with a live duplicate cannot be paid.
    duplicate_booking_ids: b.booking_status === 'cancelled' ? [] : b.duplicate_ids,
  });
  // Invariant 2: an overpaid booking (its funding went back to the supplier) is payable as a clawback.
  const available = availableAmount({
    gross,
    paid: moneyFromDb(b.paid_amount),
    net: result.net,
    reconciled: b.is_reconciled,
    paidOnReferenceByOthers: moneyFromDb(b.others_paid),
  });
  const clawback = isClawback(b.booking_status, gross, available);
  const view: BookingTransactionStatus = {
    status: result.status,
    transaction_count: result.transaction_count,
    can_payout: clawback || result.can_payout,
    payout_block_reason: clawback ? null : result.payout_block_reason,
    needs_reconciliation: result.needs_reconciliation,
    has_completed_credit: result.has_completed_credit,
    net_amount: moneyToNumber(result.net),
    transactions: tx.map((t) => ({
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
  };
  return { view, net: result.net };
}

/** The most bookings computed and written per statement (memory and statement size stay bounded). */
const REFRESH_CHUNK = 5000;

/**
 * Serialises the writers that can change the match status of one supplier's bookings: a booking
 * save and a transaction write on that supplier's accounts each take this lock (suppliers in id
 * order) before they compute, so each computes after the other has committed and neither stores a
 * status that misses the other's row. `FOR NO KEY UPDATE` does not block the foreign-key checks of
 * inserts (they take KEY SHARE). Lock order everywhere: transaction rows, accounts, suppliers,
 * bookings.
 */
export async function lockSuppliersForMatching(tx: DbOrTx, supplierIds: readonly number[]): Promise<void> {
  const ids = [...new Set(supplierIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(sql`select id from suppliers where id = any(${idArray(ids)}) order by id for no key update`);
}

/** Milliseconds a match refresh spent finding its bookings, computing their statuses (read + domain) and storing them. */
export interface MatchRefreshTimings {
  lookup: number;
  compute: number;
  store: number;
}

/** Computes (domain `matchStatus` via `findTransactionStatuses`) and stores, one UPDATE per chunk. */
async function storeMatchStatuses(
  tx: DbOrTx,
  bookingIds: readonly number[],
  timings?: MatchRefreshTimings,
): Promise<number> {
  const ids = [...new Set(bookingIds)];
  let stored = 0;
  for (let i = 0; i < ids.length; i += REFRESH_CHUNK) {
    let t = performance.now();
    const statuses = await computeStatuses(tx, ids.slice(i, i + REFRESH_CHUNK), sql`true`);
    if (timings) timings.compute += performance.now() - t;
    if (statuses.size === 0) continue;
    t = performance.now();
    const keys = [...statuses.keys()];
    await tx.execute(sql`
      update bookings b set transaction_match_status = u.status, transaction_net = u.net
        from unnest(${idArray(keys)}, ${textArray(keys.map((k) => statuses.get(k)!.view.status))},
                    ${textArray(keys.map((k) => moneyToString(statuses.get(k)!.net)))}::numeric[])
             as u(id, status, net)
       where b.id = u.id
         and (b.transaction_match_status is distinct from u.status or b.transaction_net is distinct from u.net)`);
    if (timings) timings.store += performance.now() - t;
    stored += statuses.size;
    // An import refreshes tens of thousands of bookings: each chunk's rows are garbage once stored.
    collectGarbageIfGrown();
  }
  return stored;
}

/**
 * Recomputes and stores the match status of these bookings (set-based: one query to compute and one
 * UPDATE … FROM unnest(…) per 5,000). Call it inside the transaction of the write. Returns how many
 * bookings were computed (ids that no longer exist are skipped).
 */
export async function refreshMatchStatuses(tx: DbOrTx, bookingIds: readonly number[]): Promise<number> {
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return 0;
  const { rows } = await tx.execute<{ supplier_id: number }>(
    sql`select distinct supplier_id from bookings where id = any(${idArray(ids)})`,
  );
  await lockSuppliersForMatching(
    tx,
    rows.map((r) => r.supplier_id),
  );
  return storeMatchStatuses(tx, ids);
}

/**
 * After transactions were written on these accounts with these references (raw, as typed: they are
 * normalised with upper(btrim()) like the matching): recomputes and stores the status of every
 * booking of the account's supplier with one of those references (bookings_supplier_reference_idx).
 * Agent accounts match no booking and are skipped. Set-based whatever the number of references
 * (a file import calls it per chunk of up to 5,000 rows, inside the chunk's transaction).
 */
export async function refreshMatchStatusesForReferences(
  tx: DbOrTx,
  pairs: { accountId: number; references: string[] }[],
): Promise<number> {
  const keys = pairs.flatMap((p) => p.references.map((reference) => ({ account_id: p.accountId, reference })));
  if (keys.length === 0) return 0;
  const accountIds = [...new Set(pairs.map((p) => p.accountId))].sort((a, b) => a - b);
  // KEY SHARE: an owner change of these accounts (FOR UPDATE) waits for this transaction, and this
  // one reads the owner it commits.
  const { rows: owners } = await tx.execute<{ accountable_type: string; accountable_id: number }>(sql`
    select accountable_type, accountable_id from accounts
     where id = any(${idArray(accountIds)}) order by id for key share`);
  const supplierIds = owners.filter((o) => o.accountable_type === 'supplier').map((o) => o.accountable_id);
  if (supplierIds.length === 0) return 0;
  // Locked before the bookings are looked up, so a booking saved meanwhile is seen once committed.
  await lockSuppliersForMatching(tx, supplierIds);
  for (const p of pairs) await refreshTransactionMatches(tx, [p.accountId], p.references);
  const { rows } = await tx.execute<{ id: number }>(sql`
    select distinct b.id
      from (select distinct a.accountable_id as supplier_id, upper(btrim(k.reference)) as reference
              from json_to_recordset(${JSON.stringify(keys)}::json) as k(account_id int, reference text)
              join accounts a on a.id = k.account_id and a.accountable_type = 'supplier') k
      join bookings b on b.supplier_id = k.supplier_id and upper(btrim(b.booking_reference)) = k.reference`);
  return storeMatchStatuses(
    tx,
    rows.map((r) => r.id),
  );
}

/**
 * An import job's rows were written (inside its transaction, under the supplier's matching lock):
 * recomputes and stores the status of exactly the bookings of the supplier whose reference is on one
 * of the job's staged rows — one statement finds them (bookings_supplier_reference_idx), then
 * {@link storeMatchStatuses} computes them with the domain. The new rows' `matches_booking` was set
 * by their insert; the account's other transactions do not change (no booking did).
 */
export async function refreshMatchStatusesForImport(
  tx: DbOrTx,
  importJobId: string,
  supplierId: number,
  timings?: MatchRefreshTimings,
) {
  const t = performance.now();
  // One index probe per distinct reference, fenced by the lateral's `offset 0`: joined plainly, the
  // planner hashed the file's references against a sequential scan of the supplier's bookings (3.7 s
  // for a supplier with 2,100,000 bookings at 10,000,000; 0.84 s probing, bench/README.md).
  const { rows } = await tx.execute<{ id: number }>(sql`
    select b.id
      from (select distinct upper(btrim(reference_number)) as reference from import_rows
             where import_job_id = ${importJobId}) k
      cross join lateral (
        select b.id from bookings b
         where b.supplier_id = ${supplierId} and upper(btrim(b.booking_reference)) = k.reference
        offset 0
      ) b`);
  if (timings) timings.lookup += performance.now() - t;
  return storeMatchStatuses(
    tx,
    rows.map((r) => r.id),
    timings,
  );
}

/**
 * An account's owner changed: the bookings of these suppliers (old and new owner) whose reference
 * is on one of the account's completed transactions (only those match) may match differently now.
 * Call it after taking the account row FOR UPDATE.
 */
export async function refreshMatchStatusesForAccount(
  tx: DbOrTx,
  accountId: number,
  supplierIds: readonly number[],
): Promise<number> {
  const ids = [...new Set(supplierIds)];
  if (ids.length === 0) return 0;
  await lockSuppliersForMatching(tx, ids);
  await refreshTransactionMatches(tx, [accountId], null);
  const { rows } = await tx.execute<{ id: number }>(sql`
    select b.id
      from (select distinct normalized_reference from transactions
             where account_id = ${accountId} and status = 'completed') t
      join bookings b on b.supplier_id = any(${idArray(ids)})
                     and upper(btrim(b.booking_reference)) = t.normalized_reference`);
  return storeMatchStatuses(
    tx,
    rows.map((r) => r.id),
  );
}

/**
 * Computes every booking whose stored status is still NULL (rows written before the column existed,
 * or inserted directly, like bench:seed), `batchSize` at a time, each batch in its own transaction.
 * Walks the NULL entries of bookings_match_status_date_idx in index order, so each batch reads only
 * its own rows. Returns how many bookings it computed.
 */
export async function backfillMatchStatuses(db: Db, batchSize = 5000): Promise<number> {
  let total = 0;
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL = after
      ? sql`and (b.booking_date < ${after.date} or (b.booking_date = ${after.date} and b.id < ${after.id}))`
      : sql``;
    const { rows } = await db.execute<{ id: number; booking_date: string }>(sql`
      select b.id, b.booking_date from bookings b
       where b.transaction_match_status is null ${cursor}
       order by b.transaction_match_status, b.booking_date desc, b.id desc
       limit ${batchSize}`);
    if (rows.length === 0) return total;
    await db.transaction((tx) =>
      refreshMatchStatuses(
        tx,
        rows.map((r) => r.id),
      ),
    );
    total += rows.length;
    const last = rows[rows.length - 1]!;
    after = { date: last.booking_date, id: last.id };
  }
}
