import {
  CLAIM_MESSAGES,
  claimBookingDataSchema,
  claimBookingReferenceProblem,
  id,
  moneyInputText,
  normalizeReference,
  UPLOAD_IMAGE_OR_PDF_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE,
  type UnmatchedTransaction,
  uploadTypeMessage,
} from '@app/domain';
import { z } from 'zod';
import { isApiError, isNetworkError } from '../../../lib/api-client';
import { NO_FORM_ERRORS, type FormErrorState } from '../../../lib/form-errors';

/** The claim modal's fields (spec §5 "Claim modal"); reference, supplier and amount are the transaction's. */
export interface ClaimFormValues {
  booking_reference: string;
  customer_name: string;
  booking_date: string;
  notes: string;
  is_personal: boolean;
  /** Admins only: the agent the booking is for. */
  primary_agent_id: string | null;
  booking_receipt: File | null;
}

/** The booking reference starts as the transaction's (upper case), the date as the transaction's date. */
export const initialClaimValues = (transaction: UnmatchedTransaction): ClaimFormValues => ({
  booking_reference: normalizeReference(transaction.reference_number),
  customer_name: '',
  booking_date: transaction.transaction_date,
  notes: '',
  is_personal: false,
  primary_agent_id: null,
  booking_receipt: null,
});

/** The server's words for a receipt that is not an image or a PDF. */
export const RECEIPT_TYPE_MESSAGE = uploadTypeMessage('booking_receipt');

/** Spec §5: an image or a PDF of at most 5 MB; required for an agent ('Receipt is required.'), optional for an admin. */
export function receiptProblem(file: File | null, required: boolean): string | null {
  if (!file) return required ? CLAIM_MESSAGES.receiptRequired : null;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_TOO_LARGE;
  if (!(UPLOAD_IMAGE_OR_PDF_TYPES as readonly string[]).includes(file.type)) return RECEIPT_TYPE_MESSAGE;
  return null;
}

/**
 * The modal's checks, made of the claim's request schema (the server's rules and messages): the booking
 * reference in UPPERCASE and the transaction's own (so the booking matches it), customer name and date
 * required; an admin picks the agent; the receipt as `receiptProblem` says.
 */
export function claimFormSchema({ admin, transaction }: { admin: boolean; transaction: UnmatchedTransaction }) {
  // The transaction (its id, supplier and amount) is the search result's, not a field of the form.
  const fields = claimBookingDataSchema.omit({ transaction_id: true, supplier_id: true, booking_amount: true }).shape;
  return z.object({
    ...fields,
    booking_reference: fields.booking_reference.superRefine((reference, ctx) => {
      const problem = claimBookingReferenceProblem(reference, transaction.reference_number);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    primary_agent_id: admin ? id('primary agent') : z.unknown(),
    booking_receipt: z.unknown().superRefine((file, ctx) => {
      const problem = receiptProblem(file instanceof File ? file : null, !admin);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}

/** An agent's request: `POST /api/unclaimed-bookings` (spec §7), the booking data as JSON text. */
export function agentClaimPayload(values: ClaimFormValues, transaction: UnmatchedTransaction) {
  return {
    reference_number: transaction.reference_number,
    booking_data: JSON.stringify({
      transaction_id: transaction.id,
      booking_reference: values.booking_reference.trim(),
      customer_name: values.customer_name.trim(),
      booking_date: values.booking_date,
      notes: values.notes,
      is_personal: values.is_personal,
    }),
    booking_receipt: values.booking_receipt,
  };
}

/**
 * An admin's claim: `POST /bookings` (spec §7 "admin claim", CONTRACT.md §3), a pending booking for the
 * chosen agent with the transaction's supplier and amount, flagged `is_claimed_booking`.
 */
export function adminClaimPayload(values: ClaimFormValues, transaction: UnmatchedTransaction) {
  return {
    booking_reference: values.booking_reference.trim(),
    customer_name: values.customer_name.trim(),
    booking_date: values.booking_date,
    supplier_id: transaction.supplier_id,
    booking_amount: moneyInputText(transaction.amount),
    status: 'pending',
    is_personal: values.is_personal,
    notes: values.notes,
    is_claimed_booking: true,
    primary_agent_id: values.primary_agent_id ?? '',
    booking_receipt: values.booking_receipt,
  };
}

/** The modal's fields a server error can be shown under; the read-only ones show the transaction's. */
export const CLAIM_FORM_FIELDS = [
  'reference_number',
  'supplier',
  'amount',
  'booking_reference',
  'customer_name',
  'booking_date',
  'notes',
  'is_personal',
  'primary_agent_id',
  'booking_receipt',
] as const;

/** The modal's field for a server error's key: `booking_data.customer_name` (agent claim), `supplier_id` (admin claim). */
function formField(key: string): string {
  const field = key.startsWith('booking_data.') ? key.slice('booking_data.'.length) : key;
  if (field === 'supplier_id') return 'supplier';
  if (field === 'booking_amount') return 'amount';
  return field;
}

/**
 * Spec §8 "Claim": the server's message for a refusal; field errors under their fields (the rest in the
 * alert); else 'An unexpected error occurred. Please try again.' (an answer the app cannot read or a fault
 * of its own), 'Unable to connect to the server. Please check your internet connection.' (no answer) or
 * 'An error occurred while processing your request.' (a refusal without a message).
 */
export function claimErrorState(error: unknown): FormErrorState {
  if (isNetworkError(error)) return { ...NO_FORM_ERRORS, message: CLAIM_MESSAGES.offline };
  if (!isApiError(error) || error.kind !== 'http') return { ...NO_FORM_ERRORS, message: CLAIM_MESSAGES.unexpected };
  const fieldErrors: Record<string, string> = {};
  const otherErrors: string[] = [];
  for (const [key, [first]] of Object.entries(error.errors)) {
    if (first === undefined) continue;
    const field = formField(key);
    if ((CLAIM_FORM_FIELDS as readonly string[]).includes(field)) fieldErrors[field] ??= first;
    else otherErrors.push(first);
  }
  const explained = Object.keys(fieldErrors).length + otherErrors.length > 0;
  let message = error.hasServerMessage ? error.message : explained ? null : CLAIM_MESSAGES.failed;
  // A message that repeats what a field already says is not said twice.
  if (message !== null && Object.values(fieldErrors).includes(message)) message = null;
  return { message, fieldErrors, otherErrors: otherErrors.filter((m) => m !== message) };
}
