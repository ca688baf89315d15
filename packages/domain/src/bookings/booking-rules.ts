/**
 * Booking rules that the list (which buttons to show) and the server (what to allow) both apply:
 * one function each, so the screen never offers what the server refuses.
 */
import { formatUnits, type Cents } from '../money/money';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'partial', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const TRANSACTION_MATCH_STATUSES = [
  'match',
  'partial',
  'mismatch',
  'no_transaction',
  'multiple_transactions',
] as const;
export type TransactionMatchStatus = (typeof TRANSACTION_MATCH_STATUSES)[number];

export const BOOKING_REFERENCE_PATTERN = /^[A-Z0-9-]+$/;
export const BOOKING_REFERENCE_MESSAGE = 'Booking reference must be in UPPERCASE letters, numbers, and hyphens only.';
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

export interface BookingForActions {
  status: BookingStatus;
  /** negative = refund booking */
  is_refund: boolean;
  is_reconciled: boolean;
  /** the booking's agents (primary, sub-agent) */
  agent_ids: readonly number[];
  /** matched transactions exist */
  has_transactions: boolean;
  /** a commission line is paid, or expected with a payment date */
  has_paid_commission: boolean;
  /** from the transaction status: undefined when not known yet */
  transaction?: {
    status: TransactionMatchStatus;
    can_payout?: boolean;
    has_completed_credit: boolean;
  };
}

export interface Viewer {
  is_admin: boolean;
  agent_id: number | null;
}

export interface BookingActions {
  view: boolean;
  edit: boolean;
  delete: boolean;
  cancel: boolean;
  payout: boolean;
  transactions_link: boolean;
}

const closed = (s: BookingStatus) => s === 'cancelled' || s === 'completed';

export const CLOSED_BOOKING_EDIT_MESSAGE = 'A cancelled or completed booking can no longer be edited.';
export const REFUND_BOOKING_EDIT_MESSAGE = 'Only an admin can edit a refund booking.';

/**
 * Why the viewer may not edit a booking they can see (spec §5 "Action availability": Edit), or null:
 * admins may edit anything; agents not a cancelled or completed booking, nor a refund booking.
 */
export function editRefusal(b: Pick<BookingForActions, 'status' | 'is_refund'>, viewer: Viewer): string | null {
  if (viewer.is_admin) return null;
  if (closed(b.status)) return CLOSED_BOOKING_EDIT_MESSAGE;
  if (b.is_refund) return REFUND_BOOKING_EDIT_MESSAGE;
  return null;
}

/** Spec bookings §5 "Action availability on the bookings list". */
export function bookingActions(b: BookingForActions, viewer: Viewer): BookingActions {
  const own = viewer.agent_id !== null && b.agent_ids.includes(viewer.agent_id);
  const canSee = viewer.is_admin || own;
  let payout = false;
  // A completed booking is payable only as a clawback, which the server's can_payout says (DOMAIN.md invariant 2).
  if (viewer.is_admin && b.status !== 'cancelled' && b.transaction && (!closed(b.status) || b.transaction.can_payout)) {
    payout =
      b.transaction.can_payout !== undefined
        ? b.transaction.can_payout
        : (b.transaction.status === 'match' || b.transaction.status === 'partial') &&
          b.transaction.has_completed_credit;
  }
  return {
    view: canSee,
    // Admins may edit anything; agents their own open, non-refund bookings.
    edit: viewer.is_admin || (own && editRefusal(b, viewer) === null),
    delete: viewer.is_admin && !closed(b.status) && !b.is_reconciled && !b.has_transactions && !b.has_paid_commission,
    cancel: viewer.is_admin && !closed(b.status),
    payout,
    transactions_link: viewer.is_admin,
  };
}

/** Where a stored booking is registered: under its primary agent, with the sub-agent when booked through a parent. */
export interface BookingRegistration {
  primary_agent_id: number;
  sub_agent_id: number | null;
}

/**
 * Whose rate a saved booking is worked out with (DOMAIN.md "Who gets what"); the engine then registers
 * it under that agent, or under the parent agent for a supplier the agent books through a parent.
 * - An admin chooses the primary agent (spec §6). Sent unchanged on a sub-agent booking — the parent it
 *   is registered under — the booking stays the sub-agent's; another agent clears the sub-agent (§4).
 * - A non-admin's is fixed whatever was sent (§6): their own agent on create; on edit the booking's own
 *   agent (the sub-agent of a via-parent booking, whether the sub-agent or the parent edits it).
 * Null: nobody (an admin who sent no agent, a non-admin user without an agent profile).
 */
export function bookingAgentId(
  viewer: Viewer,
  sentPrimaryAgentId: number | null,
  existing: BookingRegistration | null,
): number | null {
  if (viewer.is_admin) {
    if (existing?.sub_agent_id != null && sentPrimaryAgentId === existing.primary_agent_id)
      return existing.sub_agent_id;
    return sentPrimaryAgentId;
  }
  if (existing) return existing.sub_agent_id ?? existing.primary_agent_id;
  return viewer.agent_id;
}

/**
 * The status a saved booking gets (spec §4, §6; DOMAIN.md "Money invariants" 1): an admin's choice
 * (else the booking's own, else pending); for a non-admin pending on create and the existing status on
 * edit, whatever was sent. A booking that is partial, completed or cancelled keeps its status on edit
 * whatever is sent (editing keeps the status; partial and completed come only from payouts, so a stale
 * form cannot undo a payout). An admin's choice that the status control may not set is refused by
 * {@link bookingStatusRefusal} before this is used.
 */
export function effectiveBookingStatus(
  viewer: Viewer,
  sent: BookingStatus | undefined,
  existing: BookingStatus | null,
): BookingStatus {
  if (existing !== null && existing !== 'pending' && existing !== 'confirmed') return existing;
  if (viewer.is_admin) return sent ?? existing ?? 'pending';
  return existing ?? 'pending';
}

