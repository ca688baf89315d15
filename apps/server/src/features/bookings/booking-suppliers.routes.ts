import { bookingEndpoints as api } from '@app/domain';
import type { RouteModule } from '../../http/app';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { todayUtc } from '../../clock';
import { findBookingSuppliers } from './booking-suppliers.service';

/**
 * `GET /api/booking-suppliers?agent_id=&date=`: the booking form's suppliers (spec §3 "Supplier as given
 * to the form"). An agent gets the suppliers they can book (a direct rate, or through their parent agent:
 * 'name (via parent agent name)'); an admin gets every supplier, annotated for the chosen agent.
 */
export const bookingSupplierRoutes: RouteModule = ({ db }) => [
  route({
    endpoint: api.suppliers,
    access: 'user',
    summary: "The booking form's supplier list for an agent, with the parent agent and split for sub-agent suppliers.",
    tags: ['bookings'],
    handler: async ({ query: q, user }) => {
      if (!user.is_admin && q.agent_id !== undefined && q.agent_id !== user.agent_id) throw forbidden();
      const agentId = user.is_admin ? (q.agent_id ?? null) : user.agent_id;
      if (agentId === null && !user.is_admin) throw forbidden('Only agents and admins can record bookings.');
      const data = await findBookingSuppliers(db, agentId, q.date || todayUtc(), user.is_admin);
      return { status: 'success' as const, data };
    },
  }),
];
