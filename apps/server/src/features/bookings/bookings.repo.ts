import {
  bookingActions,
  historyChanges,
  historyField,
  historyReferenceId,
  historyReferences,
  isHistoryReferenceKind,
  type HistoryChange,
  type HistoryReferenceKind,
  moneyFromDb,
  ownEntriesOnly,
  percentFromDb,
  type BookingForActions,
  type BookingListQuery,
  type BookingStatus,
  type Paginated,
  type SessionUser,
  moneyJson,
  percentJson,
} from '@app/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { agentNames } from '../../shared/agent-names';
import { isoTimestamp } from '../../shared/timestamps';
import { idArray, likePattern, orderBy, tableAlias, pageLimit, paginate, type SortColumns } from '../../shared/sql';
import { findCommissionLines, type StoredLineRow } from '../commissions';
import { findTransactionStatuses, matchedTransactionExists } from '../transactions';
import { countBookings } from './booking-counts';

const SORT_COLUMNS = {
  booking_date: sql`b.booking_date`,
  booking_reference: sql`b.booking_reference`,
  customer_name: sql`b.customer_name`,
  booking_amount: sql`b.booking_amount`,
  expected_commission: sql`b.expected_commission`,
} satisfies SortColumns<BookingListQuery['sort']>;

/** The columns of a list row and the joins they need (the list and the single booking share them). */
const listColumns = (user: SessionUser) => sql`${LIST_COLUMNS}, ${myCommission(user)} as my_commission`;
const LIST_COLUMNS = sql`b.id, b.booking_reference, b.booking_date, b.customer_name, b.booking_amount::text, b.expected_commission::text,
  b.paid_amount::text, b.remaining_amount::text, b.status, b.is_personal, b.is_reconciled, b.is_sub_agent,
  b.is_claimed_booking, b.booking_group_id, b.primary_agent_id, pu.name as primary_agent_name,
  b.sub_agent_id, su.name as sub_agent_name, b.supplier_id, s.name as supplier_name,
  c.code as currency_code, c.symbol as currency_symbol,
  exists (select 1 from actual_commissions ac where ac.booking_id = b.id and (ac.paid_amount <> 0 or ac.payment_date is not null)) as has_paid_commission`;
const LIST_JOINS = sql`join suppliers s on s.id = b.supplier_id
  join currencies c on c.id = s.currency_id
  join agents pa on pa.id = b.primary_agent_id
  join users pu on pu.id = pa.user_id
  left join agents sa on sa.id = b.sub_agent_id
  left join users su on su.id = sa.user_id`;

type ListRow = {
  id: number;
  booking_reference: string;
  booking_date: string;
  customer_name: string;
  booking_amount: string;
  expected_commission: string;
  my_commission: string;
  paid_amount: string;
  remaining_amount: string;
  status: BookingStatus;
  is_personal: boolean;
  is_reconciled: boolean;
  is_sub_agent: boolean;
  is_claimed_booking: boolean;
  booking_group_id: number | null;
  primary_agent_id: number;
  primary_agent_name: string;
  sub_agent_id: number | null;
  sub_agent_name: string | null;
  supplier_id: number;
  supplier_name: string;
  currency_code: string;
  currency_symbol: string;
  has_paid_commission: boolean;
  has_transactions: boolean;
};

/**
 * The viewer's share of a booking's commission (numeric text): an admin's is the whole agent side, an
 * agent's the sum of their own lines (DOMAIN.md "Report cards": non-admins see only their own lines).
 */
export function myCommission(user: SessionUser, booking = 'b'): SQL {
  if (user.is_admin) return sql`${tableAlias(booking)}.expected_commission::text`;
  return sql`(select coalesce(sum(ac.amount), 0)::text from actual_commissions ac
               where ac.booking_id = ${tableAlias(booking)}.id and ac.agent_id = ${user.agent_id ?? -1})`;
}

