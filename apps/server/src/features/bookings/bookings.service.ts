import {
  bookingActions,
  bookingAgentId,
  bookingStatusRefusal,
  canAgentBookSupplier,
  claimedBookingStatus,
  deleteRefusal,
  editRefusal,
  effectiveBookingStatus,
  formatMismatchMessage,
  isClaimedOnSave,
  matchesBookingFormat,
  moneyFromDb,
  moneyToString,
  paidBookingEditRefusal,
  percentFromDb,
  REFUND_BOOKING_EDIT_MESSAGE,
  type BookingForActions,
  type BookingInput,
  type BookingStatus,
  type CommissionBookingStatus,
  type SessionUser,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { agents, bookingGroups, bookings, suppliers } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/route';
import { writeAudit } from '../../shared/audit';
import { getGstRate } from '../../shared/settings';
import { storeUpload } from '../../shared/stored-files';
import { agentsWithGst, bookingRateColumns, computeBookingLines, resolveRateFor, storeLines } from '../commissions';
import { lockSuppliersForMatching, matchedTransactionExists, refreshMatchStatuses } from '../transactions';

type BookingRow = typeof bookings.$inferSelect;

const ownsBooking = (user: SessionUser, b: Pick<BookingRow, 'primary_agent_id' | 'sub_agent_id'>) =>
  user.agent_id !== null && (b.primary_agent_id === user.agent_id || b.sub_agent_id === user.agent_id);

/** How an approved claim request (the claims feature) creates its booking through {@link saveBooking}. */
export interface ClaimApproval {
  claimRequestId: number;
  /** The claim's receipt, already stored. */
  receiptFileId: number | null;
  /** The admin who approved: the audit row's user (the booking is the claiming agent's). */
  approvedByUserId: number;
}

/**
 * Creates or updates a booking with its commission lines from the engine, in one transaction (a
 * savepoint when `db` is already one), and enforces every rule of the spec whatever the browser sent
 * (bookings spec §4–§6). With `claim`, `user` is the claiming agent and the booking is a claimed one.
 */
export async function saveBooking(
  db: DbOrTx,
  user: SessionUser,
  input: BookingInput,
  receipt: UploadedFile | null,
  existingId: number | null,
  claim: ClaimApproval | null = null,
): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    let existing: BookingRow | null = null;
    // The match status follows the supplier, reference and amount: lock the suppliers (old and new)
    // before the booking row, the order every match-status writer uses (transaction-matching.ts).
    const { rows: current } =
      existingId === null
        ? { rows: [] }
        : await tx.execute<{ supplier_id: number }>(sql`select supplier_id from bookings where id = ${existingId}`);
    await lockSuppliersForMatching(tx, [
      ...current.map((r) => r.supplier_id),
      ...(input.supplier_id ? [input.supplier_id] : []),
    ]);
    if (existingId !== null) {
      existing = (await tx.select().from(bookings).where(eq(bookings.id, existingId)).for('update'))[0] ?? null;
      if (!existing) throw notFound('The booking');
      // Moved to another supplier by a concurrent save since the read above: lock that one too.
      if (!current.some((r) => r.supplier_id === existing!.supplier_id))
        await lockSuppliersForMatching(tx, [existing.supplier_id]);
      // Another agent's booking does not exist for this user: 404, as its read answers (not 403, which would tell).
      if (!user.is_admin && !ownsBooking(user, existing)) throw notFound('The booking');
      const refusal = editRefusal(
        { status: existing.status as BookingStatus, is_refund: moneyFromDb(existing.booking_amount) < 0n },
        user,
      );
      if (refusal === REFUND_BOOKING_EDIT_MESSAGE) throw forbidden(refusal);
      if (refusal) throw conflict(refusal);
    }

    const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, input.supplier_id!));
    if (!supplier) throw fieldError('supplier_id', 'The selected supplier is invalid.');
    const errors: Record<string, string[]> = {};
    if (!matchesBookingFormat(supplier.booking_number_format, input.booking_reference)) {
      errors.booking_reference = [formatMismatchMessage(supplier.booking_number_format!)];
    }
    if (!user.is_admin && input.booking_amount < 0n) {
      errors.booking_amount = ['The booking amount field must be at least 0.'];
    }

    // Status and agent (spec §4, §6): an admin chooses them; a non-admin's are coerced, never refused —
    // pending on create and unchanged on edit; their own agent, or the parent for a via-parent supplier.
    const claimed = claim !== null || isClaimedOnSave(user, input.is_claimed_booking, existing);
    const existingStatus = (existing?.status as BookingStatus | undefined) ?? null;
    // DOMAIN.md "Money invariants" 1: the status control sets only pending or confirmed (a new claimed
    // booking is coerced to pending instead, spec §4).
    const statusRefusal =
      claimed && existing === null ? null : bookingStatusRefusal(user, input.status, existingStatus);
    if (statusRefusal) errors.status = [statusRefusal];
    const status = claimedBookingStatus(
      claimed,
      existing === null,
      effectiveBookingStatus(user, input.status, (existing?.status as BookingStatus | undefined) ?? null),
    );
    const booker = bookingAgentId(user, input.primary_agent_id, existing);
    if (booker === null && !user.is_admin) throw forbidden('Only agents and admins can record bookings.');
    if (booker === null) errors.primary_agent_id = ['The primary agent field is required.'];
    if (Object.keys(errors).length || booker === null) throw validationError(errors);

    if (user.is_admin) {
      const [agent] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, booker));
      if (!agent) throw fieldError('primary_agent_id', 'The selected primary agent is invalid.');
    }
    const resolved = await resolveRateFor(tx, booker, supplier.id, input.booking_date);
    if (!resolved) throw fieldError('primary_agent_id', 'The selected primary agent is invalid.');
    if (!user.is_admin && !canAgentBookSupplier(resolved.rate)) {
      throw fieldError(
        'supplier_id',
        'You cannot book this supplier: you have no commission rate for it and no parent agent who books it.',
      );
    }

    const groupId = await resolveGroup(tx, user, input, resolved.primaryAgentId);
    const receiptId = receipt
      ? await storeUpload(tx, 'booking_receipt', receipt, user.id)
      : (claim?.receiptFileId ?? existing?.booking_receipt_file_id ?? null);

    // What was sent and what was kept, for the audit row (only where a non-admin's value was coerced).
    const coerced: Record<string, { sent: unknown; kept: unknown }> = {};
    if (input.is_claimed_booking !== claimed && claim === null && (existing === null || input.is_claimed_booking)) {
      coerced.is_claimed_booking = { sent: input.is_claimed_booking, kept: claimed };
    }
    if (user.is_admin && input.status !== undefined && input.status !== status) {
      coerced.status = { sent: input.status, kept: status };
    }
    if (!user.is_admin) {
      if (input.status !== undefined && input.status !== status) coerced.status = { sent: input.status, kept: status };
      if (input.primary_agent_id !== null && input.primary_agent_id !== resolved.primaryAgentId) {
        coerced.primary_agent_id = { sent: input.primary_agent_id, kept: resolved.primaryAgentId };
      }
    }

    const gross = input.booking_amount;
    if (existing) {
      // DOMAIN.md "Money invariants" 1 and 2: an edit never moves the gross past what was paid, and the
      // reference, supplier and agent that tie the payouts to the supplier's money stay. Checked under
      // the booking's row lock, after the payout path's (suppliers, then bookings) lock order.
      const refusal = paidBookingEditRefusal({
        status: existing.status as BookingStatus,
        gross: moneyFromDb(existing.booking_amount),
        newGross: gross,
        paid: moneyFromDb(existing.paid_amount),
        referenceChanged:
          existing.booking_reference.trim().toUpperCase() !== input.booking_reference.trim().toUpperCase(),
        supplierChanged: existing.supplier_id !== supplier.id,
        agentChanged: existing.primary_agent_id !== resolved.primaryAgentId,
      });
      if (refusal) throw fieldError(refusal.field, refusal.message);
    }
    // A completed booking's lines are what its payouts paid (invariant 3): an edit of its other fields
    // (the amount, supplier and agent cannot change) leaves the lines and rates as they are.
    const keepLines = existing?.status === 'completed';
    const existingLines = existing
      ? (
          await tx.execute<{ agent_id: number; paid_amount: string } & Record<string, unknown>>(
            sql`select agent_id, role, percentage::text, amount::text, gst_amount::text, total_with_gst::text,
                       paid_amount::text, status
                  from actual_commissions where booking_id = ${existing.id} order by id`,
          )
        ).rows
      : [];
    const agentIds = [
      resolved.primaryAgentId,
      ...(resolved.subAgentId ? [resolved.subAgentId] : []),
      ...existingLines.map((l) => l.agent_id),
    ];
    const computed = computeBookingLines({
      gross,
      resolved,
      status: status as CommissionBookingStatus,
      gstRate: percentFromDb(await getGstRate(tx)),
      gstAgents: await agentsWithGst(tx, agentIds),
      existing: existingLines,
    });

    const values = {
      booking_reference: input.booking_reference,
      trip_number: input.trip_number || null,
      customer_name: input.customer_name,
      booking_date: input.booking_date,
      booking_amount: moneyToString(gross),
      status,
      notes: input.notes || null,
      is_personal: input.is_personal,
      is_claimed_booking: claimed,
      is_group_booking: groupId !== null,
      booking_group_id: groupId,
      supplier_id: supplier.id,
      booking_receipt_file_id: receiptId,
    };
    // A completed booking keeps the rate it was paid at, as it keeps its lines.
    const rates = bookingRateColumns(resolved, computed.expected);
    const changedRates = keepLines ? {} : rates;
    let id: number;
    if (existing) {
      await tx
        .update(bookings)
        .set({ ...values, ...changedRates, updated_at: new Date() })
        .where(eq(bookings.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(bookings)
        .values({ ...values, ...rates, created_by_user_id: user.id })
        .returning({ id: bookings.id });
      id = row!.id;
    }
    if (!keepLines)
      await storeLines(
        tx,
        [id],
        computed.lines.map((l) => ({ booking_id: id, ...l })),
      );
    await refreshMatchStatuses(tx, [id]);
    const meta = {
      ...(Object.keys(coerced).length ? { coerced } : {}),
      ...(claim ? { claim_request_id: claim.claimRequestId, booked_for_user_id: user.id } : {}),
    };
    await writeAudit(tx, {
      userId: claim?.approvedByUserId ?? user.id,
      action: existing ? 'update' : 'create',
      entityType: 'booking',
      entityId: id,
      before: existing ? { ...auditView(existing), lines: existingLines } : undefined,
      after: { ...values, ...changedRates, lines: keepLines ? existingLines : computed.lines },
      ...(Object.keys(meta).length ? { meta } : {}),
    });
    return { id, created: !existing };
  });
}

