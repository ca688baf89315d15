import {
  bookingActions,
  deleteRefusal,
  moneyFromDb,
  type BookingForActions,
  type BookingStatus,
  type SessionUser,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../../shared/audit';
import { lockSuppliersForMatching, matchedTransactionExists } from '../transactions';

export type BookingRow = typeof bookings.$inferSelect;

/** A booking row as its audit entries show it (without its timestamps). */
export function auditView(b: BookingRow) {
  const { created_at: _c, updated_at: _u, ...rest } = b;
  return rest;
}

export interface BookingFacts {
  booking: BookingRow;
  has_transactions: boolean;
  has_paid_commission: boolean;
}

/** The facts the action rules need (matched transactions: DOMAIN.md "Matching"). */
export async function loadBookingFacts(db: DbOrTx, id: number, lock = false): Promise<BookingFacts | null> {
  const query = db.select().from(bookings).where(eq(bookings.id, id));
  const rows = lock ? await query.for('update') : await query;
  const booking = rows[0];
  if (!booking) return null;
  const { rows: paid } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from actual_commissions where booking_id = ${id} and (paid_amount <> 0 or payment_date is not null)`,
  );
  const { rows: matched } = await db.execute<{ has: boolean }>(
    sql`select ${matchedTransactionExists('b')} as has from bookings b where b.id = ${id}`,
  );
  return { booking, has_transactions: matched[0]?.has ?? false, has_paid_commission: (paid[0]?.n ?? 0) > 0 };
}

export function actionFacts(f: BookingFacts): BookingForActions {
  return {
    status: f.booking.status as BookingStatus,
    is_refund: moneyFromDb(f.booking.booking_amount) < 0n,
    is_reconciled: f.booking.is_reconciled,
    agent_ids: [f.booking.primary_agent_id, ...(f.booking.sub_agent_id ? [f.booking.sub_agent_id] : [])],
    has_transactions: f.has_transactions,
    has_paid_commission: f.has_paid_commission,
  };
}

export async function cancelBooking(db: Db, user: SessionUser, id: number, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!b) throw notFound('The booking');
    if (
      !bookingActions(actionFacts({ booking: b, has_transactions: false, has_paid_commission: false }), user).cancel
    ) {
      throw conflict(`A ${b.status} booking cannot be cancelled.`);
    }
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancellation_note: note || null, cancelled_at: new Date(), updated_at: new Date() })
      .where(eq(bookings.id, id));
    // Unpaid lines are cancelled with the booking; paid ones stay paid (never rewritten).
    await tx.execute(
      sql`update actual_commissions set status = 'cancelled', updated_at = now() where booking_id = ${id} and status <> 'paid'`,
    );
    await writeAudit(tx, {
      userId: user.id,
      action: 'cancel',
      entityType: 'booking',
      entityId: id,
      before: { status: b.status },
      after: { status: 'cancelled', cancellation_note: note },
    });
  });
}

export async function deleteBooking(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The delete changes which of the supplier's transactions match a booking (transactions.matches_booking):
    // the matching lock first, as every match writer takes it (transaction-matching.ts).
    const { rows: current } = await tx.execute<{ supplier_id: number }>(
      sql`select supplier_id from bookings where id = ${id}`,
    );
    await lockSuppliersForMatching(
      tx,
      current.map((r) => r.supplier_id),
    );
    const facts = await loadBookingFacts(tx, id, true);
    if (!facts) throw notFound('The booking');
    const refusal = deleteRefusal(actionFacts(facts));
    if (refusal) throw conflict(refusal);
    const { rows: lines } = await tx.execute(
      sql`select agent_id, amount::text, status from actual_commissions where booking_id = ${id}`,
    );
    await tx.delete(bookings).where(eq(bookings.id, id));
    await writeAudit(tx, {
      userId: user.id,
      action: 'delete',
      entityType: 'booking',
      entityId: id,
      before: { ...auditView(facts.booking), lines },
    });
  });
}

/** Money and percentages for JSON: numbers with 2 (percent: up to 4) decimals, computed exactly. */
