/** DOMAIN.md "Money invariants" 1 and 2 as the booking form's save applies them. */
import { describe, expect, it } from 'vitest';
import { moneyFromDb as m } from '../money/money';
import {
  bookingStatusRefusal,
  effectiveBookingStatus,
  groupedMoney,
  paidBookingEditRefusal,
  STATUS_CANCEL_ACTION_MESSAGE,
  STATUS_FROM_PAYOUTS_MESSAGE,
  type PaidBookingEdit,
} from './booking-rules';

const admin = { is_admin: true, agent_id: null };
const agent = { is_admin: false, agent_id: 7 };

describe('the status control (invariant 1)', () => {
  it('lets an admin set pending or confirmed, and record a new booking as cancelled', () => {
    expect(bookingStatusRefusal(admin, 'confirmed', 'pending')).toBeNull();
    expect(bookingStatusRefusal(admin, 'pending', null)).toBeNull();
    expect(bookingStatusRefusal(admin, 'cancelled', null)).toBeNull();
  });

  it('refuses partial and completed, which come from payouts, and cancelling through the form', () => {
    expect(bookingStatusRefusal(admin, 'completed', 'pending')).toBe(STATUS_FROM_PAYOUTS_MESSAGE);
    expect(bookingStatusRefusal(admin, 'partial', null)).toBe(STATUS_FROM_PAYOUTS_MESSAGE);
    expect(bookingStatusRefusal(admin, 'cancelled', 'confirmed')).toBe(STATUS_CANCEL_ACTION_MESSAGE);
  });

  it('keeps the status of a partial, completed or cancelled booking whatever a (stale) form sends', () => {
    for (const existing of ['partial', 'completed', 'cancelled'] as const) {
      expect(bookingStatusRefusal(admin, 'confirmed', existing)).toBeNull();
      expect(effectiveBookingStatus(admin, 'confirmed', existing)).toBe(existing);
      expect(effectiveBookingStatus(agent, 'pending', existing)).toBe(existing);
    }
    expect(effectiveBookingStatus(admin, 'confirmed', 'pending')).toBe('confirmed');
    expect(effectiveBookingStatus(agent, 'confirmed', 'pending')).toBe('pending');
  });

  it('never refuses a non-admin: their status is coerced', () => {
    expect(bookingStatusRefusal(agent, 'completed', 'pending')).toBeNull();
  });
});

const edit = (over: Partial<PaidBookingEdit>): PaidBookingEdit => ({
  status: 'partial',
  gross: m('1000.00'),
  newGross: m('1000.00'),
  paid: m('400.00'),
  referenceChanged: false,
  supplierChanged: false,
  agentChanged: false,
  ...over,
});

describe('an edit of a booking with payouts (invariants 1 and 2)', () => {
  it('allows anything on a booking with nothing paid', () => {
    expect(paidBookingEditRefusal(edit({ paid: m('0.00'), newGross: m('-5.00'), referenceChanged: true }))).toBeNull();
  });

  it('refuses a gross below what was paid, with the amount a bookkeeper reads', () => {
    expect(paidBookingEditRefusal(edit({ status: 'completed', paid: m('1000.00'), newGross: m('500.00') }))).toEqual({
      field: 'booking_amount',
      message: 'This booking is paid out in full (1,000.00); its amount cannot change.',
    });
    expect(paidBookingEditRefusal(edit({ newGross: m('399.99') }))).toEqual({
      field: 'booking_amount',
      message: 'This booking has payouts of 400.00; its amount cannot be lower.',
    });
    expect(paidBookingEditRefusal(edit({ newGross: m('-1.00') }))?.field).toBe('booking_amount');
  });

  it('keeps a partial booking above what was paid, and lets its gross rise', () => {
    expect(paidBookingEditRefusal(edit({ newGross: m('400.00') }))?.message).toMatch(/must stay above that/);
    expect(paidBookingEditRefusal(edit({ newGross: m('1200.00') }))).toBeNull();
    expect(paidBookingEditRefusal(edit({ newGross: m('400.01') }))).toBeNull();
  });

  it('refuses a refund moved closer to zero than its clawbacks', () => {
    const refund = edit({ gross: m('-150.00'), paid: m('-100.00') });
    expect(paidBookingEditRefusal({ ...refund, newGross: m('-99.00') })).toEqual({
      field: 'booking_amount',
      message: 'This refund booking has clawbacks of -100.00; its amount cannot be closer to zero.',
    });
    expect(paidBookingEditRefusal({ ...refund, newGross: m('-200.00') })).toBeNull();
  });

  it('keeps the reference, supplier and agent that tie the payouts to the money', () => {
    expect(paidBookingEditRefusal(edit({ referenceChanged: true }))?.field).toBe('booking_reference');
    expect(paidBookingEditRefusal(edit({ supplierChanged: true }))?.field).toBe('supplier_id');
    expect(paidBookingEditRefusal(edit({ agentChanged: true }))?.field).toBe('primary_agent_id');
  });
});

describe('groupedMoney', () => {
  it('groups thousands and keeps the sign', () => {
    expect(groupedMoney(m('1234567.50'))).toBe('1,234,567.50');
    expect(groupedMoney(m('-150.00'))).toBe('-150.00');
    expect(groupedMoney(m('0.05'))).toBe('0.05');
  });
});
