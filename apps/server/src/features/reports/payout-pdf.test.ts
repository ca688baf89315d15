/**
 * `GET /api/reports/payout-pdf/{payoutId}` on real payouts: bookings seeded as the payouts benchmark seeds
 * them (three GST-registered agents; two bookings in three split between a parent and a sub-agent), paid
 * out through `POST /bulk-payouts/process`. One payout in CAD, one in GBP. The PDF's text is compared with
 * the database's payout items, to the cent.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { poppler } from '../../test/requires-tool';
import {
  amountsOf,
  pageCount,
  payableBookings,
  pdfPages,
  printedAmount,
  printedSum,
  renderFirstPage,
  seededAgent,
  signInAs,
} from './payout-pdf.testing';

const PASSWORD = 'pdf-test-password';

interface Seeded {
  admin: TestClient;
  payoutId: number;
  payoutDate: string;
  agents: Record<'avery' | 'parker' | 'sasha', { id: number; client: TestClient }>;
}

let t: TestApp;
let cad: Seeded;
let gbp: Seeded;

/** `n` bookings paid out in one bulk payout, in `currency`. */
async function seededPayout(tag: string, n: number, currency = 'CAD'): Promise<Seeded> {
  const seed = await payableBookings(t.db, { bookings: n, tag, password: PASSWORD, currency });
  const admin = await signInAs(t, seed.adminEmail, PASSWORD);
  const res = await admin.post('/bulk-payouts/process', {
    json: {
      payouts: seed.bookingIds.map((id) => ({ booking_id: id, payout_amount: seed.amounts.get(id)! })),
      description: `PDF test ${tag}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { payout_ids: number[] };
  expect(body.payout_ids).toHaveLength(1);
  const payoutId = body.payout_ids[0]!;
  const [p] = await t.q(`select payout_date::text as d from payouts where id = $1`, [payoutId]);
  const agent = (name: string) => seededAgent(t, name, tag, PASSWORD);
  return {
    admin,
    payoutId,
    payoutDate: p!.d as string,
    agents: { avery: await agent('avery'), parker: await agent('parker'), sasha: await agent('sasha') },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  cad = await seededPayout('Pdfc', 90);
  gbp = await seededPayout('Pdfg', 6, 'GBP');
  // A name Helvetica cannot print as is: the PDF transliterates it instead of failing.
  await t.q(`update users set name = 'Sasha Zoë Łódź 😀 東京' where id = (select user_id from agents where id = $1)`, [
    cad.agents.sasha.id,
  ]);
}, 120_000);

interface ItemRow {
  agent_id: number;
  agent_name: string;
  booking_reference: string;
  commission: string;
  gst: string;
  total: string;
}

const itemsOf = async (payoutId: number, agentId?: number) =>
  (await t.q(
    `select pi.agent_id, u.name as agent_name, b.booking_reference, pi.commission::text, pi.gst::text, pi.total::text
       from payout_items pi join bookings b on b.id = pi.booking_id
       join agents a on a.id = pi.agent_id join users u on u.id = a.user_id
      where pi.payout_id = $1 and ($2::int is null or pi.agent_id = $2)`,
    [payoutId, agentId ?? null],
  )) as unknown as ItemRow[];

/** The SQL sums of the items, per agent (by SQL, not by the code under test). */
const sumsByAgent = async (payoutId: number) =>
  (await t.q(
    `select pi.agent_id, count(*)::int as n, sum(pi.commission)::text as commission, sum(pi.gst)::text as gst,
            sum(pi.total)::text as total
       from payout_items pi where pi.payout_id = $1 group by pi.agent_id`,
    [payoutId],
  )) as { agent_id: number; n: number; commission: string; gst: string; total: string }[];

const fmt = printedAmount;
const sum = (rows: readonly ItemRow[], key: 'commission' | 'gst' | 'total') => printedSum(rows.map((r) => r[key]));

const get = (client: TestClient, id: number | string) => client.get(`/api/reports/payout-pdf/${id}`);

function expectPdf(res: LightMyRequestResponse, filename: string) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
}

describe('GET /api/reports/payout-pdf/{payoutId}: who gets what', () => {
  it('gives an admin the whole payout as an A4 PDF download named after the payout', async () => {
    const res = await get(cad.admin, cad.payoutId);
    expectPdf(res, `payout-${cad.payoutId}-${cad.payoutDate}.pdf`);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pageCount(res.rawPayload)).toBeGreaterThanOrEqual(4); // 150 items, headings and totals
  });

  it('gives an agent a payout that paid them; another agent, or an unknown payout, is a 404 (JSON)', async () => {
    expectPdf(await get(cad.agents.avery.client, cad.payoutId), `payout-${cad.payoutId}-${cad.payoutDate}.pdf`);
    for (const [client, id] of [
      [gbp.agents.avery.client, cad.payoutId], // paid in another payout, not this one
      [cad.agents.avery.client, 999_999],
      [cad.admin, 999_999],
    ] as const) {
      const res = await get(client, id);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ status: 'error', message: 'The payout was not found.' });
    }
  });

  it('is a 404 for an id that is not one, and a 401 signed out', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await get(cad.admin, id)).statusCode).toBe(404);
    expect((await get(t.client(), cad.payoutId)).statusCode).toBe(401);
  });

  it("an agent's PDF is smaller than the whole payout's: it holds only their items", async () => {
    const mine = await get(cad.agents.avery.client, cad.payoutId);
    const all = await get(cad.admin, cad.payoutId);
    expect(pageCount(mine.rawPayload)).toBeLessThan(pageCount(all.rawPayload));
  });
});

describe('the payout PDF reads as the payout items (pdftotext)', () => {
  poppler.needInThisBlock();
  it('prints every item with its amounts, a subtotal per agent and the grand total, to the cent', async () => {
    const pages = pdfPages((await get(cad.admin, cad.payoutId)).rawPayload);
    const text = pages.join('\n');
    const lines = text.split('\n');
    expect(text).toContain('Travel Host Agency');
    expect(text).toContain('Payout statement');
    expect(text).toContain(`Payout #${cad.payoutId}: PDF test Pdfc`);
    expect(text).toContain(`Payout date ${cad.payoutDate} · CAD`);
    expect(text).toMatch(/Generated \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    const items = await itemsOf(cad.payoutId);
    expect(items.length).toBe(150); // 90 bookings: 30 direct, 60 split in two
    for (const item of items) {
      const line = lines.find(
        (l) => l.trimStart().startsWith(`${item.booking_reference} `) && l.includes(fmt(item.total)),
      );
      expect(line, `the line of ${item.booking_reference} (agent ${item.agent_id})`).toBeDefined();
      expect(amountsOf(line!)).toEqual([fmt(item.commission), fmt(item.gst), fmt(item.total)]);
    }
    for (const s of await sumsByAgent(cad.payoutId)) {
      const name = items.find((i) => i.agent_id === s.agent_id)!.agent_name;
      const printed = name.startsWith('Sasha') ? 'Sasha Zoë Lódz ? ??' : name;
      const line = lines.find((l) => l.includes(`Subtotal ${printed} (CAD, ${s.n} items)`));
      expect(line, `the subtotal of ${printed}`).toBeDefined();
      expect(amountsOf(line!)).toEqual([fmt(s.commission), fmt(s.gst), fmt(s.total)]);
    }
    const grand = lines.find((l) => l.includes(`Grand total CAD (${items.length} items)`));
    expect(amountsOf(grand!)).toEqual([sum(items, 'commission'), sum(items, 'gst'), sum(items, 'total')]);
    expect(text).not.toContain('GBP');
  });

  it('breaks long lists across pages with the column header and "Page X of Y" on every page', async () => {
    const pages = pdfPages((await get(cad.admin, cad.payoutId)).rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Reference\s+Date\s+Supplier\s+Gross\s+%\s+Commission\s+GST\s+Total/);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // A group that goes on past a page break says so under the repeated header.
    expect(pages.slice(1).some((p) => p.includes('(continued)'))).toBe(true);
  });

  it("an agent's PDF shows only their items, and totals of those only", async () => {
    for (const who of ['avery', 'parker', 'sasha'] as const) {
      const agent = cad.agents[who];
      const text = pdfPages((await get(agent.client, cad.payoutId)).rawPayload).join('\n');
      const mine = await itemsOf(cad.payoutId, agent.id);
      const others = (await itemsOf(cad.payoutId)).filter((i) => i.agent_id !== agent.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const item of mine) expect(text).toContain(item.booking_reference);
      // A split booking has a line for each agent: only the other agent's direct bookings are absent.
      const mineRefs = new Set(mine.map((i) => i.booking_reference));
      for (const item of others.filter((o) => !mineRefs.has(o.booking_reference)))
        expect(text).not.toContain(item.booking_reference);
      for (const o of others) expect(text).not.toContain(`Subtotal ${o.agent_name}`);
      const grand = text.split('\n').find((l) => l.includes(`Grand total CAD (${mine.length} item`));
      expect(amountsOf(grand!)).toEqual([sum(mine, 'commission'), sum(mine, 'gst'), sum(mine, 'total')]);
    }
  });

  it("shows a GST-registered agent's GST/HST number by their name, to admins and to the agent", async () => {
    // Registration as the agent form keeps it: Avery with a number, Parker without one, Sasha not registered.
    const { avery, parker, sasha } = cad.agents;
    await t.q(`update agents set has_gst = true, gst_number = '123456789RT0001' where id = $1`, [avery.id]);
    await t.q(`update agents set has_gst = true, gst_number = null where id = $1`, [parker.id]);
    await t.q(`update agents set has_gst = false, gst_number = '999999999RT0009' where id = $1`, [sasha.id]);
    const heading = async (agentId: number) =>
      (await t.q(`select u.name from agents a join users u on u.id = a.user_id where a.id = $1`, [agentId]))[0]!
        .name as string;
    const lines = pdfPages((await get(cad.admin, cad.payoutId)).rawPayload)
      .join('\n')
      .split('\n')
      .map((l) => l.trim());
    expect(lines).toContain(`${await heading(avery.id)} (CAD) · GST/HST no. 123456789RT0001`);
    expect(lines).toContain(`${await heading(parker.id)} (CAD) · GST/HST registered: no GST/HST number on file`);
    expect(lines).toContain('Sasha Zoë Lódz ? ?? (CAD)');
    expect(lines.join('\n')).not.toContain('999999999RT0009');
    const own = pdfPages((await get(avery.client, cad.payoutId)).rawPayload).join('\n');
    expect(own).toContain('GST/HST no. 123456789RT0001');
    expect(own).not.toContain('no GST/HST number on file');
  });

  it('a GBP payout totals in GBP', async () => {
    const text = pdfPages((await get(gbp.admin, gbp.payoutId)).rawPayload).join('\n');
    const items = await itemsOf(gbp.payoutId);
    const grand = text.split('\n').find((l) => l.includes(`Grand total GBP (${items.length} items)`));
    expect(amountsOf(grand!)).toEqual([sum(items, 'commission'), sum(items, 'gst'), sum(items, 'total')]);
    expect(text).not.toContain('Grand total CAD');
  });

  it('renders page 1 to a PNG (looked at: /tmp/shots/pdf/payout-1.png)', async () => {
    const png = renderFirstPage((await get(cad.admin, cad.payoutId)).rawPayload, '/tmp/shots/pdf', 'payout');
    const head = (await import('node:fs')).readFileSync(png).subarray(0, 8);
    expect(head).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