/** Who may see which bookings: admins all, agents those they earn from (primary or sub-agent). */
export function visibleTo(user: SessionUser): SQL {
  if (user.is_admin) return sql`true`;
  return sql`(b.primary_agent_id = ${user.agent_id ?? -1} or b.sub_agent_id = ${user.agent_id ?? -1})`;
}

/**
 * Whether the list's exact total can come from the maintained counts (booking-counts.ts): an admin's list
 * filtered on nothing but status, match status and supplier (everything else counts its rows).
 */
const countsAnswer = (user: SessionUser, q: BookingListQuery) =>
  user.is_admin && !q.agent_id && !q.booking_group_id && !q.date_from && !q.date_to && !q.is_personal && !q.search;

/** The bookings list: filters, sort and paging in SQL (indexes in the schema fit these filters). */
export async function findBookings(
  db: DbOrTx,
  user: SessionUser,
  q: BookingListQuery,
): Promise<Paginated<ReturnType<typeof toListItem>>> {
  const where: SQL[] = [visibleTo(user)];
  if (q.status) where.push(sql`b.status = ${q.status}`);
  // The stored status (bookings_match_status_date_idx), kept current by every write that changes it.
  if (q.transaction_status) where.push(sql`b.transaction_match_status = ${q.transaction_status}`);
  if (q.supplier_id) where.push(sql`b.supplier_id = ${q.supplier_id}`);
  if (q.agent_id && user.is_admin)
    where.push(sql`(b.primary_agent_id = ${q.agent_id} or b.sub_agent_id = ${q.agent_id})`);
  if (q.booking_group_id) where.push(sql`b.booking_group_id = ${q.booking_group_id}`);
  if (q.date_from) where.push(sql`b.booking_date >= ${q.date_from}`);
  if (q.date_to) where.push(sql`b.booking_date <= ${q.date_to}`);
  if (q.is_personal) where.push(sql`b.is_personal = ${q.is_personal === '1'}`);
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(b.booking_reference ilike ${like} or b.customer_name ilike ${like})`);
  }
  const whereSql = sql.join(where, sql` and `);
  const order = orderBy(SORT_COLUMNS, q.sort, q.direction, sql`b.id`);
  if (q.search && TRIGRAM_TERM.test(q.search)) return searchBookings(db, user, q, whereSql);

  const [{ rows }, total] = await Promise.all([
    // The page of ids comes from bookings alone (an index walk in the sort order); names are joined
    // for those rows only, so the cost does not grow with the table.
    db.execute<ListRow>(sql`
      with page as (
        select b.* from bookings b
         where ${whereSql}
         ${order}
         ${pageLimit(q)}
      )
      select ${listColumns(user)}, ${matchedTransactionExists('b')} as has_transactions
        from page b
        ${LIST_JOINS}
       ${order}`),
    countsAnswer(user, q)
      ? countBookings(db, q)
      : db
          .execute<{ total: number }>(sql`select count(*)::int as total from bookings b where ${whereSql}`)
          .then((r) => r.rows[0]?.total ?? 0),
  ]);
  return paginate(
    rows.map((r) => toListItem(r, user)),
    total,
    q,
  );
}

/** The sort key of a search's matches (`m.k`, the column the request sorts on), by the same names. */
const MATCH_SORT = Object.fromEntries(Object.keys(SORT_COLUMNS).map((k) => [k, sql`m.k`])) as SortColumns<
  BookingListQuery['sort']
>;

/**
 * A term the trigram indexes can serve: pg_trgm takes its trigrams from runs of letters and digits, so a
 * shorter term (`ab`, `a-b`) is a scan of the table, which the count alone runs in parallel and faster
 * than one statement could (a one-letter term at 10,000,000 bookings: 5.9 s counted, 14.6 s together).
 */
const TRIGRAM_TERM = /[\p{L}\p{N}]{3}/u;

/**
 * A search the trigram indexes serve: its matches are found once, for the page and for the exact total
 * together. Run as two statements, each did the same bitmap scans and rechecks (a common surname at
 * 10,000,000 bookings: ~40 ms each, on the same two cores; bench/README.md).
 */
async function searchBookings(db: DbOrTx, user: SessionUser, q: BookingListQuery, whereSql: SQL) {
  const order = orderBy(MATCH_SORT, q.sort, q.direction, sql`m.id`);
  const { rows } = await db.execute<ListRow & { total: number }>(sql`
    with m as materialized (
      select b.id, ${SORT_COLUMNS[q.sort]} as k from bookings b where ${whereSql}
    ), page as (
      select m.id, m.k from m ${order} ${pageLimit(q)}
    ), total as (
      select count(*)::int as total from m
    )
    select ${listColumns(user)}, ${matchedTransactionExists('b')} as has_transactions, total.total
      from total
      left join (page m join bookings b on b.id = m.id
        ${LIST_JOINS}) on true
     ${order}`);
  const total = rows[0]?.total ?? 0;
  return paginate(
    rows.filter((r) => r.id !== null).map((r) => toListItem(r, user)),
    total,
    q,
  );
}

function toListItem(r: ListRow, user: SessionUser, transaction?: BookingForActions['transaction']) {
  return {
    id: r.id,
    booking_reference: r.booking_reference,
    booking_date: r.booking_date,
    customer_name: r.customer_name,
    booking_amount: moneyJson(r.booking_amount)!,
    expected_commission: moneyJson(r.expected_commission),
    my_commission: moneyJson(r.my_commission),
    paid_amount: moneyJson(r.paid_amount)!,
    remaining_amount: moneyJson(r.remaining_amount)!,
    status: r.status,
    is_personal: r.is_personal,
    is_reconciled: r.is_reconciled,
    is_sub_agent: r.is_sub_agent,
    is_claimed_booking: r.is_claimed_booking,
    booking_group_id: r.booking_group_id,
    primary_agent_id: r.primary_agent_id,
    primary_agent: { id: r.primary_agent_id, user: { name: r.primary_agent_name } },
    sub_agent_id: r.sub_agent_id,
    sub_agent: r.sub_agent_id === null ? null : { id: r.sub_agent_id, user: { name: r.sub_agent_name ?? '' } },
    supplier_id: r.supplier_id,
    supplier: {
      id: r.supplier_id,
      name: r.supplier_name,
      currency_symbol: r.currency_symbol,
      currency: { code: r.currency_code, symbol: r.currency_symbol },
    },
    actions: bookingActions(
      {
        status: r.status,
        is_refund: moneyFromDb(r.booking_amount) < 0n,
        is_reconciled: r.is_reconciled,
        agent_ids: [r.primary_agent_id, ...(r.sub_agent_id ? [r.sub_agent_id] : [])],
        has_transactions: r.has_transactions,
        has_paid_commission: r.has_paid_commission,
        ...(transaction ? { transaction } : {}),
      },
      user,
    ),
  };
}

export type BookingListItem = ReturnType<typeof toListItem>;

/** The booking's receipt file, when the viewer may see the booking and it has one. */
export async function findBookingReceipt(db: DbOrTx, user: SessionUser, id: number) {
  const { rows } = await db.execute<{ file_id: number | null }>(
    sql`select b.booking_receipt_file_id as file_id from bookings b where b.id = ${id} and ${visibleTo(user)}`,
  );
  const fileId = rows[0]?.file_id;
  if (!fileId) return null;
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  return file ?? null;
}

/** Leaves out the booking being edited (its own reference is no duplicate). */
const excludingBooking = (id: number | null) => (id ? sql`and b.id <> ${id}` : sql``);

/** Does any booking (but the one excluded) already use this reference (trimmed, any case)? */
export async function bookingReferenceInUse(db: DbOrTx, reference: string, excludeId: number | null): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select b.id from bookings b
     where upper(btrim(b.booking_reference)) = upper(btrim(${reference}))
       ${excludingBooking(excludeId)}
     limit 1`);
  return rows.length > 0;
}

