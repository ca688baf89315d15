import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectedCommissionOf,
  insertBooking,
  insertSubAgentLink,
  insertSupplier,
  insertTier,
} from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { recalculateBookings } from './recalculation';

/**
 * Issue 10 #9: saving or deleting a commission rule recalculates unpaid bookings, confirmed ones
 * included. The preview says how many (and of which status) and by how much before anything is
 * written, and its numbers are the ones the save then reports.
 */

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let air: number; // GBP
let sea: number; // CAD
let bronze: number;
let bea: number; // Bronze
let cal: number; // Bronze
let dee: number; // sub-agent of Bea for Air, 50%
const b: Record<string, number> = {};

/** What a preview must not touch: every row count it could change, and the bookings' money. */
const snapshot = async () => ({
  rules: await t.count('commission_rules'),
  ruleSuppliers: await t.count('commission_rule_suppliers'),
  audits: await t.count('audit_logs'),
  lines: await t.one(`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from actual_commissions`),
  bookings: await t.one(
    `select string_agg(id || ':' || expected_commission || ':' || primary_agent_id, ',' order by id) as s from bookings`,
  ),
});

type Preview = {
  changed: number;
  by_status: Record<string, number>;
  difference: { currency_code: string; before: string; after: string; delta: string }[];
};

async function preview(url: string, json?: Record<string, unknown>): Promise<Preview> {
  const before = await snapshot();
  const res = json === undefined ? await admin.get(url) : await admin.post(url, { json });
  expect(res.statusCode, res.body).toBe(200);
  expect(await snapshot()).toEqual(before);
  const body = res.json() as { status: string; data: Preview };
  expect(body.status).toBe('success');
  return body.data;
}

/** A preview's answer from the counts [pending, confirmed, partial] and rows [currency, before, after, delta]. */
const answer = (
  [pending, confirmed, partial]: [number, number, number],
  ...rows: [string, string, string, string][]
) => ({
  changed: pending + confirmed + partial,
  by_status: { pending, confirmed, partial },
  difference: rows.map(([currency_code, before, after, delta]) => ({ currency_code, before, after, delta })),
});

/** The save's report is the preview's: the count, and per currency the change of expected commission. */
function expectSaveReports(saved: { recalculation: unknown }, p: Preview) {
  expect(saved.recalculation).toEqual({
    changed: p.changed,
    difference: p.difference.map((d) => ({ currency_code: d.currency_code, amount: d.delta })),
  });
}

const save = async (url: string, json: Record<string, unknown>) => {
  const res = await admin.post(url, { json });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: number }; recalculation: unknown };
};

beforeAll(async () => {
  t = await createTestApp();
  air = await insertSupplier(t.db, { name: 'Air', currency: 'GBP' });
  sea = await insertSupplier(t.db, { name: 'Sea', currency: 'CAD' });
  bronze = await insertTier(t.db, 'Bronze');
  admin = await t.signedIn('admin');
  agent = await t.signedIn('agent');
  bea = (await t.signedIn('agent', { name: 'Bea', tier: 'Bronze' })).agentId!;
  cal = (await t.signedIn('agent', { name: 'Cal', tier: 'Bronze' })).agentId!;
  dee = (await t.signedIn('agent', { name: 'Dee' })).agentId!;
  await insertSubAgentLink(t.db, { parent: bea, sub: dee, split: '50', suppliers: [air] });
  const booking = (name: string, agentId: number, supplierId: number, amount: string, status: string, extra = {}) =>
    insertBooking(t.db, {
      primary_agent_id: agentId,
      supplier_id: supplierId,
      booking_amount: amount,
      status,
      ...extra,
    }).then((id) => (b[name] = id));
  await booking('confirmed', bea, air, '1000.00', 'confirmed');
  await booking('pending', bea, air, '200.00', 'pending');
  // A partial booking has had part of its gross paid out (the database holds status and paid together).
  await booking('partial', cal, sea, '333.33', 'partial', { paid_amount: '100.00' });
  await booking('completed', bea, air, '500.00', 'completed');
  await booking('cancelled', cal, sea, '100.00', 'cancelled');
  await booking('viaParent', bea, air, '400.00', 'confirmed', {
    sub_agent_id: dee,
    is_sub_agent: true,
    parent_agent_id: bea,
    split_percentage: '50',
  });
  await t.db.transaction((tx) => recalculateBookings(tx, Object.values(b), { userId: null, reason: 'test setup' }));
});

