/** What the payout PDF reads: the payout record and its items as statement lines. */
import { moneyFromDb, percentFromDb, statementGstNote, type StatementItem } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idArray } from '../../shared/sql';

export type PayoutHead = {
  id: number;
  name: string;
  payout_date: string;
  currency_code: string;
};

export async function findPayoutHead(db: DbOrTx, payoutId: number): Promise<PayoutHead | null> {
  const { rows } = await db.execute<PayoutHead>(sql`
    select p.id, p.name, p.payout_date::text as payout_date, c.code as currency_code
      from payouts p join currencies c on c.id = p.currency_id
     where p.id = ${payoutId}`);
  return rows[0] ?? null;
}

/** The amounts as PostgreSQL's numeric text; the rest as the statement has it. */
type Amount = 'gross' | 'percentage' | 'commission' | 'gst' | 'total';
type ItemRow = Omit<StatementItem, Amount> & Record<Amount, string>;

/** The payout's items (of one agent when `agentId` is set), with their booking, supplier and agent. */
export async function findPayoutStatementItems(
  db: DbOrTx,
  payoutId: number,
  agentId: number | null,
): Promise<StatementItem[]> {
  const { rows } = await db.execute<ItemRow>(sql`
    select pi.agent_id, u.name as agent_name, c.code as currency_code, b.booking_reference,
           b.booking_date::text as booking_date, s.name as supplier_name, pi.gross_portion::text as gross,
           pi.percentage::text as percentage, pi.commission::text as commission, pi.gst::text as gst,
           pi.total::text as total
      from payout_items pi
      join payouts p on p.id = pi.payout_id
      join currencies c on c.id = p.currency_id
      join bookings b on b.id = pi.booking_id
      join suppliers s on s.id = b.supplier_id
      join agents ag on ag.id = pi.agent_id
      join users u on u.id = ag.user_id
     where pi.payout_id = ${payoutId} ${agentId === null ? sql`` : sql`and pi.agent_id = ${agentId}`}
     order by pi.id`);
  return rows.map((r) => ({
    ...r,
    gross: moneyFromDb(r.gross),
    percentage: percentFromDb(r.percentage),
    commission: moneyFromDb(r.commission),
    gst: moneyFromDb(r.gst),
    total: moneyFromDb(r.total),
  }));
}

/** The note by each of these agents' names on a statement: their GST/HST number when registered ({@link statementGstNote}). */
export async function findAgentGstNotes(db: DbOrTx, agentIds: readonly number[]): Promise<Map<number, string>> {
  const notes = new Map<number, string>();
  if (agentIds.length === 0) return notes;
  const { rows } = await db.execute<{ id: number; has_gst: boolean; gst_number: string | null }>(sql`
    select id, has_gst, gst_number from agents where id = any(${idArray([...new Set(agentIds)])})`);
  for (const r of rows) {
    const note = statementGstNote(r);
    if (note !== null) notes.set(r.id, note);
  }
  return notes;
}
