import { describe, expect, it } from 'vitest';
import { bookingActions, deleteRefusal, generateGroupName, type BookingForActions } from './booking-rules';

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
