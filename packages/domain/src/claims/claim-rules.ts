/**
 * Claims (DOMAIN.md "Claims", "Matching"; bookings spec §5 "Claim modal", §6, §8): an agent's request to
 * turn an unmatched supplier credit into a booking, reviewed by an admin. The rules here need no IO:
 * the server applies them to what it read, the browser to what it shows.
 */
import { BOOKING_REFERENCE_MESSAGE } from '../bookings/booking-rules';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Spec §8 and ours where the spec gives no text. */
export const CLAIM_MESSAGES = {
  /** Spec §5 "Claim modal" (non-admins). */
  receiptRequired: 'Receipt is required.',
  /** Spec §5: the same message as the booking form. */
  bookingReference: BOOKING_REFERENCE_MESSAGE,
  bookingDataNotJson: 'The booking data must be a JSON object (the claim form sends it as text).',
  /** The agents' search found nothing (a 200 with no transaction: nothing went wrong). */
  notFound: 'No unmatched transaction found for this reference.',
  transactionInvalid: 'The selected transaction is invalid.',
  notSupplierAccount: 'Only a transaction on a supplier account can be claimed.',
  notCredit: 'Only a credit transaction can be claimed: this one is a debit.',
  notCompleted: 'Only a completed transaction can be claimed.',
  alreadyMatched: 'This transaction already matches a booking of its supplier.',
  referenceMismatch: "The reference number does not match the transaction's reference number.",
  supplierMismatch: "The supplier is not the transaction's supplier.",
  /** Admins claim by creating the booking at once (spec §6): `POST /bookings` with `is_claimed_booking=1`. */
  adminsClaimDirectly:
    'Admins claim a transaction by creating the booking directly (is_claimed_booking with a primary agent).',
  agentOnly: 'Only agents can request a claim.',
  cannotBookSupplier:
    "You cannot claim this supplier's transaction: you have no commission rate for the supplier and no parent agent who books it.",
  claimedMeanwhile: 'This transaction was claimed by someone else a moment ago.',
  submitted: 'Claim submitted for review.',
  approved: 'Claim approved: the booking was created.',
  rejected: 'Claim rejected.',
  unexpected: 'An unexpected error occurred. Please try again.',
  offline: 'Unable to connect to the server. Please check your internet connection.',
  failed: 'An error occurred while processing your request.',
  searchFailed: 'An error occurred while searching',
} as const;

/** 'This transaction already has a pending claim (#12).': the pending request that holds it, named. */
export const pendingClaimMessage = (claimId: number) => `This transaction already has a pending claim (#${claimId}).`;

/**
 * The spec's claim names no transaction id, only the reference and the supplier: none of that supplier's
 * credits with that reference is unmatched.
 */
export const noClaimableCreditMessage = (reference: string) =>
  `No unmatched credit transaction of this supplier has the reference number ${normalizeReference(reference)}.`;

/** …or more than one is: the claim must say which (the claim modal sends the transaction's id). */
export const ambiguousClaimMessage = (reference: string, count: number) =>
  `${count} unmatched credit transactions of this supplier have the reference number ${normalizeReference(reference)}: ` +
  'send booking_data.transaction_id to say which one is claimed.';

/** A claim's `booking_amount` is the transaction's amount (spec §5: the amount comes from the transaction). */
export const claimAmountMismatchMessage = (amount: string, currencyCode: string) =>
  `The booking amount must be the transaction's amount (${currencyCode} ${amount}).`;

/** 'This claim has already been approved.' — the second of two decisions, whichever they were. */
export const claimDecidedMessage = (status: Exclude<ClaimStatus, 'pending'>) =>
  `This claim has already been ${status}.`;

/** DOMAIN.md "Matching": references compare trimmed and case-insensitive. */
export const normalizeReference = (reference: string) => reference.trim().toUpperCase();

export const sameReference = (a: string, b: string) => normalizeReference(a) === normalizeReference(b);

