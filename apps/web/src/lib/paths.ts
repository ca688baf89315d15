/**
 * Every page address of the product (CONTRACT.md §4), built in one place.
 * Builders take an id (or a route pattern segment such as ':id' when the router declares the route).
 */
export type Id = number | string;

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  home: '/',
  login: (redirect?: string) => withQuery('/login', { redirect }),
  changePassword: (redirect?: string) => withQuery('/account/password', { redirect }),

  bookings: {
    list: '/bookings',
    create: '/bookings/create',
    view: (id: Id) => `/bookings/${id}`,
    edit: (id: Id) => `/bookings/${id}/edit`,
  },
  bookingGroups: {
    list: '/booking-groups',
    create: '/booking-groups/create',
    edit: (id: Id) => `/booking-groups/${id}/edit`,
  },
  commissions: {
    list: '/commissions',
    create: '/commissions/create',
    edit: (id: Id) => `/commissions/${id}/edit`,
  },
  agents: {
    list: '/agents',
    create: '/agents/create',
    edit: (id: Id) => `/agents/${id}/edit`,
    tierHistory: (id: Id) => `/agents/${id}/tier-history`,
    subAgents: (id: Id) => `/agents/${id}/sub-agents`,
    import: '/agents/import',
  },
  suppliers: '/suppliers',
  commissionTiers: '/commission-tiers',
  accounts: '/accounts',
  settings: '/settings',
  transactions: {
    list: '/transactions',
    create: '/transactions/create',
    edit: (id: Id) => `/transactions/${id}/edit`,
    createBulk: '/transactions/create-bulk',
    import: '/transactions/import',
  },
  statements: {
    list: '/statements',
    import: '/statements/import',
    view: (id: Id) => `/statements/${id}`,
  },
  bulkPayouts: '/bulk-payouts',
  bulkReconcile: '/bulk-reconcile',
  payouts: {
    list: '/payouts',
  },
  reports: {
    commissions: '/reports/commissions',
    excel: '/reports/excel',
    overdue: '/reports/overdue-commissions',
  },
  claims: '/claims',
} as const;

/** Where a user lands after signing in when no (safe) redirect is given. */
export const DEFAULT_AFTER_LOGIN = paths.bookings.list;

/** ASCII control characters: the URL parser drops tabs and newlines anywhere, so "/\t/evil.example" is "//evil.example". */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Accepts an address taken from the URL (`?redirect=`, `?submit=`, `?cancel=`) only when it is a path on
 * this site ("/bookings?page=2"), never another origin ("//evil.example", "/\\evil.example", "https://…",
 * "/\t/evil.example") and never the login page itself; anything else gives `fallback`. The forms post
 * their CSRF token to `?submit=`, so this is what keeps a crafted link from sending it elsewhere.
 */
export function safeRedirect(target: string | null | undefined, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (CONTROL_CHARACTERS.test(target)) return fallback;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return fallback;
  return target;
}
