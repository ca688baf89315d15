import { BOOKING_REFERENCE_MESSAGE, REQUIRED_FIELDS_MESSAGE, UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  bookingGroupValue,
  checkBeforeSubmit,
  initialBookingValues,
  localIsoDate,
  missingRequiredFields,
  submitBlock,
  toBookingPayload,
  toFormFieldErrors,
  type BookingFormValues,
  type BookingPayloadContext,
  type EditedBooking,
} from './booking-form-values';

const GROUPS = [
  { id: 5, name: 'Smith family' },
  { id: 6, name: 'Group 2026-01-02-030405' },
];

const filled = (over: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...initialBookingValues(undefined, '2026-03-01'),
  supplier_id: '2',
  booking_reference: 'TUI-100',
  customer_name: 'Jean Client',
  booking_amount: '250.5',
  ...over,
});
const agentCtx: BookingPayloadContext = {
  admin: false,
  status: 'pending',
  expectedCommission: '25.05',
  groups: GROUPS,
  effectivePrimaryAgentId: 42,
};
const adminCtx: BookingPayloadContext = { ...agentCtx, admin: true, status: 'confirmed' };
const check = (values: BookingFormValues, ctx = agentCtx) => checkBeforeSubmit(values, toBookingPayload(values, ctx));

const edited: EditedBooking = {
  supplier_id: 3,
  booking_reference: 'TR-1',
  trip_number: null,
  booking_date: '2026-03-01',
  customer_name: 'Jean Client',
  booking_amount: -1234.5,
  status: 'confirmed',
  notes: null,
  is_personal: true,
  booking_group: { id: 5, name: 'Smith family' },
  primary_agent_id: 9,
  sub_agent_id: 42,
};

