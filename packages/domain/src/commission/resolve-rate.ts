/**
 * Rate resolution (DOMAIN.md "Who gets what: rate resolution") over facts the service has already loaded.
 */
import type { z } from 'zod';
import {
  HUNDRED_PERCENT,
  ZERO_PERCENT,
  percentMinus,
  percentOfPercent,
  percentToNumber,
  type Percent,
} from '../money/percent';
import type { commissionRateResponseSchema } from '../schemas/commissions';

export type RateSource = 'agent_rule' | 'tier_rule' | 'agent_default' | 'none';

export type CommissionType = 'percentage' | 'fixed';

/** What is known about agent A, supplier S, date D before resolving. */
export interface RateFacts {
  /** Percentage of the `agent` commission rule for A that lists S, if any. */
  agentRule?: Percent | null;
  /** Percentage of the `tier` commission rule for the tier A holds on D that lists S, if any. */
  tierRule?: Percent | null;
  /** A's own default from the agent form. */
  agentDefault?: { commission_type: CommissionType; commission_percentage: Percent | null } | null;
}

export interface ResolvedRate {
  percent: Percent;
  source: RateSource;
}

/**
 * Steps 1–4: the agent rule for S, else the tier rule for S, else A's own percentage default, else 0.
 * A rule that exists wins even at 0% (an explicit rule of 0 is a decision). The agent's own default
 * counts only when its type is 'percentage' and its percentage is set and above 0: a blank or 0 default
 * is what the agent form holds when nothing was chosen, and must not hide a sub-agent link (step 3
 * decides whether A "has a direct rate"). A 'fixed' default is not a percentage and gives no rate.
 */
export function resolveRate(facts: RateFacts): ResolvedRate {
  if (facts.agentRule !== undefined && facts.agentRule !== null)
    return { percent: facts.agentRule, source: 'agent_rule' };
  if (facts.tierRule !== undefined && facts.tierRule !== null) return { percent: facts.tierRule, source: 'tier_rule' };
  const own = facts.agentDefault;
  if (
    own &&
    own.commission_type === 'percentage' &&
    own.commission_percentage !== null &&
    own.commission_percentage > 0n
  ) {
    return { percent: own.commission_percentage, source: 'agent_default' };
  }
  return { percent: ZERO_PERCENT, source: 'none' };
}

/** True when steps 1–3 gave A a rate of its own for the supplier. */
export const hasDirectRate = (rate: ResolvedRate): boolean => rate.source !== 'none';

/** A's sub-agent link, with the parent's own resolution for the same supplier and date. */
export interface SubAgentLinkFacts {
  parent_agent_id: number;
  /** The split s: the sub-agent's share of the agent side, 0–100. */
  split_percentage: Percent;
  /** Whether the supplier is in the link's supplier list L. */
  supplier_in_link: boolean;
  /** P's rate for S on D (steps 1–4 for P). */
  parentRate: ResolvedRate;
}

/**
 * The commission rate response of the spec (GET /commissions/rates), as Percents, plus the source
 * of r for explanations. For a sub-agent booking, `commission_percentage` is r, the whole agent side
 * (expected commission = gross × r / 100); `sub_agent_commission_percentage` = r × s / 100 on the
 * 4-decimal grid and `parent_commission_percentage` = r − that.
 */
export interface BookingRate {
  is_sub_agent: boolean;
  commission_percentage: Percent;
  parent_commission_percentage: Percent | null;
  sub_agent_commission_percentage: Percent | null;
  split_percentage: Percent | null;
  parent_agent_id: number | null;
  /** Where r came from (for a sub-agent booking: the parent's resolution). Not part of the spec response. */
  source: RateSource;
}

/**
 * The rate of a booking by agent A for supplier S on date D. If A has a direct rate (steps 1–3), A books
 * S directly and takes the whole agent side, link or not. Otherwise, if A has a link and S is in its list,
 * the booking goes under the parent P with r = P's rate and A gets r·s/100. Otherwise A books directly at
 * its step-4 rate (0).
 */
export function resolveBookingRate(input: { direct: ResolvedRate; link?: SubAgentLinkFacts | null }): BookingRate {
  const { direct, link } = input;
  if (hasDirectRate(direct) || !link || !link.supplier_in_link) {
    return {
      is_sub_agent: false,
      commission_percentage: direct.percent,
      parent_commission_percentage: null,
      sub_agent_commission_percentage: null,
      split_percentage: null,
      parent_agent_id: null,
      source: direct.source,
    };
  }
  if (link.split_percentage < 0n || link.split_percentage > HUNDRED_PERCENT) {
    throw new RangeError('resolveBookingRate: the split must be between 0 and 100');
  }
  const r = link.parentRate.percent;
  const subAgent = percentOfPercent(r, link.split_percentage);
  return {
    is_sub_agent: true,
    commission_percentage: r,
    parent_commission_percentage: percentMinus(r, subAgent),
    sub_agent_commission_percentage: subAgent,
    split_percentage: link.split_percentage,
    parent_agent_id: link.parent_agent_id,
    source: link.parentRate.source,
  };
}

/** The spec's JSON shape of the commission rate response (percentages as numbers, `source` dropped). */
export type CommissionRateBody = z.output<typeof commissionRateResponseSchema>;

/** BookingRate → the JSON body of GET /commissions/rates. */
export function toCommissionRateResponse(rate: BookingRate): CommissionRateBody {
  const n = (p: Percent | null) => (p === null ? null : percentToNumber(p));
  return {
    is_sub_agent: rate.is_sub_agent,
    commission_percentage: percentToNumber(rate.commission_percentage),
    parent_commission_percentage: n(rate.parent_commission_percentage),
    sub_agent_commission_percentage: n(rate.sub_agent_commission_percentage),
    split_percentage: n(rate.split_percentage),
    parent_agent_id: rate.parent_agent_id,
  };
}
