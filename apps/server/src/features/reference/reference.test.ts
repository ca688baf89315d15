import { beforeAll, describe, expect, it } from 'vitest';
import { getAgencyName } from '../../shared/settings';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';

const ACCOUNTING_DEFAULTS = {
  agency_name: 'Travel Host Agency',
  quickbooks_commission_account: 'Commission Expense',
  quickbooks_gst_account: 'GST/HST Receivable',
  quickbooks_clearing_account: 'Telpay Clearing',
  quickbooks_date_format: 'MM/DD/YYYY',
};

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
    expect(ok.json().data).toEqual({ ...ACCOUNTING_DEFAULTS, gst_rate: '13.00' });
    expect((await agent.get('/api/settings')).json().data).toEqual({ gst_rate: '13.00' });
    expect((await agent.post('/settings', { json: { gst_rate: '1' } })).statusCode).toBe(403);
    await admin.post('/settings', { json: { gst_rate: '5' } });
  });

  it('keeps the agency name and the QuickBooks accounts and date format, shown to admins only', async () => {
    expect((await admin.get('/api/settings')).json().data).toEqual({ ...ACCOUNTING_DEFAULTS, gst_rate: '5.00' });
    const changed = {
      agency_name: 'Maple Travel Co.',
      quickbooks_commission_account: 'Expenses:Agent Commissions',
      quickbooks_gst_account: 'GST Paid',
      quickbooks_clearing_account: 'Telpay',
      quickbooks_date_format: 'DD/MM/YYYY',
    };
    const saved = await admin.post('/settings', { json: { gst_rate: '5', ...changed } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ gst_rate: '5.00', ...changed });
    // A key left out keeps its value.
    expect((await admin.post('/settings', { json: { gst_rate: '5' } })).json().data).toEqual({
      gst_rate: '5.00',
      ...changed,
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
});

describe('audit log', () => {
  it('is append-only', async () => {
    await expect(t.db.$client.query('update audit_logs set action = $1', ['tampered'])).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query('delete from audit_logs')).rejects.toThrow(/append-only/);
  });
});
