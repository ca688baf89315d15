import type { SessionUser } from '@app/domain';
import {
  IconBuildingBank,
  IconCash,
  IconChartBar,
  IconChecks,
  IconClipboardCheck,
  IconFileImport,
  IconFileSpreadsheet,
  IconFolders,
  IconListDetails,
  IconReceipt,
  IconPercentage,
  IconPlus,
  IconSettings,
  IconStack2,
  IconStairs,
  IconTimeline,
  IconTruck,
  IconUpload,
  IconUserShare,
  IconUsers,
  IconArrowsExchange,
  type TablerIcon,
} from '@tabler/icons-react';
import { isAdmin } from '../lib/authorization';
import { paths } from '../lib/paths';

export interface NavItem {
  /** Rendered as data-testid="nav-<id>". */
  id: string;
  label: string;
  to: string;
  icon: TablerIcon;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

const adminNavigation: NavSection[] = [
  {
    label: 'Bookings',
    items: [
      { id: 'bookings', label: 'Bookings', to: paths.bookings.list, icon: IconListDetails },
      { id: 'bookings-create', label: 'New booking', to: paths.bookings.create, icon: IconPlus },
      { id: 'booking-groups', label: 'Booking groups', to: paths.bookingGroups.list, icon: IconFolders },
      { id: 'claims', label: 'Claims review', to: paths.claims, icon: IconClipboardCheck },
    ],
  },
  {
    label: 'Commissions',
    items: [
      { id: 'commissions', label: 'Commission rules', to: paths.commissions.list, icon: IconPercentage },
      { id: 'commission-tiers', label: 'Commission tiers', to: paths.commissionTiers, icon: IconStairs },
    ],
  },
  {
    label: 'Agents',
    items: [
      { id: 'agents', label: 'Agents', to: paths.agents.list, icon: IconUsers },
      { id: 'agents-import', label: 'Import agents', to: paths.agents.import, icon: IconUpload },
    ],
  },
  {
    label: 'Money',
    items: [
      { id: 'transactions', label: 'Transactions', to: paths.transactions.list, icon: IconArrowsExchange },
      { id: 'transactions-create', label: 'New transaction', to: paths.transactions.create, icon: IconPlus },
      {
        id: 'transactions-create-bulk',
        label: 'Bulk transactions',
        to: paths.transactions.createBulk,
        icon: IconStack2,
      },
      { id: 'transactions-import', label: 'Import transactions', to: paths.transactions.import, icon: IconFileImport },
      { id: 'accounts', label: 'Accounts', to: paths.accounts, icon: IconBuildingBank },
      { id: 'bulk-payouts', label: 'Bulk payouts', to: paths.bulkPayouts, icon: IconCash },
      { id: 'bulk-reconcile', label: 'Bulk reconcile', to: paths.bulkReconcile, icon: IconChecks },
      { id: 'payouts', label: 'Payouts', to: paths.payouts.list, icon: IconReceipt },
    ],
  },
  {
    label: 'Reports',
    items: [
      { id: 'reports-commissions', label: 'Commission reports', to: paths.reports.commissions, icon: IconChartBar },
      { id: 'reports-excel', label: 'Excel reports', to: paths.reports.excel, icon: IconFileSpreadsheet },
    ],
  },
  {
    label: 'Setup',
    items: [
      { id: 'suppliers', label: 'Suppliers', to: paths.suppliers, icon: IconTruck },
      { id: 'settings', label: 'Settings', to: paths.settings, icon: IconSettings },
    ],
  },
];

function agentNavigation(agentId: number | null): NavSection[] {
  const mine: NavItem[] =
    agentId === null
      ? []
      : [
          { id: 'my-sub-agents', label: 'My sub-agents', to: paths.agents.subAgents(agentId), icon: IconUserShare },
          {
            id: 'my-tier-history',
            label: 'My tier history',
            to: paths.agents.tierHistory(agentId),
            icon: IconTimeline,
          },
        ];
  return [
    {
      label: 'Bookings',
      items: [
        { id: 'bookings', label: 'Bookings', to: paths.bookings.list, icon: IconListDetails },
        { id: 'bookings-create', label: 'New booking', to: paths.bookings.create, icon: IconPlus },
        { id: 'booking-groups', label: 'Booking groups', to: paths.bookingGroups.list, icon: IconFolders },
        { id: 'claims', label: 'My claims', to: paths.claims, icon: IconClipboardCheck },
      ],
    },
    {
      label: 'Commissions',
      items: [
        { id: 'reports-commissions', label: 'Commission reports', to: paths.reports.commissions, icon: IconChartBar },
      ],
    },
    ...(mine.length > 0 ? [{ label: 'My account', items: mine }] : []),
  ];
}

/** The navigation a user sees: admins every area, agents their own (CONTRACT.md §4). */
export function getNavigation(user: Pick<SessionUser, 'roles' | 'agent_id'>): NavSection[] {
  return isAdmin(user) ? adminNavigation : agentNavigation(user.agent_id);
}

/**
 * The item to highlight for a path: the one whose address is the longest prefix of it on a segment boundary
 * (/bookings/create → "New booking", /bookings/12/edit → "Bookings").
 */
export function findActiveItem(sections: readonly NavSection[], pathname: string): NavItem | undefined {
  let best: NavItem | undefined;
  for (const item of sections.flatMap((section) => section.items)) {
    const matches = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}
