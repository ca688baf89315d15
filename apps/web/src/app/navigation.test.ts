import { describe, expect, it } from 'vitest';
import { adminUser, agentUser } from '../testing/fixtures';
import { findActiveItem, getNavigation } from './navigation';

const ids = (user: Parameters<typeof getNavigation>[0]) =>
  getNavigation(user).flatMap((section) => section.items.map((item) => item.id));

describe('getNavigation', () => {
  it('gives admins and super-admins every area', () => {
    const expected = [
      'bookings',
      'bookings-create',
      'booking-groups',
      'claims',
      'commissions',
      'commission-tiers',
      'agents',
      'agents-import',
      'transactions',
      'transactions-create',
      'transactions-create-bulk',
      'transactions-import',
      'statements',
      'accounts',
      'bulk-payouts',
      'bulk-reconcile',
      'payouts',
      'reports-commissions',
      'reports-excel',
      'reports-overdue',
      'suppliers',
      'settings',
    ];
    expect(ids(adminUser)).toEqual(expected);
    expect(ids({ roles: ['super-admin'], agent_id: null })).toEqual(expected);
  });

  it('gives agents their own areas, with links to their own agent pages', () => {
    expect(ids(agentUser)).toEqual([
      'bookings',
      'bookings-create',
      'booking-groups',
      'claims',
      'reports-commissions',
      'my-sub-agents',
      'my-tier-history',
    ]);
    const mine = getNavigation(agentUser).flatMap((s) => s.items);
    expect(mine.find((i) => i.id === 'my-sub-agents')?.to).toBe('/agents/42/sub-agents');
    expect(mine.find((i) => i.id === 'my-tier-history')?.to).toBe('/agents/42/tier-history');
  });

  it('leaves out the "my" links for a user without an agent profile', () => {
    expect(ids({ roles: ['agent'], agent_id: null })).not.toContain('my-sub-agents');
  });
});

describe('findActiveItem', () => {
  const sections = getNavigation(adminUser);
  it.each([
    ['/bookings', 'bookings'],
    ['/bookings/create', 'bookings-create'],
    ['/bookings/12/edit', 'bookings'],
    ['/transactions/create-bulk', 'transactions-create-bulk'],
    ['/statements/import', 'statements'],
    ['/statements/12', 'statements'],
    ['/payouts', 'payouts'],
    ['/bulk-payouts', 'bulk-payouts'],
    ['/reports/overdue-commissions', 'reports-overdue'],
    ['/agents/3/tier-history', 'agents'],
    ['/bookingsx', undefined],
  ])('%s → %s', (pathname, id) => {
    expect(findActiveItem(sections, pathname)?.id).toBe(id);
  });
});
