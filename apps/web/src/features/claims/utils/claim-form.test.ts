import { BOOKING_REFERENCE_MESSAGE, CLAIM_MESSAGES, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '@app/domain';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../../lib/api-client';
import { sunwingCredit } from '../claims.testing';
import {
  adminClaimPayload,
  agentClaimPayload,
  claimErrorState,
  claimFormSchema,
  initialClaimValues,
  RECEIPT_TYPE_MESSAGE,
  receiptProblem,
} from './claim-form';

const file = (size: number, type: string, name = 'receipt') => new File([new Uint8Array(size)], name, { type });
const png = file(10, 'image/png', 'r.png');
const values = {
  ...initialClaimValues(sunwingCredit),
  customer_name: ' Jean Roy ',
  notes: 'Called in',
  booking_receipt: png,
};

describe('initialClaimValues', () => {
  it("starts with the transaction's reference in upper case and its date", () => {
    const v = initialClaimValues({ ...sunwingCredit, reference_number: ' sw-44a ' });
    expect(v.booking_reference).toBe('SW-44A');
    expect(v.booking_date).toBe('2026-05-04');
    expect(v.customer_name).toBe('');
    expect(v.booking_receipt).toBeNull();
  });
});

describe('receiptProblem', () => {
  it('needs a receipt from an agent, not from an admin', () => {
    expect(receiptProblem(null, true)).toBe('Receipt is required.');
    expect(receiptProblem(null, false)).toBeNull();
  });
  it('takes an image or a PDF of at most 5 MB', () => {
    expect(receiptProblem(file(UPLOAD_MAX_BYTES, 'application/pdf'), true)).toBeNull();
    expect(receiptProblem(file(UPLOAD_MAX_BYTES + 1, 'application/pdf'), true)).toBe(UPLOAD_TOO_LARGE);
    expect(receiptProblem(file(10, 'image/jpeg'), false)).toBeNull();
    expect(receiptProblem(file(10, 'image/svg+xml'), false)).toBe(RECEIPT_TYPE_MESSAGE);
    expect(receiptProblem(file(10, 'application/x-msdownload'), true)).toBe(RECEIPT_TYPE_MESSAGE);
  });
});

describe('claimFormSchema', () => {
  // What the modal's form shows: Mantine's resolver keeps each field's first message.
  const errorsOf = (admin: boolean, v: Record<string, unknown>) =>
    schemaResolver(claimFormSchema({ admin, transaction: sunwingCredit }), { sync: true })(v);

  it('says what is missing with the server’s messages', () => {
    expect(errorsOf(false, { ...initialClaimValues(sunwingCredit), booking_date: '' })).toEqual({
      customer_name: 'The customer name field is required.',
      booking_date: 'The booking date field is required.',
      booking_receipt: CLAIM_MESSAGES.receiptRequired,
    });
    expect(errorsOf(true, { ...initialClaimValues(sunwingCredit), customer_name: 'Jean' })).toEqual({
      primary_agent_id: 'The primary agent field is required.',
    });
    expect(errorsOf(true, { ...values, primary_agent_id: '12' })).toEqual({});
  });

  it("holds the booking reference to UPPERCASE and to the transaction's own", () => {
    expect(errorsOf(false, { ...values, booking_reference: 'sw4472299' })).toEqual({
      booking_reference: BOOKING_REFERENCE_MESSAGE,
    });
    expect(errorsOf(false, { ...values, booking_reference: 'SW4472290' })).toEqual({
      booking_reference:
        "The booking reference must be the transaction's reference number (SW4472299) so the booking matches it.",
    });
  });
});

describe('payloads', () => {
  it("an agent's request carries the reference, the booking data as JSON and the receipt", () => {
    const p = agentClaimPayload(values, sunwingCredit);
    expect(p.reference_number).toBe('SW4472299');
    expect(JSON.parse(p.booking_data)).toEqual({
      transaction_id: 31,
      booking_reference: 'SW4472299',
      customer_name: 'Jean Roy',
      booking_date: '2026-05-04',
      notes: 'Called in',
      is_personal: false,
    });
    expect(p.booking_receipt).toBe(png);
  });

  it("an admin's claim is a pending claimed booking with the transaction's supplier and exact amount", () => {
    const p = adminClaimPayload({ ...values, primary_agent_id: '12' }, { ...sunwingCredit, amount: 1234.5 });
    expect(p).toEqual({
      booking_reference: 'SW4472299',
      customer_name: 'Jean Roy',
      booking_date: '2026-05-04',
      supplier_id: 3,
      booking_amount: '1234.50',
      status: 'pending',
      is_personal: false,
      notes: 'Called in',
      is_claimed_booking: true,
      primary_agent_id: '12',
      booking_receipt: png,
    });
  });
});

describe('claimErrorState (spec §8 Claim)', () => {
  it("says the server's message for a refusal", () => {
    const error = toApiError(422, { status: 'error', message: 'This transaction already has a pending claim (#4).' });
    expect(claimErrorState(error)).toEqual({
      message: 'This transaction already has a pending claim (#4).',
      fieldErrors: {},
      otherErrors: [],
    });
  });

  it('puts field errors under their fields, the booking data’s and the admin claim’s included', () => {
    const agent = toApiError(422, {
      message: 'The customer name field is required. (and 2 more errors)',
      errors: {
        'booking_data.customer_name': ['The customer name field is required.'],
        booking_receipt: ['Receipt is required.'],
        reference_number: ['This transaction already has a pending claim (#4).'],
        'booking_data.transaction_id': ['The selected transaction is invalid.'],
      },
    });
    expect(claimErrorState(agent)).toEqual({
      message: 'The customer name field is required. (and 2 more errors)',
      fieldErrors: {
        customer_name: 'The customer name field is required.',
        booking_receipt: 'Receipt is required.',
        reference_number: 'This transaction already has a pending claim (#4).',
      },
      otherErrors: ['The selected transaction is invalid.'],
    });
    const admin = toApiError(422, {
      message: 'The primary agent field is required.',
      errors: { primary_agent_id: ['The primary agent field is required.'], supplier_id: ['Gone.'] },
    });
    expect(claimErrorState(admin)).toEqual({
      message: null,
      fieldErrors: { primary_agent_id: 'The primary agent field is required.', supplier: 'Gone.' },
      otherErrors: [],
    });
  });

  it('falls back to the spec’s three messages', () => {
    expect(claimErrorState(toApiError(500, null)).message).toBe('An error occurred while processing your request.');
    expect(claimErrorState(new ApiError({ kind: 'network', status: 0, message: 'x' })).message).toBe(
      'Unable to connect to the server. Please check your internet connection.',
    );
    expect(claimErrorState(new ApiError({ kind: 'invalid_response', status: 200, message: 'x' })).message).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(claimErrorState(new TypeError('boom')).message).toBe('An unexpected error occurred. Please try again.');
  });
});
