/**
 * The browser's page addresses (CONTRACT.md §4). The server serves the web app for these paths
 * (and 404 for others); the web app routes the same list (apps/web/src/app/router.test.tsx holds the two
 * together, apps/server/src/http/pages.test.ts loads each).
 */
export const PAGE_PATTERNS = [
  '/',
  '/login',
  '/bookings',
  '/bookings/create',
  '/bookings/:id',
  '/bookings/:id/edit',
  '/booking-groups',
  '/booking-groups/create',
  '/booking-groups/:id',
  '/booking-groups/:id/edit',
  '/commissions',
  '/commissions/create',
  '/commissions/:id/edit',
  '/agents',
  '/agents/create',
  '/agents/import',
  '/agents/:id/edit',
  '/agents/:id/tier-history',
  '/agents/:id/sub-agents',
  '/suppliers',
  '/commission-tiers',
  '/accounts',
  '/settings',
  '/transactions',
  '/transactions/create',
  '/transactions/create-bulk',
  '/transactions/import',
  '/transactions/:id/edit',
  '/statements',
  '/statements/import',
  '/statements/:id',
  '/bulk-payouts',
  '/bulk-reconcile',
  '/payouts',
  '/reports/commissions',
  '/reports/excel',
  '/reports/overdue-commissions',
  '/claims',
  '/account/password',
] as const;

const compiled = PAGE_PATTERNS.map(
  (p) => new RegExp('^' + p.replace(/:[a-z]+/g, '\\d+').replace(/\//g, '\\/') + '\\/?$'),
);

export function isPagePath(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}