/** The first 20 bookings (but the one excluded) with this supplier and reference, for the admin's warning. */
export async function findBookingsWithSupplierReference(
  db: DbOrTx,
  supplierId: number,
  reference: string,
  excludeId: number | null,
) {
  const { rows } = await db.execute<{
    id: number;
    agent_name: string;
    booking_amount: string;
    booking_date: string;
  }>(sql`
    select b.id, u.name as agent_name, b.booking_amount::text, b.booking_date
      from bookings b join agents a on a.id = b.primary_agent_id join users u on u.id = a.user_id
     where b.supplier_id = ${supplierId}
       and upper(btrim(b.booking_reference)) = upper(btrim(${reference}))
       ${excludingBooking(excludeId)}
     order by b.id limit 20`);
  return rows.map((r) => ({ ...r, booking_amount: moneyJson(r.booking_amount) }));
}

/** One booking in the spec's read shape, with its lines, group, receipt and history. */
export async function getBooking(db: DbOrTx, user: SessionUser, id: number) {
  const { rows } = await db.execute<
    ListRow & {
      trip_number: string | null;
      notes: string | null;
      commission_percentage: string;
      rate_source: string;
      parent_agent_id: number | null;
      split_percentage: string | null;
      booking_group_name: string | null;
      booking_receipt_file_id: number | null;
      receipt_filename: string | null;
      cancellation_note: string | null;
      created_at: string;
    }
  >(sql`
    select ${listColumns(user)}, ${matchedTransactionExists('b')} as has_transactions, bg.name as booking_group_name,
           b.trip_number, b.notes, b.commission_percentage::text, b.rate_source, b.parent_agent_id, b.split_percentage::text,
           b.booking_receipt_file_id, f.filename as receipt_filename, b.cancellation_note,
           ${isoTimestamp('b.created_at')} as created_at
      from bookings b
      ${LIST_JOINS}
      left join booking_groups bg on bg.id = b.booking_group_id
      left join stored_files f on f.id = b.booking_receipt_file_id
     where b.id = ${id} and ${visibleTo(user)}`);
  const r = rows[0];
  if (!r) return null;
  // An agent reads their own line and their own line history only; an admin all of them.
  const lines = (await findCommissionLines(db, id)).filter((l) => user.is_admin || l.agent_id === user.agent_id);
  const history = await bookingHistory(db, user, id);
  const transactionStatus = (await findTransactionStatuses(db, [id])).get(id)!;
  const paidAt = await paidPercentages(db, id);
  return {
    ...toListItem(r, user, transactionStatus),
    trip_number: r.trip_number,
    notes: r.notes,
    commission_percentage: percentJson(r.commission_percentage),
    rate_source: r.rate_source,
    parent_agent_id: r.parent_agent_id,
    split_percentage: percentJson(r.split_percentage),
    booking_group: r.booking_group_id === null ? null : { id: r.booking_group_id, name: r.booking_group_name ?? '' },
    booking_receipt:
      r.booking_receipt_file_id === null
        ? null
        : { id: r.booking_receipt_file_id, filename: r.receipt_filename ?? '', url: `/bookings/${id}/receipt` },
    cancellation_note: r.cancellation_note,
    created_at: r.created_at,
    actual_commissions: lines.map((l) => commissionLineView(l, paidAt)),
    transaction_status: transactionStatus,
    history,
  };
}