describe('localIsoDate', () => {
  it('writes the local calendar date with two-digit month and day', () => {
    expect(localIsoDate(new Date(2026, 0, 2, 23, 59))).toBe('2026-01-02');
    expect(localIsoDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});

describe('initialBookingValues', () => {
  it('starts a new booking pending, today, with nothing chosen', () => {
    expect(initialBookingValues(undefined, '2026-03-01')).toEqual({
      supplier_id: null,
      booking_reference: '',
      trip_number: '',
      booking_date: '2026-03-01',
      customer_name: '',
      booking_amount: '',
      status: 'pending',
      notes: '',
      is_personal: false,
      is_group_booking: false,
      group: '',
      primary_agent_id: null,
      booking_receipt: null,
    });
  });

  it('reads an edited booking: its amount to the cent, its group by name, the parent as the primary agent', () => {
    expect(initialBookingValues(edited, '2026-04-04')).toEqual({
      supplier_id: '3',
      booking_reference: 'TR-1',
      trip_number: '',
      booking_date: '2026-03-01',
      customer_name: 'Jean Client',
      booking_amount: '-1234.50',
      status: 'confirmed',
      notes: '',
      is_personal: true,
      is_group_booking: true,
      group: 'Smith family',
      primary_agent_id: '9',
      booking_receipt: null,
    });
    const direct = initialBookingValues({ ...edited, sub_agent_id: null, booking_group: null }, '2026-04-04');
    expect(direct.primary_agent_id).toBe('9');
    expect(direct.is_group_booking).toBe(false);
    expect(direct.group).toBe('');
  });
});

describe('bookingGroupValue', () => {
  it('sends an existing group as its id, a new one as its trimmed name, and nothing without a group', () => {
    expect(bookingGroupValue({ is_group_booking: true, group: ' Smith family ' }, GROUPS)).toBe('5');
    expect(bookingGroupValue({ is_group_booking: true, group: ' Jones trip ' }, GROUPS)).toBe('Jones trip');
    expect(bookingGroupValue({ is_group_booking: false, group: 'Smith family' }, GROUPS)).toBe('');
    expect(bookingGroupValue({ is_group_booking: true, group: 'smith family' }, GROUPS)).toBe('smith family');
  });
});

describe('toBookingPayload', () => {
  it("maps an agent's form with their fixed primary agent, the given status and expected commission", () => {
    expect(toBookingPayload(filled({ booking_reference: ' TUI-100 ', booking_amount: ' 250.5 ' }), agentCtx)).toEqual({
      supplier_id: '2',
      booking_reference: 'TUI-100',
      trip_number: '',
      booking_date: '2026-03-01',
      customer_name: 'Jean Client',
      booking_amount: '250.5',
      expected_commission: '25.05',
      status: 'pending',
      notes: '',
      is_personal: false,
      is_group_booking: false,
      booking_group_id: '',
      primary_agent_id: '42',
      booking_receipt: null,
    });
    expect(toBookingPayload(filled(), { ...agentCtx, effectivePrimaryAgentId: null }).primary_agent_id).toBeUndefined();
  });

  it("sends an admin's primary agent ('' when none) and group", () => {
    const values = filled({ primary_agent_id: '43', is_group_booking: true, group: 'Smith family' });
    expect(toBookingPayload(values, adminCtx)).toMatchObject({
      status: 'confirmed',
      primary_agent_id: '43',
      is_group_booking: true,
      booking_group_id: '5',
    });
    expect(toBookingPayload(filled(), adminCtx).primary_agent_id).toBe('');
  });
});

describe('missingRequiredFields', () => {
  it('needs reference, amount, date, customer name and status (blanks count as missing)', () => {
    expect(missingRequiredFields(filled(), 'pending')).toEqual([]);
    expect(missingRequiredFields(filled({ supplier_id: null, trip_number: '' }), 'pending')).toEqual([]);
    for (const field of ['booking_reference', 'booking_amount', 'booking_date', 'customer_name'] as const) {
      expect(missingRequiredFields(filled({ [field]: '  ' }), 'pending')).toEqual([field]);
    }
    expect(missingRequiredFields(filled(), '')).toEqual(['status']);
    expect(missingRequiredFields(filled({ booking_reference: '', customer_name: '' }), 'pending')).toEqual([
      'booking_reference',
      'customer_name',
    ]);
  });
});

describe('submitBlock', () => {
  it('holds while a required field is missing or the reference is not upper case, and not once they are fixed', () => {
    expect(submitBlock(filled({ customer_name: '' }), 'pending')).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(submitBlock(filled({ booking_reference: 'ab-1' }), 'pending')).toBe(BOOKING_REFERENCE_MESSAGE);
    expect(submitBlock(filled(), 'pending')).toBeNull();
  });
});

describe('checkBeforeSubmit', () => {
  it('passes a complete form', () => {
    expect(check(filled())).toEqual({ ok: true });
    expect(check(filled({ booking_amount: '-200', primary_agent_id: '42' }), adminCtx)).toEqual({ ok: true });
  });

  it('blocks missing required fields first, then a reference that is not upper case', () => {
    expect(check(filled({ customer_name: '', booking_amount: ' ', booking_reference: 'ab-1' }))).toEqual({
      ok: false,
      block: REQUIRED_FIELDS_MESSAGE,
      fieldErrors: {
        booking_amount: 'The booking amount field is required.',
        customer_name: 'The customer name field is required.',
      },
    });
    expect(check(filled({ booking_reference: 'ab-12' }))).toEqual({
      ok: false,
      block: BOOKING_REFERENCE_MESSAGE,
      fieldErrors: {},
    });
  });

  it('refuses a receipt over 5 MB on its field, and accepts one of exactly 5 MB', () => {
    const file = (size: number) => new File([new Uint8Array(size)], 'receipt.pdf', { type: 'application/pdf' });
    expect(check(filled({ booking_receipt: file(UPLOAD_MAX_BYTES + 1) }))).toEqual({
      ok: false,
      fieldErrors: { booking_receipt: UPLOAD_TOO_LARGE },
    });
    expect(check(filled({ booking_receipt: file(UPLOAD_MAX_BYTES) }))).toEqual({ ok: true });
  });

  it("puts the shared schema's messages (the server's) on the fields, first message each", () => {
    expect(check(filled({ supplier_id: null }))).toEqual({
      ok: false,
      fieldErrors: { supplier_id: 'The supplier field is required.' },
    });
    expect(check(filled({ booking_amount: '12.345', trip_number: 'T'.repeat(65) }))).toEqual({
      ok: false,
      fieldErrors: {
        trip_number: 'The trip number field must not be greater than 64 characters.',
        booking_amount: 'The booking amount must be a number with at most 2 decimals.',
      },
    });
    expect(check(filled({ booking_date: '2026-02-30' }))).toEqual({
      ok: false,
      fieldErrors: { booking_date: 'The booking date is not a valid date (YYYY-MM-DD).' },
    });
  });
});

describe('toFormFieldErrors', () => {
  it('shows a booking_group_id error on the group picker and keeps the other keys', () => {
    expect(toFormFieldErrors({ booking_group_id: 'Unknown group.', customer_name: 'Too long.' })).toEqual({
      group: 'Unknown group.',
      customer_name: 'Too long.',
    });
  });
});
