import { beforeAll, describe, expect, it } from 'vitest';
import { getAgencyName, getAutoAcceptScore, getGstRate } from '../../shared/settings';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';

const ACCOUNTING_DEFAULTS = {
  agency_name: 'Travel Host Agency',
  quickbooks_commission_account: 'Commission Expense',
  quickbooks_gst_account: 'GST/HST Receivable',
  quickbooks_clearing_account: 'Telpay Clearing',
  quickbooks_date_format: 'MM/DD/YYYY',
};
/** What an admin sees of the settings besides the GST rate when nothing was changed. */
const ADMIN_DEFAULTS = { ...ACCOUNTING_DEFAULTS, auto_accept_score: 90 };
const THRESHOLD_MESSAGE = 'The auto-accept threshold must be a whole number from 50 to 100.';
const TOLERANCE_MESSAGE = 'The match tolerance must be a number from 0 to 20 with at most 2 decimals.';

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn('admin');
  agent = await t.signedIn('agent');
});

describe('reference lists', () => {
  it('lists the currencies with symbols', async () => {
    const { data } = (await agent.get('/api/currencies')).json();
    const byCode = Object.fromEntries(data.map((c: { code: string; symbol: string }) => [c.code, c.symbol]));
    expect(byCode).toMatchObject({ GBP: '£', CAD: 'C$', USD: '$', EUR: '€' });
  });

  it('nests states under data.data.data, complete for Canada and the US', async () => {
    const countries = (await agent.get('/api/countries')).json().data as { id: number; code: string }[];
    const count = async (code: string) => {
      const id = countries.find((c) => c.code === code)!.id;
      const res = (await agent.get(`/api/countries/${id}/states`)).json();
      expect(res.status).toBe('success');
      return res.data.data.data as { code: string; name: string }[];
    };
    const canada = await count('CA');
    expect(canada).toHaveLength(13);
    expect(canada.map((s) => s.code)).toContain('QC');
    const us = await count('US');
    expect(us.filter((s) => !['AS', 'GU', 'MP', 'PR', 'VI'].includes(s.code))).toHaveLength(51); // 50 states + DC
    expect((await count('GB')).map((s) => s.name)).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
    expect((await agent.get('/api/countries/9999/states')).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().get('/api/suppliers')).statusCode).toBe(401);
  });
});

