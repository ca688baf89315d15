/** The bulk payout / reconcile screen's text search, its groups by primary agent and their pages. */
import { moneyToString, type MoneyItem } from '@app/domain';
import type { SearchBooking } from '../api/payouts-api';
import { agentCommission, currencyOf } from './bulk-summary';
import { centsOf } from './money';

/** The client-side text search: booking reference, customer name, agent name, supplier name, booking amount. */
export function matchesText(b: SearchBooking, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const amount = moneyToString(centsOf(b.booking_amount));
  const haystack = [
    b.booking_reference,
    b.customer_name,
    b.primary_agent.user.name,
    ...b.actual_commissions.map((l) => l.agent.user.name),
    b.supplier.name,
    amount,
    String(b.booking_amount),
  ];
  return haystack.some((s) => s.toLowerCase().includes(needle));
}

export interface AgentGroup {
  agentId: number;
  agentName: string;
  bookings: SearchBooking[];
  /** The agents' commission of the group's bookings, per currency. */
  commission: MoneyItem[];
}

/** Bookings grouped by primary agent, groups sorted by agent name (then id); bookings keep the search's order. */
export function groupByAgent(bookings: readonly SearchBooking[]): AgentGroup[] {
  const groups = new Map<number, AgentGroup>();
  for (const b of bookings) {
    let group = groups.get(b.primary_agent_id);
    if (!group) {
      group = { agentId: b.primary_agent_id, agentName: b.primary_agent.user.name, bookings: [], commission: [] };
      groups.set(b.primary_agent_id, group);
    }
    group.bookings.push(b);
    group.commission.push({ currency: currencyOf(b), amount: agentCommission(b) });
  }
  return [...groups.values()].sort(
    (a, b) => a.agentName.localeCompare(b.agentName, 'en', { sensitivity: 'base' }) || a.agentId - b.agentId,
  );
}

export interface GroupPage {
  group: AgentGroup;
  /** This page's bookings of the group. */
  bookings: SearchBooking[];
  /** The group started on an earlier page. */
  continued: boolean;
}

/** Rows per page: a search of 1,000 bookings renders 100 rows at a time. */
export const ROWS_PER_PAGE = 100;

/** The groups' bookings on `page` (1-based), `perPage` rows a page, in group order. */
export function pageOfGroups(groups: readonly AgentGroup[], page: number, perPage = ROWS_PER_PAGE): GroupPage[] {
  const start = (page - 1) * perPage;
  const end = start + perPage;
  const out: GroupPage[] = [];
  let offset = 0;
  for (const group of groups) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end - offset, group.bookings.length);
    if (from < to) out.push({ group, bookings: group.bookings.slice(from, to), continued: from > 0 });
    offset += group.bookings.length;
    if (offset >= end) break;
  }
  return out;
}
