import { Center, Loader } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { ChangePasswordRoute, LoginRoute, RequireAdmin, RequireAgentAccess, RequireAuth } from '../features/auth';
import { paths } from '../lib/paths';
import { AppLayout } from './layout/app-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorBoundary } from './routes/route-error';

const ID = ':id';

/*
 * Each screen's code is loaded when its route is first visited (the sign-in page, the guards and the
 * layout are in the first chunk): the browser fetches a feature's chunk, the charts library or SheetJS
 * only where they are used. A feature is still entered through its public face (index.ts).
 */
const accounts = () => import('../features/accounts');
const agents = () => import('../features/agents');
const bookingGroups = () => import('../features/booking-groups');
const bookings = () => import('../features/bookings');
const claims = () => import('../features/claims');
const commissions = () => import('../features/commissions');
const commissionTiers = () => import('../features/commission-tiers');
const overdue = () => import('../features/overdue');
const payouts = () => import('../features/payouts');
const reportFiles = () => import('../features/report-files');
const reports = () => import('../features/reports');
const settings = () => import('../features/settings');
const statements = () => import('../features/statements');
const suppliers = () => import('../features/suppliers');
const transactions = () => import('../features/transactions');

/** A route whose element comes from a lazily loaded feature. */
function screen<M>(load: () => Promise<M>, element: (feature: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: element(await load()) }) };
}

/** Shown while the first screen's code loads. */
const loading = (
  <Center h="100vh" aria-busy="true">
    <Loader aria-label="Loading" />
  </Center>
);

/** Every page address of CONTRACT.md §4. */
export const routes: RouteObject[] = [
  { path: paths.login(), element: <LoginRoute />, errorElement: <RouteErrorBoundary /> },
  {
    element: <RequireAuth />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: loading,
    children: [
      { path: paths.changePassword(), element: <ChangePasswordRoute /> },
      {
        element: <AppLayout />,
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <Navigate to={paths.bookings.list} replace /> },

          // Every signed-in user (the server limits agents to their own records).
          { path: paths.bookings.list, ...screen(bookings, (m) => <m.BookingsListRoute />) },
          { path: paths.bookings.create, ...screen(bookings, (m) => <m.BookingCreateRoute />) },
          { path: paths.bookings.view(ID), ...screen(bookings, (m) => <m.BookingViewRoute />) },
          { path: paths.bookings.edit(ID), ...screen(bookings, (m) => <m.BookingEditRoute />) },
          { path: paths.bookingGroups.list, ...screen(bookingGroups, (m) => <m.BookingGroupsRoute />) },
          { path: paths.bookingGroups.create, ...screen(bookingGroups, (m) => <m.BookingGroupCreateRoute />) },
          { path: paths.bookingGroups.edit(ID), ...screen(bookingGroups, (m) => <m.BookingGroupEditRoute />) },
          { path: `${paths.bookingGroups.list}/${ID}`, ...screen(bookingGroups, (m) => <m.BookingGroupRedirect />) },
          // The dashboard gives the claims feature its place: the admins' unmatched credits, the agents' search.
          {
            path: paths.reports.commissions,
            lazy: async () => {
              const [{ CommissionReportsRoute }, { ClaimsDashboardPanel }] = await Promise.all([reports(), claims()]);
              return {
                element: <CommissionReportsRoute claimsPanel={(range) => <ClaimsDashboardPanel {...range} />} />,
              };
            },
          },
          // Admins review every claim here; an agent sees 'My claims'.
          { path: paths.claims, ...screen(claims, (m) => <m.ClaimsRoute />) },

          // An admin, or the agent the page is about.
          {
            element: <RequireAgentAccess />,
            children: [
              { path: paths.agents.tierHistory(ID), ...screen(agents, (m) => <m.TierHistoryRoute />) },
              { path: paths.agents.subAgents(ID), ...screen(agents, (m) => <m.SubAgentsRoute />) },
            ],
          },

          // Admins only (CONTRACT.md §4: everything else that writes is admin-only).
          {
            element: <RequireAdmin />,
            children: [
              { path: paths.commissions.list, ...screen(commissions, (m) => <m.CommissionsRoute />) },
              { path: paths.commissions.create, ...screen(commissions, (m) => <m.CommissionCreateRoute />) },
              { path: paths.commissions.edit(ID), ...screen(commissions, (m) => <m.CommissionEditRoute />) },
              { path: paths.agents.list, ...screen(agents, (m) => <m.AgentsListRoute />) },
              { path: paths.agents.create, ...screen(agents, (m) => <m.AgentFormRoute />) },
              { path: paths.agents.edit(ID), ...screen(agents, (m) => <m.AgentFormRoute />) },
              { path: paths.agents.import, ...screen(agents, (m) => <m.AgentImportRoute />) },
              { path: paths.suppliers, ...screen(suppliers, (m) => <m.SuppliersRoute />) },
              { path: paths.commissionTiers, ...screen(commissionTiers, (m) => <m.CommissionTiersRoute />) },
              { path: paths.accounts, ...screen(accounts, (m) => <m.AccountsRoute />) },
              { path: paths.settings, ...screen(settings, (m) => <m.SettingsRoute />) },
              { path: paths.transactions.list, ...screen(transactions, (m) => <m.TransactionsListRoute />) },
              { path: paths.transactions.create, ...screen(transactions, (m) => <m.TransactionCreateRoute />) },
              { path: paths.transactions.edit(ID), ...screen(transactions, (m) => <m.TransactionEditRoute />) },
              { path: paths.transactions.createBulk, ...screen(transactions, (m) => <m.BulkTransactionRoute />) },
              { path: paths.transactions.import, ...screen(transactions, (m) => <m.TransactionImportRoute />) },
              { path: paths.statements.list, ...screen(statements, (m) => <m.StatementsListRoute />) },
              { path: paths.statements.import, ...screen(statements, (m) => <m.StatementImportRoute />) },
              { path: paths.statements.view(ID), ...screen(statements, (m) => <m.StatementViewRoute />) },
              { path: paths.bulkPayouts, ...screen(payouts, (m) => <m.BulkPayoutsRoute key="payout" mode="payout" />) },
              {
                path: paths.bulkReconcile,
                ...screen(payouts, (m) => <m.BulkPayoutsRoute key="reconcile" mode="reconcile" />),
              },
              { path: paths.payouts.list, ...screen(payouts, (m) => <m.PayoutsHistoryRoute />) },
              { path: paths.reports.excel, ...screen(reportFiles, (m) => <m.ExcelReportsRoute />) },
              { path: paths.reports.overdue, ...screen(overdue, (m) => <m.OverdueCommissionsRoute />) },
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
