import { describe, expect, it } from 'vitest';
import { agentInputSchema } from '../schemas/agents';
import { subAgentLinkInputSchema } from '../schemas/sub-agents';

const valid = {
  full_name: 'Ana Lee',
  home_address: '1 Main St',
  phone_number: '416-555-0100',
  fareconnect_email: 'ana@x.test',
  date_of_birth: '1985-03-12',
  sin_number: '046454286',
  fareconnect_number: 'FC0042',
  commission_tier_id: '1',
  password: 'long-enough',
  password_confirmation: 'long-enough',
};
/** The schema on a pinned today: a date of birth must be on or before 2008-05-01. */
const agentSchema = (mode: 'create' | 'edit') => agentInputSchema(mode, () => '2026-05-01');
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('agentInputSchema', () => {
  it('requires the FareConnect number on the form (the import generates one, the form does not)', () => {
    expect(errorsOf(agentSchema('create').safeParse({ ...valid, fareconnect_number: ' ' }))).toEqual({
      fareconnect_number: 'The fareconnect number field is required.',
    });
  });

  it('normalises flags, blanks and the defaults', () => {
    const r = agentSchema('create').parse({ ...valid, inactive: '1', has_gst: '0', commission_percentage: '' });
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
    const create = agentSchema('create').safeParse({ ...valid, password: '', password_confirmation: '' });
    expect(errorsOf(create)).toEqual({
      password: 'The password field is required.',
      password_confirmation: 'The password confirmation field is required.',
    });
    expect(agentSchema('edit').safeParse({ ...valid, password: '', password_confirmation: '' }).success).toBe(true);
    const mismatch = agentSchema('edit').safeParse({
      ...valid,
      password: 'long-enough',
      password_confirmation: '',
    });
    expect(errorsOf(mismatch)).toEqual({ password_confirmation: 'The password field confirmation does not match.' });
  });
  it('accepts a GST number of capital letters and digits only', () => {
    expect(agentSchema('create').safeParse({ ...valid, gst_number: 'RT0001' }).success).toBe(true);
    for (const bad of ['rt0001', 'RT-0001', 'RT 1']) {
      expect(errorsOf(agentSchema('create').safeParse({ ...valid, gst_number: bad }))).toEqual({
        gst_number: 'The gst number may only contain capital letters and digits.',
      });
    }
  });
  it('refuses a name over 255 characters, a SIN failing Luhn, a short phone and an agent under 18, with field messages', () => {
    expect(agentSchema('create').safeParse({ ...valid, full_name: 'N'.repeat(255) }).success).toBe(true);
    const bad = agentSchema('create').safeParse({
      ...valid,
      full_name: 'N'.repeat(2000),
      sin_number: '123',
      phone_number: '555',
      date_of_birth: '2030-01-01',
    });
    expect(errorsOf(bad)).toEqual({
      full_name: 'The full name field must not be greater than 255 characters.',
      sin_number: 'The sin number must be 9 digits (spaces or hyphens allowed).',
      phone_number: 'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.',
      date_of_birth: 'The date of birth must be a date in the past.',
    });
    // One message per field: a blank field is only required, an over-long one only too long.
    expect(bad.error!.issues).toHaveLength(4);
    const edit = agentSchema('edit').safeParse({
      ...valid,
      sin_number: '046 454 287',
      phone_number: '',
      date_of_birth: '2008-05-02',
    });
    expect(errorsOf(edit)).toEqual({
      sin_number: 'The sin number is not a valid Social Insurance Number (its check digit does not match).',
      phone_number: 'The phone number field is required.',
      date_of_birth: 'The agent must be at least 18 years old: the date of birth must be on or before 2008-05-01.',
    });
    expect(edit.error!.issues).toHaveLength(3);
    expect(errorsOf(agentSchema('edit').safeParse({ ...valid, phone_number: '1'.repeat(51) }))).toEqual({
      phone_number: 'The phone number field must not be greater than 50 characters.',
    });
    const ok = agentSchema('edit').parse({
      ...valid,
      sin_number: '046-454-286',
      phone_number: '+1 (416) 555-0100',
      date_of_birth: '2008-05-01',
    });
    expect(ok).toMatchObject({ sin_number: '046-454-286', phone_number: '+1 (416) 555-0100' });
  });

  it('reads today at each validation, not when the schema is built', () => {
    let today = '2026-05-01';
    const schema = agentInputSchema('edit', () => today);
    const born = { ...valid, date_of_birth: '2008-05-02' };
    expect(schema.safeParse(born).success).toBe(false);
    today = '2026-05-02';
    expect(schema.safeParse(born).success).toBe(true);
  });

  it('refuses a state without a country and bad dates', () => {
    expect(errorsOf(agentSchema('create').safeParse({ ...valid, state_id: '3' }))).toEqual({
      country_id: 'The country field is required when state is present.',
    });
    expect(
      errorsOf(agentSchema('create').safeParse({ ...valid, date_of_birth: '1985-02-30', tier_start_date: 'x' })),
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
