import { beforeAll, describe, expect, it } from 'vitest';
import { currencyIds, insertSupplier } from '../../test/factories';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { ACCOUNT_HAS_TRANSACTIONS } from './accounts.service';

let t: TestApp;
let admin: TestClient;
let agent: TestClient & { agentId: number | null };
let cur: Record<string, number>;
let sunwing: number;

beforeAll(async () => {
  t = await createTestApp();
  cur = await currencyIds(t.db);
  sunwing = await insertSupplier(t.db, { name: 'Sunwing', booking_number_format: 'SW0000000' });
  admin = await t.signedIn('admin');
  agent = await t.signedIn('agent', { name: 'Ana Agent' });
});

const accountForm = (over: Record<string, unknown> = {}) => ({
  name: 'Sunwing CAD',
  account_number: '0042',
  accountable_type: 'supplier',
  accountable_id: sunwing,
  currency_id: cur.CAD,
  ...over,
});

describe('accounts', () => {
  let id: number;

  it('creates a supplier account and lists it with owner, currency, format and a zero balance', async () => {
    const res = await admin.post('/accounts', { json: accountForm() });
    expect(res.statusCode).toBe(200);
    id = res.json().data.id;
    const list = (await admin.get('/accounts')).json().data;
    expect(list).toContainEqual(
      expect.objectContaining({
        id,
        name: 'Sunwing CAD',
        account_number: '0042',
        accountable_type: 'supplier',
        accountable: expect.objectContaining({ name: 'Sunwing', booking_number_format: 'SW0000000' }),
        booking_number_format: 'SW0000000',
        currency: expect.objectContaining({ code: 'CAD' }),
        balance: 0,
        is_deleted: false,
      }),
    );
    expect((await auditRows(t.db, 'account')).at(-1)).toMatchObject({ action: 'create', entity_id: String(id) });
  });

  it('creates an agent account named after the agent', async () => {
    const res = await admin.post('/accounts', {
      form: {
        name: 'Ana payouts',
        accountable_type: 'agent',
        accountable_id: String(agent.agentId),
        currency_id: String(cur.CAD),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ accountable_name: 'Ana Agent', booking_number_format: null });
  });

  it('refuses an owner that does not exist, a bad type, and missing fields', async () => {
    const res = await admin.post('/accounts', { json: accountForm({ accountable_id: 999999 }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.accountable_id).toEqual(['The selected supplier does not exist.']);
    const bad = await admin.post('/accounts', { json: { accountable_type: 'bank' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'accountable_id',
      'accountable_type',
      'currency_id',
      'name',
    ]);
  });

  it('updates with _method=PUT', async () => {
    const res = await admin.post(`/accounts/${id}`, {
      form: { _method: 'PUT', ...strings(accountForm({ name: 'Sunwing main' })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Sunwing main');
  });

  it('is admin-only', async () => {
    expect((await agent.get('/accounts')).statusCode).toBe(403);
    expect((await agent.post('/accounts', { json: accountForm() })).statusCode).toBe(403);
  });

  it('computes balances (completed credits − completed debits) and the currency summary exactly', async () => {
    const gbp = (
      await admin.post('/accounts', { json: accountForm({ name: 'GBP side', currency_id: cur.GBP }) })
    ).json().data.id;
    const ins = (acc: number, c: number | undefined, type: string, amount: string, status = 'completed') =>
      t.q(
        `insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status) values ($1,$2,$3,$4,'SW0000001',$5)`,
        [acc, type, c, amount, status],
      );
    await ins(id, cur.CAD, 'credit', '0.10');
    await ins(id, cur.CAD, 'credit', '0.20');
    await ins(id, cur.CAD, 'debit', '0.05');
    await ins(id, cur.CAD, 'credit', '1000.00', 'pending');
    await ins(gbp, cur.GBP, 'credit', '12.34');
    const list = (await admin.get('/accounts')).json().data;
    expect(list.find((a: { id: number }) => a.id === id).balance).toBe(0.25);
    const sum = await admin.post('/accounts/transactions/currency-summary', { json: { account_ids: [id, gbp] } });
    expect(sum.statusCode).toBe(200);
    expect(sum.json()).toMatchObject({
      status: 'success',
      data: [
        { currency_id: cur.CAD, currency: 'CAD', total_amount: 0.25, credit_amount: 0.3, debit_amount: 0.05 },
        { currency_id: cur.GBP, currency: 'GBP', total_amount: 12.34, credit_amount: 12.34, debit_amount: 0 },
      ],
    });
    const credits = await admin.post('/accounts/transactions/currency-summary', {
      json: { account_ids: [id], transaction_type: 'credit', status: 'pending' },
    });
    expect(credits.json().data).toEqual([
      expect.objectContaining({ currency: 'CAD', total_amount: 1000, credit_amount: 1000, debit_amount: 0 }),
    ]);
    expect((await admin.post('/accounts/transactions/currency-summary', { json: {} })).statusCode).toBe(422);
  });

  it('refuses to delete an account with transactions, soft-deletes one without', async () => {
    const res = await admin.post(`/accounts/${id}`, { form: { _method: 'DELETE' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_HAS_TRANSACTIONS);
    const empty = (await admin.post('/accounts', { json: accountForm({ name: 'Empty' }) })).json().data.id;
    expect((await admin.post(`/accounts/${empty}`, { form: { _method: 'DELETE' } })).statusCode).toBe(200);
    expect((await t.q('select is_deleted from accounts where id = $1', [empty]))[0].is_deleted).toBe(true);
    const ids = (await admin.get('/accounts')).json().data.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(empty);
    const all = (await admin.get('/accounts?include_deleted=1')).json().data.map((a: { id: number }) => a.id);
    expect(all).toContain(empty);
  });

  it('refuses a currency change once the account has transactions', async () => {
    const res = await admin.post(`/accounts/${id}`, {
      json: { _method: 'PUT', ...accountForm({ currency_id: cur.GBP }) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.currency_id).toEqual(['The currency of an account with transactions cannot be changed.']);
  });
});

function strings(o: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}
