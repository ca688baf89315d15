import type { RouteModule } from './http/app';
import { accountRoutes } from './features/accounts';
import { agentRoutes } from './features/agents';
import { authRoutes } from './features/auth';
import { bookingGroupRoutes } from './features/booking-groups';
import { bookingRoutes, bookingSupplierRoutes } from './features/bookings';
import { claimRoutes } from './features/claims';
import { commissionRoutes } from './features/commissions';
import { overdueRoutes } from './features/overdue';
import { payoutRoutes } from './features/payouts';
import { referenceRoutes } from './features/reference';
import { statementRoutes } from './features/statements';
import { suggestionRoutes } from './features/suggestions';
import { reportFileRoutes, reportPdfRoutes, reportRoutes } from './features/reports';
import { transactionImportRoutes, transactionRoutes } from './features/transactions';

/** Every feature's routes; features meet only here. */
export const routeModules: RouteModule[] = [
  authRoutes,
  referenceRoutes,
  bookingRoutes,
  bookingSupplierRoutes,
  commissionRoutes,
  agentRoutes,
  bookingGroupRoutes,
  accountRoutes,
  transactionRoutes,
  transactionImportRoutes,
  payoutRoutes,
  claimRoutes,
  reportRoutes,
  reportPdfRoutes,
  reportFileRoutes,
  overdueRoutes,
  suggestionRoutes,
  statementRoutes,
];