/** The booking's audit history, newest first (the last 100), each change naming the record it points at. */
async function bookingHistory(db: DbOrTx, user: SessionUser, id: number) {
  const own = <T>(value: T): T => (user.is_admin ? value : (ownEntriesOnly(value, user.agent_id ?? -1) as T));
  const { rows: audits } = await db.execute<{
    id: string;
    occurred_at: string;
    action: string;
    user_name: string | null;
    before: unknown;
    after: unknown;
    meta: unknown;
  }>(sql`
    select l.id, ${isoTimestamp('l.occurred_at')} as occurred_at, l.action, u.name as user_name, l.before, l.after, l.meta
      from audit_logs l left join users u on u.id = l.user_id
     where l.entity_type = 'booking' and l.entity_id = ${String(id)} order by l.id desc limit 100`);
  const entries = audits.map((h) => {
    const [before, after] = [own(h.before), own(h.after)];
    return { ...h, before, after, meta: own(h.meta), changes: historyChanges(before, after) };
  });
  // The history names the records its ids point at (an agent, the supplier, a group, a payout, the receipt).
  const names = await historyNames(
    db,
    user,
    entries.flatMap((h) => h.changes),
  );
  return entries.map((h) => ({ ...h, changes: h.changes.map((c) => withNames(c, names)) }));
}