/** What the server read about a transaction someone wants to claim. */
export interface ClaimableTransactionFacts {
  transaction_type: 'credit' | 'debit';
  status: string;
  accountable_type: 'supplier' | 'agent';
  /** A booking of the transaction's supplier has its reference (DOMAIN.md "Matching"). */
  matched: boolean;
  /** The pending claim on it, if any. */
  pending_claim_id: number | null;
}

/**
 * Why a transaction cannot be claimed, or null: DOMAIN.md's "unmatched credit transaction" — a
 * completed credit on a supplier account whose reference matches no booking of that supplier and
 * has no pending claim.
 */
export function claimRefusal(t: ClaimableTransactionFacts): string | null {
  if (t.accountable_type !== 'supplier') return CLAIM_MESSAGES.notSupplierAccount;
  if (t.transaction_type !== 'credit') return CLAIM_MESSAGES.notCredit;
  if (t.status !== 'completed') return CLAIM_MESSAGES.notCompleted;
  if (t.matched) return CLAIM_MESSAGES.alreadyMatched;
  if (t.pending_claim_id !== null) return pendingClaimMessage(t.pending_claim_id);
  return null;
}

/** A transaction with the reference of a claim that names none: its id and what {@link claimRefusal} reads. */
export interface ClaimCandidate extends ClaimableTransactionFacts {
  id: number;
}

/**
 * Which of the supplier's transactions with the claimed reference (normalised alike) a claim that names
 * no transaction is for: the one that can be claimed. Otherwise why not: more than one can, and the
 * claim must say which; none can, and one held by a pending claim names that claim; else none is unmatched.
 */
export function resolveClaimCandidate(
  reference: string,
  candidates: readonly ClaimCandidate[],
): { id: number; problem: null } | { id: null; problem: string } {
  const claimable = candidates.filter((c) => claimRefusal(c) === null);
  if (claimable.length === 1) return { id: claimable[0]!.id, problem: null };
  if (claimable.length > 1) return { id: null, problem: ambiguousClaimMessage(reference, claimable.length) };
  const held = candidates.find(
    (c) => c.pending_claim_id !== null && claimRefusal({ ...c, pending_claim_id: null }) === null,
  );
  if (held?.pending_claim_id) return { id: null, problem: pendingClaimMessage(held.pending_claim_id) };
  return { id: null, problem: noClaimableCreditMessage(reference) };
}

/**
 * Why the booking reference of a claim cannot be used with this transaction, or null: the booking must
 * match the transaction once created, so its reference is the transaction's (trimmed, case-insensitive).
 */
export function claimBookingReferenceProblem(bookingReference: string, transactionReference: string): string | null {
  if (sameReference(bookingReference, transactionReference)) return null;
  return `The booking reference must be the transaction's reference number (${normalizeReference(transactionReference)}) so the booking matches it.`;
}

/** Why a claim cannot be decided (approved or rejected) now, or null when it is still pending. */
export function claimDecisionRefusal(status: ClaimStatus): string | null {
  return status === 'pending' ? null : claimDecidedMessage(status);
}

/**
 * Whether a saved booking is a claimed booking (spec §6 "Claiming a transaction"): on create, an admin's
 * `is_claimed_booking` (the admin claim); a non-admin claims through a request, never by this flag
 * (their approved request sets it). An edit keeps what the booking is.
 */
export function isClaimedOnSave(
  viewer: { is_admin: boolean },
  sent: boolean,
  existing: { is_claimed_booking: boolean } | null,
): boolean {
  if (existing) return existing.is_claimed_booking;
  return viewer.is_admin && sent;
}

/** Spec §4: "Claimed bookings are created with status pending", whatever status was chosen. */
export function claimedBookingStatus<S extends string>(claimed: boolean, creating: boolean, status: S): S | 'pending' {
  return claimed && creating ? 'pending' : status;
}
