import {
  canAgentBookSupplier,
  claimAmountMismatchMessage,
  CLAIM_MESSAGES,
  claimBookingReferenceProblem,
  claimDecidedMessage,
  claimRefusal,
  formatMismatchMessage,
  matchesBookingFormat,
  moneyFromDb,
  moneyToString,
  pendingClaimMessage,
  resolveClaimCandidate,
  sameReference,
  type AgentClaimInput,
  type BookingInput,
  type ClaimBookingData,
  type ClaimStatus,
  type SessionUser,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError, fieldError, forbidden, notFound, validationError } from '../../http/errors';
import type { UploadedFile } from '../../http/route';
import { writeAudit } from '../../shared/audit';
import { isUploadedFile, storeUpload } from '../../shared/stored-files';
import { saveBooking } from '../bookings';
import { resolveRateFor } from '../commissions';
import { findClaimCandidates, getClaimTarget, type ClaimTarget } from './claims.repo';

const AUDIT_ENTITY = 'claim_request';

/** The receipt of an agent's claim: required (the schema said so), and a file. */
export function claimReceiptOf(body: { booking_receipt?: unknown }): UploadedFile {
  if (!isUploadedFile(body.booking_receipt)) throw fieldError('booking_receipt', CLAIM_MESSAGES.receiptRequired);
  return body.booking_receipt;
}

/** 422 on `field` with `message`, and `message` as the answer's message. */
const refuse = (field: string, message: string) => validationError({ [field]: [message] }, message);

/**
 * `POST /api/unclaimed-bookings`: an agent (or sub-agent) asks for an unmatched credit to become their
 * booking. Admins claim directly with `POST /bookings` + `is_claimed_booking` (spec §6): 403 here.
 * The request is pending until an admin decides; meanwhile the transaction is out of the unmatched
 * list. One pending request per transaction is the partial unique index's job: of two agents claiming
 * at once, the second insert finds the first's row and is a 422 naming it.
 */
