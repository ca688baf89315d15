import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectedCommissionOf,
  insertBooking,
  insertSubAgentLink,
  insertSupplier,
  insertTier,
} from '../../test/factories';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { recalculateBookings } from './recalculation';

let t: TestApp;
let admin: TestClient;
let agent: TestClient & { agentId: number | null };
let sunwing: number;
let transat: number;
let airOne: number;
let gold: number;
let silver: number;
let ana: TestClient & { agentId: number | null }; // Gold tier
let pat: number;
let sam: TestClient & { agentId: number | null }; // sub-agent of Pat, 60%
let gone: number; // inactive agent

const booking = (agentId: number, amount: string, supplier: number, extra: Record<string, unknown> = {}) =>
  insertBooking(t.db, { primary_agent_id: agentId, supplier_id: supplier, booking_amount: amount, ...extra });

const expected = (bookingId: number) => expectedCommissionOf(t.db, bookingId);

const rule = (body: Record<string, unknown>) => admin.post('/commissions', { json: body });

beforeAll(async () => {
  t = await createTestApp();
  sunwing = await insertSupplier(t.db, { name: 'Sunwing' });
  transat = await insertSupplier(t.db, { name: 'Transat' });
  airOne = await insertSupplier(t.db, { name: 'AirOne' });
  gold = await insertTier(t.db, 'Gold');
  silver = await insertTier(t.db, 'Silver');
  admin = await t.signedIn('admin');
  agent = await t.signedIn('agent', { name: 'Zed Agent' });
  ana = await t.signedIn('agent', { name: 'Ana Agent', tier: 'Gold' });
  const patClient = await t.signedIn('agent', { name: 'Pat Parent' });
  pat = patClient.agentId!;
  sam = await t.signedIn('agent', { name: 'Sam Sub' });
  const goneClient = await t.signedIn('agent', { name: 'Gina Gone' });
  gone = goneClient.agentId!;
  await t.q('update agents set inactive = true where id = $1', [gone]);
  await insertSubAgentLink(t.db, { parent: pat, sub: sam.agentId!, split: '60', suppliers: [sunwing] });
});

describe('GET /commissions/options', () => {
  it('gives the tiers, or the active agents by name', async () => {
    const tiers = await admin.get('/commissions/options?type=tier');
    expect(tiers.json()).toEqual({
      status: 'success',
      data: [
        { id: gold, name: 'Gold' },
        { id: silver, name: 'Silver' },
      ],
    });
    const agents = (await admin.get('/commissions/options?type=agent')).json().data as { name: string }[];
    expect(agents.map((a) => a.name)).toEqual(['Ana Agent', 'Pat Parent', 'Sam Sub', 'Zed Agent']);
    const bad = await admin.get('/commissions/options?type=planet');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ type: ['The selected type is invalid.'] });
    expect((await admin.get('/commissions/options')).json().errors).toEqual({ type: ['The type field is required.'] });
    expect((await agent.get('/commissions/options?type=tier')).statusCode).toBe(403);
  });
});

