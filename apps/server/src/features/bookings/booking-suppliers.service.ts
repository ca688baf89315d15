import { canAgentBookSupplier, percentToNumber } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../http/errors';
import { resolveRatesForSuppliers } from '../commissions';
import { agentNames } from '../../shared/agent-names';

type Supplier = { id: number; name: string; currency_symbol: string; booking_number_format: string | null };

/**
 * The booking form's suppliers (spec §3 "Supplier as given to the form"). Without an agent, every
 * supplier, unannotated; for an agent, each supplier with the agent's rate: the parent agent and split
 * when the agent reaches it through their parent agent, and whether the agent can book it. Only the
 * bookable ones unless `withUnbookable` (an admin sees every supplier, annotated for the chosen agent).
 */
export async function findBookingSuppliers(db: DbOrTx, agentId: number | null, date: string, withUnbookable: boolean) {
  const { rows: suppliers } = await db.execute<Supplier>(sql`
    select s.id, s.name, c.symbol as currency_symbol, s.booking_number_format
      from suppliers s join currencies c on c.id = s.currency_id order by lower(s.name)`);
  if (agentId === null) {
    return suppliers.map((s) => ({
      ...s,
      parentAgentName: null,
      parentAgentId: null,
      splitPercentage: null,
      commission_percentage: null,
      bookable: true,
    }));
  }
  const rates = await resolveRatesForSuppliers(
    db,
    agentId,
    suppliers.map((s) => s.id),
    date,
  );
  if (!rates) throw fieldError('agent_id', 'The selected agent is invalid.');
  const parentIds = [
    ...new Set([...rates.values()].map((r) => r.rate.parent_agent_id).filter((id): id is number => id !== null)),
  ];
  const names = await agentNames(db, parentIds);
  return suppliers
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
    .filter((s) => withUnbookable || s.bookable);
}