export const STATUS_FROM_PAYOUTS_MESSAGE =
  'The status can be set to pending or confirmed only: partial and completed come from payouts.';
export const STATUS_CANCEL_ACTION_MESSAGE = 'A booking is cancelled with its Cancel action, which keeps a note.';

/**
 * DOMAIN.md "Money invariants" 1: an admin's status control sets only pending or confirmed. Partial and
 * completed come only from payouts; cancelling has its own action (a new booking may be recorded as
 * already cancelled). Sending the booking's own status, or any status for a booking whose status a save
 * keeps (partial, completed, cancelled: see {@link effectiveBookingStatus}), is not a choice and passes.
 * A non-admin's status is never a choice (coerced). Returns the message for the status field, or null.
 */
export function bookingStatusRefusal(
  viewer: Viewer,
  sent: BookingStatus | undefined,
  existing: BookingStatus | null,
): string | null {
  if (!viewer.is_admin || sent === undefined || sent === existing) return null;
  if (existing !== null && existing !== 'pending' && existing !== 'confirmed') return null;
  if (sent === 'partial' || sent === 'completed') return STATUS_FROM_PAYOUTS_MESSAGE;
  if (sent === 'cancelled' && existing !== null) return STATUS_CANCEL_ACTION_MESSAGE;
  return null;
}

/**
 * The statuses the status control offers (DOMAIN.md "Money invariants" 1), mirroring
 * {@link bookingStatusRefusal}: pending and confirmed, and cancelled for a new booking; a partial,
 * completed or cancelled booking shows its own status only (a save keeps it).
 */
export function settableBookingStatuses(existing: BookingStatus | null): BookingStatus[] {
  if (existing === null) return ['pending', 'confirmed', 'cancelled'];
  if (existing === 'pending' || existing === 'confirmed') return ['pending', 'confirmed'];
  return [existing];
}

/** What an edit would change on a booking that money was paid out of (DOMAIN.md "Money invariants" 1 and 2). */
export interface PaidBookingEdit {
  status: BookingStatus;
  /** The gross before and after the edit. */
  gross: Cents;
  newGross: Cents;
  /** bookings.paid_amount: the gross settled by payouts. */
  paid: Cents;
  referenceChanged: boolean;
  supplierChanged: boolean;
  agentChanged: boolean;
}

/**
 * Why an edit of a booking with payouts must be refused, as `{field, message}`, or null. Paid money is
 * never rewritten: the gross keeps the sign of what was paid and cannot move below it (towards zero); a
 * booking paid out in full keeps its gross; and the facts that tie the payouts to the supplier's money
 * (reference, supplier) and to the agents paid (the agent) stay as they are.
 */
export function paidBookingEditRefusal(e: PaidBookingEdit): { field: string; message: string } | null {
  if (e.paid === 0n) return null;
  const paid = groupedMoney(e.paid);
  if (e.supplierChanged || e.agentChanged)
    return {
      field: e.supplierChanged ? 'supplier_id' : 'primary_agent_id',
      message: 'A booking with payouts cannot move to another supplier or agent.',
    };
  if (e.referenceChanged)
    return { field: 'booking_reference', message: `This booking has payouts of ${paid}; its reference cannot change.` };
  if (e.status === 'completed' && e.newGross !== e.gross)
    return {
      field: 'booking_amount',
      message: `This booking is paid out in full (${paid}); its amount cannot change.`,
    };
  const below = e.paid > 0n ? e.newGross < e.paid : e.newGross > e.paid;
  // A partial booking keeps something remaining: an edit down to exactly what was paid would leave a
  // partial booking with nothing to pay (a reconcile to the money received is what closes it).
  if (!below && e.status === 'partial' && e.newGross === e.paid && e.gross !== e.paid)
    return {
      field: 'booking_amount',
      message: `This booking has payouts of ${paid}; its amount must stay above that (reconcile it to close it at what was received).`,
    };
  if (below)
    return {
      field: 'booking_amount',
      message:
        e.paid > 0n
          ? `This booking has payouts of ${paid}; its amount cannot be lower.`
          : `This refund booking has clawbacks of ${paid}; its amount cannot be closer to zero.`,
    };
  return null;
}

/** '1,000.00', '-150.00': cents with thousands separators, for messages a bookkeeper reads. */
export function groupedMoney(c: Cents): string {
  const text = formatUnits(c < 0n ? -c : c, 2);
  const [whole, frac] = text.split('.') as [string, string];
  return `${c < 0n ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** Why a delete is refused, for the server's 409 (null when allowed). */
export function deleteRefusal(b: BookingForActions): string | null {
  if (b.status === 'completed') return 'A completed booking cannot be deleted.';
  if (b.status === 'cancelled') return 'A cancelled booking cannot be deleted.';
  if (b.is_reconciled) return 'A reconciled booking cannot be deleted.';
  if (b.has_transactions) return 'A booking with matched transactions cannot be deleted.';
  if (b.has_paid_commission) return 'A booking with paid commission cannot be deleted.';
  return null;
}

/** 'Group YYYY-MM-DD-HHMMSS' in UTC (spec §4, §9). */
export function generateGroupName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `Group ${now.getUTCFullYear()}-${p(now.getUTCMonth() + 1)}-${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
}

/**
 * Whether a non-admin agent may book a supplier: with a direct rate (agent rule, tier rule or own
 * default), or through a parent agent's sub-agent link (bookings spec §2 "via Agent Name").
 */
export const canAgentBookSupplier = (rate: { source: string; is_sub_agent: boolean }) =>
  rate.is_sub_agent || rate.source !== 'none';
