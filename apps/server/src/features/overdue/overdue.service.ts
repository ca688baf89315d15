import {
  addMoney,
  AGING_BUCKETS,
  agingBucket,
  compareMoney,
  FOLLOW_UP_DATE_PAST,
  moneyFromDb,
  moneyJson,
  moneyToNumber,
  outstandingCommission,
  overdueExportFilename,
  type AgingBucket,
  type Cents,
  type FollowUp,
  type FollowUpInput,
  type OverdueBooking,
  type OverdueBucketAmounts,
  type OverdueBookingsQuery,
  type OverdueCurrencyTotal,
  type OverdueExportQuery,
  type OverdueExportRow,
  type OverdueSummaryQuery,
  type OverdueSupplierRow,
  type Paginated,
  type SessionUser,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { todayUtc } from '../../clock';
import { fieldError, notFound } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { paginate } from '../../shared/sql';
import { isoTimestamp } from '../../shared/timestamps';
import { countOverdue, overdueBuckets, overdueRows, type OverdueRow } from './overdue.repo';

type Buckets = Record<AgingBucket, { count: number; outstanding: Cents }>;

const emptyBuckets = (): Buckets =>
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, { count: 0, outstanding: 0n as Cents }])) as Buckets;

const bucketsOut = (b: Buckets): OverdueBucketAmounts =>
  Object.fromEntries(
    AGING_BUCKETS.map((k) => [k, { count: b[k].count, outstanding: moneyToNumber(b[k].outstanding) }]),
  ) as OverdueBucketAmounts;

interface Tally {
  count: number;
  outstanding: Cents;
  buckets: Buckets;
}
const tally = (): Tally => ({ count: 0, outstanding: 0n as Cents, buckets: emptyBuckets() });
function add(t: Tally, bucket: AgingBucket, count: number, outstanding: Cents) {
  t.count += count;
  t.outstanding = addMoney(t.outstanding, outstanding);
  t.buckets[bucket].count += count;
  t.buckets[bucket].outstanding = addMoney(t.buckets[bucket].outstanding, outstanding);
}

/**
 * `GET /api/reports/overdue-commissions`: per supplier with something overdue, its bookings and what they
 * miss in each aging bucket (largest outstanding first within a currency), and the same per currency.
 */
export async function overdueSummary(db: DbOrTx, q: OverdueSummaryQuery) {
  const today = todayUtc();
  const rows = await overdueBuckets(db, today, q.supplier_id);
  const suppliers = new Map<number, { row: (typeof rows)[number]; t: Tally }>();
  const currencies = new Map<string, { code: string; symbol: string; t: Tally }>();
  for (const r of rows) {
    const s = suppliers.get(r.supplier_id) ?? { row: r, t: tally() };
    add(s.t, r.bucket, r.count, r.outstanding);
    suppliers.set(r.supplier_id, s);
    const c = currencies.get(r.currency_code) ?? { code: r.currency_code, symbol: r.currency_symbol, t: tally() };
    add(c.t, r.bucket, r.count, r.outstanding);
    currencies.set(r.currency_code, c);
  }
  const supplierRows: OverdueSupplierRow[] = [...suppliers.values()]
    .sort(
      (a, b) =>
        a.row.currency_code.localeCompare(b.row.currency_code) ||
        compareMoney(b.t.outstanding, a.t.outstanding) ||
        a.row.supplier_name.localeCompare(b.row.supplier_name),
    )
    .map(({ row, t }) => ({
      supplier_id: row.supplier_id,
      supplier_name: row.supplier_name,
      currency_code: row.currency_code,
      currency_symbol: row.currency_symbol,
      due_days: row.due_days,
      count: t.count,
      outstanding: moneyToNumber(t.outstanding),
      buckets: bucketsOut(t.buckets),
    }));
  const totals: OverdueCurrencyTotal[] = [...currencies.values()]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map(({ code, symbol, t }) => ({
      currency_code: code,
      currency_symbol: symbol,
      count: t.count,
      outstanding: moneyToNumber(t.outstanding),
      buckets: bucketsOut(t.buckets),
    }));
  return { status: 'success' as const, data: { as_of: today, suppliers: supplierRows, totals } };
}

/** A row's outstanding amount: the domain's rule (the report's SQL applies the same to add them up). */
const outstandingOf = (r: OverdueRow): Cents => outstandingCommission(moneyFromDb(r.gross), moneyFromDb(r.received));

function followUpOf(r: OverdueRow): FollowUp | null {
  if (r.follow_up_id === null) return null;
  return {
    id: r.follow_up_id,
    booking_id: r.booking_id,
    note: r.follow_up_note!,
    next_follow_up_date: r.follow_up_next,
    created_at: r.follow_up_at!,
    user_name: r.follow_up_user,
  };
}

