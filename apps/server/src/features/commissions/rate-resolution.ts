import {
  hasDirectRate,
  moneyToString,
  percentToString,
  resolveBookingRate,
  resolveRate,
  tierOnDate,
  type BookingRate,
  type Cents,
  type ResolvedRate,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { loadAgentFacts, loadAgentFactsForAllSuppliers, type AgentFacts, type FactsLoader } from './agent-facts';

// Rate resolution: the rate and registration of a booking from its agent's facts, decided by the domain.

function directRate(f: AgentFacts, date: string): ResolvedRate {
  const tier = tierOnDate(f.history, date, f.tierId);
  return resolveRate({
    agentRule: f.agentRule,
    tierRule: tier === null ? null : (f.tierRules.get(tier) ?? null),
    agentDefault: { commission_type: f.commissionType, commission_percentage: f.commissionPercentage },
  });
}

export interface ResolvedBookingRate {
  rate: BookingRate;
  /** Who the booking is registered under (the parent for a sub-agent booking). */
  primaryAgentId: number;
  subAgentId: number | null;
}

/**
 * The rate of a booking by `agentId` (the agent who books) for a supplier on a date. Null when the
 * agent does not exist.
 */
export async function resolveRateFor(
  db: DbOrTx,
  agentId: number,
  supplierId: number,
  date: string,
): Promise<ResolvedBookingRate | null> {
  const facts = await loadAgentFacts(db, agentId, supplierId);
  return facts ? resolveFromFacts(db, facts, supplierId, date) : null;
}

/**
 * Like `resolveRateFor`, and says which of the two is unknown: the agent, or the supplier (an unknown
 * supplier would otherwise resolve like one without rules). One round trip for a direct booking.
 */
export async function resolveRateChecked(
  db: DbOrTx,
  agentId: number,
  supplierId: number,
  date: string,
): Promise<ResolvedBookingRate | { unknown: 'agent' | 'supplier' }> {
  const facts = await loadAgentFacts(db, agentId, supplierId);
  if (!facts) return { unknown: 'agent' };
  if (!facts.supplierExists) return { unknown: 'supplier' };
  return resolveFromFacts(db, facts, supplierId, date);
}

export async function resolveFromFacts(
  db: DbOrTx,
  facts: AgentFacts,
  supplierId: number,
  date: string,
  load: FactsLoader = (a, s) => loadAgentFacts(db, a, s),
): Promise<ResolvedBookingRate> {
  const direct = directRate(facts, date);
  if (hasDirectRate(direct) || !facts.link || !facts.link.supplierInLink) {
    return { rate: resolveBookingRate({ direct }), primaryAgentId: facts.agentId, subAgentId: null };
  }
  const parent = await load(facts.link.parentAgentId, supplierId);
  const parentRate = parent ? directRate(parent, date) : resolveRate({});
  const rate = resolveBookingRate({
    direct,
    link: {
      parent_agent_id: facts.link.parentAgentId,
      split_percentage: facts.link.split,
      supplier_in_link: true,
      parentRate,
    },
  });
  return { rate, primaryAgentId: facts.link.parentAgentId, subAgentId: facts.agentId };
}

/**
 * The rate of `agentId` for each of the given suppliers on a date, from two round trips at most (the
 * agent's facts, and its parent's when a sub-agent link is involved). Null when the agent does not exist.
 */
export async function resolveRatesForSuppliers(
  db: DbOrTx,
  agentId: number,
  supplierIds: readonly number[],
  date: string,
): Promise<Map<number, ResolvedBookingRate> | null> {
  const factsFor = await loadAgentFactsForAllSuppliers(db, agentId);
  if (!factsFor) return null;
  let parentFacts: Promise<((supplierId: number) => AgentFacts) | null> | null = null;
  const load: FactsLoader = async (parentId, supplierId) => {
    parentFacts ??= loadAgentFactsForAllSuppliers(db, parentId);
    const f = await parentFacts;
    return f ? f(supplierId) : null;
  };
  const out = new Map<number, ResolvedBookingRate>();
  for (const id of supplierIds) out.set(id, await resolveFromFacts(db, factsFor(id), id, date, load));
  return out;
}

/** Columns of a booking that follow from its resolved rate. */
export function bookingRateColumns(r: ResolvedBookingRate, expected: Cents) {
  return {
    expected_commission: moneyToString(expected),
    commission_percentage: percentToString(r.rate.commission_percentage),
    rate_source: r.rate.source,
    primary_agent_id: r.primaryAgentId,
    is_sub_agent: r.rate.is_sub_agent,
    parent_agent_id: r.rate.parent_agent_id,
    sub_agent_id: r.subAgentId,
    split_percentage: r.rate.split_percentage === null ? null : percentToString(r.rate.split_percentage),
  };
}
