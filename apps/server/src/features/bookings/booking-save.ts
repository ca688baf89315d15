import {
  bookingAgentId,
  bookingStatusRefusal,
  canAgentBookSupplier,
  claimedBookingStatus,
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
  type BookingInput,
  type BookingStatus,
  type Cents,
  type CommissionBookingStatus,
  type SessionUser,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, bookingGroups, bookings, suppliers } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/route';
import { writeAudit } from '../../shared/audit';
import { getGstRate } from '../../shared/settings';
import { storeUpload } from '../../shared/stored-files';
import {
  agentsWithGst,
  bookingRateColumns,
  computeBookingLines,
  resolveRateFor,
  storeLines,
  type ResolvedBookingRate,
} from '../commissions';
import { lockSuppliersForMatching, refreshMatchStatuses } from '../transactions';
import { auditView, type BookingRow } from './bookings.service';

type Supplier = typeof suppliers.$inferSelect;
type Coerced = Record<string, { sent: unknown; kept: unknown }>;
type ExistingLine = { agent_id: number; paid_amount: string } & Record<string, unknown>;

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
 *
 * The steps run in this order inside the transaction: lock (suppliers, then the booking row), decide
 * (supplier, status, agent, rate), write the group and receipt, check a paid booking's edit, compute the
 * lines, write the booking, store its lines and match status, audit.
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
    const existing = await lockBookingForSave(tx, user, input, existingId);
    const { supplier, claimed, status, booker } = await decideBookingFields(tx, user, input, existing, claim);
    const resolved = await resolveBookingRate(tx, user, booker, supplier, input);

    const groupId = await resolveGroup(tx, user, input, resolved.primaryAgentId);
    const receiptId = receipt
      ? await storeUpload(tx, 'booking_receipt', receipt, user.id)
      : (claim?.receiptFileId ?? existing?.booking_receipt_file_id ?? null);

    const coerced = coercedFields(user, input, claim, existing, claimed, status, resolved);
    const gross = input.booking_amount;
    if (existing) assertPaidBookingEdit(existing, input, gross, supplier, resolved);
    // A completed booking's lines are what its payouts paid (invariant 3): an edit of its other fields
    // (the amount, supplier and agent cannot change) leaves the lines and rates as they are.
    const keepLines = existing?.status === 'completed';
    const { existingLines, computed } = await computeLines(tx, existing, resolved, status, gross);

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
    const id = await writeBookingRow(tx, user, existing, { ...values, ...changedRates }, { ...values, ...rates });
    if (!keepLines)
      await storeLines(
        tx,
        [id],
        computed.lines.map((l) => ({ booking_id: id, ...l })),
      );
    await refreshMatchStatuses(tx, [id]);
    await writeAudit(tx, {
      userId: claim?.approvedByUserId ?? user.id,
      action: existing ? 'update' : 'create',
      entityType: 'booking',
      entityId: id,
      before: existing ? { ...auditView(existing), lines: existingLines } : undefined,
      after: { ...values, ...changedRates, lines: keepLines ? existingLines : computed.lines },
      ...auditMeta(user, coerced, claim),
    });
    return { id, created: !existing };
  });
}

/**
 * Locks what the save changes and returns the booking being edited (null for a new one), refused when
 * this user may not edit it.
 */
async function lockBookingForSave(
  tx: DbOrTx,
  user: SessionUser,
  input: BookingInput,
  existingId: number | null,
): Promise<BookingRow | null> {
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
  if (existingId === null) return null;
  const existing = (await tx.select().from(bookings).where(eq(bookings.id, existingId)).for('update'))[0] ?? null;
  if (!existing) throw notFound('The booking');
  // Moved to another supplier by a concurrent save since the read above: lock that one too.
  if (!current.some((r) => r.supplier_id === existing.supplier_id))
    await lockSuppliersForMatching(tx, [existing.supplier_id]);
  // Another agent's booking does not exist for this user: 404, as its read answers (not 403, which would tell).
  if (!user.is_admin && !ownsBooking(user, existing)) throw notFound('The booking');
  const refusal = editRefusal(
    { status: existing.status as BookingStatus, is_refund: moneyFromDb(existing.booking_amount) < 0n },
    user,
  );
  if (refusal === REFUND_BOOKING_EDIT_MESSAGE) throw forbidden(refusal);
  if (refusal) throw conflict(refusal);
  return existing;
}

