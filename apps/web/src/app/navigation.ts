import type { SessionUser } from '@app/domain';
import {
  IconAlarm,
  IconBuildingBank,
  IconCash,
  IconChartBar,
  IconChecks,
  IconClipboardCheck,
  IconFileImport,
  IconFileInvoice,
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

/** Every menu entry, written once; the admin and agent menus below pick from it. */
const item = {
  bookings: { id: 'bookings', label: 'Bookings', to: paths.bookings.list, icon: IconListDetails },
  bookingsCreate: { id: 'bookings-create', label: 'New booking', to: paths.bookings.create, icon: IconPlus },
  bookingGroups: { id: 'booking-groups', label: 'Booking groups', to: paths.bookingGroups.list, icon: IconFolders },
  claims: { id: 'claims', label: 'Claims review', to: paths.claims, icon: IconClipboardCheck },
  commissions: { id: 'commissions', label: 'Commission rules', to: paths.commissions.list, icon: IconPercentage },
  commissionTiers: { id: 'commission-tiers', label: 'Commission tiers', to: paths.commissionTiers, icon: IconStairs },
  agents: { id: 'agents', label: 'Agents', to: paths.agents.list, icon: IconUsers },
  agentsImport: { id: 'agents-import', label: 'Import agents', to: paths.agents.import, icon: IconUpload },
  transactions: { id: 'transactions', label: 'Transactions', to: paths.transactions.list, icon: IconArrowsExchange },
  transactionsCreate: {
    id: 'transactions-create',
    label: 'New transaction',
    to: paths.transactions.create,
    icon: IconPlus,
  },
  transactionsCreateBulk: {
    id: 'transactions-create-bulk',
    label: 'Bulk transactions',
    to: paths.transactions.createBulk,
    icon: IconStack2,
  },
  transactionsImport: {
    id: 'transactions-import',
    label: 'Import transactions',
    to: paths.transactions.import,
    icon: IconFileImport,
  },
  statements: { id: 'statements', label: 'Supplier statements', to: paths.statements.list, icon: IconFileInvoice },
  accounts: { id: 'accounts', label: 'Accounts', to: paths.accounts, icon: IconBuildingBank },
  bulkPayouts: { id: 'bulk-payouts', label: 'Bulk payouts', to: paths.bulkPayouts, icon: IconCash },
  bulkReconcile: { id: 'bulk-reconcile', label: 'Bulk reconcile', to: paths.bulkReconcile, icon: IconChecks },
  payouts: { id: 'payouts', label: 'Payouts', to: paths.payouts.list, icon: IconReceipt },
  reportsCommissions: {
    id: 'reports-commissions',
    label: 'Commission reports',
    to: paths.reports.commissions,
    icon: IconChartBar,
  },
  reportsExcel: { id: 'reports-excel', label: 'Excel reports', to: paths.reports.excel, icon: IconFileSpreadsheet },
  reportsOverdue: { id: 'reports-overdue', label: 'Overdue commissions', to: paths.reports.overdue, icon: IconAlarm },
  suppliers: { id: 'suppliers', label: 'Suppliers', to: paths.suppliers, icon: IconTruck },
  settings: { id: 'settings', label: 'Settings', to: paths.settings, icon: IconSettings },
} satisfies Record<string, NavItem>;

/** The bookings section both menus open with; an agent sees the claims page as their own claims. */
const bookingsSection = (claims: NavItem): NavSection => ({
  label: 'Bookings',
  items: [item.bookings, item.bookingsCreate, item.bookingGroups, claims],
});

const adminNavigation: NavSection[] = [
  bookingsSection(item.claims),
  { label: 'Commissions', items: [item.commissions, item.commissionTiers] },
  { label: 'Agents', items: [item.agents, item.agentsImport] },
  {
    label: 'Money',
    items: [
      item.transactions,
      item.transactionsCreate,
      item.transactionsCreateBulk,
      item.transactionsImport,
      item.statements,
      item.accounts,
      item.bulkPayouts,
      item.bulkReconcile,
      item.payouts,
    ],
  },
  { label: 'Reports', items: [item.reportsCommissions, item.reportsExcel, item.reportsOverdue] },
  { label: 'Setup', items: [item.suppliers, item.settings] },
];

function agentNavigation(agentId: number | null): NavSection[] {
  const sections: NavSection[] = [
    bookingsSection({ ...item.claims, label: 'My claims' }),
    { label: 'Commissions', items: [item.reportsCommissions] },
  ];
  if (agentId === null) return sections;
  const mine: NavItem[] = [
    { id: 'my-sub-agents', label: 'My sub-agents', to: paths.agents.subAgents(agentId), icon: IconUserShare },
    { id: 'my-tier-history', label: 'My tier history', to: paths.agents.tierHistory(agentId), icon: IconTimeline },
  ];
  return [...sections, { label: 'My account', items: mine }];
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
