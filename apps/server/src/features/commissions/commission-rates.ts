import {
  RATE_SOURCES,
  explainExpectedCommission,
  moneyFromDb,
  percentFromDb,
  percentToString,
  resolveBookingRate,
  toCommissionRateResponse,
  type RateSource,
  type SessionUser,
} from '@app/domain';
import { sql } from 'drizzle-orm';
import { todayUtc } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { fieldError, forbidden, notFound } from '../../http/errors';
import { findCommissionLines } from './commission-lines';
import { resolveRateChecked } from './rate-resolution';

// Rate look-ups, and the explanation of a booking's expected commission. Rate decisions stay in the domain.

/**
 * `GET /commissions/rates`: an admin may ask about any agent, an agent only about itself.
 * Unknown agent or supplier → 422 on that field.
 */
export async function getCommissionRate(
  db: DbOrTx,
  q: { agent_id: number; supplier_id: number; date?: string | undefined },
  user: SessionUser,
) {
  if (!user.is_admin && user.agent_id !== q.agent_id) throw forbidden();
  const resolved = await resolveRateChecked(db, q.agent_id, q.supplier_id, q.date ?? todayUtc());
  if ('unknown' in resolved) {
    throw resolved.unknown === 'agent'
      ? fieldError('agent_id', 'The selected agent is invalid.')
      : fieldError('supplier_id', 'The selected supplier is invalid.');
  }
  return toCommissionRateResponse(resolved.rate);
}

type ExplainRow = {
  id: number;
  booking_reference: string;
  booking_date: string;
  booking_amount: string;
  expected_commission: string;
  commission_percentage: string;
  rate_source: string;
  is_sub_agent: boolean;
  split_percentage: string | null;
  primary_agent_id: number;
  parent_agent_id: number | null;
  sub_agent_id: number | null;
  status: string;
  currency_code: string;
  supplier_name: string;
  agent_names: Record<string, string> | null;
};

/**
 * `GET /bookings/{id}/commission-explanation`: why the booking's stored expected commission is what it
 * is — the rate it holds and where it came from, the split, the one rounding — and its stored lines.
 */
export async function explainBookingCommission(db: DbOrTx, bookingId: number, user: SessionUser) {
  const { rows } = await db.execute<ExplainRow>(sql`
    select b.id, b.booking_reference, b.booking_date, b.booking_amount::text, b.expected_commission::text,
           b.commission_percentage::text, b.rate_source, b.is_sub_agent, b.split_percentage::text,
           b.primary_agent_id, b.parent_agent_id, b.sub_agent_id, b.status, c.code as currency_code,
           s.name as supplier_name,
           (select json_object_agg(a.id, u.name) from agents a join users u on u.id = a.user_id
             where a.id in (b.primary_agent_id, b.parent_agent_id, b.sub_agent_id)) as agent_names
      from bookings b join suppliers s on s.id = b.supplier_id join currencies c on c.id = s.currency_id
     where b.id = ${bookingId}`);
  const b = rows[0];
  // Another agent's booking is not found, as the booking read answers (no hint that it exists).
  const mine = user.agent_id;
  if (!b || (!user.is_admin && (mine === null || ![b.primary_agent_id, b.sub_agent_id].includes(mine)))) {
    throw notFound('The booking');
  }
  const names = b.agent_names ?? {};
  const agentName = (id: number) => names[String(id)] ?? `agent #${id}`;
  const r = percentFromDb(b.commission_percentage);
  const source = (RATE_SOURCES as readonly string[]).includes(b.rate_source) ? (b.rate_source as RateSource) : 'none';
  const resolved = { percent: r, source };
  // The booking's stored registration, put back through the one domain function that decides it.
  const rate =
    b.is_sub_agent && b.split_percentage !== null
      ? resolveBookingRate({
          direct: { percent: r, source: 'none' },
          link: {
            parent_agent_id: b.parent_agent_id ?? b.primary_agent_id,
            split_percentage: percentFromDb(b.split_percentage),
            supplier_in_link: true,
            parentRate: resolved,
          },
        })
      : resolveBookingRate({ direct: resolved });
  const explanation = explainExpectedCommission({
    gross: moneyFromDb(b.booking_amount),
    rate,
    subAgentId: b.sub_agent_id,
    agentName,
  });
  // An agent reads their own line only (DOMAIN.md "Report cards"): on a sub-agent booking, the other
  // agent's step of the explanation is left out too.
  const lines = (await findCommissionLines(db, bookingId)).filter((l) => user.is_admin || l.agent_id === mine);
  if (!user.is_admin && explanation.parent && explanation.sub_agent) {
    const hidden = mine === b.sub_agent_id ? explanation.parent : explanation.sub_agent;
    explanation.lines = explanation.lines.filter((text) => !text.startsWith(`${hidden.label}:`));
    if (hidden === explanation.parent) explanation.parent = null;
    else explanation.sub_agent = null;
  }
  const storedExpected = moneyFromDb(b.expected_commission);
  return {
    status: 'success' as const,
    data: {
      booking_id: b.id,
      booking_reference: b.booking_reference,
      booking_date: b.booking_date,
      supplier_name: b.supplier_name,
      currency_code: b.currency_code,
      booking_amount: b.booking_amount,
      stored_expected_commission: b.expected_commission,
      /** False when the stored number no longer follows from the stored rate (it is then recalculated on the next change). */
      is_consistent: moneyFromDb(explanation.expected_commission.rounded) === storedExpected,
      agents: {
        primary: { id: b.primary_agent_id, name: agentName(b.primary_agent_id) },
        parent: b.parent_agent_id === null ? null : { id: b.parent_agent_id, name: agentName(b.parent_agent_id) },
        sub_agent: b.sub_agent_id === null ? null : { id: b.sub_agent_id, name: agentName(b.sub_agent_id) },
      },
      ...explanation,
    },
    lines: lines.map(({ id: _id, ...l }) => ({
      ...l,
      percentage: percentToString(percentFromDb(l.percentage)),
    })),
  };
}
