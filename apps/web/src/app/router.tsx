import { useMemo } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { AccountsRoute } from '../features/accounts';
import {
  AgentFormRoute,
  AgentImportRoute,
  AgentsListRoute,
  SubAgentsRoute,
  TierHistoryRoute,
} from '../features/agents';
import { ChangePasswordRoute, LoginRoute, RequireAdmin, RequireAgentAccess, RequireAuth } from '../features/auth';
import {
  BookingGroupCreateRoute,
  BookingGroupEditRoute,
  BookingGroupRedirect,
  BookingGroupsRoute,
} from '../features/booking-groups';
import { BookingCreateRoute, BookingEditRoute, BookingsListRoute, BookingViewRoute } from '../features/bookings';
import { ClaimsDashboardPanel, ClaimsRoute } from '../features/claims';
import { CommissionCreateRoute, CommissionEditRoute, CommissionsRoute } from '../features/commissions';
import { CommissionTiersRoute } from '../features/commission-tiers';
import { BulkPayoutsRoute, PayoutsHistoryRoute } from '../features/payouts';
import { ExcelReportsRoute } from '../features/report-files';
import { CommissionReportsRoute } from '../features/reports';
import { SettingsRoute } from '../features/settings';
import { SuppliersRoute } from '../features/suppliers';
import {
  BulkTransactionRoute,
  TransactionCreateRoute,
  TransactionEditRoute,
  TransactionImportRoute,
  TransactionsListRoute,
} from '../features/transactions';
import { paths } from '../lib/paths';
import { AppLayout } from './layout/app-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorBoundary } from './routes/route-error';

const ID = ':id';

/** Every page address of CONTRACT.md §4. */
export const routes: RouteObject[] = [
  { path: paths.login(), element: <LoginRoute />, errorElement: <RouteErrorBoundary /> },
  {
    element: <RequireAuth />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: paths.changePassword(), element: <ChangePasswordRoute /> },
      {
        element: <AppLayout />,
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <Navigate to={paths.bookings.list} replace /> },

          // Every signed-in user (the server limits agents to their own records).
          { path: paths.bookings.list, element: <BookingsListRoute /> },
          { path: paths.bookings.create, element: <BookingCreateRoute /> },
          { path: paths.bookings.view(ID), element: <BookingViewRoute /> },
          { path: paths.bookings.edit(ID), element: <BookingEditRoute /> },
          { path: paths.bookingGroups.list, element: <BookingGroupsRoute /> },
          { path: paths.bookingGroups.create, element: <BookingGroupCreateRoute /> },
          { path: paths.bookingGroups.edit(ID), element: <BookingGroupEditRoute /> },
          { path: `${paths.bookingGroups.list}/${ID}`, element: <BookingGroupRedirect /> },
          // The dashboard gives the claims feature its place: the admins' unmatched credits, the agents' search.
          {
            path: paths.reports.commissions,
            element: <CommissionReportsRoute claimsPanel={(range) => <ClaimsDashboardPanel {...range} />} />,
          },
          // Admins review every claim here; an agent sees 'My claims'.
          { path: paths.claims, element: <ClaimsRoute /> },

          // An admin, or the agent the page is about.
          {
            element: <RequireAgentAccess />,
            children: [
              { path: paths.agents.tierHistory(ID), element: <TierHistoryRoute /> },
              { path: paths.agents.subAgents(ID), element: <SubAgentsRoute /> },
            ],
          },

          // Admins only (CONTRACT.md §4: everything else that writes is admin-only).
          {
            element: <RequireAdmin />,
            children: [
              { path: paths.commissions.list, element: <CommissionsRoute /> },
              { path: paths.commissions.create, element: <CommissionCreateRoute /> },
              { path: paths.commissions.edit(ID), element: <CommissionEditRoute /> },
              { path: paths.agents.list, element: <AgentsListRoute /> },
              { path: paths.agents.create, element: <AgentFormRoute /> },
              { path: paths.agents.edit(ID), element: <AgentFormRoute /> },
              { path: paths.agents.import, element: <AgentImportRoute /> },
              { path: paths.suppliers, element: <SuppliersRoute /> },
              { path: paths.commissionTiers, element: <CommissionTiersRoute /> },
              { path: paths.accounts, element: <AccountsRoute /> },
              { path: paths.settings, element: <SettingsRoute /> },
              { path: paths.transactions.list, element: <TransactionsListRoute /> },
              { path: paths.transactions.create, element: <TransactionCreateRoute /> },
              { path: paths.transactions.edit(ID), element: <TransactionEditRoute /> },
              { path: paths.transactions.createBulk, element: <BulkTransactionRoute /> },
              { path: paths.transactions.import, element: <TransactionImportRoute /> },
              { path: paths.bulkPayouts, element: <BulkPayoutsRoute key="payout" mode="payout" /> },
              { path: paths.bulkReconcile, element: <BulkPayoutsRoute key="reconcile" mode="reconcile" /> },
              { path: paths.payouts.list, element: <PayoutsHistoryRoute /> },
              { path: paths.reports.excel, element: <ExcelReportsRoute /> },
            ],
          },

          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}
