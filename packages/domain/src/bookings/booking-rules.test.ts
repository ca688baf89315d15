import { describe, expect, it } from 'vitest';
import {
  bookingActions,
  bookingAgentId,
  CLOSED_BOOKING_EDIT_MESSAGE,
  deleteRefusal,
  editRefusal,
  effectiveBookingStatus,
  generateGroupName,
  type BookingForActions,
} from './booking-rules';

const base: BookingForActions = {
  status: 'pending',
  is_refund: false,
  is_reconciled: false,
  agent_ids: [7],
  has_transactions: false,
  has_paid_commission: false,
};
const admin = { is_admin: true, agent_id: null };
const owner = { is_admin: false, agent_id: 7 };
const stranger = { is_admin: false, agent_id: 8 };

describe('bookingActions', () => {
  it('lets an admin do everything on an open booking without money attached (payout needs transactions)', () => {
    expect(bookingActions(base, admin)).toEqual({
      view: true,
      edit: true,
      delete: true,
      cancel: true,
      payout: false,
      transactions_link: true,
    });
  });

  it('lets the owning agent view and edit only', () => {
    expect(bookingActions(base, owner)).toEqual({
      view: true,
      edit: true,
      delete: false,
      cancel: false,
      payout: false,
      transactions_link: false,
    });
    expect(bookingActions(base, stranger).view).toBe(false);
    expect(bookingActions(base, stranger).edit).toBe(false);
  });

  it('keeps agents off refunds and closed bookings; admins may still edit', () => {
    expect(bookingActions({ ...base, is_refund: true }, owner).edit).toBe(false);
    for (const status of ['completed', 'cancelled'] as const) {
      expect(bookingActions({ ...base, status }, owner).edit).toBe(false);
      expect(bookingActions({ ...base, status }, admin)).toMatchObject({
        edit: true,
        delete: false,
        cancel: false,
        payout: false,
      });
    }
  });

  it('refuses delete when reconciled, with transactions or paid commission', () => {
    for (const k of ['is_reconciled', 'has_transactions', 'has_paid_commission'] as const) {
      expect(bookingActions({ ...base, [k]: true }, admin).delete).toBe(false);
      expect(deleteRefusal({ ...base, [k]: true })).toMatch(/cannot be deleted/);
    }
    expect(deleteRefusal(base)).toBeNull();
    expect(deleteRefusal({ ...base, status: 'completed' })).toBe('A completed booking cannot be deleted.');
  });

  it('decides payout from can_payout when given, else from the match and a completed credit', () => {
    const t = (status: 'match' | 'partial' | 'mismatch', credit: boolean, can?: boolean) => ({
      ...base,
      transaction: { status, has_completed_credit: credit, ...(can === undefined ? {} : { can_payout: can }) },
    });
    expect(bookingActions(t('match', true), admin).payout).toBe(true);
    expect(bookingActions(t('partial', true), admin).payout).toBe(true);
    expect(bookingActions(t('match', false), admin).payout).toBe(false);
    expect(bookingActions(t('mismatch', true), admin).payout).toBe(false);
    expect(bookingActions(t('mismatch', true, true), admin).payout).toBe(true);
    expect(bookingActions(t('match', true, false), admin).payout).toBe(false);
    expect(bookingActions(t('match', true), owner).payout).toBe(false);
  });
});

describe('generateGroupName', () => {
  it('uses UTC date and time', () => {
    expect(generateGroupName(new Date('2026-11-22T03:04:05.678Z'))).toBe('Group 2026-11-22-030405');
    expect(generateGroupName(new Date('2026-01-02T23:59:59+05:00'))).toBe('Group 2026-01-02-185959');
  });
});

describe('canAgentBookSupplier', () => {
  it('needs a direct rate or a sub-agent route', async () => {
    const { canAgentBookSupplier } = await import('./booking-rules');
    expect(canAgentBookSupplier({ source: 'tier_rule', is_sub_agent: false })).toBe(true);
    expect(canAgentBookSupplier({ source: 'agent_default', is_sub_agent: false })).toBe(true);
    expect(canAgentBookSupplier({ source: 'none', is_sub_agent: true })).toBe(true);
    expect(canAgentBookSupplier({ source: 'none', is_sub_agent: false })).toBe(false);
  });
});

describe('bookingAgentId (whose rate a saved booking is worked out with)', () => {
  const subBooking = { primary_agent_id: 9, sub_agent_id: 42 };
  it.each([
    ['an admin creating: the agent chosen', admin, 5, null, 5],
    ['an admin keeping the parent of a sub-agent booking: the sub-agent', admin, 9, subBooking, 42],
    ['an admin choosing another agent: that agent', admin, 5, subBooking, 5],
    ['an admin sending nobody', admin, null, null, null],
    ['an agent creating, whatever is sent: themselves', owner, 999, null, 7],
    ['the sub-agent editing their booking: themselves', { is_admin: false, agent_id: 42 }, 42, subBooking, 42],
    ['the parent editing it: still the sub-agent', { is_admin: false, agent_id: 9 }, 9, subBooking, 42],
    ['an agent editing their direct booking', owner, null, { primary_agent_id: 7, sub_agent_id: null }, 7],
  ] as const)('%s', (_name, viewer, sent, existing, expected) => {
    expect(bookingAgentId(viewer, sent, existing)).toBe(expected);
  });
});

describe('effectiveBookingStatus', () => {
  it('is the admin’s choice, else the booking’s own, else pending', () => {
    expect(effectiveBookingStatus(admin, 'confirmed', 'pending')).toBe('confirmed');
    expect(effectiveBookingStatus(admin, undefined, 'partial')).toBe('partial');
    expect(effectiveBookingStatus(admin, undefined, null)).toBe('pending');
  });
  it('is pending on create and unchanged on edit for an agent, whatever is sent', () => {
    expect(effectiveBookingStatus(owner, 'confirmed', null)).toBe('pending');
    expect(effectiveBookingStatus(owner, 'cancelled', 'confirmed')).toBe('confirmed');
  });
});

describe('editRefusal', () => {
  it('says why an agent may not edit a closed or a refund booking; an admin may edit both', () => {
    expect(editRefusal({ status: 'pending', is_refund: false }, owner)).toBeNull();
    expect(editRefusal({ status: 'completed', is_refund: false }, owner)).toBe(CLOSED_BOOKING_EDIT_MESSAGE);
    expect(editRefusal({ status: 'confirmed', is_refund: true }, owner)).toBe(
      'Only an admin can edit a refund booking.',
    );
    expect(editRefusal({ status: 'cancelled', is_refund: true }, admin)).toBeNull();
  });
});
