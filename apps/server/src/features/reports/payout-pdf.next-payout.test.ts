/**
 * `GET /api/reports/next-payout-pdf?<dashboard filters>`: what Next Payout would pay now, on bookings
 * seeded ready to pay out in full (CAD and GBP; GST; parent and sub-agent splits) and never paid, so a
 * payout of everything available pays each commission line exactly its amount and GST: the PDF is
 * compared with the lines in the database, to the cent, per currency.
 */
import { defaultReportRange, statementTooLarge } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '../../clock';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { poppler } from '../../test/requires-tool';
import * as pdf from './payout-pdf.testing';

const PASSWORD = 'next-payout-pdf-password';
const RANGE = 'start_date=2026-05-01&end_date=2026-05-31';

let t: TestApp;
let admin: TestClient;
let avery: { id: number; client: TestClient };
let parker: { id: number; client: TestClient };
let supplierIds: number[];

interface LineRow {
  agent_id: number;
  agent_name: string;
  currency: string;
  booking_reference: string;
  amount: string;
  gst: string;
  total: string;
}

/** The seeded bookings' commission lines, straight from the database. */
async function lines(agentId?: number): Promise<LineRow[]> {
  const { rows } = await t.db.$client.query<LineRow>(
    `select ac.agent_id, u.name as agent_name, c.code as currency, b.booking_reference, ac.amount::text as amount,
            ac.gst_amount::text as gst, ac.total_with_gst::text as total
       from actual_commissions ac join bookings b on b.id = ac.booking_id
       join suppliers s on s.id = b.supplier_id join currencies c on c.id = s.currency_id
       join agents a on a.id = ac.agent_id join users u on u.id = a.user_id
      where b.supplier_id = any($1::int[]) and ($2::int is null or ac.agent_id = $2)`,
    [supplierIds, agentId ?? null],
  );
  return rows;
}

/** Commission, GST and total of these lines, summed by the database's strings, as printed. */
const sums = (rows: readonly LineRow[]) => [
  pdf.printedSum(rows.map((l) => l.amount)),
  pdf.printedSum(rows.map((l) => l.gst)),
  pdf.printedSum(rows.map((l) => l.total)),
];

const get = (client: TestClient, query: string) => client.get(`/api/reports/next-payout-pdf?${query}`);

beforeAll(async () => {
  t = await createTestApp();
  const cad = await pdf.payableBookings(t.db, { tag: 'Npc', bookings: 30, password: PASSWORD, date: '2026-05-10' });
  const gbp = await pdf.payableBookings(t.db, {
    tag: 'Npg',
    bookings: 6,
    password: PASSWORD,
    date: '2026-05-12',
    currency: 'GBP',
  });
  supplierIds = [cad.supplierId, gbp.supplierId];
  admin = await pdf.signInAs(t, cad.adminEmail, PASSWORD);
  avery = await pdf.seededAgent(t, 'avery', 'Npc', PASSWORD);
  parker = await pdf.seededAgent(t, 'parker', 'Npc', PASSWORD);
}, 120_000);

