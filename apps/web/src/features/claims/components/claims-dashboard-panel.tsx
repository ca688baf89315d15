import { isAdmin } from '../../../lib/authorization';
import { useUser } from '../../auth';
import { UnclaimedSearchPanel } from './unclaimed-search-panel';
import { UnmatchedTransactionsPanel, type DashboardRange } from './unmatched-transactions-panel';

/**
 * The claims part of the commission reports dashboard (spec §2, §6): admins get the 'Unmatched Credit
 * Transactions' table for the dashboard's range and suppliers, everyone else the unclaimed-booking search.
 */
export function ClaimsDashboardPanel(range: DashboardRange) {
  return isAdmin(useUser()) ? <UnmatchedTransactionsPanel {...range} /> : <UnclaimedSearchPanel />;
}
