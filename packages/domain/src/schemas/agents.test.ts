import { describe, expect, it } from 'vitest';
import { percent } from '../money/percent';
import {
  agentImportRequestSchema,
  agentInputSchema,
  agentListQuerySchema,
  agentUpdatedMessage,
  withoutTrailingZeros,
} from './agents';
import { subAgentParams } from './sub-agents';

const form = {
  full_name: 'Ana Lee',
  home_address: '1 Main St',
  phone_number: '416-555-0100',
  fareconnect_email: 'ana@x.test',
  date_of_birth: '1985-03-12',
  sin_number: '046454286',
  fareconnect_number: 'FC100001',
  commission_tier_id: '1',
};

describe('agent form: percentage and amount', () => {
  it('reads trailing zeros as the same number', () => {
    expect(withoutTrailingZeros('50.0000')).toBe('50');
    expect(withoutTrailingZeros('12.5000')).toBe('12.5');
    expect(withoutTrailingZeros(' 7.10 ')).toBe(' 7.1 ');
    expect(withoutTrailingZeros('.00')).toBe('0');
    expect(withoutTrailingZeros('-0.000')).toBe('-0');
    expect(withoutTrailingZeros('12.505')).toBe('12.505');
    expect(withoutTrailingZeros('50.')).toBe('50.');
    expect(withoutTrailingZeros('1e10')).toBe('1e10');
    expect(withoutTrailingZeros(50)).toBe(50);
  });

  it("accepts '50.0000' as 50% (what numeric(7,4) says), refuses a third significant decimal", () => {
    const r = agentInputSchema('edit', () => '2026-05-01').safeParse({
      ...form,
      commission_percentage: '50.0000',
      commission_fixed: '25.5000',
    });
    expect(r.success && [r.data.commission_percentage, r.data.commission_fixed]).toEqual([percent('50'), 2550n]);
    const bad = agentInputSchema('edit', () => '2026-05-01').safeParse({ ...form, commission_percentage: '12.505' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      'The commission percentage must be a number with at most 2 decimals.',
    ]);
  });

  it('requires the FareConnect number (spec §5)', () => {
    const r = agentInputSchema('edit', () => '2026-05-01').safeParse({ ...form, fareconnect_number: ' ' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fareconnect_number', 'The fareconnect number field is required.'],
    ]);
  });
});

describe('agentUpdatedMessage', () => {
  const cad = (amount: string) => ({ currency_code: 'CAD', amount });
  it('one sentence per fact, with proper plurals', () => {
    expect(agentUpdatedMessage(null)).toBe('Agent updated successfully');
    expect(agentUpdatedMessage({ changed: 0, difference: [] })).toBe(
      'Agent updated successfully. No bookings needed recalculating.',
    );
    expect(agentUpdatedMessage({ changed: 1, difference: [cad('12.34')] })).toBe(
      'Agent updated successfully. 1 booking recalculated: agent commission +12.34 CAD.',
    );
  });

  it('says by how much per currency, exact and signed, never adding currencies together', () => {
    const r = {
      changed: 3,
      difference: [cad('300.00'), { currency_code: 'GBP', amount: '-0.01' }, { currency_code: 'USD', amount: '0.00' }],
    };
    expect(agentUpdatedMessage(r)).toBe(
      'Agent updated successfully. 3 bookings recalculated: agent commission +300.00 CAD, -0.01 GBP, 0.00 USD.',
    );
    // The browser writes the amounts its own way.
    expect(agentUpdatedMessage(r, (amount, code) => `${code}[${amount}]`)).toBe(
      'Agent updated successfully. 3 bookings recalculated: agent commission +CAD[300.00], GBP[-0.01], USD[0.00].',
    );
  });
});

describe('agent requests moved to the domain with their endpoints', () => {
  it('import: takes the uploaded file, treats a blank file input as none, refuses a text value', () => {
    const file = { filename: 'a.csv', mimetype: 'text/csv', size: 3, data: new Uint8Array([97, 44, 98]) };
    expect(agentImportRequestSchema.parse({ file })).toEqual({ file });
    expect(agentImportRequestSchema.parse({ file: '' })).toEqual({ file: undefined });
    expect(agentImportRequestSchema.parse({ file: null })).toEqual({ file: undefined });
    expect(agentImportRequestSchema.parse({})).toEqual({ file: undefined });
    for (const bad of ['a.csv', { filename: 'a.csv', mimetype: 'text/csv', size: 3, data: 'a,b' }]) {
      const r = agentImportRequestSchema.safeParse({ file: bad });
      expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['file', 'Please select a valid Excel or CSV file'],
      ]);
    }
  });

  it('list: pages by 15 sorted by name by default; an unknown sort or filter falls back instead of failing', () => {
    expect(agentListQuerySchema.parse({})).toEqual({ page: 1, per_page: 15, sort: 'name', direction: 'asc' });
    expect(
      agentListQuerySchema.parse({ page: '2', sort: 'tier', direction: 'desc', status: 'gone', has_gst: '1' }),
    ).toEqual({ page: 2, per_page: 15, sort: 'tier', direction: 'desc', has_gst: '1' });
    expect(agentListQuerySchema.parse({ sort: 'password' }).sort).toBe('name');
  });

  it('sub-agent path: both ids are path ids', () => {
    expect(subAgentParams.parse({ id: '7', subAgentId: '12' })).toEqual({ id: 7, subAgentId: 12 });
    expect(subAgentParams.safeParse({ id: '7', subAgentId: '0' }).success).toBe(false);
    expect(subAgentParams.safeParse({ id: '7', subAgentId: 'x' }).success).toBe(false);
  });
});