/** The supplier, the claimed flag, the status and the booking agent, every form error refused at once. */
async function decideBookingFields(
  tx: DbOrTx,
  user: SessionUser,
  input: BookingInput,
  existing: BookingRow | null,
  claim: ClaimApproval | null,
) {
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
  const statusRefusal = claimed && existing === null ? null : bookingStatusRefusal(user, input.status, existingStatus);
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
  return { supplier, claimed, status, booker };
}

/** The booking agent's rate for the supplier on the booking date; a non-admin must be able to book it. */
async function resolveBookingRate(
  tx: DbOrTx,
  user: SessionUser,
  booker: number,
  supplier: Supplier,
  input: BookingInput,
): Promise<ResolvedBookingRate> {
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
  return resolved;
}

/** What was sent and what was kept, for the audit row (only where a non-admin's value was coerced). */
function coercedFields(
  user: SessionUser,
  input: BookingInput,
  claim: ClaimApproval | null,
  existing: BookingRow | null,
  claimed: boolean,
  status: BookingStatus,
  resolved: ResolvedBookingRate,
): Coerced {
  const coerced: Coerced = {};
  if (input.is_claimed_booking !== claimed && claim === null && (existing === null || input.is_claimed_booking)) {
    coerced.is_claimed_booking = { sent: input.is_claimed_booking, kept: claimed };
  }
  if (input.status !== undefined && input.status !== status) coerced.status = { sent: input.status, kept: status };
  if (!user.is_admin && input.primary_agent_id !== null && input.primary_agent_id !== resolved.primaryAgentId) {
    coerced.primary_agent_id = { sent: input.primary_agent_id, kept: resolved.primaryAgentId };
  }
  return coerced;
}

/**
 * DOMAIN.md "Money invariants" 1 and 2: an edit never moves the gross past what was paid, and the
 * reference, supplier and agent that tie the payouts to the supplier's money stay. Checked under
 * the booking's row lock, after the payout path's (suppliers, then bookings) lock order.
 */
function assertPaidBookingEdit(
  existing: BookingRow,
  input: BookingInput,
  gross: Cents,
  supplier: Supplier,
  resolved: ResolvedBookingRate,
): void {
  const refusal = paidBookingEditRefusal({
    status: existing.status as BookingStatus,
    gross: moneyFromDb(existing.booking_amount),
    newGross: gross,
    paid: moneyFromDb(existing.paid_amount),
    referenceChanged: existing.booking_reference.trim().toUpperCase() !== input.booking_reference.trim().toUpperCase(),
    supplierChanged: existing.supplier_id !== supplier.id,
    agentChanged: existing.primary_agent_id !== resolved.primaryAgentId,
  });
  if (refusal) throw fieldError(refusal.field, refusal.message);
}

/** The booking's lines as they are, and as the engine computes them at this gross, status and rate. */
async function computeLines(
  tx: DbOrTx,
  existing: BookingRow | null,
  resolved: ResolvedBookingRate,
  status: BookingStatus,
  gross: Cents,
) {
  const existingLines = existing
    ? (
        await tx.execute<ExistingLine>(
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
  return { existingLines, computed };
}

/** Updates the booking row (with `update`'s columns) or inserts it (with `insert`'s); its id. */
async function writeBookingRow(
  tx: DbOrTx,
  user: SessionUser,
  existing: BookingRow | null,
  update: Partial<typeof bookings.$inferInsert>,
  insert: Omit<typeof bookings.$inferInsert, 'created_by_user_id'>,
): Promise<number> {
  if (existing) {
    await tx
      .update(bookings)
      .set({ ...update, updated_at: new Date() })
      .where(eq(bookings.id, existing.id));
    return existing.id;
  }
  const [row] = await tx
    .insert(bookings)
    .values({ ...insert, created_by_user_id: user.id })
    .returning({ id: bookings.id });
  return row!.id;
}

/** The audit row's meta: coerced values, and for a claim the request and the agent it was booked for. */
function auditMeta(user: SessionUser, coerced: Coerced, claim: ClaimApproval | null) {
  const meta = {
    ...(Object.keys(coerced).length ? { coerced } : {}),
    ...(claim ? { claim_request_id: claim.claimRequestId, booked_for_user_id: user.id } : {}),
  };
  return Object.keys(meta).length ? { meta } : {};
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
