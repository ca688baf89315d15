import { describe, expect, it } from 'vitest';
import { agentInputSchema, subAgentLinkInputSchema } from '../schemas/agents';

const valid = {
  full_name: 'Ana Lee',
  home_address: '1 Main St',
  phone_number: '416',
  fareconnect_email: 'ana@x.test',
  date_of_birth: '1985-03-12',
  sin_number: '046454286',
  fareconnect_number: 'FC0042',
  commission_tier_id: '1',
  password: 'long-enough',
  password_confirmation: 'long-enough',
};
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('agentInputSchema', () => {
  it('requires the FareConnect number on the form (the import generates one, the form does not)', () => {
    expect(errorsOf(agentInputSchema('create').safeParse({ ...valid, fareconnect_number: ' ' }))).toEqual({
      fareconnect_number: 'The fareconnect number field is required.',
    });
  });

  it('normalises flags, blanks and the defaults', () => {
    const r = agentInputSchema('create').parse({ ...valid, inactive: '1', has_gst: '0', commission_percentage: '' });
    expect(r).toMatchObject({
      inactive: true,
      has_gst: false,
      commission_percentage: null,
      commission_fixed: null,
      commission_type: 'percentage',
      status: 'active',
      fareconnect_number: 'FC0042',
      country_id: null,
    });
  });
  it('requires the password on create only; blank keeps it on edit', () => {
    const create = agentInputSchema('create').safeParse({ ...valid, password: '', password_confirmation: '' });
    expect(errorsOf(create)).toEqual({
      password: 'The password field is required.',
      password_confirmation: 'The password confirmation field is required.',
    });
    expect(agentInputSchema('edit').safeParse({ ...valid, password: '', password_confirmation: '' }).success).toBe(
      true,
    );
    const mismatch = agentInputSchema('edit').safeParse({
      ...valid,
      password: 'long-enough',
      password_confirmation: '',
    });
    expect(errorsOf(mismatch)).toEqual({ password_confirmation: 'The password field confirmation does not match.' });
  });
  it('accepts a GST number of capital letters and digits only', () => {
    expect(agentInputSchema('create').safeParse({ ...valid, gst_number: 'RT0001' }).success).toBe(true);
    for (const bad of ['rt0001', 'RT-0001', 'RT 1']) {
      expect(errorsOf(agentInputSchema('create').safeParse({ ...valid, gst_number: bad }))).toEqual({
        gst_number: 'The gst number may only contain capital letters and digits.',
      });
    }
  });
  it('refuses a state without a country and bad dates', () => {
    expect(errorsOf(agentInputSchema('create').safeParse({ ...valid, state_id: '3' }))).toEqual({
      country_id: 'The country field is required when state is present.',
    });
    expect(
      errorsOf(agentInputSchema('create').safeParse({ ...valid, date_of_birth: '1985-02-30', tier_start_date: 'x' })),
    ).toEqual({
      date_of_birth: 'The date of birth is not a valid date (YYYY-MM-DD).',
      tier_start_date: 'The tier start date is not a valid date (YYYY-MM-DD).',
    });
  });
});

describe('subAgentLinkInputSchema', () => {
  it('takes suppliers[] , one empty value or a JSON array', () => {
    const s = subAgentLinkInputSchema('create');
    expect(s.parse({ sub_agent_id: '2', split_percentage: '40.5', suppliers: '' }).suppliers).toEqual([]);
    expect(s.parse({ sub_agent_id: '2', split_percentage: '40.5', suppliers: ['3', '3', '4'] }).suppliers).toEqual([
      3, 4,
    ]);
    expect(s.parse({ sub_agent_id: 2, split_percentage: 40.5, suppliers: [3] }).suppliers).toEqual([3]);
    expect(errorsOf(s.safeParse({ sub_agent_id: '2', split_percentage: '1', suppliers: ['x'] }))).toEqual({
      suppliers: 'The selected suppliers are invalid.',
    });
  });
  it('bounds the split to 0–100 with 2 decimals', () => {
    const s = subAgentLinkInputSchema('edit');
    expect(errorsOf(s.safeParse({ split_percentage: '100.01' }))).toEqual({
      split_percentage: 'The split percentage field must be between 0 and 100.',
    });
    expect(errorsOf(s.safeParse({ split_percentage: '10.005' }))).toEqual({
      split_percentage: 'The split percentage must be a number with at most 2 decimals.',
    });
    expect(s.safeParse({ split_percentage: '100' }).success).toBe(true);
  });
});
