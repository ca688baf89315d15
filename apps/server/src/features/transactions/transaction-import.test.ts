import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_MESSAGES, MSG_SELECT_STATUS } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, currencyIds, insertBooking, insertSupplier } from '../../test/factories';
import { auditRows, createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { runTransactionImport } from './transaction-import-job';

/**
 * The import API on a real job runner (pg-boss on this test's database). Files are the fixture
 * corpus of issue #6 (fixtures/transaction-import).
 */
const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../fixtures/transaction-import',
);
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

let t: TestApp;
let admin: TestClient & { userId: number };
let otherAdmin: TestClient;
let agent: TestClient & { agentId: number | null };
let cur: Record<string, number>;
let jet2: number;
let jet2Acc: number; // no booking number format, GBP
let tuiAcc: number; // format 00000000
let agentAcc: number;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp([], { jobs: 'pg-boss' });
  cur = await currencyIds(t.db);
  jet2 = await insertSupplier(t.db, { name: 'Jet2', currency: 'GBP' });
  const tui = await insertSupplier(t.db, { name: 'TUI', currency: 'GBP', booking_number_format: '00000000' });
  admin = await t.signedIn('admin');
  otherAdmin = await t.signedIn('admin');
  agent = await t.signedIn('agent');
  const acc = (name: string, type: 'supplier' | 'agent', owner: number) =>
    createAccount(admin, { name, type, owner, currency: cur.GBP! });
  jet2Acc = await acc('Jet2 GBP', 'supplier', jet2);
  tuiAcc = await acc('TUI GBP', 'supplier', tui);
  agentAcc = await acc('Agent payouts', 'agent', agent.agentId!);
});

type FilePart = { filename: string; contentType: string; data: Buffer };
const csv = (filename: string, data: Buffer | string): FilePart => ({
  filename,
  contentType: 'text/csv',
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
});
const form = (file: FilePart | null, over: Record<string, string> = {}) => ({
  multipart: <Record<string, string | FilePart>>{
    account_id: String(jet2Acc),
    status: 'completed',
    description: '',
    is_partial: '0',
    cheque_reference_number: '',
    ...(file ? { file } : {}),
    ...over,
  },
});

type Status = {
  job_id: string;
  status: string;
  processed_count: number;
  total_rows: number;
  imported_count: number;
  errors: string[];
  error_count: number;
  message: string | null;
};

