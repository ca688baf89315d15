import { describe, expect, it } from 'vitest';
import { expectedCommissionText } from './expected-commission';

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
