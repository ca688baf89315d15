import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '../claims/claim-rules';
import {
  agentClaimSchema,
  claimListQuerySchema,
  myClaimsQuerySchema,
  rejectClaimSchema,
  unclaimedSearchQuerySchema,
  unmatchedTransactionsQuerySchema,
} from './claims';

const bookingData = {
  transaction_id: 5,
  booking_reference: 'ABC-123',
  customer_name: 'Ada Lovelace',
  booking_date: '2026-03-01',
};
const receipt = { filename: 'r.pdf', data: 'bytes' };

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.map(String).join('.'), i.message]));

describe('agentClaimSchema', () => {
  it('parses booking_data from JSON text and defaults the optional fields', () => {
    const r = agentClaimSchema.parse({
      reference_number: ' abc-123 ',
      booking_data: JSON.stringify(bookingData),
      booking_receipt: receipt,
    });
    expect(r.reference_number).toBe('abc-123');
    expect(r.booking_data).toEqual({
      ...bookingData,
      supplier_id: null,
      booking_amount: null,
      notes: '',
      is_personal: false,
    });
  });

  it("takes the spec's booking data: no transaction id, the supplier and the amount (exact cents)", () => {
    const { transaction_id: _none, ...specData } = bookingData;
    const r = agentClaimSchema.parse({
      reference_number: 'ABC-123',
      booking_data: JSON.stringify({ ...specData, supplier_id: 3, booking_amount: '1265.10', is_personal: false }),
      booking_receipt: receipt,
    });
    expect(r.booking_data).toMatchObject({ transaction_id: null, supplier_id: 3, booking_amount: 126510n });
  });

  it('asks for the supplier when the booking data names no transaction', () => {
    const { transaction_id: _none, ...specData } = bookingData;
    const r = agentClaimSchema.safeParse({
      reference_number: 'ABC-123',
      booking_data: JSON.stringify({ ...specData, booking_amount: '10.00' }),
      booking_receipt: receipt,
    });
    expect(errorsOf(r)).toEqual({ 'booking_data.supplier_id': 'The supplier field is required.' });
    const amount = agentClaimSchema.safeParse({
      reference_number: 'ABC-123',
      booking_data: JSON.stringify({ ...specData, supplier_id: 3, booking_amount: 'ten' }),
      booking_receipt: receipt,
    });
    expect(errorsOf(amount)).toEqual({
      'booking_data.booking_amount': 'The booking amount must be a number with at most 2 decimals.',
    });
  });

  it('takes an object as it is and the personal flag as the form posts it', () => {
    const r = agentClaimSchema.parse({
      reference_number: 'ABC-123',
      booking_data: { ...bookingData, transaction_id: '5', is_personal: '1', notes: 'Two\nlines' },
      booking_receipt: receipt,
    });
    expect(r.booking_data).toMatchObject({ transaction_id: 5, is_personal: true, notes: 'Two\nlines' });
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"ABC"'],
    ['JSON null', 'null'],
  ])('refuses %s on booking_data', (_name, text) => {
    const r = agentClaimSchema.safeParse({ reference_number: 'A', booking_data: text, booking_receipt: receipt });
    expect(errorsOf(r)).toEqual({ booking_data: CLAIM_MESSAGES.bookingDataNotJson });
  });

  it('requires the booking data, the reference and the receipt with the spec message', () => {
    const r = agentClaimSchema.safeParse({ reference_number: '  ', booking_data: '' });
    expect(errorsOf(r)).toEqual({
      reference_number: 'The reference number field is required.',
      booking_data: 'The booking data field is required.',
      booking_receipt: 'Receipt is required.',
    });
  });

  it('names each missing or bad field of the booking data under booking_data', () => {
    const r = agentClaimSchema.safeParse({
      reference_number: 'abc-123',
      booking_data: JSON.stringify({ transaction_id: 'x', booking_reference: 'abc-123', booking_date: '2026-02-30' }),
      booking_receipt: receipt,
    });
    expect(errorsOf(r)).toEqual({
      'booking_data.transaction_id': CLAIM_MESSAGES.transactionInvalid,
      'booking_data.booking_reference': 'Booking reference must be in UPPERCASE letters, numbers, and hyphens only.',
      'booking_data.customer_name': 'The customer name field is required.',
      'booking_data.booking_date': 'The booking date is not a valid date (YYYY-MM-DD).',
    });
  });

  it('bounds the booking data text', () => {
    const r = agentClaimSchema.safeParse({
      reference_number: 'A',
      booking_data: JSON.stringify({ ...bookingData, notes: 'x'.repeat(30_000) }),
      booking_receipt: receipt,
    });
    expect(errorsOf(r).booking_data).toBe('The booking data field must not be greater than 20000 characters.');
  });
});