describe('POST /commissions', () => {
  it('creates a rule with the spec message, returns it, and audits it', async () => {
    const res = await rule({ commission_type: 'tier', general_id: silver, percentage: '10.25', suppliers: [transat] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Commission created successfully',
      data: {
        commission_type: 'tier',
        general_id: silver,
        owner_name: 'Silver',
        percentage: '10.25',
        suppliers: [transat],
      },
      recalculation: { changed: 0, difference: [] },
    });
    const id = res.json().data.id as number;
    const read = await admin.get(`/commissions/${id}`);
    expect(read.json()).toEqual({ status: 'success', data: res.json().data });
    const log = await auditRows(t.db, 'commission_rule');
    expect(log.at(-1)).toMatchObject({
      action: 'create',
      entity_id: String(id),
      after: { commission_type: 'tier', general_id: silver, percentage: '10.25', suppliers: [transat] },
    });
  });

  it('creates a rule without suppliers (empty list, empty value or none)', async () => {
    for (const suppliers of [[], '', undefined]) {
      const res = await rule({ commission_type: 'agent', general_id: agent.agentId, percentage: 5, suppliers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.suppliers).toEqual([]);
    }
  });

  it.each([
    ['-1', 'The percentage field must be between 0 and 100.'],
    ['100.001', 'The percentage field must be between 0 and 100.'],
    ['12.345', 'The percentage must be a number with at most 2 decimals.'],
    ['100.01', 'The percentage field must be between 0 and 100.'],
    ['abc', 'The percentage must be a number with at most 2 decimals.'],
    ['', 'The percentage field is required.'],
  ])('refuses a percentage of %j with a field message and writes nothing', async (percentage, message) => {
    const before = [await t.count('commission_rules'), await t.count('audit_logs')];
    const res = await rule({ commission_type: 'tier', general_id: gold, percentage, suppliers: [airOne] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ percentage: [message] });
    expect([await t.count('commission_rules'), await t.count('audit_logs')]).toEqual(before);
  });

  it('accepts 0 and 100 (bounds) as numbers or strings', async () => {
    const zero = await rule({ commission_type: 'agent', general_id: agent.agentId, percentage: 0 });
    expect(zero.json().data.percentage).toBe('0.00');
    const hundred = await rule({ commission_type: 'agent', general_id: agent.agentId, percentage: '100' });
    expect(hundred.json().data.percentage).toBe('100.00');
  });

  it('requires the type and refuses an unknown one', async () => {
    const missing = await rule({ general_id: gold, percentage: 5 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ commission_type: ['The commission type field is required.'] });
    const wrong = await rule({ commission_type: 'company', general_id: gold, percentage: 5 });
    expect(wrong.json().errors).toEqual({ commission_type: ['The selected commission type is invalid.'] });
  });

  it('refuses a general_id that is not an id, does not exist for the type, or names an inactive agent', async () => {
    const before = await t.count('commission_rules');
    const notId = await rule({ commission_type: 'tier', general_id: 'gold', percentage: 5 });
    expect(notId.statusCode).toBe(422);
    expect(notId.json().errors).toEqual({ general_id: ['The option must be a valid id.'] });
    expect((await rule({ commission_type: 'tier', percentage: 5 })).json().errors).toEqual({
      general_id: ['The option field is required.'],
    });
    // A tier id given as an agent: no agent has it.
    const unknownAgent = await rule({ commission_type: 'agent', general_id: 987_654, percentage: 5 });
    expect(unknownAgent.statusCode).toBe(422);
    expect(unknownAgent.json().errors).toEqual({ general_id: ['The selected option is invalid.'] });
    const unknownTier = await rule({ commission_type: 'tier', general_id: 987_654, percentage: 5 });
    expect(unknownTier.json().errors).toEqual({ general_id: ['The selected option is invalid.'] });
    const inactive = await rule({ commission_type: 'agent', general_id: gone, percentage: 5 });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors).toEqual({ general_id: ['The selected option is invalid.'] });
    expect(await t.count('commission_rules')).toBe(before);
  });

  it('refuses an unknown supplier id', async () => {
    const before = await t.count('commission_rules');
    const res = await rule({ commission_type: 'tier', general_id: gold, percentage: 5, suppliers: [airOne, 999_999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ suppliers: ['The selected supplier (id 999999) does not exist.'] });
    const garbage = await rule({ commission_type: 'tier', general_id: gold, percentage: 5, suppliers: ['x'] });
    expect(garbage.json().errors).toEqual({ 'suppliers.0': ['The supplier must be a valid id.'] });
    expect(await t.count('commission_rules')).toBe(before);
  });

  it('refuses a supplier already listed by another rule of the same owner, naming it', async () => {
    const first = await rule({ commission_type: 'agent', general_id: pat, percentage: 70, suppliers: [sunwing] });
    expect(first.statusCode).toBe(200);
    const before = await t.count('commission_rules');
    const dup = await rule({ commission_type: 'agent', general_id: pat, percentage: 50, suppliers: [airOne, sunwing] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({
      suppliers: [
        'The supplier "Sunwing" is already listed in another commission rule of this agent; a supplier can appear only once per agent.',
      ],
    });
    expect(await t.count('commission_rules')).toBe(before);
    await rule({ commission_type: 'agent', general_id: pat, percentage: 65, suppliers: [transat] });
    const two = await rule({
      commission_type: 'agent',
      general_id: pat,
      percentage: 50,
      suppliers: [transat, sunwing],
    });
    expect(two.json().errors).toEqual({
      suppliers: [
        'The suppliers "Sunwing" and "Transat" are already listed in another commission rule of this agent; a supplier can appear only once per agent.',
      ],
    });
    // The same supplier for another owner, and the same supplier twice in one request, are fine.
    const other = await rule({
      commission_type: 'tier',
      general_id: silver,
      percentage: 8,
      suppliers: [sunwing, sunwing],
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.suppliers).toEqual([sunwing]);
  });

  it('is admin-only for agents (403), and needs a CSRF token', async () => {
    const body = { commission_type: 'tier', general_id: gold, percentage: 5 };
    expect((await agent.post('/commissions', { json: body })).statusCode).toBe(403);
    expect((await agent.post('/commissions/1', { json: { ...body, _method: 'PUT' } })).statusCode).toBe(403);
    expect((await agent.post('/commissions/1', { json: { _method: 'DELETE' } })).statusCode).toBe(403);
    expect((await agent.get('/commissions')).statusCode).toBe(403);
    expect((await agent.get('/commissions/1')).statusCode).toBe(403);
    expect((await admin.post('/commissions', { json: body }, { csrf: false })).statusCode).toBe(419);
  });
});

describe('PUT and DELETE /commissions/{id}', () => {
  it('updates with the spec message, keeps the supplier check to other rules, deletes, audits both', async () => {
    const created = await rule({ commission_type: 'tier', general_id: gold, percentage: 3, suppliers: [airOne] });
    const id = created.json().data.id as number;
    const updated = await admin.post(`/commissions/${id}`, {
      json: { _method: 'PUT', commission_type: 'tier', general_id: gold, percentage: '4.5', suppliers: [airOne] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Commission updated successfully',
      data: { id, percentage: '4.50', suppliers: [airOne] },
    });
    const bad = await admin.post(`/commissions/${id}`, {
      json: { _method: 'PUT', commission_type: 'tier', general_id: gold, percentage: -1 },
    });
    expect(bad.statusCode).toBe(422);
    expect((await admin.get(`/commissions/${id}`)).json().data.percentage).toBe('4.50');

    const deleted = await admin.post(`/commissions/${id}`, { json: { _method: 'DELETE' } });
    expect(deleted.json()).toMatchObject({ status: 'success', message: 'Commission deleted successfully' });
    expect((await admin.get(`/commissions/${id}`)).statusCode).toBe(404);
    expect((await admin.post(`/commissions/${id}`, { json: { _method: 'DELETE' } })).statusCode).toBe(404);
    const log = (await auditRows(t.db, 'commission_rule')).filter((r) => r.entity_id === String(id));
    expect(log.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(log[1]!.before).toMatchObject({ percentage: '3.00' });
    expect(log[1]!.after).toMatchObject({ percentage: '4.50' });
  });

  it('keeps an owner who became inactive on an edited rule, but does not let a rule move to one', async () => {
    const zed = agent.agentId!;
    const created = await rule({ commission_type: 'agent', general_id: zed, percentage: 3 });
    const id = created.json().data.id as number;
    await t.q('update agents set inactive = true where id = $1', [zed]);
    try {
      const kept = await admin.post(`/commissions/${id}`, {
        json: { _method: 'PUT', commission_type: 'agent', general_id: zed, percentage: 4 },
      });
      expect(kept.statusCode).toBe(200);
      const moved = await admin.post(`/commissions/${id}`, {
        json: { _method: 'PUT', commission_type: 'agent', general_id: gone, percentage: 4 },
      });
      expect(moved.json().errors).toEqual({ general_id: ['The selected option is invalid.'] });
    } finally {
      await t.q('update agents set inactive = false where id = $1', [zed]);
    }
  });

  it('accepts a plain form post and redirects to /commissions', async () => {
    const res = await admin.post(
      '/commissions',
      {
        form: { commission_type: 'agent', general_id: String(ana.agentId), percentage: '1', 'suppliers[]': [] },
      },
      { ajax: false, headers: { referer: 'http://localhost/commissions/create' } },
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/commissions');
  });
});

describe('GET /commissions (list)', () => {
  it('lists with owner names and suppliers, searches owners and suppliers, filters by type, pages', async () => {
    const all = (await admin.get('/commissions?per_page=100')).json();
    expect(all).toMatchObject({ current_page: 1, last_page: 1, from: 1 });
    expect(all.total).toBe(all.data.length);
    const patRule = all.data.find(
      (r: { owner_name: string; percentage: string }) => r.owner_name === 'Pat Parent' && r.percentage === '70.00',
    );
    expect(patRule).toMatchObject({
      commission_type: 'agent',
      percentage: '70.00',
      suppliers: [{ id: sunwing, name: 'Sunwing' }],
    });
    const byOwner = (await admin.get('/commissions?search=pat')).json().data as { owner_name: string }[];
    expect(byOwner.map((r) => r.owner_name)).toEqual(['Pat Parent', 'Pat Parent']);
    const bySupplier = (await admin.get('/commissions?search=transat')).json().data as { owner_name: string }[];
    expect(bySupplier.map((r) => r.owner_name)).toEqual(['Pat Parent', 'Silver']);
    const tiers = (await admin.get('/commissions?type=tier&per_page=100')).json().data as { commission_type: string }[];
    expect(tiers.length).toBeGreaterThan(0);
    expect(tiers.every((r) => r.commission_type === 'tier')).toBe(true);
    const page2 = (await admin.get('/commissions?per_page=2&page=2&sort=id')).json();
    expect(page2).toMatchObject({ current_page: 2, per_page: 2, from: 3, to: 4, total: all.total });
    const none = (await admin.get('/commissions?search=nothing-like-this')).json();
    expect(none).toMatchObject({ data: [], total: 0, from: null, to: null });
  });

  it('serves the web app to a browser asking for the page', async () => {
    const res = await admin.get('/commissions', { ajax: false, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
  });
});

describe('recalculation when a rule is saved', () => {
  it("changes the affected bookings' expected commission in the same request and reports it", async () => {
    const id = await booking(ana.agentId!, '333.33', airOne);
    const untouched = await booking(ana.agentId!, '100.00', transat);
    const paidOut = await booking(ana.agentId!, '100.00', airOne, { status: 'completed', expected_commission: '1.00' });
    const created = await rule({ commission_type: 'tier', general_id: gold, percentage: '12.5', suppliers: [airOne] });
    expect(created.json().recalculation).toEqual({
      changed: 1,
      difference: [{ currency_code: 'CAD', amount: '41.67' }],
    });
    expect(await expected(id)).toBe('41.67');
    expect(await expected(untouched)).toBe('0.00');
    expect(await expected(paidOut)).toBe('1.00');
    const lines = await t.q('select agent_id, amount::text from actual_commissions where booking_id = $1', [id]);
    expect(lines).toEqual([{ agent_id: ana.agentId, amount: '41.67' }]);

    // An agent rule for Ana beats the tier rule.
    const own = await rule({ commission_type: 'agent', general_id: ana.agentId, percentage: 20, suppliers: [airOne] });
    expect(own.json().recalculation).toEqual({ changed: 1, difference: [{ currency_code: 'CAD', amount: '25.00' }] });
    expect(await expected(id)).toBe('66.67');

    // Taking the supplier off the agent rule puts the booking back on the tier rule.
    const ownId = own.json().data.id as number;
    const edited = await admin.post(`/commissions/${ownId}`, {
      json: { _method: 'PUT', commission_type: 'agent', general_id: ana.agentId, percentage: 20, suppliers: [] },
    });
    expect(edited.json().recalculation).toEqual({
      changed: 1,
      difference: [{ currency_code: 'CAD', amount: '-25.00' }],
    });
    expect(await expected(id)).toBe('41.67');

    const removed = await admin.post(`/commissions/${created.json().data.id}`, { json: { _method: 'DELETE' } });
    expect(removed.json().recalculation).toEqual({
      changed: 1,
      difference: [{ currency_code: 'CAD', amount: '-41.67' }],
    });
    expect(await expected(id)).toBe('0.00');
    const bookingAudit = await t.q<{ meta: { reason: string } }>(
      `select meta from audit_logs where entity_type = 'booking' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(bookingAudit.map((r) => r.meta.reason)).toEqual([
      expect.stringMatching(/^commission rule #\d+ created$/),
      expect.stringMatching(/^commission rule #\d+ created$/),
      expect.stringMatching(/^commission rule #\d+ updated$/),
      expect.stringMatching(/^commission rule #\d+ deleted$/),
    ]);
  });
});

describe('GET /commissions/rates', () => {
  it('gives every field of the spec response, for a direct and a sub-agent booking', async () => {
    const direct = await admin.get(`/commissions/rates?agent_id=${pat}&supplier_id=${sunwing}&date=2026-03-01`);
    expect(direct.statusCode).toBe(200);
    expect(direct.json()).toEqual({
      is_sub_agent: false,
      commission_percentage: 70,
      parent_commission_percentage: null,
      sub_agent_commission_percentage: null,
      split_percentage: null,
      parent_agent_id: null,
    });
    const viaParent = await admin.get(`/commissions/rates?agent_id=${sam.agentId}&supplier_id=${sunwing}`);
    expect(viaParent.json()).toEqual({
      is_sub_agent: true,
      commission_percentage: 70,
      parent_commission_percentage: 28,
      sub_agent_commission_percentage: 42,
      split_percentage: 60,
      parent_agent_id: pat,
    });
  });

  it('follows the tier held on the date', async () => {
    await rule({ commission_type: 'tier', general_id: gold, percentage: 9, suppliers: [transat] });
    await t.q(
      `insert into agent_tier_history (agent_id, commission_tier_id, start_date, end_date) values ($1, $2, '2025-01-01', '2025-12-31'), ($1, $3, '2026-01-01', null)`,
      [ana.agentId, silver, gold],
    );
    const rate = async (date: string) =>
      (await admin.get(`/commissions/rates?agent_id=${ana.agentId}&supplier_id=${transat}&date=${date}`)).json()
        .commission_percentage;
    expect(await rate('2025-06-30')).toBe(10.25); // Silver's rule for Transat
    expect(await rate('2026-06-30')).toBe(9);
  });

  it('refuses an unknown agent, an unknown supplier and an impossible date with field messages', async () => {
    const unknownAgent = await admin.get(`/commissions/rates?agent_id=999999&supplier_id=${sunwing}`);
    expect(unknownAgent.statusCode).toBe(422);
    expect(unknownAgent.json().errors).toEqual({ agent_id: ['The selected agent is invalid.'] });
    const unknownSupplier = await admin.get(`/commissions/rates?agent_id=${pat}&supplier_id=999999`);
    expect(unknownSupplier.json().errors).toEqual({ supplier_id: ['The selected supplier is invalid.'] });
    const badDate = await admin.get(`/commissions/rates?agent_id=${pat}&supplier_id=${sunwing}&date=2024-02-30`);
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors).toEqual({ date: ['The date is not a valid date (YYYY-MM-DD).'] });
    const missing = await admin.get('/commissions/rates');
    expect(missing.json().errors).toEqual({
      agent_id: ['The agent id field is required.'],
      supplier_id: ['The supplier id field is required.'],
    });
  });

  it('lets an agent ask only about itself', async () => {
    const own = await sam.get(`/commissions/rates?agent_id=${sam.agentId}&supplier_id=${sunwing}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().is_sub_agent).toBe(true);
    expect((await sam.get(`/commissions/rates?agent_id=${pat}&supplier_id=${sunwing}`)).statusCode).toBe(403);
    expect((await t.client().get(`/commissions/rates?agent_id=${pat}&supplier_id=${sunwing}`)).statusCode).toBe(401);
  });
});

describe('GET /bookings/{id}/commission-explanation', () => {
  it('explains 333.33 at 12.5% = 41.67 with the rounding', async () => {
    await rule({ commission_type: 'tier', general_id: gold, percentage: '12.5', suppliers: [airOne] });
    const id = await booking(ana.agentId!, '333.33', airOne, { booking_date: '2026-04-01' });
    await t.db.transaction((tx) => recalculateBookings(tx, [id], { userId: null, reason: 'test' }));
    const res = await admin.get(`/bookings/${id}/commission-explanation`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({
      booking_id: id,
      source: 'tier_rule',
      percentage: '12.50',
      is_sub_agent: false,
      is_consistent: true,
      stored_expected_commission: '41.67',
      agents: { primary: { id: ana.agentId, name: 'Ana Agent' }, parent: null, sub_agent: null },
      expected_commission: {
        exact: '41.66625',
        rounded: '41.67',
        was_rounded: true,
        text: '333.33 × 12.50% = 41.66625 → 41.67 (rounded half away from zero to the cent)',
      },
    });
    expect(body.data.lines[0]).toBe("Rate 12.50% from the commission rule of the agent's tier on the booking date.");
    expect(body.lines).toEqual([
      {
        agent_id: ana.agentId,
        agent_name: 'Ana Agent',
        role: 'primary',
        percentage: '12.50',
        amount: '41.67',
        gst_amount: '0.00',
        total_with_gst: '41.67',
        paid_amount: '0.00',
        status: 'pending',
        payment_date: null,
      },
    ]);
    // Ana may read her own booking's explanation; to another agent it is not found, as the booking read says.
    expect((await ana.get(`/bookings/${id}/commission-explanation`)).statusCode).toBe(200);
    expect((await agent.get(`/bookings/${id}/commission-explanation`)).statusCode).toBe(404);
    expect((await admin.get('/bookings/999999/commission-explanation')).statusCode).toBe(404);
  });

  it('explains the 60% split of a 70% rate on 100.00: sub-agent 42.00, parent 28.00', async () => {
    const id = await booking(sam.agentId!, '100.00', sunwing, { sub_agent_id: sam.agentId });
    await t.db.transaction((tx) => recalculateBookings(tx, [id], { userId: null, reason: 'test' }));
    const res = await sam.get(`/bookings/${id}/commission-explanation`);
    expect(res.statusCode).toBe(200);
    const { data, lines } = res.json();
    expect(data).toMatchObject({
      source: 'agent_rule',
      percentage: '70.00',
      is_sub_agent: true,
      split_percentage: '60.00',
      sub_agent_percentage: '42.00',
      parent_percentage: '28.00',
      expected_commission: { rounded: '70.00' },
      sub_agent: { rounded: '42.00' },
      // The sub-agent reads his own step only: the parent's share is the parent's (issue 11 #8).
      parent: null,
      agents: {
        primary: { id: pat, name: 'Pat Parent' },
        parent: { id: pat, name: 'Pat Parent' },
        sub_agent: { id: sam.agentId, name: 'Sam Sub' },
      },
    });
    expect(data.lines[0]).toContain('Booked by Sam Sub as a sub-agent of Pat Parent');
    expect(data.lines.some((l: string) => l.startsWith('Parent ('))).toBe(false);
    expect(data.lines).toContain('Sub-agent (Sam Sub): 100.00 × 70.00% × 60.00% = 42.00');
    // An admin reads both steps.
    const full = (await admin.get(`/bookings/${id}/commission-explanation`)).json().data;
    expect(full).toMatchObject({ sub_agent: { rounded: '42.00' }, parent: { rounded: '28.00' } });
    expect(full.lines.some((l: string) => l.startsWith('Parent (Pat Parent): 70.00 − 42.00 = 28.00'))).toBe(true);
    // The sub-agent reads his own line (DOMAIN.md "Report cards"); an admin both.
    const lineAmounts = (ls: { agent_name: string; amount: string }[]) => ls.map((l) => [l.agent_name, l.amount]);
    expect(lineAmounts(lines)).toEqual([['Sam Sub', '42.00']]);
    expect(lineAmounts((await admin.get(`/bookings/${id}/commission-explanation`)).json().lines)).toEqual([
      ['Sam Sub', '42.00'],
      ['Pat Parent', '28.00'],
    ]);
  });
});
