import { describe, expect, it } from 'vitest';
import { percent, type Percent } from '../money/percent';
import {
  resolveBookingRate,
  resolveRate,
  toCommissionRateResponse,
  type RateFacts,
  type RateSource,
  type ResolvedRate,
} from './resolve-rate';

const P = (s: string) => percent(s);

describe('resolveRate: DOMAIN.md rate resolution steps 1–4', () => {
  it.each<[string, RateFacts, string, RateSource]>([
    [
      '1. the agent rule listing the supplier wins',
      {
        agentRule: P('15'),
        tierRule: P('10'),
        agentDefault: { commission_type: 'percentage', commission_percentage: P('5') },
      },
      '15',
      'agent_rule',
    ],
    ['1. an agent rule of 0% is still a rule', { agentRule: P('0'), tierRule: P('10') }, '0', 'agent_rule'],
    [
      '2. else the tier rule for the tier held on the date',
      {
        agentRule: null,
        tierRule: P('10'),
        agentDefault: { commission_type: 'percentage', commission_percentage: P('5') },
      },
      '10',
      'tier_rule',
    ],
    [
      '2. a tier rule of 0% is still a rule',
      { tierRule: P('0'), agentDefault: { commission_type: 'percentage', commission_percentage: P('5') } },
      '0',
      'tier_rule',
    ],
    [
      '3. else the agent default when its type is percentage',
      { agentDefault: { commission_type: 'percentage', commission_percentage: P('7.5') } },
      '7.5',
      'agent_default',
    ],
    [
      '3. a fixed default is not a percentage',
      { agentDefault: { commission_type: 'fixed', commission_percentage: P('7.5') } },
      '0',
      'none',
    ],
    [
      '3. a blank default percentage gives nothing',
      { agentDefault: { commission_type: 'percentage', commission_percentage: null } },
      '0',
      'none',
    ],
    [
      '3. a 0 default percentage gives nothing (it is the blank form value)',
      { agentDefault: { commission_type: 'percentage', commission_percentage: P('0') } },
      '0',
      'none',
    ],
    ['4. else 0', {}, '0', 'none'],
    ['4. else 0 (all null)', { agentRule: null, tierRule: null, agentDefault: null }, '0', 'none'],
  ])('%s', (_name, facts, expected, source) => {
    expect(resolveRate(facts)).toEqual({ percent: P(expected), source });
  });
});

describe('resolveBookingRate: who gets what', () => {
  const parentRate: ResolvedRate = { percent: P('70'), source: 'tier_rule' };
  const link = (supplier_in_link: boolean, split: Percent = P('60')) => ({
    parent_agent_id: 7,
    split_percentage: split,
    supplier_in_link,
    parentRate,
  });

  it('direct booking without a link: the agent takes the whole agent side', () => {
    expect(resolveBookingRate({ direct: { percent: P('12.5'), source: 'agent_rule' } })).toEqual({
      is_sub_agent: false,
      commission_percentage: P('12.5'),
      parent_commission_percentage: null,
      sub_agent_commission_percentage: null,
      split_percentage: null,
      parent_agent_id: null,
      source: 'agent_rule',
    });
  });

  it.each<[string, RateSource]>([
    ['agent rule', 'agent_rule'],
    ['tier rule', 'tier_rule'],
    ['agent default', 'agent_default'],
  ])('a direct rate from the %s beats the link even when the supplier is in it', (_name, source) => {
    const rate = resolveBookingRate({ direct: { percent: P('10'), source }, link: link(true) });
    expect(rate).toMatchObject({ is_sub_agent: false, commission_percentage: P('10'), parent_agent_id: null, source });
  });

  it('no direct rate and the supplier in the link: registered under the parent with r = the parent rate', () => {
    expect(resolveBookingRate({ direct: { percent: P('0'), source: 'none' }, link: link(true) })).toEqual({
      is_sub_agent: true,
      commission_percentage: P('70'),
      parent_commission_percentage: P('28'),
      sub_agent_commission_percentage: P('42'),
      split_percentage: P('60'),
      parent_agent_id: 7,
      source: 'tier_rule',
    });
  });

  it('no direct rate and the supplier not in the link: direct at 0', () => {
    expect(resolveBookingRate({ direct: { percent: P('0'), source: 'none' }, link: link(false) })).toMatchObject({
      is_sub_agent: false,
      commission_percentage: P('0'),
      parent_agent_id: null,
      source: 'none',
    });
  });

  it.each<[string, string, string, string, string]>([
    ['70', '60', '42.00', '28.00', '70.00'],
    ['12.5', '33.33', '4.1663', '8.3337', '12.50'], // r·s/100 = 4.16625 kept on 4 decimals
    ['12.34', '33.33', '4.1129', '8.2271', '12.34'],
    ['70', '0', '0.00', '70.00', '70.00'],
    ['70', '100', '70.00', '0.00', '70.00'],
  ])('r %s%%, split %s%% → sub-agent %s%%, parent %s%% (sum %s%%)', (r, s, subAgent, parent, total) => {
    const rate = resolveBookingRate({
      direct: { percent: P('0'), source: 'none' },
      link: {
        parent_agent_id: 1,
        split_percentage: P(s),
        supplier_in_link: true,
        parentRate: { percent: P(r), source: 'agent_rule' },
      },
    });
    const body = toCommissionRateResponse(rate);
    expect(body.sub_agent_commission_percentage).toBe(Number(subAgent));
    expect(body.parent_commission_percentage).toBe(Number(parent));
    expect((rate.sub_agent_commission_percentage ?? 0n) + (rate.parent_commission_percentage ?? 0n)).toBe(P(total));
  });

  it('the parent without any rate still takes the booking, at 0', () => {
    const rate = resolveBookingRate({
      direct: { percent: P('0'), source: 'none' },
      link: { ...link(true), parentRate: { percent: P('0'), source: 'none' } },
    });
    expect(rate).toMatchObject({ is_sub_agent: true, commission_percentage: 0n, sub_agent_commission_percentage: 0n });
  });

  it('refuses a split outside 0..100', () => {
    expect(() =>
      resolveBookingRate({ direct: { percent: P('0'), source: 'none' }, link: link(true, 1000001n as Percent) }),
    ).toThrow(RangeError);
  });

  it('gives the spec response body with numbers and without source', () => {
    const rate = resolveBookingRate({ direct: { percent: P('0'), source: 'none' }, link: link(true) });
    expect(toCommissionRateResponse(rate)).toEqual({
      is_sub_agent: true,
      commission_percentage: 70,
      parent_commission_percentage: 28,
      sub_agent_commission_percentage: 42,
      split_percentage: 60,
      parent_agent_id: 7,
    });
  });
});