describe('POST /commissions/preview, POST /commissions/{id}/preview, GET /commissions/{id}/delete-preview', () => {
  let tierRule: number;
  let deeRule: number;

  it('previews a new tier rule: the unpaid bookings per status and the money per currency; the save reports the same', async () => {
    const body = { commission_type: 'tier', general_id: bronze, percentage: '10', suppliers: [air, sea] };
    const p = await preview('/commissions/preview', body);
    expect(p).toEqual(answer([1, 2, 1], ['CAD', '0.00', '33.33', '33.33'], ['GBP', '0.00', '160.00', '160.00']));
    const saved = await save('/commissions', body);
    expectSaveReports(saved, p);
    tierRule = saved.data.id;
    expect(await expectedCommissionOf(t.db, b.confirmed!)).toBe('100.00');
    expect(await expectedCommissionOf(t.db, b.completed!)).toBe('0.00');
    expect(await expectedCommissionOf(t.db, b.cancelled!)).toBe('0.00');
  });

  it('previews an edit of its percentage and suppliers (old and new suppliers both counted)', async () => {
    const body = { _method: 'PUT', commission_type: 'tier', general_id: bronze, percentage: '12.5', suppliers: [air] };
    const { _method, ...json } = body;
    const p = await preview(`/commissions/${tierRule}/preview`, json);
    expect(p).toEqual(answer([1, 2, 1], ['CAD', '33.33', '0.00', '-33.33'], ['GBP', '160.00', '200.00', '40.00']));
    expectSaveReports(await save(`/commissions/${tierRule}`, body), p);
    expect(await expectedCommissionOf(t.db, b.viaParent!)).toBe('50.00');
  });

  it('previews an agent rule that makes a sub-agent book directly, and an owner change of that rule', async () => {
    const create = { commission_type: 'agent', general_id: dee, percentage: '30', suppliers: [air] };
    const p = await preview('/commissions/preview', create);
    expect(p).toEqual(answer([0, 1, 0], ['GBP', '50.00', '120.00', '70.00']));
    const saved = await save('/commissions', create);
    expectSaveReports(saved, p);
    deeRule = saved.data.id;
    expect((await t.one(`select primary_agent_id from bookings where id = $1`, [b.viaParent])).primary_agent_id).toBe(
      dee,
    );

    // The rule moves to Cal for Sea: the sub-agent booking goes back through Bea, Cal's partial booking earns 20%.
    const move = { commission_type: 'agent', general_id: cal, percentage: '20', suppliers: [sea] };
    const moved = await preview(`/commissions/${deeRule}/preview`, move);
    expect(moved).toEqual(answer([0, 1, 1], ['CAD', '0.00', '66.67', '66.67'], ['GBP', '120.00', '50.00', '-70.00']));
    expectSaveReports(await save(`/commissions/${deeRule}`, { ...move, _method: 'PUT' }), moved);
  });

  it('previews a delete; an unchanged save previews 0', async () => {
    const same = { commission_type: 'tier', general_id: bronze, percentage: '12.5', suppliers: [air] };
    expect(await preview(`/commissions/${tierRule}/preview`, same)).toEqual(answer([0, 0, 0]));
    const p = await preview(`/commissions/${tierRule}/delete-preview`);
    expect(p).toEqual(answer([1, 2, 0], ['GBP', '200.00', '0.00', '-200.00']));
    const deleted = await admin.post(`/commissions/${tierRule}`, { json: { _method: 'DELETE' } });
    expect(deleted.statusCode).toBe(200);
    expectSaveReports(deleted.json(), p);
  });

  it('refuses what the save refuses, with the same answer, and is admin-only', async () => {
    const dup = { commission_type: 'agent', general_id: cal, percentage: '5', suppliers: [sea] };
    const refused = await admin.post('/commissions/preview', { json: dup });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual((await admin.post('/commissions', { json: dup })).json());
    const bad = { commission_type: 'tier', general_id: bronze, percentage: '101', suppliers: [] };
    expect((await admin.post(`/commissions/${deeRule}/preview`, { json: bad })).json().errors).toEqual({
      percentage: ['The percentage field must be between 0 and 100.'],
    });
    expect((await admin.post('/commissions/999999/preview', { json: dup })).statusCode).toBe(404);
    expect((await admin.get('/commissions/999999/delete-preview')).statusCode).toBe(404);
    expect((await agent.post('/commissions/preview', { json: dup })).statusCode).toBe(403);
    expect((await agent.get(`/commissions/${deeRule}/delete-preview`)).statusCode).toBe(403);
    expect((await admin.post('/commissions/preview', { json: dup }, { csrf: false })).statusCode).toBe(419);
  });
});