function auditView(b: BookingRow) {
  const { created_at: _c, updated_at: _u, ...rest } = b;
  return rest;
}

/** A numeric booking_group_id is an existing group; text (or new_group_name) creates a group. */
async function resolveGroup(
  tx: DbOrTx,
  user: SessionUser,
  input: BookingInput,
  agentId: number,
): Promise<number | null> {
  if (!input.is_group_booking) return null;
  const raw = input.booking_group_id;
  if (raw !== null && /^\d+$/.test(raw)) {
    const [group] = await tx
      .select()
      .from(bookingGroups)
      // eslint-disable-next-line no-restricted-syntax -- a booking group id
      .where(eq(bookingGroups.id, Number(raw)));
    // The same rule as the groups list: an agent uses only their own groups.
    if (!group || (!user.is_admin && group.agent_id !== user.agent_id)) {
      throw fieldError('booking_group_id', 'The selected booking group is invalid.');
    }
    return group.id;
  }
  const name = (raw ?? input.new_group_name).trim();
  if (!name) throw fieldError('booking_group_id', 'Choose a group or give the new group a name.');
  if (name.length > 150)
    throw fieldError('booking_group_id', 'The group name must not be greater than 150 characters.');
  const [group] = await tx
    .insert(bookingGroups)
    // An agent's new group is theirs (a sub-agent's too, though the booking goes under the parent).
    .values({ name, agent_id: user.is_admin ? agentId : user.agent_id, created_by_user_id: user.id })
    .returning({ id: bookingGroups.id });
  await writeAudit(tx, {
    userId: user.id,
    action: 'create',
    entityType: 'booking_group',
    entityId: group!.id,
    after: { name, agent_id: user.is_admin ? agentId : user.agent_id },
  });
  return group!.id;
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
