import {
  MSG_AMOUNT_POSITIVE,
  MSG_COMMON_DESCRIPTION_REQUIRED,
  MSG_REFERENCE_REQUIRED,
  MSG_ROW_DESCRIPTION_REQUIRED,
  MSG_SELECT_ACTION,
  MSG_SELECT_STATUS,
  MSG_SELECT_SUPPLIER_ACCOUNT,
  MSG_SELECT_TRANSACTION_TYPE,
  MSG_SELECT_TRANSACTIONS,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, currencyIds, insertSupplier } from '../../test/factories';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';

let t: TestApp;
let admin: TestClient;
let agent: TestClient & { agentId: number | null };
let cur: Record<string, number>;
let sunwing: number;
let transat: number;
let swAcc: number; // Sunwing, CAD, format SW0000000
let tsAcc: number; // Transat, CAD, no format
let agentAcc: number;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

beforeAll(async () => {
  t = await createTestApp();
  cur = await currencyIds(t.db);
  sunwing = await insertSupplier(t.db, { name: 'Sunwing', booking_number_format: 'SW0000000' });
  transat = await insertSupplier(t.db, { name: 'Transat' });
  admin = await t.signedIn('admin');
  agent = await t.signedIn('agent', { name: 'Ana Agent' });
  const acc = (name: string, type: 'supplier' | 'agent', owner: number) =>
    createAccount(admin, { name, type, owner, currency: cur.CAD! });
  swAcc = await acc('Sunwing CAD', 'supplier', sunwing);
  tsAcc = await acc('Transat CAD', 'supplier', transat);
  agentAcc = await acc('Ana payouts', 'agent', agent.agentId!);
});

const single = (over: Record<string, string> = {}) => ({
  account_id: String(swAcc),
  transaction_type: 'credit',
  currency_id: String(cur.CAD),
  amount: '100.10',
  reference_number: 'SW1234567',
  description: 'Deposit',
  is_partial: '0',
  cheque_reference_number: 'CHQ-1',
  ...over,
});