export async function createClaim(
  db: Db,
  user: SessionUser,
  input: AgentClaimInput,
  receipt: UploadedFile,
): Promise<number> {
  if (user.is_admin) throw forbidden(CLAIM_MESSAGES.adminsClaimDirectly);
  const agentId = user.agent_id;
  if (agentId === null) throw forbidden(CLAIM_MESSAGES.agentOnly);
  const data = input.booking_data;
  return db.transaction(async (tx) => {
    const target = await claimedTransaction(tx, input);
    const refusal = claimRefusal(target);
    if (refusal) throw refuse('reference_number', refusal);
    checkBookingReference(target, data.booking_reference, 'booking_data.booking_reference');
    const rate = await resolveRateFor(tx, agentId, target.supplier_id, data.booking_date);
    if (!rate || !canAgentBookSupplier(rate.rate)) throw refuse('reference_number', CLAIM_MESSAGES.cannotBookSupplier);

    const stored: StoredClaimBookingData = {
      transaction_id: target.id,
      booking_reference: data.booking_reference,
      customer_name: data.customer_name,
      booking_date: data.booking_date,
      notes: data.notes,
      is_personal: data.is_personal,
    };
    const receiptId = await storeUpload(tx, 'booking_receipt', receipt, user.id);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into claim_requests (transaction_id, agent_id, requested_by_user_id, booking_data, receipt_file_id)
      values (${target.id}, ${agentId}, ${user.id}, ${JSON.stringify(stored)}::jsonb, ${receiptId})
      on conflict (transaction_id) where status = 'pending' do nothing
      returning id`);
    const id = rows[0]?.id;
    if (id === undefined) {
      // Another request for it committed since the read above (the insert waited for it).
      const { rows: pending } = await tx.execute<{ id: number }>(
        sql`select id from claim_requests where transaction_id = ${target.id} and status = 'pending'`,
      );
      const message = pending[0] ? pendingClaimMessage(pending[0].id) : CLAIM_MESSAGES.claimedMeanwhile;
      throw refuse('reference_number', message);
    }
    await writeAudit(tx, {
      userId: user.id,
      action: 'create',
      entityType: AUDIT_ENTITY,
      entityId: id,
      after: { status: 'pending', transaction_id: target.id, agent_id: agentId, booking_data: stored },
    });
    return id;
  });
}

/** The booking data a claim request keeps: the fields the agent typed and the transaction they are for. */
type StoredClaimBookingData = Omit<ClaimBookingData, 'transaction_id' | 'supplier_id' | 'booking_amount'> & {
  transaction_id: number;
};

/**
 * The transaction a claim is for: the one its `transaction_id` names (the claim modal), else the one
 * unmatched credit of its `supplier_id` with its `reference_number` (the spec's call), resolved with the
 * search's normalisation; the supplier and amount, when sent, must be the transaction's. Whichever way
 * it was found, two claims of it still meet at the pending-claim unique index.
 */
async function claimedTransaction(tx: Tx, input: AgentClaimInput): Promise<ClaimTarget> {
  const data = input.booking_data;
  let transactionId = data.transaction_id;
  if (transactionId === null) {
    // The schema asks for a supplier when there is no transaction id.
    const found = resolveClaimCandidate(
      input.reference_number,
      await findClaimCandidates(tx, data.supplier_id!, input.reference_number),
    );
    if (found.problem !== null) throw refuse('reference_number', found.problem);
    transactionId = found.id;
  }
  const target = await getClaimTarget(tx, transactionId);
  if (!target) throw refuse('booking_data.transaction_id', CLAIM_MESSAGES.transactionInvalid);
  if (data.supplier_id !== null && data.supplier_id !== target.supplier_id)
    throw refuse('booking_data.supplier_id', CLAIM_MESSAGES.supplierMismatch);
  if (data.booking_amount !== null && data.booking_amount !== moneyFromDb(target.amount_text))
    throw refuse(
      'booking_data.booking_amount',
      claimAmountMismatchMessage(moneyToString(moneyFromDb(target.amount_text)), target.currency_code),
    );
  if (!sameReference(input.reference_number, target.reference_number))
    throw refuse('reference_number', CLAIM_MESSAGES.referenceMismatch);
  return target;
}

/** The booking reference is the transaction's (so the booking matches it) and fits the supplier's format. */
function checkBookingReference(target: ClaimTarget, bookingReference: string, field: string): void {
  const problem = claimBookingReferenceProblem(bookingReference, target.reference_number);
  if (problem) throw refuse(field, problem);
  if (!matchesBookingFormat(target.booking_number_format, bookingReference))
    throw refuse(field, formatMismatchMessage(target.booking_number_format!));
}

/**
 * Takes a pending request for a decision: one conditional update, so of two decisions (twice, or at
 * the same moment) the second finds it decided — 422 'This claim has already been approved.' — and
 * writes nothing. Unknown: 404.
 */
async function decide(
  tx: Tx,
  admin: SessionUser,
  id: number,
  status: Exclude<ClaimStatus, 'pending'>,
  reason: string | null,
) {
  const { rows } = await tx.execute<{
    transaction_id: number;
    agent_id: number;
    booking_data: StoredClaimBookingData;
    receipt_file_id: number | null;
  }>(sql`
    update claim_requests
       set status = ${status}, decided_by_user_id = ${admin.id}, decided_at = now(), updated_at = now(),
           rejection_reason = ${reason}
     where id = ${id} and status = 'pending'
     returning transaction_id, agent_id, booking_data, receipt_file_id`);
  if (rows[0]) return rows[0];
  const { rows: current } = await tx.execute<{ status: Exclude<ClaimStatus, 'pending'> }>(
    sql`select status from claim_requests where id = ${id}`,
  );
  if (!current[0]) throw notFound('The claim');
  throw refuse('status', claimDecidedMessage(current[0].status));
}

/**
 * `POST /api/unclaimed-bookings/{id}/approve`: the booking is created through the bookings feature
 * exactly as if the claiming agent had booked it (pending, their rate, a via-parent supplier under the
 * parent with the split), flagged `is_claimed_booking`, for the transaction's supplier and amount, with
 * the claim's receipt; it then matches the transaction (saveBooking refreshes the stored match status).
 * Everything in one transaction with the decision and its audit row.
 */
export async function approveClaim(db: Db, admin: SessionUser, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const claim = await decide(tx, admin, id, 'approved', null);
    const target = await getClaimTarget(tx, claim.transaction_id);
    if (!target) throw notFound('The transaction');
    // What may have changed since the request: a booking recorded meanwhile, a reversed transaction.
    const refusal = claimRefusal({ ...target, pending_claim_id: null });
    if (refusal) throw new AppError('validation', refusal, { transaction: [refusal] });
    const agent = await agentUser(tx, claim.agent_id);
    const d = claim.booking_data;
    const input: BookingInput = {
      booking_reference: d.booking_reference,
      trip_number: '',
      supplier_id: target.supplier_id,
      booking_date: d.booking_date,
      customer_name: d.customer_name,
      booking_amount: moneyFromDb(target.amount_text),
      status: undefined,
      notes: d.notes,
      is_personal: d.is_personal,
      is_claimed_booking: true,
      is_group_booking: false,
      booking_group_id: null,
      new_group_name: '',
      primary_agent_id: null,
    };
    const { id: bookingId } = await saveBooking(tx, agent, input, null, null, {
      claimRequestId: id,
      receiptFileId: claim.receipt_file_id,
      approvedByUserId: admin.id,
    });
    await tx.execute(sql`update claim_requests set booking_id = ${bookingId} where id = ${id}`);
    await auditDecision(tx, admin, id, 'approve', {
      status: 'approved',
      booking_id: bookingId,
      transaction_id: claim.transaction_id,
    });
    return bookingId;
  });
}

/** `POST /api/unclaimed-bookings/{id}/reject`: the request is closed with the reason; the credit is unmatched again. */
export async function rejectClaim(db: Db, admin: SessionUser, id: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const claim = await decide(tx, admin, id, 'rejected', reason);
    await auditDecision(tx, admin, id, 'reject', {
      status: 'rejected',
      rejection_reason: reason,
      transaction_id: claim.transaction_id,
    });
  });
}

/** The audit row of a decision (DOMAIN.md "Audit": every claim decision). */
const auditDecision = (
  tx: Tx,
  admin: SessionUser,
  id: number,
  action: 'approve' | 'reject',
  after: Record<string, unknown>,
) =>
  writeAudit(tx, {
    userId: admin.id,
    action,
    entityType: AUDIT_ENTITY,
    entityId: id,
    before: { status: 'pending' },
    after,
  });

/** The claiming agent as the bookings feature sees a signed-in agent. */
async function agentUser(tx: Tx, agentId: number): Promise<SessionUser> {
  const { rows } = await tx.execute<{ user_id: number; name: string; email: string; roles: string[] }>(sql`
    select u.id as user_id, u.name, u.email, u.roles from agents a join users u on u.id = a.user_id where a.id = ${agentId}`);
  const u = rows[0];
  if (!u) throw notFound('The agent');
  return {
    id: u.user_id,
    name: u.name,
    email: u.email,
    roles: u.roles,
    agent_id: agentId,
    is_admin: false,
    must_change_password: false,
  };
}