describe('rejectClaimSchema', () => {
  it('requires a reason of at most 1000 characters', () => {
    expect(errorsOf(rejectClaimSchema.safeParse({ reason: ' ' }))).toEqual({
      reason: 'The reason field is required.',
    });
    expect(errorsOf(rejectClaimSchema.safeParse({ reason: 'x'.repeat(1001) }))).toEqual({
      reason: 'The reason field must not be greater than 1000 characters.',
    });
    expect(rejectClaimSchema.parse({ reason: ' No receipt for this trip.\n' })).toEqual({
      reason: 'No receipt for this trip.',
    });
  });
});

describe('list queries', () => {
  it('review list: pending by default, unknown values fall back', () => {
    expect(claimListQuerySchema.parse({})).toEqual({ status: 'pending', page: 1, per_page: 10 });
    expect(claimListQuerySchema.parse({ status: 'all', page: '3', per_page: '25' })).toEqual({
      status: 'all',
      page: 3,
      per_page: 25,
    });
    expect(claimListQuerySchema.parse({ status: 'drop table', page: '-1', per_page: '7' })).toEqual({
      status: 'pending',
      page: 1,
      per_page: 10,
    });
  });

  it('my claims: every state by default', () => {
    expect(myClaimsQuerySchema.parse({}).status).toBe('all');
    expect(myClaimsQuerySchema.parse({ status: 'rejected' }).status).toBe('rejected');
  });

  it('search: an empty reference is refused', () => {
    expect(errorsOf(unclaimedSearchQuerySchema.safeParse({ reference_number: '' }))).toEqual({
      reference_number: 'The reference number field is required.',
    });
  });
});

describe('unmatchedTransactionsQuerySchema', () => {
  it('defaults: newest first, 10 a page, no supplier filter', () => {
    expect(unmatchedTransactionsQuerySchema.parse({})).toEqual({
      include_suppliers: [],
      start_date: undefined,
      end_date: undefined,
      search: undefined,
      sort: 'transaction_date',
      direction: 'desc',
      page: 1,
      per_page: 10,
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['bracketed keys', { 'include_suppliers[]': ['1', '2'] }],
    ['repeated keys', { include_suppliers: ['1', '2'] }],
    ['a comma list', { include_suppliers: '1, 2' }],
    ['both spellings at once', { include_suppliers: '2', 'include_suppliers[]': '1' }],
  ])('reads include_suppliers from %s', (_name, query) => {
    expect([...unmatchedTransactionsQuerySchema.parse(query).include_suppliers].sort()).toEqual([1, 2]);
  });

  it('refuses a supplier that is not an id and a date that is not one', () => {
    const r = unmatchedTransactionsQuerySchema.safeParse({ include_suppliers: '1,x', start_date: '2026-13-01' });
    expect(errorsOf(r)).toEqual({
      'include_suppliers.1': 'The selected suppliers are invalid.',
      start_date: 'The start date is not a valid date (YYYY-MM-DD).',
    });
    expect(unmatchedTransactionsQuerySchema.safeParse({ include_suppliers: '2147483648' }).success).toBe(false);
  });

  it('keeps the table options it knows and falls back on the others', () => {
    const q = unmatchedTransactionsQuerySchema.parse({ sort: 'amount', direction: 'asc', per_page: '50', page: '2' });
    expect(q).toMatchObject({ sort: 'amount', direction: 'asc', per_page: 50, page: 2 });
    const bad = unmatchedTransactionsQuerySchema.parse({ sort: 'id; drop', direction: 'up', per_page: '1000' });
    expect(bad).toMatchObject({ sort: 'transaction_date', direction: 'desc', per_page: 10 });
  });
});