describe('GET /api/reports/next-payout-pdf', () => {
  it('is a PDF download named for today', async () => {
    const res = await get(admin, RANGE);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="next-payout-${todayUtc()}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.pageCount(res.rawPayload)).toBeGreaterThanOrEqual(2); // 50 CAD lines and 10 GBP lines
  });

  it('nothing to pay is a PDF too, not an error', async () => {
    const res = await get(admin, 'start_date=2020-01-01&end_date=2020-01-31');
    expect(res.statusCode).toBe(200);
    expect(pdf.pageCount(res.rawPayload)).toBe(1);
  });

  it("more items than one PDF lists is a 422 that says so; an agent's own share of the range is still a PDF", async () => {
    // 6,001 bookings: 2,000 direct (one line) and 4,001 split (two lines) make 10,002 items.
    await pdf.payableBookings(t.db, { tag: 'Npbig', bookings: 6001, password: PASSWORD, date: '2026-07-15' });
    const res = await get(admin, 'start_date=2026-07-01&end_date=2026-07-31');
    expect(res.statusCode).toBe(422);
    const message = statementTooLarge(10_002);
    expect(message).toContain('10,002 items; one PDF lists at most 10,000');
    expect(res.json()).toEqual({ message, errors: { filters: [message] } });
    expect((await get(avery.client, 'start_date=2026-07-01&end_date=2026-07-31')).statusCode).toBe(200);
  }, 60_000);

  it('a range that starts after it ends is a 422, and a signed-out request a 401', async () => {
    const res = await get(admin, 'start_date=2026-05-31&end_date=2026-05-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('start_date');
    expect((await get(t.client(), RANGE)).statusCode).toBe(401);
  });
});

describe('the next-payout PDF reads as the lines it would pay (pdftotext)', () => {
  poppler.needInThisBlock();
  it('prints every line, a subtotal per agent and currency, and a grand total per currency, to the cent', async () => {
    const pages = pdf.pdfPages((await get(admin, RANGE)).rawPayload);
    const text = pages.join('\n');
    const rows = text.split('\n');
    expect(text).toContain('Next payout');
    expect(text).toContain('Bookings dated 2026-05-01 to 2026-05-31');
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));

    const all = await lines();
    expect(all).toHaveLength(30 + 20 + 6 + 4); // a third direct, two thirds split in two
    for (const line of all) {
      const row = rows.find(
        (r) => r.trimStart().startsWith(`${line.booking_reference} `) && r.includes(pdf.printedAmount(line.total)),
      );
      expect(row, `${line.booking_reference} of agent ${line.agent_id}`).toBeDefined();
      expect(pdf.amountsOf(row!)).toEqual([
        pdf.printedAmount(line.amount),
        pdf.printedAmount(line.gst),
        pdf.printedAmount(line.total),
      ]);
    }
    for (const key of new Set(all.map((l) => `${l.agent_name} (${l.currency}`))) {
      const group = all.filter((l) => `${l.agent_name} (${l.currency}` === key);
      const row = rows.find((r) => r.includes(`Subtotal ${key}, ${group.length} items)`));
      expect(row, `subtotal of ${key}`).toBeDefined();
      expect(pdf.amountsOf(row!)).toEqual(sums(group));
    }
    for (const currency of ['CAD', 'GBP']) {
      const mine = all.filter((l) => l.currency === currency);
      const row = rows.find((r) => r.includes(`Grand total ${currency} (${mine.length} items)`));
      expect(row, `grand total ${currency}`).toBeDefined();
      expect(pdf.amountsOf(row!)).toEqual(sums(mine));
    }
  });

  it('an agent gets only their own lines, whatever agent they ask for', async () => {
    const text = pdf.pdfPages((await get(avery.client, `${RANGE}&agent_id=${parker.id}`)).rawPayload).join('\n');
    const mine = await lines(avery.id);
    expect(mine.length).toBe(10);
    for (const l of mine) expect(text).toContain(l.booking_reference);
    for (const l of await lines(parker.id)) expect(text).not.toContain(l.booking_reference);
    expect(text).not.toContain('Grand total GBP');
    const row = text.split('\n').find((r) => r.includes('Grand total CAD (10 items)'));
    expect(pdf.amountsOf(row!)).toEqual(sums(mine));
  });

  it('says there is nothing to pay, with the range, when there is nothing', async () => {
    const text = pdf.pdfPages((await get(admin, 'start_date=2020-01-01&end_date=2020-01-31')).rawPayload).join('\n');
    expect(text).toContain('Bookings dated 2020-01-01 to 2020-01-31');
    expect(text).toContain('There is nothing to pay.');
    expect(text).not.toContain('Grand total');
  });

  it('prints the default range (30 days ago to tomorrow) when none is sent', async () => {
    const { start_date, end_date } = defaultReportRange(todayUtc());
    const text = pdf.pdfPages((await get(admin, '')).rawPayload).join('\n');
    expect(text).toContain(`Bookings dated ${start_date} to ${end_date}`);
  });

  it("shows a GST-registered agent's GST/HST number by their name, and says when one has none", async () => {
    // The seed registers all three agents without a number; Avery's number is added (the amounts stay).
    await t.db.$client.query(`update agents set gst_number = '123456789RT0001' where id = $1`, [avery.id]);
    const rows = pdf
      .pdfPages((await get(admin, RANGE)).rawPayload)
      .join('\n')
      .split('\n')
      .map((r) => r.trim());
    expect(rows).toContain('Avery Npc (CAD) · GST/HST no. 123456789RT0001');
    expect(rows).toContain('Avery Npg (GBP) · GST/HST registered: no GST/HST number on file');
    expect(rows).toContain('Parker Npc (CAD) · GST/HST registered: no GST/HST number on file');
    const own = pdf.pdfPages((await get(avery.client, RANGE)).rawPayload).join('\n');
    expect(own).toContain('GST/HST no. 123456789RT0001');
    expect(own).not.toContain('no GST/HST number on file');
  });

  it('renders page 1 to a PNG (looked at: /tmp/shots/pdf/next-payout-1.png)', async () => {
    const png = pdf.renderFirstPage((await get(admin, RANGE)).rawPayload, '/tmp/shots/pdf', 'next-payout');
    expect(png).toMatch(/next-payout-1\.png$/);
  });
});
