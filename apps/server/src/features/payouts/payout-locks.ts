import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idArray } from '../../shared/sql';
import { lockSuppliersForMatching } from '../transactions';

// The run's locks, in the order every match-status writer uses: accounts, suppliers, bookings.

/**
 * Locks in the order every match-status writer uses: accounts, suppliers, bookings. Returns the agents
 * whose accounts are locked.
 */
export async function lockChunk(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const list = idArray(ids);
  const { rows: before } = await tx.execute<{ supplier_id: number }>(
    sql`select distinct supplier_id from bookings where id = any(${list})`,
  );
  const { rows: agents } = await tx.execute<{ agent_id: number }>(
    sql`select distinct agent_id from actual_commissions where booking_id = any(${list})`,
  );
  await lockAgentAccounts(
    tx,
    agents.map((a) => a.agent_id),
  );
  const suppliers = new Set(before.map((r) => r.supplier_id));
  await lockSuppliersForMatching(tx, [...suppliers]);
  const { rows: locked } = await tx.execute<{ supplier_id: number }>(
    sql`select supplier_id from bookings where id = any(${list}) order by id for update`,
  );
  // Moved to another supplier between the first read and the lock: lock that one too.
  const moved = locked.map((r) => r.supplier_id).filter((s) => !suppliers.has(s));
  if (moved.length) await lockSuppliersForMatching(tx, moved);
  return new Set(agents.map((a) => a.agent_id));
}

/** FOR SHARE: a concurrent delete or owner change of these accounts waits for this transaction. */
export async function lockAgentAccounts(tx: DbOrTx, agentIds: readonly number[]): Promise<void> {
  if (agentIds.length === 0) return;
  await tx.execute(sql`
    select id from accounts where accountable_type = 'agent' and accountable_id = any(${idArray(agentIds)})
     order by id for share`);
}
