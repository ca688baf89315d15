/** What the payout PDF reads: the payout record and its items as statement lines. */
import { moneyFromDb, percentFromDb, type StatementAgentGst, type StatementItem } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

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
type ItemRow = Omit<StatementItem & StatementAgentGst, Amount> & Record<Amount, string>;

/**
 * The payout's items (of one agent when `agentId` is set), with their booking, supplier and agent, and the
 * agent's GST/HST registration for the note by their name (`statementGstNotes`).
 */
export async function findPayoutStatementItems(
  db: DbOrTx,
  payoutId: number,
  agentId: number | null,
): Promise<(StatementItem & StatementAgentGst)[]> {
  const { rows } = await db.execute<ItemRow>(sql`
    select pi.agent_id, u.name as agent_name, c.code as currency_code, b.booking_reference,
           b.booking_date::text as booking_date, s.name as supplier_name, pi.gross_portion::text as gross,
           pi.percentage::text as percentage, pi.commission::text as commission, pi.gst::text as gst,
           pi.total::text as total, ag.has_gst, ag.gst_number
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
