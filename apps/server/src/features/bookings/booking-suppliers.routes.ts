import { bookingSuppliersResponse, canAgentBookSupplier, dateFilter, idFilter, percentToNumber } from '@app/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteModule } from '../../http/app';
import { fieldError, forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { resolveRatesForSuppliers } from '../commissions';
import { todayUtc } from '../../clock';
import { idArray } from '../../shared/sql';

const query = z.object({ agent_id: idFilter('agent'), date: dateFilter('date') });

/**
 * `GET /api/booking-suppliers?agent_id=&date=`: the booking form's suppliers (spec §3 "Supplier as given
 * to the form"). An agent gets the suppliers they can book (a direct rate, or through their parent agent:
 * 'name (via parent agent name)'); an admin gets every supplier, annotated for the chosen agent.
 */
export const bookingSupplierRoutes: RouteModule = ({ db }) => [
  route({
    method: 'GET',
    url: '/api/booking-suppliers',
    access: 'user',
    summary: "The booking form's supplier list for an agent, with the parent agent and split for sub-agent suppliers.",
    tags: ['bookings'],
    query,
    response: bookingSuppliersResponse,
    handler: async ({ query: q, user }) => {
      if (!user.is_admin && q.agent_id !== undefined && q.agent_id !== user.agent_id) throw forbidden();
      const agentId = user.is_admin ? (q.agent_id ?? null) : user.agent_id;
      const { rows: suppliers } = await db.execute<{
        id: number;
        name: string;
        currency_symbol: string;
        booking_number_format: string | null;
      }>(sql`
        select s.id, s.name, c.symbol as currency_symbol, s.booking_number_format
          from suppliers s join currencies c on c.id = s.currency_id order by lower(s.name)`);
      if (agentId === null) {
        if (!user.is_admin) throw forbidden('Only agents and admins can record bookings.');
        return {
          status: 'success' as const,
          data: suppliers.map((s) => ({
            ...s,
            parentAgentName: null,
            parentAgentId: null,
            splitPercentage: null,
            commission_percentage: null,
            bookable: true,
          })),
        };
      }
      const rates = await resolveRatesForSuppliers(
        db,
        agentId,
        suppliers.map((s) => s.id),
        q.date || todayUtc(),
      );
      if (!rates) throw fieldError('agent_id', 'The selected agent is invalid.');
      const parentIds = [
        ...new Set([...rates.values()].map((r) => r.rate.parent_agent_id).filter((id): id is number => id !== null)),
      ];
      const names = new Map<number, string>();
      if (parentIds.length) {
        const { rows } = await db.execute<{ id: number; name: string }>(
          sql`select a.id, u.name from agents a join users u on u.id = a.user_id where a.id = any(${idArray(parentIds)})`,
        );
        for (const r of rows) names.set(r.id, r.name);
      }
      const data = suppliers
        .map((s) => {
          const r = rates.get(s.id)!.rate;
          return {
            ...s,
            parentAgentName: r.parent_agent_id === null ? null : (names.get(r.parent_agent_id) ?? null),
            parentAgentId: r.parent_agent_id,
            splitPercentage: r.split_percentage === null ? null : percentToNumber(r.split_percentage),
            commission_percentage: percentToNumber(r.commission_percentage),
            bookable: canAgentBookSupplier(r),
          };
        })
        .filter((s) => user.is_admin || s.bookable);
      return { status: 'success' as const, data };
    },
  }),
];
