import { describe, expect, it } from 'vitest';
import { expectedCommissionText, subAgentShare } from './expected-commission';

describe('expectedCommissionText', () => {
  it('is empty until a supplier is chosen and while its rate loads', () => {
    expect(expectedCommissionText('100', { status: 'no-supplier' })).toBe('');
    expect(expectedCommissionText('100', { status: 'loading' })).toBe('');
  });

  it('applies the found rate exactly, half away from zero', () => {
    expect(expectedCommissionText('333.33', { status: 'found', percentage: 12.5 })).toBe('41.67');
    expect(expectedCommissionText('-200', { status: 'found', percentage: 12.5 })).toBe('-25.00');
    expect(expectedCommissionText('250.5', { status: 'found', percentage: '10' })).toBe('25.05');
    expect(expectedCommissionText('0.05', { status: 'found', percentage: 10 })).toBe('0.01');
  });

  it('counts no rate (a failed fetch) as 0, and stays empty for an amount that is not a number', () => {
    expect(expectedCommissionText('100', { status: 'none' })).toBe('0.00');
    expect(expectedCommissionText('', { status: 'found', percentage: 10 })).toBe('');
    expect(expectedCommissionText('12.345', { status: 'none' })).toBe('');
  });
});

describe('subAgentShare', () => {
  it("is the sub-agent's line as the server computes it: one rounding of amount × rate × split", () => {
    expect(subAgentShare('800.00', 75, 40)).toBe('240.00');
    // Not 50% of the rounded agent side 0.05 (0.03): 0.06 × 75% × 50% = 0.0225 → 0.02.
    expect(subAgentShare('0.06', 75, 50)).toBe('0.02');
    expect(subAgentShare('-333.33', '70', '60')).toBe('-140.00');
  });

  it('is empty for an amount that is not a number, and 0 without a split', () => {
    expect(subAgentShare('', 75, 40)).toBe('');
    expect(subAgentShare('100', 75, null)).toBe('0.00');
  });
});
