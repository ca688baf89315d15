/**
 * Booking rules that the list (which buttons to show) and the server (what to allow) both apply:
 * one function each, so the screen never offers what the server refuses.
 */
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

/** Spec bookings §5 "Action availability on the bookings list". */
export function bookingActions(b: BookingForActions, viewer: Viewer): BookingActions {
  const own = viewer.agent_id !== null && b.agent_ids.includes(viewer.agent_id);
  const canSee = viewer.is_admin || own;
  let payout = false;
  if (viewer.is_admin && !closed(b.status) && b.transaction) {
    payout =
      b.transaction.can_payout !== undefined
        ? b.transaction.can_payout
        : (b.transaction.status === 'match' || b.transaction.status === 'partial') &&
          b.transaction.has_completed_credit;
  }
  return {
    view: canSee,
    // Admins may edit anything; agents their own open, non-refund bookings.
    edit: viewer.is_admin || (own && !closed(b.status) && !b.is_refund),
    delete: viewer.is_admin && !closed(b.status) && !b.is_reconciled && !b.has_transactions && !b.has_paid_commission,
    cancel: viewer.is_admin && !closed(b.status),
    payout,
    transactions_link: viewer.is_admin,
  };
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