function toBooking(r: OverdueRow): OverdueBooking {
  return {
    booking_id: r.booking_id,
    booking_reference: r.booking_reference,
    customer_name: r.customer_name,
    booking_date: r.booking_date,
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    agent_name: r.agent_name,
    due_date: r.due_date,
    days_past_due: r.days_past_due,
    bucket: agingBucket(r.days_past_due),
    gross: moneyJson(r.gross),
    received: moneyJson(r.received),
    outstanding: moneyToNumber(outstandingOf(r)),
    currency_code: r.currency_code,
    currency_symbol: r.currency_symbol,
    follow_up_count: r.follow_up_count,
    last_follow_up: followUpOf(r),
    next_follow_up_date: r.follow_up_next,
  };
}

/** `GET /api/reports/overdue-commissions/bookings`: one page, most overdue first unless sorted otherwise. */
export async function overdueBookings(db: DbOrTx, q: OverdueBookingsQuery) {
  const today = todayUtc();
  const [rows, total] = await Promise.all([
    overdueRows(db, today, q, { limit: q.per_page, offset: (q.page - 1) * q.per_page }),
    countOverdue(db, today, q),
  ]);
  const bookings: Paginated<OverdueBooking> = paginate(rows.map(toBooking), total, q);
  return { status: 'success' as const, as_of: today, bookings };
}

/** The most bookings one export writes. */
export const OVERDUE_EXPORT_LIMIT = 100_000;

/** `GET /api/reports/overdue-commissions/export`: every overdue booking of the filters, most overdue first. */
export async function overdueExport(
  db: DbOrTx,
  q: OverdueExportQuery,
): Promise<{ rows: OverdueExportRow[]; filename: string }> {
  const today = todayUtc();
  const rows = await overdueRows(
    db,
    today,
    { ...q, sort: 'days_past_due', direction: 'desc' },
    { limit: OVERDUE_EXPORT_LIMIT, offset: 0 },
  );
  let supplierName: string | undefined;
  if (q.supplier_id !== undefined) {
    const { rows: s } = await db.execute<{ name: string }>(sql`select name from suppliers where id = ${q.supplier_id}`);
    supplierName = s[0]?.name;
  }
  return {
    filename: overdueExportFilename(today, supplierName),
    rows: rows.map((r) => ({
      supplier_name: r.supplier_name,
      booking_reference: r.booking_reference,
      customer_name: r.customer_name,
      booking_date: r.booking_date,
      due_date: r.due_date,
      days_past_due: r.days_past_due,
      gross: moneyFromDb(r.gross),
      received: moneyFromDb(r.received),
      outstanding: outstandingOf(r),
      currency_code: r.currency_code,
      last_note: r.follow_up_note,
      next_follow_up_date: r.follow_up_next,
    })),
  };
}

const FOLLOW_UP_COLUMNS = sql`f.id, f.booking_id, f.note, f.next_follow_up_date::text as next_follow_up_date,
  ${isoTimestamp('f.created_at')} as created_at, u.name as user_name`;

/** `GET /api/bookings/{id}/follow-ups`: the booking's follow-ups, newest first (404: no such booking). */
export async function listFollowUps(db: DbOrTx, bookingId: number): Promise<FollowUp[]> {
  const { rows: booking } = await db.execute(sql`select 1 from bookings where id = ${bookingId}`);
  if (booking.length === 0) throw notFound('The booking');
  const { rows } = await db.execute<FollowUp>(sql`
    select ${FOLLOW_UP_COLUMNS} from booking_follow_ups f left join users u on u.id = f.user_id
     where f.booking_id = ${bookingId} order by f.id desc`);
  return rows;
}

/** `POST /api/bookings/{id}/follow-ups`: records what was said and when to chase again; audited. */
export async function addFollowUp(
  db: Db,
  user: SessionUser,
  bookingId: number,
  body: FollowUpInput,
): Promise<FollowUp> {
  if (body.next_follow_up_date !== null && body.next_follow_up_date < todayUtc())
    throw fieldError('next_follow_up_date', FOLLOW_UP_DATE_PAST);
  return db.transaction(async (tx) => {
    // KEY SHARE: the booking cannot be deleted under the note; a missing one is a 404, not a key error.
    const { rows: booking } = await tx.execute(sql`select 1 from bookings where id = ${bookingId} for key share`);
    if (booking.length === 0) throw notFound('The booking');
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into booking_follow_ups (booking_id, user_id, note, next_follow_up_date)
      values (${bookingId}, ${user.id}, ${body.note}, ${body.next_follow_up_date}) returning id`);
    const id = rows[0]!.id;
    await writeAudit(tx, {
      userId: user.id,
      action: 'follow_up',
      entityType: 'booking',
      entityId: bookingId,
      after: { follow_up_id: id, note: body.note, next_follow_up_date: body.next_follow_up_date },
    });
    const { rows: saved } = await tx.execute<FollowUp>(sql`
      select ${FOLLOW_UP_COLUMNS} from booking_follow_ups f left join users u on u.id = f.user_id where f.id = ${id}`);
    return saved[0]!;
  });
}
