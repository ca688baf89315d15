import { describe, expect, it } from 'vitest';
import { parseMoney, type Cents } from '../money/money';
import { percent } from '../money/percent';
import { explainExpectedCommission } from './explain';
import { resolveBookingRate } from './resolve-rate';

const m = (s: string): Cents => {
  const r = parseMoney(s);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('explainExpectedCommission', () => {
  it('shows the unrounded product and the one rounding (333.33 at 12.5%)', () => {
    const e = explainExpectedCommission({
      gross: m('333.33'),
      rate: resolveBookingRate({ direct: { percent: percent('12.5'), source: 'tier_rule' } }),
    });
    expect(e.expected_commission).toEqual({
      label: 'Expected commission',
      exact: '41.66625',
      rounded: '41.67',
      was_rounded: true,
      text: '333.33 × 12.50% = 41.66625 → 41.67 (rounded half away from zero to the cent)',
    });
    expect(e).toMatchObject({
      source: 'tier_rule',
      percentage: '12.50',
      is_sub_agent: false,
      sub_agent: null,
      parent: null,
    });
    expect(e.company.text).toBe('333.33 − 41.67 = 291.66 kept by the company');
    expect(e.lines).toEqual([
      "Rate 12.50% from the commission rule of the agent's tier on the booking date.",
      'Expected commission: 333.33 × 12.50% = 41.66625 → 41.67 (rounded half away from zero to the cent)',
      'Company: 333.33 − 41.67 = 291.66 kept by the company',
    ]);
  });

  it('says nothing about rounding when the product is exact', () => {
    const e = explainExpectedCommission({
      gross: m('100'),
      rate: resolveBookingRate({ direct: { percent: percent('70'), source: 'agent_rule' } }),
    });
    expect(e.expected_commission.text).toBe('100.00 × 70.00% = 70.00');
    expect(e.expected_commission.was_rounded).toBe(false);
  });

  it('explains a refund symmetrically', () => {
    const e = explainExpectedCommission({
      gross: m('-0.10'),
      rate: resolveBookingRate({ direct: { percent: percent('25'), source: 'agent_default' } }),
    });
    expect(e.expected_commission.text).toBe(
      '-0.10 × 25.00% = -0.025 → -0.03 (rounded half away from zero to the cent)',
    );
    expect(e.source_text).toBe("the agent's default commission percentage");
  });

  it('explains a sub-agent split with names', () => {
    const rate = resolveBookingRate({
      direct: { percent: percent('0'), source: 'none' },
      link: {
        parent_agent_id: 7,
        split_percentage: percent('60'),
        supplier_in_link: true,
        parentRate: { percent: percent('12.5'), source: 'agent_rule' },
      },
    });
    const names = new Map([
      [7, 'Pat Parent'],
      [8, 'Sam Sub'],
    ]);
    const e = explainExpectedCommission({
      gross: m('333.33'),
      rate,
      subAgentId: 8,
      agentName: (id) => names.get(id) ?? '?',
    });
    expect(e).toMatchObject({
      is_sub_agent: true,
      split_percentage: '60.00',
      sub_agent_percentage: '7.50',
      parent_percentage: '5.00',
    });
    expect(e.sub_agent?.text).toBe(
      '333.33 × 12.50% × 60.00% = 24.99975 → 25.00 (rounded half away from zero to the cent)',
    );
    expect(e.parent?.text).toBe(
      '41.67 − 25.00 = 16.67 (the rest of the agent side, so the two add up to the expected commission)',
    );
    expect(e.lines).toEqual([
      "Booked by Sam Sub as a sub-agent of Pat Parent: the rate 12.50% is Pat Parent's, from the agent's own commission rule for this supplier.",
      'Split 60.00%: Sam Sub gets 12.50% × 60.00% = 7.50% of gross, Pat Parent the rest of 12.50%.',
      'Expected commission: 333.33 × 12.50% = 41.66625 → 41.67 (rounded half away from zero to the cent)',
      'Sub-agent (Sam Sub): 333.33 × 12.50% × 60.00% = 24.99975 → 25.00 (rounded half away from zero to the cent)',
      'Parent (Pat Parent): 41.67 − 25.00 = 16.67 (the rest of the agent side, so the two add up to the expected commission)',
      'Company: 333.33 − 41.67 = 291.66 kept by the company',
    ]);
  });

  it('explains a rate of 0', () => {
    const e = explainExpectedCommission({
      gross: m('50'),
      rate: resolveBookingRate({ direct: { percent: percent('0'), source: 'none' } }),
    });
    expect(e.lines[0]).toBe('Rate 0.00%: no commission rule or agent default applies to this agent and supplier.');
  });
});
