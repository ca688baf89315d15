import type { RouteModule } from './http/app';
import { accountRoutes } from './features/accounts/accounts.routes';
import { agentRoutes } from './features/agents/agents.routes';
import { authRoutes } from './features/auth/auth.routes';
import { bookingGroupRoutes } from './features/booking-groups/booking-groups.routes';
import { bookingSupplierRoutes } from './features/bookings/booking-suppliers.routes';
import { bookingRoutes } from './features/bookings/bookings.routes';
import { commissionRoutes } from './features/commissions/commissions.routes';
import { referenceRoutes } from './features/reference/reference.routes';
import { transactionImportRoutes } from './features/transactions/transaction-import.routes';
import { transactionRoutes } from './features/transactions/transactions.routes';

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
];
