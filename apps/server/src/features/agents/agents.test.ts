import { beforeAll, describe, expect, it } from 'vitest';
import { expectedCommissionOf, insertBooking, insertRule, insertSupplier, insertTier } from '../../test/factories';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { pinTodayForTests, todayUtc } from '../../clock';

let t: TestApp;
let admin: TestClient;
let gold: number;
let silver: number;
let canada: number;
let ontario: number;
let usa: number;
let supplier: number;

let n = 0;
const agentForm = (over: Record<string, string> = {}) => {
  n += 1;
  return {
    full_name: `Agent ${n}`,
    home_address: '1 Main St, Toronto',
    phone_number: '416-555-0100',
    fareconnect_email: `agent${n}@example.test`,
    date_of_birth: '1985-03-12',
    sin_number: '046454286',
    fareconnect_number: `FC-T${n}`,
    country_id: String(canada),
    state_id: String(ontario),
    commission_tier_id: String(gold),
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    inactive: '0',
    has_gst: '0',
    ...over,
  };
};

async function createAgent(over: Record<string, string> = {}) {
  const form = agentForm(over);
  const res = await admin.post('/agents', { multipart: form });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, form, data: res.json().data };
}

/** The edit form posted back with a blank password (kept) and the given changes. */
const updateAgent = (id: number, form: Record<string, string>, over: Record<string, string> = {}) =>
  admin.post(`/agents/${id}`, {
    multipart: { ...form, _method: 'PUT', password: '', password_confirmation: '', ...over },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn('admin', { name: 'Ada Admin' });
  gold = await insertTier(t.db, 'Gold');
  silver = await insertTier(t.db, 'Silver');
  canada = (await t.one<{ id: number }>(`select id from countries where code = 'CA'`)).id;
  usa = (await t.one<{ id: number }>(`select id from countries where code = 'US'`)).id;
  ontario = (await t.one<{ id: number }>(`select id from states where code = 'ON' and country_id = $1`, [canada])).id;
  supplier = await insertSupplier(t.db, { name: 'Sunwing' });
});

