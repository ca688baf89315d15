import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { idArray } from './sql';

/** Agents' names (their user's name) by agent id, in one query; none asked, none read. */
export async function agentNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; name: string }>(
    sql`select a.id, u.name from agents a join users u on u.id = a.user_id where a.id = any(${idArray(ids)})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