/** A commission line in the booking's read shape, with the percentages its payouts paid it at. */
function commissionLineView(l: StoredLineRow, paidAt: Map<number, string[]>) {
  return {
    id: l.id,
    agent_id: l.agent_id,
    agent: { id: l.agent_id, user: { name: l.agent_name } },
    role: l.role,
    status: l.status,
    percentage: percentJson(l.percentage),
    amount: moneyJson(l.amount),
    gst_amount: moneyJson(l.gst_amount),
    total_with_gst: moneyJson(l.total_with_gst),
    paid_amount: moneyJson(l.paid_amount),
    payment_date: l.payment_date,
    paid_percentages: (paidAt.get(l.id) ?? []).map((p) => percentJson(p)!),
    // DOMAIN.md "Money invariants" 3: a custom split pays a line at another percentage than its own.
    custom_split: (paidAt.get(l.id) ?? []).some((p) => percentFromDb(p) !== percentFromDb(l.percentage)),
  };
}

/** The distinct percentages each commission line of the booking was paid at (its payout items), smallest first. */
async function paidPercentages(db: DbOrTx, bookingId: number): Promise<Map<number, string[]>> {
  const { rows } = await db.execute<{ line_id: number; percentage: string }>(sql`
    select distinct i.actual_commission_id as line_id, i.percentage::text as percentage, i.percentage as p
      from payout_items i
     where i.booking_id = ${bookingId}
     order by i.actual_commission_id, i.percentage`);
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.line_id, [...(out.get(r.line_id) ?? []), r.percentage]);
  return out;
}

type HistoryNames = Record<HistoryReferenceKind, Map<number, string>>;

/** The names of the records that history changes refer to by id; payouts only for an admin (their page is). */
async function historyNames(db: DbOrTx, user: SessionUser, changes: readonly HistoryChange[]): Promise<HistoryNames> {
  const ids = historyReferences(changes);
  const lookup = async (kind: HistoryReferenceKind, query: (ids: SQL) => SQL) => {
    if (ids[kind].length === 0) return new Map<number, string>();
    const { rows } = await db.execute<{ id: number; name: string }>(query(idArray(ids[kind])));
    return new Map(rows.map((r) => [r.id, r.name]));
  };
  const [agent, supplier, booking_group, payout, file] = await Promise.all([
    agentNames(db, ids.agent),
    lookup('supplier', (list) => sql`select id, name from suppliers where id = any(${list})`),
    lookup('booking_group', (list) => sql`select id, name from booking_groups where id = any(${list})`),
    user.is_admin
      ? lookup('payout', (list) => sql`select id, name from payouts where id = any(${list})`)
      : new Map<number, string>(),
    lookup('file', (list) => sql`select id, filename as name from stored_files where id = any(${list})`),
  ]);
  return { agent, supplier, booking_group, payout, file };
}

function withNames(change: HistoryChange, names: HistoryNames) {
  const kind = historyField(change.field).kind;
  if (!isHistoryReferenceKind(kind)) return change;
  const nameOf = (v: HistoryChange['before']) => {
    const id = historyReferenceId(v);
    return id === null ? null : (names[kind].get(id) ?? null);
  };
  return { ...change, before_name: nameOf(change.before), after_name: nameOf(change.after) };
}