describe('agent form: create', () => {
  it('creates a user with the agent role and the given FareConnect number, audits without secrets', async () => {
    const { id, data, form } = await createAgent({
      fareconnect_number: 'FC-GIVEN-1',
      has_gst: '1',
      gst_number: 'RT0001AB',
    });
    expect(data).toMatchObject({
      fareconnect_number: 'FC-GIVEN-1',
      full_name: form.full_name,
      fareconnect_email: form.fareconnect_email,
      commission_tier: { id: gold, name: 'Gold' },
      commission_type: 'percentage',
      status: 'active',
      has_gst: true,
      gst_number: 'RT0001AB',
      inactive: false,
    });
    const user = await t.one<{ roles: string[] }>(
      'select u.roles from users u join agents a on a.user_id = u.id where a.id = $1',
      [id],
    );
    expect(user.roles).toEqual(['agent']);
    const log = (await auditRows(t.db, 'agent')).filter((r) => r.entity_id === String(id));
    expect(log.map((r) => r.action)).toEqual(['create']);
    const text = JSON.stringify(log);
    expect(text).not.toContain('secret-pass-1');
    expect(text).not.toContain('046454286');
    // The new agent signs in with the fareconnect email.
    const c = t.client();
    const login = await c.post('/login', { json: { email: form.fareconnect_email, password: form.password } });
    expect(login.statusCode).toBe(200);
  });

  it('masks the SIN in the audit log as typed, separators included', async () => {
    const { id } = await createAgent({ sin_number: '046-454-286' });
    const [row] = (await auditRows(t.db, 'agent')).filter((r) => r.entity_id === String(id));
    expect((row!.after as { sin_number: string }).sin_number).toBe('***286');
  });

  it('refuses a name over 255 characters, a future birth date, SIN 123 and phone 555 with field messages, writing nothing', async () => {
    const before = await t.count('agents');
    const res = await admin.post('/agents', {
      multipart: agentForm({
        full_name: 'N'.repeat(2000),
        date_of_birth: '2030-01-01',
        sin_number: '123',
        phone_number: '555',
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      full_name: ['The full name field must not be greater than 255 characters.'],
      date_of_birth: ['The date of birth must be a date in the past.'],
      sin_number: ['The sin number must be 9 digits (spaces or hyphens allowed).'],
      phone_number: ['The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.'],
    });
    const luhn = await admin.post('/agents', { json: { ...agentForm(), sin_number: '046 454 287' } });
    expect(luhn.json().errors).toEqual({
      sin_number: ['The sin number is not a valid Social Insurance Number (its check digit does not match).'],
    });
    expect(await t.count('agents')).toBe(before);
    // Separators are kept as typed; 255 characters is the limit, not more.
    const { data } = await createAgent({
      full_name: 'N'.repeat(255),
      sin_number: '046 454 286',
      phone_number: '+1 (416) 555-0100',
    });
    expect(data).toMatchObject({
      full_name: 'N'.repeat(255),
      sin_number: '046 454 286',
      phone_number: '+1 (416) 555-0100',
    });
  });

  it("refuses an agent under 18 on the server's today (pinned), on create and on edit", async () => {
    pinTodayForTests('2026-05-01');
    try {
      const young = await admin.post('/agents', { multipart: agentForm({ date_of_birth: '2008-05-02' }) });
      expect(young.statusCode).toBe(422);
      expect(young.json().errors).toEqual({
        date_of_birth: ['The agent must be at least 18 years old: the date of birth must be on or before 2008-05-01.'],
      });
      const { id, form } = await createAgent({ date_of_birth: '2008-05-01' });
      const edit = await updateAgent(id, form, { date_of_birth: '2026-05-01' });
      expect(edit.json().errors).toEqual({ date_of_birth: ['The date of birth must be a date in the past.'] });
      expect((await admin.get(`/agents/${id}`)).json().data.date_of_birth).toBe('2008-05-01');
    } finally {
      pinTodayForTests(null);
    }
  });

  it('accepts JSON with booleans and keeps a given FareConnect number unique', async () => {
    const res = await admin.post('/agents', {
      json: { ...agentForm(), fareconnect_number: 'FC-CUSTOM-1', inactive: false, has_gst: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dup = await admin.post('/agents', { json: { ...agentForm(), fareconnect_number: 'FC-CUSTOM-1' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.fareconnect_number).toEqual(['The fareconnect number has already been taken.']);
  });

  it('refuses missing fields with the spec messages', async () => {
    const res = await admin.post('/agents', { multipart: { inactive: '0' } });
    expect(res.statusCode).toBe(422);
    const { errors, message } = res.json();
    expect(message).toMatch(/^The full name field is required\. \(and \d+ more errors\)$/);
    expect(errors).toMatchObject({
      full_name: ['The full name field is required.'],
      home_address: ['The home address field is required.'],
      phone_number: ['The phone number field is required.'],
      fareconnect_email: ['The fareconnect email field is required.'],
      date_of_birth: ['The date of birth field is required.'],
      sin_number: ['The sin number field is required.'],
      fareconnect_number: ['The fareconnect number field is required.'],
      commission_tier_id: ['The commission tier field is required.'],
      password: ['The password field is required.'],
      password_confirmation: ['The password confirmation field is required.'],
    });
  });

  it('refuses a bad GST number, a mismatched confirmation, an unknown country/state pair and a taken e-mail', async () => {
    const { form } = await createAgent();
    const res = await admin.post('/agents', {
      multipart: agentForm({ has_gst: '1', gst_number: 'rt-0001', password_confirmation: 'other-pass' }),
    });
    expect(res.json().errors).toEqual({
      gst_number: ['The gst number may only contain capital letters and digits.'],
      password_confirmation: ['The password field confirmation does not match.'],
    });
    const pair = await admin.post('/agents', { multipart: agentForm({ country_id: String(usa) }) });
    expect(pair.json().errors).toEqual({ state_id: ['The selected state is invalid.'] });
    const unknown = await admin.post('/agents', { multipart: agentForm({ country_id: '99999', state_id: '' }) });
    expect(unknown.json().errors).toEqual({ country_id: ['The selected country is invalid.'] });
    const taken = await admin.post('/agents', {
      multipart: agentForm({ fareconnect_email: form.fareconnect_email.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ fareconnect_email: ['The fareconnect email has already been taken.'] });
    const tier = await admin.post('/agents', { multipart: agentForm({ commission_tier_id: '99999' }) });
    expect(tier.json().errors).toEqual({ commission_tier_id: ['The selected commission tier is invalid.'] });
  });

  it('is admin-only', async () => {
    const agent = await t.signedIn('agent');
    expect((await agent.post('/agents', { multipart: agentForm() })).statusCode).toBe(403);
    expect((await agent.get('/agents')).statusCode).toBe(403);
    expect((await t.client().get('/agents', { ajax: true })).statusCode).toBe(401);
  });
});

describe('agent form: edit', () => {
  it('keeps the password when blank, changes it when given, and an inactive agent cannot sign in', async () => {
    const { id, form } = await createAgent();
    const agentBrowser = t.client();
    expect(
      (await agentBrowser.post('/login', { json: { email: form.fareconnect_email, password: form.password } }))
        .statusCode,
    ).toBe(200);
    const put = await admin.post(`/agents/${id}`, {
      multipart: { ...form, _method: 'PUT', password: '', password_confirmation: '', nickname: 'Ace' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      status: 'success',
      message: 'Agent updated successfully',
      data: { nickname: 'Ace' },
    });
    expect(put.json().recalculation).toBeNull();
    // An edit that keeps the password keeps the agent signed in.
    expect((await agentBrowser.get('/api/user/roles')).statusCode).toBe(200);
    expect(
      (await t.client().post('/login', { json: { email: form.fareconnect_email, password: form.password } }))
        .statusCode,
    ).toBe(200);

    await admin.post(`/agents/${id}`, {
      multipart: { ...form, _method: 'PUT', password: 'new-password-9', password_confirmation: 'new-password-9' },
    });
    // A password reset by an admin ends the agent's sessions: whoever had the old password is out.
    expect((await agentBrowser.get('/api/user/roles')).statusCode).toBe(401);
    const { rows: left } = await t.db.$client.query(
      'select count(*)::int as n from sessions s join agents a on a.user_id = s.user_id where a.id = $1',
      [id],
    );
    expect(left[0].n).toBe(0);
    expect(
      (await t.client().post('/login', { json: { email: form.fareconnect_email, password: form.password } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.client().post('/login', { json: { email: form.fareconnect_email, password: 'new-password-9' } }))
        .statusCode,
    ).toBe(200);

    await admin.post(`/agents/${id}`, {
      multipart: { ...form, _method: 'PUT', password: '', password_confirmation: '', inactive: '1' },
    });
    const refused = await t
      .client()
      .post('/login', { json: { email: form.fareconnect_email, password: 'new-password-9' } });
    expect(refused.statusCode).toBe(422);
    const log = (await auditRows(t.db, 'agent')).filter((r) => r.entity_id === String(id));
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(JSON.stringify(log)).not.toContain('new-password-9');
  });

  it('answers percentage and amount with 2 decimals, and the answer saves back unchanged', async () => {
    const { id, form } = await createAgent({ commission_percentage: '50', commission_fixed: '25.5' });
    const got = (await admin.get(`/agents/${id}`)).json().data;
    expect(got).toMatchObject({ commission_percentage: '50.00', commission_fixed: '25.50' });
    // What the edit form loads is what it posts back (the form's own check is this same schema).
    const put = await updateAgent(id, form, {
      commission_percentage: got.commission_percentage,
      commission_fixed: got.commission_fixed,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ commission_percentage: '50.00', commission_fixed: '25.50' });
    // Trailing zeros are the same number; a third significant decimal is not on the form's step.
    const zeros = await updateAgent(id, form, { commission_percentage: '12.5000', commission_fixed: '7.000' });
    expect(zeros.statusCode, zeros.body).toBe(200);
    expect(zeros.json().data).toMatchObject({ commission_percentage: '12.50', commission_fixed: '7.00' });
    const third = await updateAgent(id, form, { commission_percentage: '12.505' });
    expect(third.statusCode).toBe(422);
    expect(third.json().errors).toEqual({
      commission_percentage: ['The commission percentage must be a number with at most 2 decimals.'],
    });
  });

  it('requires the FareConnect number on create and on edit', async () => {
    const create = await admin.post('/agents', { multipart: agentForm({ fareconnect_number: '  ' }) });
    expect(create.statusCode).toBe(422);
    expect(create.json()).toEqual({
      message: 'The fareconnect number field is required.',
      errors: { fareconnect_number: ['The fareconnect number field is required.'] },
    });
    const { id, form } = await createAgent();
    const edit = await updateAgent(id, form, { fareconnect_number: '' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ fareconnect_number: ['The fareconnect number field is required.'] });
    expect((await admin.get(`/agents/${id}`)).json().data.fareconnect_number).toBe(form.fareconnect_number);
  });

  it('an agent stored before the checks existed opens as stored and saves back with a field message per bad field, not a 5xx', async () => {
    const { id, form } = await createAgent();
    await t.q(
      `update agents set sin_number = '123', phone_number = '555', date_of_birth = '2030-01-01' where id = $1`,
      [id],
    );
    const stored = (await admin.get(`/agents/${id}`)).json().data;
    expect(stored).toMatchObject({ sin_number: '123', phone_number: '555', date_of_birth: '2030-01-01' });
    // The edit form posts back what it loaded, with a tier change besides.
    const res = await updateAgent(id, form, {
      sin_number: stored.sin_number,
      phone_number: stored.phone_number,
      date_of_birth: stored.date_of_birth,
      commission_tier_id: String(silver),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message:
        'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses. (and 2 more errors)',
      errors: {
        phone_number: [
          'The phone number must have 10 to 15 digits, optionally with +, spaces, hyphens and parentheses.',
        ],
        date_of_birth: ['The date of birth must be a date in the past.'],
        sin_number: ['The sin number must be 9 digits (spaces or hyphens allowed).'],
      },
    });
    // Nothing changed, the tier included; once corrected, the save goes through.
    expect((await admin.get(`/agents/${id}`)).json().data).toMatchObject({
      sin_number: '123',
      commission_tier_id: gold,
    });
    const fixed = await updateAgent(id, form, { commission_tier_id: String(silver) });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ sin_number: '046454286', phone_number: '416-555-0100' });
  });

  it('lets the agent read their own record, not another one', async () => {
    const { id: other } = await createAgent();
    const me = await t.signedIn('agent');
    expect((await me.get(`/agents/${me.agentId}`)).statusCode).toBe(200);
    expect((await me.get(`/agents/${other}`)).statusCode).toBe(403);
    expect((await me.post(`/agents/${me.agentId}`, { multipart: { ...agentForm(), _method: 'PUT' } })).statusCode).toBe(
      403,
    );
    expect((await admin.get('/agents/999999')).statusCode).toBe(404);
  });
});

describe('agents list', () => {
  it('searches, filters and pages with the contract shape', async () => {
    await createAgent({ full_name: 'Zelda Searchable', has_gst: '1', gst_number: 'Z1' });
    await createAgent({ full_name: 'Yuri Searchable', commission_tier_id: String(silver) });
    const res = await admin.get('/agents?search=searchable&per_page=1&sort=name&direction=asc');
    expect(res.json()).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, from: 1, to: 1, total: 2 });
    expect(res.json().data[0]).toMatchObject({ name: 'Yuri Searchable', commission_tier: { name: 'Silver' } });
    const gst = (await admin.get('/agents?search=searchable&has_gst=1')).json();
    expect(gst.data.map((a: { name: string }) => a.name)).toEqual(['Zelda Searchable']);
    const tier = (await admin.get(`/agents?search=searchable&tier=${silver}`)).json();
    expect(tier.total).toBe(1);
    const empty = (await admin.get('/agents?search=nobody-at-all')).json();
    expect(empty).toMatchObject({ data: [], total: 0, from: null, to: null, last_page: 1 });
    const list = (await admin.get('/agents-list')).json();
    expect(list.status).toBe('success');
    expect(list.data[0]).toHaveProperty('user.name');
  });
});

const rule = (type: 'tier' | 'agent', owner: number, percentage: string, suppliers: number[]) =>
  insertRule(t.db, type, owner, percentage, suppliers);

const booking = (agent: number, amount: string, date: string, extra: Record<string, unknown> = {}) =>
  insertBooking(t.db, {
    primary_agent_id: agent,
    supplier_id: supplier,
    booking_amount: amount,
    booking_date: date,
    ...extra,
  });

const expected = (id: number) => expectedCommissionOf(t.db, id);

describe('tier change and tier history', () => {
  beforeAll(async () => {
    await rule('tier', gold, '10', [supplier]);
    await rule('tier', silver, '20', [supplier]);
  });

  it('a back-dated start recalculates the bookings from that date and the timeline shows every tier', async () => {
    const { id, form } = await createAgent();
    await t.q(`update agents set joined_on = '2025-01-01' where id = $1`, [id]);
    const before = await booking(id, '1000.00', '2025-05-31');
    const from = await booking(id, '1000.00', '2025-06-01');
    const later = await booking(id, '500.00', '2025-07-15');
    const cancelled = await booking(id, '500.00', '2025-07-15', { status: 'cancelled' });
    const completed = await booking(id, '500.00', '2025-07-15', { status: 'completed' });
    const res = await updateAgent(id, form, {
      commission_tier_id: String(silver),
      tier_change_reason: 'Promotion',
      tier_start_date: '2025-06-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Agent updated successfully. 2 bookings recalculated: agent commission +300.00 CAD.',
    );
    expect(res.json().recalculation).toEqual({ changed: 2, difference: [{ currency_code: 'CAD', amount: '300.00' }] });
    expect(res.json().tier_change).toMatchObject({
      from: gold,
      to: silver,
      start_date: '2025-06-01',
      takes_effect: 'now',
    });
    expect(await expected(before)).toBe('0.00'); // before the start: untouched
    expect(await expected(from)).toBe('200.00');
    expect(await expected(later)).toBe('100.00');
    expect(await expected(cancelled)).toBe('0.00');
    expect(await expected(completed)).toBe('0.00');

    const h = (await admin.get(`/agents/${id}/tier-history`)).json();
    expect(h.agent).toMatchObject({
      user: { name: form.full_name, email: form.fareconnect_email },
      commission_tier: { name: 'Silver' },
      // The record was created today; its first tier started on 2025-01-01.
      agent_since: '2025-01-01',
    });
    expect(h.agent.created_at.slice(0, 10)).toBe(todayUtc());
    expect(h.history).toEqual([
      {
        id: expect.any(Number),
        start_date: '2025-06-01',
        end_date: null,
        commission_tier: { name: 'Silver' },
        reason: 'Promotion',
        changed_by_user: { name: 'Ada Admin' },
      },
      {
        id: expect.any(Number),
        start_date: '2025-01-01',
        end_date: '2025-05-31',
        commission_tier: { name: 'Gold' },
        reason: null,
        changed_by_user: null,
      },
    ]);
    // Gold was the first tier, not a change: one change.
    expect(h.statistics).toEqual({
      total_tier_changes: 1,
      average_time_in_tier: '150 days',
      most_recent_change: '2025-06-01',
    });
    const log = (await auditRows(t.db, 'agent')).filter((r) => r.entity_id === String(id)).map((r) => r.action);
    expect(log).toContain('tier_change');
  });

  it('a future start keeps the current tier and recalculates nothing; blank means today', async () => {
    const { id, form } = await createAgent();
    const b = await booking(id, '100.00', '2099-12-31');
    const res = await updateAgent(id, form, { commission_tier_id: String(silver), tier_start_date: '2099-01-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Agent updated successfully');
    expect(res.json().recalculation).toBeNull();
    expect(res.json().tier_change.takes_effect).toBe('on_start_date');
    expect(res.json().data.commission_tier_id).toBe(gold);
    expect(await expected(b)).toBe('0.00');
    const h = (await admin.get(`/agents/${id}/tier-history`)).json();
    expect(h.agent.commission_tier.name).toBe('Gold');
    expect(h.history[0]).toMatchObject({
      start_date: '2099-01-01',
      end_date: null,
      commission_tier: { name: 'Silver' },
    });

    const { id: id2, form: f2 } = await createAgent();
    const today = await updateAgent(id2, f2, { commission_tier_id: String(silver), tier_start_date: '' });
    expect(today.json().tier_change.start_date).toBe(todayUtc());
    expect(today.json().data.commission_tier_id).toBe(silver);
    expect(today.json().message).toBe('Agent updated successfully. No bookings needed recalculating.');
  });

  it('says how many bookings a back-dated change recalculated, singular for one', async () => {
    const { id, form } = await createAgent();
    await t.q(`update agents set joined_on = '2025-01-01' where id = $1`, [id]);
    await booking(id, '100.00', '2025-08-01');
    const res = await updateAgent(id, form, { commission_tier_id: String(silver), tier_start_date: '2025-07-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recalculation.changed).toBe(1);
    expect(res.json().message).toBe('Agent updated successfully. 1 booking recalculated: agent commission +20.00 CAD.');
  });

  it('says by how much, per currency: the exact change of agent commission, up in CAD and down in GBP', async () => {
    const tui = await insertSupplier(t.db, { name: 'TUI UK', currency: 'GBP' });
    // Tiers of their own, so no other agent's suppliers change.
    const tier = async (name: string, cad: string, gbp: string) => {
      const id = await insertTier(t.db, name);
      await rule('tier', id, cad, [supplier]);
      await rule('tier', id, gbp, [tui]);
      return id;
    };
    const bronze = await tier('Bronze', '10', '15');
    const platinum = await tier('Platinum', '20', '5');
    const { id, form } = await createAgent({ commission_tier_id: String(bronze) });
    await t.q(`update agents set joined_on = '2025-01-01' where id = $1`, [id]);
    // Each booking holds what Bronze gave it: 10% in CAD, 15% in GBP.
    const cad1 = await booking(id, '1000.00', '2025-08-01', { expected_commission: '100.00' });
    const cad2 = await booking(id, '0.10', '2025-08-02', { expected_commission: '0.01' });
    const gbp1 = await insertBooking(t.db, {
      primary_agent_id: id,
      supplier_id: tui,
      booking_amount: '333.33',
      booking_date: '2025-08-03',
      expected_commission: '50.00',
    });
    const res = await updateAgent(id, form, { commission_tier_id: String(platinum), tier_start_date: '2025-07-01' });
    expect(res.statusCode, res.body).toBe(200);
    // Platinum: 20% in CAD (200.00 + 0.02), 5% in GBP (16.67 = 333.33 × 5%, rounded once).
    expect([await expected(cad1), await expected(cad2), await expected(gbp1)]).toEqual(['200.00', '0.02', '16.67']);
    expect(res.json().recalculation).toEqual({
      changed: 3,
      difference: [
        { currency_code: 'CAD', amount: '100.01' },
        { currency_code: 'GBP', amount: '-33.33' },
      ],
    });
    expect(res.json().message).toBe(
      'Agent updated successfully. 3 bookings recalculated: agent commission +100.01 CAD, -33.33 GBP.',
    );
  });

  it('a same-day change: created as Gold today, moved to Silver from today; Gold closes today, stays, and counts', async () => {
    const { id, form } = await createAgent();
    const today = todayUtc();
    const b = await booking(id, '1000.00', today);
    const res = await updateAgent(id, form, {
      commission_tier_id: String(silver),
      tier_change_reason: 'Signed up for Silver',
      tier_start_date: today,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tier_change).toMatchObject({ from: gold, to: silver, start_date: today, takes_effect: 'now' });
    // On that day the agent is Silver: today's booking is at Silver's 20%.
    expect(await expected(b)).toBe('200.00');
    expect(res.json().message).toBe(
      'Agent updated successfully. 1 booking recalculated: agent commission +200.00 CAD.',
    );
    const h = (await admin.get(`/agents/${id}/tier-history`)).json();
    expect(h.history).toEqual([
      {
        id: expect.any(Number),
        start_date: today,
        end_date: null,
        commission_tier: { name: 'Silver' },
        reason: 'Signed up for Silver',
        changed_by_user: { name: 'Ada Admin' },
      },
      {
        id: expect.any(Number),
        start_date: today,
        end_date: today,
        commission_tier: { name: 'Gold' },
        reason: null,
        changed_by_user: null,
      },
    ]);
    expect(h.statistics).toEqual({ total_tier_changes: 1, average_time_in_tier: '0 days', most_recent_change: today });
    expect(h.agent.commission_tier).toMatchObject({ name: 'Silver' });

    // Back to Gold the same day: Silver closes today too, and that is a second change.
    const again = await updateAgent(id, form, { commission_tier_id: String(gold), tier_start_date: '' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await expected(b)).toBe('100.00');
    const h2 = (await admin.get(`/agents/${id}/tier-history`)).json();
    expect(
      h2.history.map((e: { commission_tier: { name: string }; end_date: string | null }) => [
        e.commission_tier.name,
        e.end_date,
      ]),
    ).toEqual([
      ['Gold', null],
      ['Silver', today],
      ['Gold', today],
    ]);
    expect(h2.statistics.total_tier_changes).toBe(2);
    expect(h2.agent.commission_tier).toMatchObject({ name: 'Gold' });
  });

  it('refuses a start before the current tier began', async () => {
    const { id, form } = await createAgent();
    await updateAgent(id, form, { commission_tier_id: String(silver), tier_start_date: '2025-03-01' });
    const res = await updateAgent(id, form, { commission_tier_id: String(gold), tier_start_date: '2025-02-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tier_start_date[0]).toMatch(/must not be before 2025-03-01/);
  });

  it('shows no history and N/A for a new agent; the agent reads their own history only', async () => {
    const { id } = await createAgent();
    const h = (await admin.get(`/agents/${id}/tier-history`)).json();
    expect(h.history).toEqual([]);
    expect(h.agent.agent_since).toBe(h.agent.created_at.slice(0, 10));
    expect(h.statistics).toEqual({ total_tier_changes: 0, average_time_in_tier: 'N/A', most_recent_change: null });
    const me = await t.signedIn('agent');
    expect((await me.get(`/agents/${me.agentId}/tier-history`)).statusCode).toBe(200);
    expect((await me.get(`/agents/${id}/tier-history`)).statusCode).toBe(403);
  });
});

describe('sub-agent links', () => {
  it('links with a split and the parent’s suppliers; refuses self, a second parent, cycles, 100.01 and foreign suppliers', async () => {
    const { id: parent } = await createAgent();
    const { id: sub } = await createAgent();
    const { id: third } = await createAgent();
    const foreign = await insertSupplier(t.db, { name: 'Not Offered' });
    const page = (await admin.get(`/agents/${parent}/sub-agents`)).json();
    expect(page.suppliers.map((s: { id: number }) => s.id)).toEqual([supplier]); // via the Gold tier rule
    expect(page.candidates.map((c: { id: number }) => c.id)).toContain(sub);

    const add = await admin.post(`/agents/${parent}/sub-agents`, {
      multipart: { sub_agent_id: String(sub), split_percentage: '40.50', 'suppliers[]': [String(supplier)] },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({
      status: 'success',
      message: 'Sub agent added successfully',
      redirect: `/agents/${parent}/sub-agents`,
      data: { sub_agent_id: sub, split_percentage: '40.50', suppliers: [{ id: supplier, name: 'Sunwing' }] },
    });

    const err = async (body: Record<string, string | string[]>, agent = parent) => {
      const r = await admin.post(`/agents/${agent}/sub-agents`, { multipart: body });
      expect(r.statusCode).toBe(422);
      return r.json().errors;
    };
    expect(await err({ sub_agent_id: String(parent), split_percentage: '10', suppliers: '' })).toEqual({
      sub_agent_id: ['An agent cannot be its own sub-agent.'],
    });
    expect(await err({ sub_agent_id: String(sub), split_percentage: '10', suppliers: '' }, third)).toEqual({
      sub_agent_id: ['This agent already has a parent agent (a sub-agent has one parent).'],
    });
    expect(await err({ sub_agent_id: String(parent), split_percentage: '10', suppliers: '' }, sub)).toEqual({
      sub_agent_id: ['This link would make a cycle: the selected agent is above this agent.'],
    });
    expect(await err({ sub_agent_id: String(third), split_percentage: '100.01', suppliers: '' })).toEqual({
      split_percentage: ['The split percentage field must be between 0 and 100.'],
    });
    expect(
      await err({ sub_agent_id: String(third), split_percentage: '10', 'suppliers[]': [String(foreign)] }),
    ).toEqual({
      suppliers: ['The selected suppliers are invalid.'],
    });
    expect(await err({ split_percentage: '' })).toEqual({
      sub_agent_id: ['The sub agent field is required.'],
      split_percentage: ['The split percentage field is required.'],
    });

    const upd = await admin.post(`/agents/${parent}/sub-agents/${sub}`, {
      multipart: { _method: 'PUT', split_percentage: '25', suppliers: '' },
    });
    expect(upd.json().data).toMatchObject({ split_percentage: '25.00', suppliers: [] });
    const list = (await admin.get(`/agents/${parent}/sub-agents`)).json();
    expect(list.data).toHaveLength(1);
    const del = await admin.post(`/agents/${parent}/sub-agents/${sub}`, { multipart: { _method: 'DELETE' } });
    expect(del.json().message).toBe('Sub agent removed successfully');
    expect((await admin.get(`/agents/${parent}/sub-agents`)).json().data).toEqual([]);
    expect((await auditRows(t.db, 'sub_agent_link')).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('lets a parent agent manage their own links, not another agent’s', async () => {
    const me = await t.signedIn('agent', { tier: 'Gold' });
    const { id: sub } = await createAgent();
    const { id: other } = await createAgent();
    const ok = await me.post(`/agents/${me.agentId}/sub-agents`, {
      multipart: { sub_agent_id: String(sub), split_percentage: '50', suppliers: '' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // What a parent sees of the agents it could link: what the option shows, 'name (email)', nothing more.
    const page = (await me.get(`/agents/${me.agentId}/sub-agents`)).json();
    const offered = page.candidates.find((c: { id: number }) => c.id === other);
    const otherEmail = (await admin.get(`/agents/${other}`)).json().data.user.email;
    expect(offered).toEqual({ id: other, name: expect.any(String), email: otherEmail });
    expect(JSON.stringify(page.candidates)).not.toMatch(/fareconnect|FC-T/);
    const no = await me.post(`/agents/${other}/sub-agents`, {
      multipart: { sub_agent_id: String(sub), split_percentage: '50', suppliers: '' },
    });
    expect(no.statusCode).toBe(403);
    expect((await me.get(`/agents/${other}/sub-agents`)).statusCode).toBe(403);
  });
});