describe('single transaction', () => {
  let id: number;

  it('creates with status completed by default, exact amount, image and audit', async () => {
    const res = await admin.post('/transactions', {
      multipart: { ...single(), reference_image: { filename: 'r.png', contentType: 'image/png', data: PNG } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', redirect: '/transactions' });
    id = body.data.id;
    expect(body.data).toMatchObject({
      status: 'completed',
      amount: 100.1,
      reference_image_url: `/transactions/${id}/reference-image`,
      account_name: 'Sunwing CAD',
      supplier_name: 'Sunwing',
    });
    expect((await t.q('select amount::text from transactions where id = $1', [id]))[0].amount).toBe('100.10');
    const img = await admin.get(`/transactions/${id}/reference-image`);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await auditRows(t.db, 'transaction')).at(-1)).toMatchObject({ action: 'create', entity_id: String(id) });
  });

  it('reads one for the form', async () => {
    const res = await admin.get(`/transactions/${id}`);
    expect(res.json().data).toMatchObject({
      id,
      reference_number: 'SW1234567',
      account_id: swAcc,
      currency_id: cur.CAD,
    });
  });

  it.each([
    [{ amount: '0' }, 'amount', 'The amount field must be at least 0.01.'],
    [{ amount: '0.001' }, 'amount', 'The amount must be a number with at most 2 decimals.'],
    [{ amount: '-5' }, 'amount', 'The amount field must be at least 0.01.'],
    [{ reference_number: ' ' }, 'reference_number', 'The reference number field is required.'],
    [{ reference_number: 'AB123' }, 'reference_number', 'Format should match: SW0000000'],
    [{ transaction_type: '' }, 'transaction_type', 'The transaction type field is required.'],
    [{ currency_id: '' }, 'currency_id', 'The currency field is required.'],
    [{ status: 'reversed' }, 'status', 'The selected status is invalid.'],
  ])('refuses %j', async (over, field, message) => {
    const before = await t.count('transactions');
    const res = await admin.post('/transactions', { multipart: single(over) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await t.count('transactions')).toBe(before);
  });

  it("refuses a currency other than the account's", async () => {
    const res = await admin.post('/transactions', { multipart: single({ currency_id: String(cur.GBP) }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.currency_id).toEqual(["The currency must be the account's currency (CAD)."]);
  });

  it('accepts a lowercase reference that fits the format once upper-cased', async () => {
    const res = await admin.post('/transactions', {
      multipart: single({ reference_number: 'sw7654321', status: 'pending' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('pending');
  });

  it('refuses a file over 5 MB with the spec message and a non-image', async () => {
    for (const size of [5_242_881, 6_000_000]) {
      const big = Buffer.alloc(size, 1);
      big.set(PNG);
      const res = await admin.post('/transactions', {
        multipart: { ...single(), reference_image: { filename: 'big.png', contentType: 'image/png', data: big } },
      });
      expect([413, 422]).toContain(res.statusCode);
      expect(res.json().message).toBe('File size should not exceed 5MB');
    }
    const txt = await admin.post('/transactions', {
      multipart: {
        ...single(),
        reference_image: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('hello') },
      },
    });
    expect(txt.statusCode).toBe(422);
    expect(txt.json().errors.reference_image).toBeDefined();
  });

  it('updates with _method=PUT keeping account, type and currency; keeps the image', async () => {
    const res = await admin.post(`/transactions/${id}`, {
      multipart: { _method: 'PUT', ...single({ amount: '90.00', status: 'failed', is_partial: '1' }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 90, status: 'failed', is_partial: true });
    expect(res.json().data.reference_image_url).toBe(`/transactions/${id}/reference-image`);
  });

  it('refuses to change account, type or currency, and reversed on one not reversed', async () => {
    const res = await admin.post(`/transactions/${id}`, {
      multipart: {
        _method: 'PUT',
        ...single({
          account_id: String(tsAcc),
          transaction_type: 'debit',
          currency_id: String(cur.GBP),
          status: 'reversed',
        }),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['account_id', 'currency_id', 'status', 'transaction_type']);
  });

  it('keeps reversed on a reversed one', async () => {
    await t.q(`update transactions set status = 'reversed' where id = $1`, [id]);
    const res = await admin.post(`/transactions/${id}`, {
      multipart: { _method: 'PUT', ...single({ status: 'reversed' }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('reversed');
  });

  it('is admin-only', async () => {
    expect((await agent.post('/transactions', { multipart: single() })).statusCode).toBe(403);
    expect((await agent.get('/transactions')).statusCode).toBe(403);
    expect((await agent.post('/transactions/store-bulk', { json: {} })).statusCode).toBe(403);
    expect((await agent.post('/transactions-bulk-update', { json: {} })).statusCode).toBe(403);
  });
});

describe('bulk transactions', () => {
  const rowsForm = (
    rows: { reference_number?: string; amount?: string; description?: string; is_partial?: string }[],
  ) => {
    const out: Record<string, string> = {};
    rows.forEach((r, i) => {
      for (const [k, v] of Object.entries(r)) out[`transactions[${i}][${k}]`] = v;
    });
    return out;
  };

  it('writes every row with the default description, type credit and the shared fields (multipart)', async () => {
    const before = await t.count('transactions');
    const res = await admin.post('/transactions/store-bulk', {
      multipart: {
        account_id: String(swAcc),
        status: 'completed',
        cheque_reference_number: 'CHQ-9',
        reference_image: { filename: 'r.png', contentType: 'image/png', data: PNG },
        ...rowsForm([
          { reference_number: 'SW0000001', amount: '10.01', is_partial: '0' },
          { reference_number: 'sw0000002', amount: '20', is_partial: '1' },
        ]),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', count: 2 });
    expect(await t.count('transactions')).toBe(before + 2);
    const rows = await t.q(
      `select reference_number, amount::text, transaction_type, status, description, is_partial, cheque_reference_number, reference_image_file_id
         from transactions order by id desc limit 2`,
    );
    expect(rows[1]).toMatchObject({
      reference_number: 'SW0000001',
      amount: '10.01',
      transaction_type: 'credit',
      is_partial: false,
      cheque_reference_number: 'CHQ-9',
    });
    expect(rows[0]).toMatchObject({ reference_number: 'sw0000002', amount: '20.00', is_partial: true });
    expect(rows[0].description).toMatch(/^Bulk credit transaction - \d{4}-\d{2}-\d{2}$/);
    expect(rows[0].reference_image_file_id).not.toBeNull();
  });

  it('uses the common description (same) or per-row descriptions (different)', async () => {
    const same = await admin.post('/transactions/store-bulk', {
      json: {
        account_id: tsAcc,
        transaction_type: 'debit',
        status: 'pending',
        description_type: 'same',
        common_description: 'Refunds',
        transactions: [{ reference_number: 'X1', amount: '1.00' }],
      },
    });
    expect(same.statusCode).toBe(200);
    expect(
      (await t.q('select description, transaction_type, status from transactions order by id desc limit 1'))[0],
    ).toEqual({
      description: 'Refunds',
      transaction_type: 'debit',
      status: 'pending',
    });
    const diff = await admin.post('/transactions/store-bulk', {
      json: {
        account_id: tsAcc,
        description_type: 'different',
        transactions: [{ reference_number: 'X2', amount: 2, description: 'Row two' }],
      },
    });
    expect(diff.statusCode).toBe(200);
    expect((await t.q('select description from transactions order by id desc limit 1'))[0].description).toBe('Row two');
  });

  it('gives every spec message, keyed by row, and writes nothing', async () => {
    const before = await t.count('transactions');
    const res = await admin.post('/transactions/store-bulk', {
      multipart: {
        account_id: '',
        transaction_type: 'sideways',
        status: 'reversed',
        description_type: 'same',
        ...rowsForm([
          { reference_number: ' ', amount: '5' },
          { reference_number: 'SW0000003', amount: '0' },
          { reference_number: 'SW0000004', amount: '' },
          { reference_number: 'SW0000005', amount: '-3' },
        ]),
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      account_id: [MSG_SELECT_SUPPLIER_ACCOUNT],
      transaction_type: [MSG_SELECT_TRANSACTION_TYPE],
      status: [MSG_SELECT_STATUS],
      'transactions.0.reference_number': [MSG_REFERENCE_REQUIRED],
      'transactions.1.amount': [MSG_AMOUNT_POSITIVE],
      'transactions.2.amount': [MSG_AMOUNT_POSITIVE],
      'transactions.3.amount': [MSG_AMOUNT_POSITIVE],
    });
    const same = await admin.post('/transactions/store-bulk', {
      json: { account_id: tsAcc, description_type: 'same', transactions: [{ reference_number: 'A', amount: '1' }] },
    });
    expect(same.json().errors).toEqual({ common_description: [MSG_COMMON_DESCRIPTION_REQUIRED] });
    const diff = await admin.post('/transactions/store-bulk', {
      json: {
        account_id: tsAcc,
        description_type: 'different',
        transactions: [
          { reference_number: 'A', amount: '1' },
          { reference_number: 'B', amount: '1', description: 'ok' },
        ],
      },
    });
    expect(diff.json().errors).toEqual({ 'transactions.0.description': [MSG_ROW_DESCRIPTION_REQUIRED] });
    expect(await t.count('transactions')).toBe(before);
  });

  it('maps format errors back to their rows and writes none of the rows', async () => {
    const before = await t.count('transactions');
    const res = await admin.post('/transactions/store-bulk', {
      json: {
        account_id: swAcc,
        transactions: [
          { reference_number: 'SW0000006', amount: '1' },
          { reference_number: 'BAD', amount: '1' },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'transactions.1.reference_number': ['Format should match: SW0000000'] });
    expect(await t.count('transactions')).toBe(before);
  });

  it('refuses an agent account (bulk takes supplier accounts)', async () => {
    const res = await admin.post('/transactions/store-bulk', {
      json: { account_id: agentAcc, transactions: [{ reference_number: 'A', amount: '1' }] },
    });
    expect(res.json().errors).toEqual({ account_id: [MSG_SELECT_SUPPLIER_ACCOUNT] });
  });

  // Its speed is the bench's (transaction-bulk-form in bench/README.md), not a timed test: a 5-second bound
  // here failed on a loaded 2-core machine while the same request takes about 2.8 s on a quiet one.
  it('writes 5,000 rows (multipart, 4 fields per row) in one insert', async () => {
    const before = await t.count('transactions');
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      reference_number: `T${i}`,
      amount: `${i + 1}.25`,
      description: `row ${i}`,
      is_partial: i % 2 ? '1' : '0',
    }));
    const res = await admin.post('/transactions/store-bulk', {
      multipart: { account_id: String(tsAcc), description_type: 'different', ...rowsForm(rows) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(5000);
    expect(await t.count('transactions')).toBe(before + 5000);
    const sum = (await t.q(`select sum(amount)::text as s from transactions where reference_number like 'T%'`))[0].s;
    expect(sum).toBe('12503750.00'); // Σ(i + 1.25) for i < 5000, exact
  });

  it('refuses 5,001 rows', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => ({ reference_number: `U${i}`, amount: '1' }));
    const res = await admin.post('/transactions/store-bulk', { json: { account_id: tsAcc, transactions: rows } });
    expect(res.statusCode).toBe(422);
  });
});

describe('listing and bulk status', () => {
  let ids: number[];

  beforeAll(async () => {
    await t.q(`delete from transactions where reference_number like 'T%' or reference_number like 'U%'`);
    const ins = async (
      ref: string,
      amount: string,
      type = 'credit',
      status = 'completed',
      date = '2026-05-01',
      acc = swAcc,
    ) =>
      (
        await t.q(
          `insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, transaction_date, cheque_reference_number)
           values ($1,$2,$3,$4,$5,$6,$7,$8) returning id`,
          [acc, type, cur.CAD, amount, ref, status, date, `CQ-${ref}`],
        )
      )[0].id as number;
    ids = [
      await ins('LST0000001', '10.00'),
      await ins(' lst0000001 ', '10.00'), // double booking of the first (same account, normalised)
      await ins('LST0000002', '50.50', 'debit', 'pending', '2026-06-01'),
      await ins('LST0000003', '99.99', 'credit', 'failed', '2026-07-01'),
      await ins('LST0000001', '10.00', 'credit', 'completed', '2026-05-02', tsAcc), // other account: not a double
    ];
  });

  const list = async (qs: string) => (await admin.get(`/transactions?${qs}`)).json();

  it('filters by reference (partial, case-insensitive), type, status, account, cheque, dates and amounts', async () => {
    expect((await list('reference=lst000000')).total).toBe(5);
    expect((await list('reference=LST0000001')).total).toBe(3);
    expect((await list('reference=LST&transaction_type=debit')).data.map((r: { id: number }) => r.id)).toEqual([
      ids[2],
    ]);
    expect((await list('reference=LST&status=failed')).data.map((r: { id: number }) => r.id)).toEqual([ids[3]]);
    expect((await list(`reference=LST&account_id=${tsAcc}`)).total).toBe(1);
    expect((await list('cheque_reference=cq-lst0000002')).total).toBe(1);
    expect((await list('reference=LST&date_from=2026-06-01&date_to=2026-06-30')).total).toBe(1);
    expect((await list('reference=LST&amount_min=50.5&amount_max=99.99')).total).toBe(2);
    expect((await admin.get('/transactions?amount_min=-1')).statusCode).toBe(422);
  });

  it('shows double bookings: completed, same account and normalised reference', async () => {
    const res = await list('reference=LST&double_bookings=1');
    expect(res.data.map((r: { id: number }) => r.id).sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('pages with page_size (10/15/25/50/100, default 15) and gives list rows their names', async () => {
    const res = await list('reference=LST&page_size=10&page=1');
    expect(res).toMatchObject({ per_page: 10, current_page: 1, total: 5, from: 1, to: 5, last_page: 1 });
    expect((await list('page_size=7')).per_page).toBe(15);
    const p2 = await list('reference=LST&page_size=10&page=2');
    expect(p2.data).toEqual([]);
    expect(res.data[0]).toMatchObject({
      reference_number: 'LST0000003',
      account_name: 'Sunwing CAD',
      supplier_name: 'Sunwing',
      currency_symbol: expect.any(String),
      amount: 99.99,
    });
  });

  it('updates statuses in one call with the spec messages for missing input', async () => {
    const none = await admin.post('/transactions-bulk-update', { json: { transaction_ids: [ids[2]] } });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.status).toEqual([MSG_SELECT_ACTION]);
    const empty = await admin.post('/transactions-bulk-update', { json: { transaction_ids: [], status: 'completed' } });
    expect(empty.json().errors.transaction_ids).toEqual([MSG_SELECT_TRANSACTIONS]);
    const res = await admin.post('/transactions-bulk-update', {
      json: { transaction_ids: [ids[2], ids[3]], status: 'completed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: '2 transaction(s) updated to completed.', updated: 2 });
    expect(
      (await t.q('select status from transactions where id = any($1) order by id', [[ids[2], ids[3]]])).map(
        (r) => r.status,
      ),
    ).toEqual(['completed', 'completed']);
    const audit = (await auditRows(t.db, 'transaction')).at(-1)!;
    expect(audit).toMatchObject({ action: 'bulk_status', after: { status: 'completed' } });
    expect(audit.before).toEqual(
      expect.arrayContaining([
        { id: ids[2], status: 'pending' },
        { id: ids[3], status: 'failed' },
      ]),
    );
    expect(
      (await admin.post('/transactions-bulk-update', { json: { transaction_ids: [ids[2]], status: 'reversed' } }))
        .statusCode,
    ).toBe(422);
  });
});

describe('matching bookings to transactions', () => {
  let agentId: number;
  const booking = async (ref: string, amount: string, supplier = sunwing, status = 'confirmed') =>
    (
      await t.q(
        // A completed booking is one paid out in full (DOMAIN.md invariant 1; the database holds it).
        `insert into bookings (booking_reference, supplier_id, booking_date, customer_name, booking_amount, status, primary_agent_id, commission_percentage, expected_commission, rate_source, paid_amount)
         values ($1, $2, '2026-03-01', 'C', $3, $4::text, $5, 10, 0, 'tier', case when $4::text = 'completed' then $3::numeric else 0 end) returning id`,
        [ref, supplier, amount, status, agentId],
      )
    )[0].id as number;
  const tx = (
    ref: string,
    amount: string,
    type = 'credit',
    opts: { partial?: boolean; status?: string; acc?: number } = {},
  ) =>
    t.q(
      `insert into transactions (account_id, transaction_type, currency_id, amount, reference_number, status, is_partial)
       values ($1,$2,$3,$4,$5,$6,$7)`,
      [opts.acc ?? swAcc, type, cur.CAD, amount, ref, opts.status ?? 'completed', opts.partial ?? false],
    );
  const status = async (ids: number[]) =>
    (await admin.post('/bookings/transaction-status', { json: { booking_ids: ids } })).json();

  beforeAll(() => {
    agentId = agent.agentId!;
  });

  it('answers every DOMAIN.md status for a set of bookings in one call', async () => {
    const none = await booking('SW9000001', '100.00');
    const match = await booking('SW9000002', '100.00');
    await tx(' sw9000002 ', '100.00'); // trimmed, case-insensitive
    const multi = await booking('SW9000003', '100.00');
    await tx('SW9000003', '60.00', 'credit', { partial: true });
    await tx('SW9000003', '40.00');
    const partial = await booking('SW9000004', '100.00');
    await tx('SW9000004', '30.00', 'credit', { partial: true });
    await tx('SW9000004', '30.00', 'credit', { partial: true });
    const mismatch = await booking('SW9000005', '100.00');
    await tx('SW9000005', '90.00');
    const otherSupplier = await booking('SW9000006', '100.00');
    await tx('SW9000006', '100.00', 'credit', { acc: tsAcc }); // Transat's account: not Sunwing's
    const pendingOnly = await booking('SW9000007', '100.00');
    await tx('SW9000007', '100.00', 'credit', { status: 'pending' });
    const closed = await booking('SW9000008', '100.00', sunwing, 'completed');
    await tx('SW9000008', '100.00');

    const res = await status([none, match, multi, partial, mismatch, otherSupplier, pendingOnly, closed]);
    const pick = (id: number) => ({
      status: res[id].status,
      can_payout: res[id].can_payout,
      needs_reconciliation: res[id].needs_reconciliation,
      net_amount: res[id].net_amount,
      transaction_count: res[id].transaction_count,
    });
    expect(pick(none)).toEqual({
      status: 'no_transaction',
      can_payout: false,
      needs_reconciliation: false,
      net_amount: 0,
      transaction_count: 0,
    });
    expect(pick(match)).toEqual({
      status: 'match',
      can_payout: true,
      needs_reconciliation: false,
      net_amount: 100,
      transaction_count: 1,
    });
    expect(pick(multi)).toEqual({
      status: 'multiple_transactions',
      can_payout: false,
      needs_reconciliation: false,
      net_amount: 100,
      transaction_count: 2,
    });
    expect(pick(partial)).toEqual({
      status: 'partial',
      can_payout: true,
      // More money is coming: reconciling now would forfeit it (DOMAIN.md "Matching").
      needs_reconciliation: false,
      net_amount: 60,
      transaction_count: 2,
    });
    expect(pick(mismatch)).toEqual({
      status: 'mismatch',
      can_payout: false,
      needs_reconciliation: true,
      net_amount: 90,
      transaction_count: 1,
    });
    expect(pick(otherSupplier).status).toBe('no_transaction');
    expect(pick(pendingOnly).status).toBe('no_transaction');
    expect(pick(closed)).toMatchObject({ status: 'match', can_payout: false });
    expect(res[match].transactions).toEqual([
      expect.objectContaining({
        status: 'completed',
        transaction_type: 'credit',
        amount: 100,
        reference_number: ' sw9000002 ',
        account_name: 'Sunwing CAD',
      }),
    ]);

    // The booking read uses the same function; delete is refused with matched transactions.
    const read = (await admin.get(`/bookings/${partial}`)).json().data;
    expect(read.transaction_status).toMatchObject({ status: 'partial', transaction_count: 2, net_amount: 60 });
    expect(read.actions.delete).toBe(false);
    const listed = (await admin.get('/bookings?search=SW900000&per_page=100')).json().data;
    const byId = Object.fromEntries(
      listed.map((b: { id: number; actions: { delete: boolean } }) => [b.id, b.actions.delete]),
    );
    expect(byId[none]).toBe(true);
    expect(byId[match]).toBe(false);
    const del = await admin.post(`/bookings/${match}`, { form: { _method: 'DELETE' } });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('A booking with matched transactions cannot be deleted.');
  });

  it('refuses more than 500 ids and answers {} for none', async () => {
    expect(
      (
        await admin.post('/bookings/transaction-status', {
          json: { booking_ids: Array.from({ length: 501 }, (_, i) => i + 1) },
        })
      ).statusCode,
    ).toBe(422);
    expect(await status([])).toEqual({});
  });

  it('finds an unclaimed credit: completed, on the supplier, no booking of that supplier with the reference', async () => {
    await tx('SW5550001', '75.50');
    const check = (reference_number: string, supplier_id = sunwing) =>
      admin.post('/api/check-unclaimed-transaction', { json: { reference_number, supplier_id } });
    const found = (await check(' sw5550001 ')).json();
    expect(found).toMatchObject({
      has_unclaimed: true,
      transaction: { supplier_name: 'Sunwing', amount: 75.5, currency: 'CAD' },
    });
    expect(found.message).not.toBe('');
    expect((await check('SW5550001', transat)).json()).toEqual({
      has_unclaimed: false,
      message: '',
      transaction: null,
    });
    expect((await check('SW9000002')).json().has_unclaimed).toBe(false); // a booking has it
    expect(
      (await agent.post('/api/check-unclaimed-transaction', { json: { reference_number: 'X', supplier_id: sunwing } }))
        .statusCode,
    ).toBe(403);
  });
});