async function waitForJob(client: TestClient, jobId: string): Promise<Status> {
  for (let i = 0; i < 300; i++) {
    const res = await client.get(`/api/transactions/import/status/${jobId}`);
    expect(res.statusCode).toBe(200);
    const s = res.json() as Status;
    if (s.status === 'completed' || s.status === 'failed') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import job did not finish');
}

async function importFile(file: FilePart, over: Record<string, string> = {}) {
  const res = await admin.post('/api/transactions/import', form(file, over));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { job_id: string; total_rows: number; message: string; skipped: unknown[] };
  return { started: body, done: await waitForJob(admin, body.job_id) };
}

describe('POST /api/transactions/import', () => {
  it('imports the spec examples: credits and debits as absolute amounts, the default description, the options', async () => {
    const { started, done } = await importFile(csv('spec-examples.csv', fixture('spec-examples.csv')), {
      cheque_reference_number: 'CHQ-77',
      is_partial: '1',
      status: 'pending',
    });
    expect(started.total_rows).toBe(4);
    expect(started.message).toBe('Import started: 4 rows queued.');
    expect(done).toMatchObject({
      status: 'completed',
      processed_count: 4,
      total_rows: 4,
      imported_count: 4,
      errors: [],
      error_count: 0,
      message: 'Imported 4 transaction(s).',
    });
    const rows = await t.q(
      `select import_row, reference_number, transaction_type, amount::text, status, description, is_partial,
              cheque_reference_number, currency_id, account_id
         from transactions where import_job_id = $1 order by import_row`,
      [started.job_id],
    );
    expect(rows.map((r) => [r.import_row, r.reference_number, r.transaction_type, r.amount])).toEqual([
      [1, 'INV123', 'credit', '100.50'],
      [2, 'PMT456', 'debit', '75.25'],
      [3, 'INV124', 'credit', '2500.00'],
      [4, 'INV125', 'credit', '0.99'],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({
        status: 'pending',
        description: `CSV/Excel Import - ${today()}`,
        is_partial: true,
        cheque_reference_number: 'CHQ-77',
        currency_id: cur.GBP,
        account_id: jet2Acc,
      });
    }
    const audit = await auditRows(t.db, 'import_job');
    expect(audit.filter((a) => a.entity_id === started.job_id).map((a) => a.action)).toEqual([
      'import_started',
      'import_completed',
    ]);
  });

  it('keeps a given description and reads every encoding and separator of the corpus', async () => {
    const cases: [string, string[]][] = [
      ['utf8-bom.csv', ['INV123', 'PMT456', 'INV124', 'INV125']],
      ['utf16le-bom.txt', ['INV123', 'PMT456']],
      ['utf16be-no-bom.csv', ['INV123', 'PMT456']],
      ['windows-1252-pound.csv', ['INV200', 'INV201', 'CAFé1']],
      ['semicolon.csv', ['INV300', 'INV301']],
      ['workbook.xlsx', ['INV600', 'PMT601', 'INV602', '12345']],
      ['workbook.xls', ['INV600', 'PMT601', 'INV602', '12345']],
    ];
    for (const [name, refs] of cases) {
      const { started, done } = await importFile(csv(name, fixture(name)), { description: 'Statement Nov' });
      expect(done.status, name).toBe('completed');
      const rows = await t.q(
        'select reference_number, amount::text, description from transactions where import_job_id = $1 order by import_row',
        [started.job_id],
      );
      expect(
        rows.map((r) => r.reference_number),
        name,
      ).toEqual(refs);
      expect(rows.every((r) => r.description === 'Statement Nov')).toBe(true);
      if (name === 'windows-1252-pound.csv') expect(rows.map((r) => r.amount)).toEqual(['100.50', '1234.50', '20.00']);
    }
  });

  it('lists the skipped rows with their reasons in the response and in the job errors', async () => {
    const { started, done } = await importFile(csv('amounts.csv', fixture('amounts.csv')));
    expect(started.message).toBe('Import started: 3 rows queued, 6 skipped.');
    expect(done.imported_count).toBe(3);
    expect(done.error_count).toBe(6);
    expect(done.errors).toEqual([
      "Row 3: '12,50' uses a comma for decimals; write 12.50",
      'Row 4: needs two columns: reference, amount',
      "Row 5: 'NaN' is not an amount",
      "Row 6: '1e6' is not a plain amount (no exponents)",
      "Row 7: '12.345' has more than 2 decimals",
      'Row 8: the amount is zero',
    ]);
    const rows = await t.q(
      'select reference_number, transaction_type, amount::text from transactions where import_job_id = $1 order by import_row',
      [started.job_id],
    );
    expect(rows).toEqual([
      { reference_number: 'AMT1', transaction_type: 'debit', amount: '12.50' },
      { reference_number: 'AMT2', transaction_type: 'credit', amount: '1234.50' },
      { reference_number: 'AMT9', transaction_type: 'credit', amount: '42.00' },
    ]);
  });

  it("skips rows that do not fit the supplier's booking number format, and stores references trimmed", async () => {
    const file = csv('tui.csv', ' 12345678 ,10.00\nabc,5.00\n1234567,6.00\n87654321,-2.00\n');
    const { started, done } = await importFile(file, { account_id: String(tuiAcc) });
    expect(done.imported_count).toBe(2);
    expect(done.errors).toEqual([
      "Row 2: 'abc': Format should match: 00000000",
      "Row 3: '1234567': Format should match: 00000000",
    ]);
    const refs = await t.q('select reference_number from transactions where import_job_id = $1 order by import_row', [
      started.job_id,
    ]);
    expect(refs.map((r) => r.reference_number)).toEqual(['12345678', '87654321']);
  });

  it("updates the matched bookings' transaction status and each row's matches_booking", async () => {
    const booking = await insertBooking(t.db, {
      primary_agent_id: agent.agentId!,
      supplier_id: jet2,
      booking_amount: '250.00',
      booking_reference: 'MATCH-ME-1',
    });
    const { started } = await importFile(csv('match.csv', ' match-me-1 ,250.00\nNOBODY-BOOKED-THIS,9.00\n'));
    const res = await admin.post('/bookings/transaction-status', { json: { booking_ids: [booking] } });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('"match"');
    const [stored] = await t.q('select transaction_match_status from bookings where id = $1', [booking]);
    expect(stored.transaction_match_status).toBe('match');
    // matches_booking is set by the job's own insert (the row trigger skips imported rows): the claims'
    // unmatched credits see the second row only.
    const flags = await t.q(
      'select reference_number, matches_booking from transactions where import_job_id = $1 order by import_row',
      [started.job_id],
    );
    expect(flags).toEqual([
      { reference_number: 'match-me-1', matches_booking: true },
      { reference_number: 'NOBODY-BOOKED-THIS', matches_booking: false },
    ]);
  });
});

describe('the same file twice', () => {
  it('refuses a file already imported into the account unless told to import it again', async () => {
    const file = csv('statement.csv', 'DUP1,10.00\nDUP2,-4.00\n');
    const { started } = await importFile(file);
    const before = await t.count('transactions');
    const again = await admin.post('/api/transactions/import', form(file));
    expect(again.statusCode).toBe(422);
    const body = again.json() as { errors: { file: string[] }; duplicate_of: { job_id: string; total_rows: number } };
    expect(body.errors.file[0]).toMatch(
      /^This file was already imported into this account on \d{1,2} \w{3} \d{4} \(2 rows, job [0-9a-f]{8}\)\. Tick 'Import this file again' only if the supplier really paid these amounts twice\.$/,
    );
    expect(body.duplicate_of).toMatchObject({ job_id: started.job_id, total_rows: 2 });
    expect(await t.count('transactions')).toBe(before);
    // Another account is another statement: not a duplicate (TUI's format refuses these rows instead).
    const other = await admin.post('/api/transactions/import', form(file, { account_id: String(tuiAcc) }));
    expect(other.json()).toMatchObject({ errors: { file: [IMPORT_MESSAGES.noValidData] } });
    expect(other.json().duplicate_of).toBeUndefined();
    const insisted = await importFile(file, { allow_duplicate: '1' });
    expect(insisted.done).toMatchObject({ status: 'completed', imported_count: 2 });
    const { rows } = await t.db.$client.query(
      "select count(*)::int as n from transactions where reference_number in ('DUP1', 'DUP2')",
    );
    expect(rows[0].n).toBe(4);
  });

  it('lets exactly one of ten simultaneous uploads of one file through; allow_duplicate still imports it again', async () => {
    const file = csv('statement-race.csv', 'RACE1,11.00\nRACE2,-3.00\nRACE3,7.50\n');
    const jobsBefore = await t.count('import_jobs');
    const answers = await Promise.all(
      [...Array(10).keys()].map(() => admin.post('/api/transactions/import', form(file))),
    );
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(1);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(9).fill(422));
    const jobId = (accepted[0]!.json() as { job_id: string }).job_id;
    for (const r of refused) expect(r.json().duplicate_of).toMatchObject({ job_id: jobId, total_rows: 3 });
    expect(await t.count('import_jobs')).toBe(jobsBefore + 1);
    expect(await waitForJob(admin, jobId)).toMatchObject({ status: 'completed', imported_count: 3 });
    const written = async () =>
      (await t.q("select count(*)::int as n from transactions where reference_number like 'RACE_'"))[0].n as number;
    expect(await written()).toBe(3);

    const insisted = await importFile(file, { allow_duplicate: '1' });
    expect(insisted.done).toMatchObject({ status: 'completed', imported_count: 3 });
    expect(await written()).toBe(6);
  });
});

describe('bad input: a clear message and nothing written', () => {
  async function refused(body: ReturnType<typeof form>, client: TestClient = admin) {
    const before = await Promise.all(['import_jobs', 'transactions', 'stored_files'].map(t.count));
    const res = await client.post('/api/transactions/import', body);
    const after = await Promise.all(['import_jobs', 'transactions', 'stored_files'].map(t.count));
    expect(after).toEqual(before);
    return res;
  }
  const fileError = async (file: FilePart) => {
    const res = await refused(form(file));
    expect(res.statusCode, res.body).toBe(422);
    return (res.json() as { errors: Record<string, string[]> }).errors.file?.[0];
  };

  it("gives the spec's messages for files that hold nothing usable", async () => {
    expect(await fileError(csv('empty.csv', fixture('empty.csv')))).toBe(IMPORT_MESSAGES.noData);
    expect(await fileError(csv('blank.csv', fixture('blank-lines.csv')))).toBe(IMPORT_MESSAGES.noData);
    expect(await fileError(csv('bad.csv', fixture('no-valid-rows.csv')))).toBe(IMPORT_MESSAGES.noValidData);
    expect(await fileError(csv('image.csv', fixture('image-renamed.csv')))).toBe(IMPORT_MESSAGES.unsupported);
    expect(await fileError(csv('payments.pdf', 'INV1,1.00'))).toBe(IMPORT_MESSAGES.unsupported);
    expect(await fileError(csv('payments.xlsx', 'INV1,1.00'))).toBe(IMPORT_MESSAGES.unsupported);
  });

  it('refuses a file whose every row breaks the supplier format', async () => {
    const res = await refused(form(csv('x.csv', 'abc,1.00\n'), { account_id: String(tuiAcc) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([IMPORT_MESSAGES.noValidData]);
  });

  it('refuses a 50 MB file with the size message', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 'INV1,1.00\n');
    const res = await refused(form(csv('big.csv', big)));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('requires the file, a supplier account and a status', async () => {
    let res = await refused(form(null));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([IMPORT_MESSAGES.selectFile]);
    res = await refused(form(csv('a.csv', 'INV1,1.00'), { account_id: '' }));
    expect(res.json().errors.account_id).toEqual([IMPORT_MESSAGES.selectAccount]);
    res = await refused(form(csv('a.csv', 'INV1,1.00'), { account_id: String(agentAcc) }));
    expect(res.json().errors.account_id).toEqual([IMPORT_MESSAGES.selectAccount]);
    res = await refused(form(csv('a.csv', 'INV1,1.00'), { account_id: '999999' }));
    expect(res.json().errors.account_id).toEqual([IMPORT_MESSAGES.selectAccount]);
    res = await refused(form(csv('a.csv', 'INV1,1.00'), { status: '' }));
    expect(res.json().errors.status).toEqual([MSG_SELECT_STATUS]);
    res = await refused(form(csv('a.csv', 'INV1,1.00'), { status: 'reversed' }));
    expect(res.json().errors.status).toEqual([MSG_SELECT_STATUS]);
  });

  it('refuses a reference image that is not JPEG, PNG or PDF', async () => {
    const res = await refused({
      multipart: {
        ...form(csv('a.csv', 'INV1,1.00')).multipart,
        reference_image: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('not an image') },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reference_image).toEqual(['The reference image must be a JPEG, PNG or PDF file.']);
  });

  it('is for admins only, with the CSRF token', async () => {
    expect((await refused(form(csv('a.csv', 'INV1,1.00')), agent)).statusCode).toBe(403);
    const res = await admin.post('/api/transactions/import', form(csv('a.csv', 'INV1,1.00')), { csrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('GET /api/transactions/import/status/{jobId}', () => {
  it("answers 404 for a job that does not exist, a malformed id, or another admin's job", async () => {
    const { started } = await importFile(csv('mine.csv', 'MINE1,1.00'));
    const notFound = async (client: TestClient, id: string) => {
      const res = await client.get(`/api/transactions/import/status/${id}`);
      expect(res.statusCode).toBe(404);
      return res.json().message as string;
    };
    expect(await notFound(admin, '00000000-0000-4000-8000-000000000000')).toBe('The import job was not found.');
    await notFound(admin, 'not-a-uuid');
    await notFound(admin, "1' or '1'='1");
    expect(await notFound(otherAdmin, started.job_id)).toBe('The import job was not found.');
    expect((await agent.get(`/api/transactions/import/status/${started.job_id}`)).statusCode).toBe(403);
  });
});

describe('a job that stops half way', () => {
  it('leaves nothing when stopped half way, starts again from the staged rows and never writes a row twice', async () => {
    // A job queued on a runner-less app, run by hand in statements of 5,000 rows: it stops after the first.
    const sent: string[] = [];
    const quiet = await createTestApp([], {
      jobs: {
        send: async (_q, data) => void sent.push(String((data as { importJobId: string }).importJobId)),
        wake() {},
      },
    });
    const boss = await quiet.signedIn('admin');
    const cur2 = await currencyIds(quiet.db);
    const supplier = await insertSupplier(quiet.db, { name: 'S', currency: 'GBP' });
    const account = await createAccount(boss, { name: 'A', type: 'supplier', owner: supplier, currency: cur2.GBP! });
    const lines = Array.from({ length: 12_345 }, (_, i) => `R${i},${(i % 500) + 1}.25`).join('\n');
    const res = await boss.post('/api/transactions/import', {
      multipart: { account_id: String(account), status: 'completed', is_partial: '0', file: csv('r.csv', lines) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json().job_id as string;
    expect(sent).toEqual([jobId]); // queued in the same transaction as the job row
    const staged = async () =>
      (await quiet.db.$client.query('select count(*)::int as n from import_rows where import_job_id = $1', [jobId]))
        .rows[0].n as number;
    expect(await staged()).toBe(12_345); // staged by the upload, in the same transaction

    const log = { info() {}, warn() {}, error() {} };
    let statements = 0;
    const stopAfterOne = () => statements++ >= 1;
    expect(await runTransactionImport(quiet.db, jobId, stopAfterOne, log, { step: 5000 })).toBe('stopped');
    const mid = (await quiet.db.$client.query('select status, processed_count, imported_count from import_jobs'))
      .rows[0];
    expect(mid).toEqual({ status: 'processing', processed_count: 0, imported_count: 0 });
    const { rows: none } = await quiet.db.$client.query(
      'select count(*)::int as n from transactions where import_job_id = $1',
      [jobId],
    );
    expect(none[0].n).toBe(0);
    expect(await staged()).toBe(12_345);

    // Two workers at once: one holds the job, the other steps aside. Half way, the status call (another
    // connection) already counts the rows reported, none of which is committed yet.
    const seen: { row?: Promise<unknown> } = {};
    let calls = 0;
    const watch = () => {
      if (calls++ === 1)
        seen.row = quiet.db.$client
          .query(
            `select processed_count >= 5000 as progressed, imported_count,
                    (select count(*)::int from transactions where import_job_id = $1) as committed
               from import_jobs where id = $1`,
            [jobId],
          )
          .then((r) => r.rows[0]);
      return false;
    };
    const [a, b] = await Promise.all([
      runTransactionImport(quiet.db, jobId, watch, log, { step: 5000 }),
      runTransactionImport(quiet.db, jobId, watch, log, { step: 5000 }),
    ]);
    expect([a, b].sort()).toEqual(['busy', 'done']);
    expect(await seen.row).toEqual({ progressed: true, imported_count: 0, committed: 0 });
    // And a late duplicate after completion writes nothing.
    expect(await runTransactionImport(quiet.db, jobId, () => false, log)).toBe('done');

    const { rows } = await quiet.db.$client.query(
      `select count(*)::int as n, count(distinct import_row)::int as rows, sum(amount)::text as total
         from transactions where import_job_id = $1`,
      [jobId],
    );
    let expected = 0n;
    for (let i = 0; i < 12_345; i++) expected += BigInt((i % 500) + 1) * 100n + 25n;
    expect(rows[0]).toEqual({
      n: 12_345,
      rows: 12_345,
      total: `${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`,
    });
    const job = (
      await quiet.db.$client.query('select status, processed_count, imported_count, attempts from import_jobs')
    ).rows[0];
    expect(job).toEqual({ status: 'completed', processed_count: 12_345, imported_count: 12_345, attempts: 2 });
    expect(await staged()).toBe(0); // deleted with the completion
  });
});
