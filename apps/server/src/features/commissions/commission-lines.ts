import {
  computeCommissionLines,
  expectedCommission,
  moneyFromDb,
  moneyToString,
  percentToString,
  type Cents,
  type CommissionBookingStatus,
  type CommissionLineStatus,
  type Percent,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { idArray } from '../../shared/sql';
import type { ResolvedBookingRate } from './rate-resolution';

// Line storage: a booking's commission lines as stored (DOMAIN.md "Commission lines"), computed by the
// domain, written and read here.

export interface StoredLine {
  agent_id: number;
  role: 'primary' | 'parent' | 'sub_agent';
  percentage: string;
  amount: string;
  gst_amount: string;
  total_with_gst: string;
  paid_amount: string;
  /** The domain's line status; the table's check constraint allows no other value. */
  status: CommissionLineStatus;
}

/** The lines of one booking, as stored, from the domain's computation. */
export function computeBookingLines(input: {
  gross: Cents;
  resolved: ResolvedBookingRate;
  status: CommissionBookingStatus;
  gstRate: Percent;
  gstAgents: ReadonlySet<number>;
  existing: readonly { agent_id: number; paid_amount: string }[];
}): { expected: Cents; lines: StoredLine[] } {
  const { resolved: r } = input;
  const paid = new Map(input.existing.map((l) => [l.agent_id, moneyFromDb(l.paid_amount)]));
  const computed = computeCommissionLines({
    gross: input.gross,
    rate: r.rate,
    primaryAgentId: r.primaryAgentId,
    subAgentId: r.subAgentId,
    gstRate: input.gstRate,
    agentsWithGst: input.gstAgents,
    bookingStatus: input.status,
    paid,
  });
  return {
    expected: expectedCommission(input.gross, r.rate.commission_percentage),
    lines: computed.map((l) => ({
      agent_id: l.agent_id,
      role:
        l.agent_id === r.subAgentId
          ? 'sub_agent'
          : r.rate.is_sub_agent && l.agent_id === r.primaryAgentId
            ? 'parent'
            : 'primary',
      percentage: percentToString(l.percentage),
      amount: moneyToString(l.amount),
      gst_amount: moneyToString(l.gst_amount),
      total_with_gst: moneyToString(l.total_with_gst),
      paid_amount: moneyToString(l.paid_amount),
      status: l.status,
    })),
  };
}

/** Replaces the lines of the given bookings: lines of agents no longer earning go (unless paid). */
export async function storeLines(tx: DbOrTx, bookingIds: readonly number[], lines: readonly Record<string, unknown>[]) {
  if (bookingIds.length === 0) return;
  await tx.execute(sql`
    delete from actual_commissions ac
     where ac.booking_id = any(${idArray(bookingIds)})
       and ac.paid_amount = 0
       and not exists (select 1 from json_to_recordset(${JSON.stringify(lines)}::json) as l(booking_id int, agent_id int)
                        where l.booking_id = ac.booking_id and l.agent_id = ac.agent_id)`);
  if (lines.length === 0) return;
  await tx.execute(sql`
    insert into actual_commissions (booking_id, agent_id, role, percentage, amount, gst_amount, total_with_gst, paid_amount, status)
    select booking_id, agent_id, role, percentage, amount, gst_amount, total_with_gst, paid_amount, status
      from json_to_recordset(${JSON.stringify(lines)}::json) as l(
        booking_id int, agent_id int, role text, percentage numeric, amount numeric, gst_amount numeric,
        total_with_gst numeric, paid_amount numeric, status text)
    on conflict (booking_id, agent_id) do update set
      role = excluded.role, percentage = excluded.percentage, amount = excluded.amount, gst_amount = excluded.gst_amount,
      total_with_gst = excluded.total_with_gst, status = excluded.status, updated_at = now()`);
}

export async function agentsWithGst(db: DbOrTx, agentIds: readonly number[]): Promise<Set<number>> {
  if (agentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.has_gst, true), sql`${agents.id} = any(${idArray(agentIds)})`));
  return new Set(rows.map((r) => r.id));
}

/** A stored line as read back, with its id, agent's name and payment date. */
export type StoredLineRow = Omit<StoredLine, 'role'> & {
  id: number;
  agent_name: string;
  role: string;
  payment_date: string | null;
};

/** A booking's stored commission lines with agent names: the sub-agent first, then the others. */
export async function findCommissionLines(db: DbOrTx, bookingId: number): Promise<StoredLineRow[]> {
  const { rows } = await db.execute<StoredLineRow>(sql`
    select ac.id, ac.agent_id, u.name as agent_name, ac.role, ac.percentage::text, ac.amount::text, ac.gst_amount::text,
           ac.total_with_gst::text, ac.paid_amount::text, ac.status, ac.payment_date
      from actual_commissions ac join agents a on a.id = ac.agent_id join users u on u.id = a.user_id
     where ac.booking_id = ${bookingId}
     order by case ac.role when 'sub_agent' then 0 when 'primary' then 1 else 2 end, ac.id`);
  return rows;
}