describe('commission tiers', () => {
  it('creates, refuses a duplicate name in any case, updates, and audits each write', async () => {
    const created = await admin.post('/commission-tiers', { json: { name: '  Emerald ', description: 'Top sellers' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      status: 'success',
      message: 'Commission tier created successfully',
      data: { name: 'Emerald', description: 'Top sellers' },
    });
    const dup = await admin.post('/commission-tiers', { json: { name: 'EMERALD' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: ['The name has already been taken.'] });
    const id = created.json().data.id;
    const updated = await admin.post(`/commission-tiers/${id}`, {
      json: { _method: 'PUT', name: 'Emerald', description: '' },
    });
    expect(updated.json().data.description).toBe('');
    const log = await auditRows(t.db, 'commission_tier');
    expect(log.map((r) => r.action)).toEqual(['create', 'update']);
    expect(log[1]).toMatchObject({
      entity_id: String(id),
      before: { description: 'Top sellers' },
      after: { description: '' },
    });
    const list = (await agent.get('/api/commission-tiers')).json().data;
    expect(list).toContainEqual({ id, name: 'Emerald', description: '' });
  });

  it('requires a name', async () => {
    const res = await admin.post('/commission-tiers', { json: { name: '   ' } });
    expect(res.json().errors).toEqual({ name: ['The name field is required.'] });
  });
});

describe('suppliers', () => {
  it('creates with a currency and booking number format, and validates both', async () => {
    const cad = (await admin.get('/api/currencies')).json().data.find((c: { code: string }) => c.code === 'CAD');
    const ok = await admin.post('/suppliers', {
      multipart: { name: 'WestJet Vacations', currency_id: String(cad.id), booking_number_format: 'WJ-000000' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'WestJet Vacations',
      currency_symbol: 'C$',
      currency: { code: 'CAD' },
      booking_number_format: 'WJ-000000',
    });

    const bad = await admin.post('/suppliers', {
      json: { name: '', currency_id: 'abc', booking_number_format: 'AB<script>' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['booking_number_format', 'currency_id', 'name']);

    const unknownCurrency = await admin.post('/suppliers', { json: { name: 'Nowhere Tours', currency_id: 99999 } });
    expect(unknownCurrency.json().errors).toEqual({ currency_id: ['The selected currency is invalid.'] });

    const list = (await agent.get('/suppliers-list')).json();
    expect(list.data.map((s: { name: string }) => s.name)).toContain('WestJet Vacations');
    expect((await auditRows(t.db, 'supplier')).length).toBe(1);
  });

  it('is admin-only for writes', async () => {
    const res = await agent.post('/suppliers', { json: { name: 'Agent Supplier', currency_id: 1 } });
    expect(res.statusCode).toBe(403);
  });

  it('keeps a match tolerance per supplier, written in percent and stored exactly in basis points', async () => {
    const gbp = (await admin.get('/api/currencies')).json().data.find((c: { code: string }) => c.code === 'GBP');
    const storedBp = async (id: number) =>
      (await t.one('select match_tolerance_bp from suppliers where id = $1', [id]))!.match_tolerance_bp;
    // Without one, a new supplier takes 2 %.
    const created = await admin.post('/suppliers', { json: { name: 'Tolerant Tours', currency_id: gbp.id } });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.match_tolerance_percent).toBe(2);
    expect(await storedBp(id)).toBe(200);
    const other = await admin.post('/suppliers', {
      multipart: { name: 'Exact Tours', currency_id: String(gbp.id), match_tolerance_percent: '0.5' },
    });
    expect(other.json().data.match_tolerance_percent).toBe(0.5);
    expect(await storedBp(other.json().data.id)).toBe(50);

    const put = (fields: Record<string, unknown>) =>
      admin.request('PUT', `/suppliers/${id}`, { json: { name: 'Tolerant Tours', currency_id: gbp.id, ...fields } });
    // 0.29 × 100 is 28.999999999999996 as a float: it is 29 basis points here.
    expect((await put({ match_tolerance_percent: 0.29 })).json().data.match_tolerance_percent).toBe(0.29);
    expect(await storedBp(id)).toBe(29);
    const saved = await admin.post(`/suppliers/${id}`, {
      form: { _method: 'PUT', name: 'Tolerant Tours', currency_id: String(gbp.id), match_tolerance_percent: '2.50' },
    });
    expect(saved.json().data.match_tolerance_percent).toBe(2.5);
    expect(await storedBp(id)).toBe(250);
    // Written as the spec shows it (no tolerance): the supplier keeps its 2.5 %.
    expect((await put({})).json().data.match_tolerance_percent).toBe(2.5);
    expect((await put({ match_tolerance_percent: '' })).json().data.match_tolerance_percent).toBe(2.5);
    const log = await auditRows(t.db, 'supplier');
    expect(log.at(-3)).toMatchObject({
      entity_id: String(id),
      before: { match_tolerance_percent: 0.29 },
      after: { match_tolerance_percent: 2.5 },
    });
    expect(log.at(-1)).toMatchObject({
      before: { match_tolerance_percent: 2.5 },
      after: { match_tolerance_percent: 2.5 },
    });
    for (const [bp, percent] of [
      [0, 0],
      [2000, 20],
    ]) {
      expect((await put({ match_tolerance_percent: percent })).json().data.match_tolerance_percent).toBe(percent);
      expect(await storedBp(id)).toBe(bp);
    }

    const audited = log.length + 2;
    for (const bad of ['20.01', 21, -1, '2.555', 0.1 + 0.2, '2,5', '1e1', 'abc', true]) {
      const res = await put({ match_tolerance_percent: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors).toEqual({ match_tolerance_percent: [TOLERANCE_MESSAGE] });
    }
    const refused = await admin.post('/suppliers', {
      json: { name: 'Loose Tours', currency_id: gbp.id, match_tolerance_percent: 25 },
    });
    expect(refused.json().errors).toEqual({ match_tolerance_percent: [TOLERANCE_MESSAGE] });
    // Refused, nothing changed.
    expect(await storedBp(id)).toBe(2000);
    expect(await auditRows(t.db, 'supplier')).toHaveLength(audited);
    expect(await t.q('select id from suppliers where name = $1', ['Loose Tours'])).toEqual([]);

    // Everyone reads it in the list.
    const listed = (await agent.get('/api/suppliers')).json().data.find((s: { id: number }) => s.id === id);
    expect(listed.match_tolerance_percent).toBe(20);
  });
});

describe('settings', () => {
  it('defaults GST to 5% and validates a new rate', async () => {
    expect((await agent.get('/api/settings')).json().data).toEqual({ gst_rate: '5.00' });
    for (const bad of ['-1', '100.001', 'abc', '']) {
      const res = await admin.post('/settings', { json: { gst_rate: bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.gst_rate).toHaveLength(1);
    }
    const ok = await admin.post('/settings', { json: { gst_rate: '13' } });
    expect(ok.json().data).toEqual({ ...ADMIN_DEFAULTS, gst_rate: '13.00' });
    expect((await agent.get('/api/settings')).json().data).toEqual({ gst_rate: '13.00' });
    expect((await agent.post('/settings', { json: { gst_rate: '1' } })).statusCode).toBe(403);
    await admin.post('/settings', { json: { gst_rate: '5' } });
  });

  it('keeps the agency name and the QuickBooks accounts and date format, shown to admins only', async () => {
    expect((await admin.get('/api/settings')).json().data).toEqual({ ...ADMIN_DEFAULTS, gst_rate: '5.00' });
    const changed = {
      agency_name: 'Maple Travel Co.',
      quickbooks_commission_account: 'Expenses:Agent Commissions',
      quickbooks_gst_account: 'GST Paid',
      quickbooks_clearing_account: 'Telpay',
      quickbooks_date_format: 'DD/MM/YYYY',
    };
    const saved = await admin.post('/settings', { json: { gst_rate: '5', ...changed } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ gst_rate: '5.00', ...changed, auto_accept_score: 90 });
    // A key left out keeps its value.
    expect((await admin.post('/settings', { json: { gst_rate: '5' } })).json().data).toEqual({
      gst_rate: '5.00',
      ...changed,
      auto_accept_score: 90,
    });
    expect(await getAgencyName(t.db)).toBe('Maple Travel Co.');
    const bad = await admin.post('/settings', {
      json: {
        gst_rate: '5',
        agency_name: ' ',
        quickbooks_gst_account: 'GST:',
        quickbooks_clearing_account: 'Say "hi"',
        quickbooks_date_format: 'YY',
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      agency_name: ['The agency name field is required.'],
      quickbooks_gst_account: [
        "The sales tax receivable account may use ':' only between the parent and child account names.",
      ],
      quickbooks_clearing_account: ['The clearing account must not contain double quotes or control characters.'],
      quickbooks_date_format: ['The selected QuickBooks date format is invalid.'],
    });
    expect((await agent.get('/api/settings')).json().data).toEqual({ gst_rate: '5.00' });
    await admin.post('/settings', { json: { gst_rate: '5', ...ACCOUNTING_DEFAULTS } });
    expect(await getAgencyName(t.db)).toBe('Travel Host Agency');
  });

  it("keeps the match suggestions' auto-accept threshold, shown to and set by admins only, in the audit log", async () => {
    expect((await admin.get('/api/settings')).json().data.auto_accept_score).toBe(90);
    const saved = await admin.post('/settings', { json: { gst_rate: '5', auto_accept_score: 95 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ ...ADMIN_DEFAULTS, gst_rate: '5.00', auto_accept_score: 95 });
    // As the settings form posts it, and as a form post sends it.
    const posted = await admin.post('/settings', { form: { gst_rate: '5', auto_accept_score: '85' } });
    expect(posted.json().data.auto_accept_score).toBe(85);
    expect(await getAutoAcceptScore(t.db)).toBe(85);
    // Left out, it keeps its value.
    expect((await admin.post('/settings', { json: { gst_rate: '5' } })).json().data.auto_accept_score).toBe(85);
    expect((await admin.get('/api/settings')).json().data.auto_accept_score).toBe(85);
    const log = await auditRows(t.db, 'settings');
    expect(log.at(-2)).toMatchObject({ before: { auto_accept_score: 95 }, after: { auto_accept_score: 85 } });
    expect(log.at(-1)).toMatchObject({ before: { auto_accept_score: 85 }, after: { auto_accept_score: 85 } });

    const audited = log.length;
    for (const bad of [49, 101, 90.5, '90.0', 'abc', '', -90, null]) {
      const res = await admin.post('/settings', { json: { gst_rate: '6', auto_accept_score: bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().errors).toEqual({ auto_accept_score: [THRESHOLD_MESSAGE] });
    }
    // A refused save changes nothing, not even the GST rate sent with it.
    expect(await getAutoAcceptScore(t.db)).toBe(85);
    expect(await getGstRate(t.db)).toBe('5.00');
    expect(await auditRows(t.db, 'settings')).toHaveLength(audited);

    // Agents neither see it nor set it.
    expect((await agent.get('/api/settings')).json().data).toEqual({ gst_rate: '5.00' });
    expect((await agent.post('/settings', { json: { gst_rate: '5', auto_accept_score: 50 } })).statusCode).toBe(403);
    expect(await getAutoAcceptScore(t.db)).toBe(85);

    await admin.post('/settings', { json: { gst_rate: '5', auto_accept_score: 90 } });
    expect(await getAutoAcceptScore(t.db)).toBe(90);
  });
});

describe('audit log', () => {
  it('is append-only', async () => {
    await expect(t.db.$client.query('update audit_logs set action = $1', ['tampered'])).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query('delete from audit_logs')).rejects.toThrow(/append-only/);
  });
});
