import { percentToString } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertBooking,
  insertRule,
  insertSubAgentLink,
  insertSupplier,
  insertTier,
  queryOne,
  queryRows,
  type Query,
  type QueryOne,
} from '../../test/factories';
import { createTestDatabase } from '../../test/test-app';
import { createUser } from '../users';
import { loadAgentFacts, loadAgentsFacts } from './agent-facts';
import { resolveRateFor } from './rate-resolution';
import { recalculateBookings } from './recalculation';
import type { Db } from '../../db/client';

let db: Db;
let q: Query;
let one: QueryOne;

let supplier: number;
let otherSupplier: number;
let gold: number;
let silver: number;
let ana: number; // Gold agent
let parent: number;
let sub: number;

const rule = (type: 'tier' | 'agent', owner: number, percentage: string, suppliers: number[]) =>
  insertRule(db, type, owner, percentage, suppliers);

const booking = (agent: number, amount: string, date = '2026-03-01', extra: Record<string, unknown> = {}) =>
  insertBooking(db, {
    primary_agent_id: agent,
    supplier_id: supplier,
    booking_amount: amount,
    booking_date: date,
    ...extra,
  });

const lines = (bookingId: number) =>
  q<{
    agent_id: number;
    role: string;
    percentage: string;
    amount: string;
    gst_amount: string;
    status: string;
    paid_amount: string;
  }>(
    'select agent_id, role, percentage::text, amount::text, gst_amount::text, status, paid_amount::text from actual_commissions where booking_id = $1 order by id',
    [bookingId],
  );

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  q = queryRows(db);
  one = queryOne(db);
  supplier = await insertSupplier(db, { name: 'Sunwing' });
  otherSupplier = await insertSupplier(db, { name: 'Transat' });
  gold = await insertTier(db, 'Gold');
  silver = await insertTier(db, 'Silver');
  ana = (
    await createUser(
      db,
      { email: 'ana@example.test', name: 'Ana', role: 'agent', password: 'password1', tier: 'Gold' },
      null,
    )
  ).agent_id!;
  parent = (
    await createUser(db, { email: 'pat@example.test', name: 'Pat', role: 'agent', password: 'password1' }, null)
  ).agent_id!;
  sub = (await createUser(db, { email: 'sam@example.test', name: 'Sam', role: 'agent', password: 'password1' }, null))
    .agent_id!;
  await q(`update agents set commission_type = 'percentage', commission_percentage = 50 where id = $1`, [ana]);
  await rule('tier', gold, '12.5', [supplier]);
  await rule('tier', silver, '10', [supplier]);
  await rule('agent', parent, '70', [supplier]);
  await insertSubAgentLink(db, { parent, sub, split: '60', suppliers: [supplier] });
});

describe('resolveRateFor', () => {
  it('follows agent rule → tier on the date → agent default → 0', async () => {
    const viaTier = await resolveRateFor(db, ana, supplier, '2026-03-01');
    expect(viaTier!.rate.source).toBe('tier_rule');
    expect(percentToString(viaTier!.rate.commission_percentage)).toBe('12.50');
    // No tier rule for the other supplier: the agent's own default.
    const viaDefault = await resolveRateFor(db, ana, otherSupplier, '2026-03-01');
    expect(viaDefault!.rate.source).toBe('agent_default');
    expect(percentToString(viaDefault!.rate.commission_percentage)).toBe('50.00');
    // The tier held on an earlier date comes from the history.
    await q(
      `insert into agent_tier_history (agent_id, commission_tier_id, start_date, end_date) values ($1, $2, '2025-01-01', '2025-12-31'), ($1, $3, '2026-01-01', null)`,
      [ana, silver, gold],
    );
    expect(percentToString((await resolveRateFor(db, ana, supplier, '2025-06-30'))!.rate.commission_percentage)).toBe(
      '10.00',
    );
    expect(await resolveRateFor(db, 999_999, supplier, '2026-03-01')).toBeNull();
  });

  it('registers a sub-agent booking under the parent with the split', async () => {
    const r = (await resolveRateFor(db, sub, supplier, '2026-03-01'))!;
    expect(r.primaryAgentId).toBe(parent);
    expect(r.subAgentId).toBe(sub);
    expect(r.rate.is_sub_agent).toBe(true);
    expect(percentToString(r.rate.sub_agent_commission_percentage!)).toBe('42.00');
    expect(percentToString(r.rate.parent_commission_percentage!)).toBe('28.00');
    // A supplier outside the link: the sub-agent books directly at 0.
    const direct = (await resolveRateFor(db, sub, otherSupplier, '2026-03-01'))!;
    expect(direct.rate.is_sub_agent).toBe(false);
    expect(direct.rate.source).toBe('none');
  });
});

describe('loadAgentsFacts', () => {
  it("gives each agent's facts as loadAgentFacts does, in one query, and leaves out an agent that does not exist", async () => {
    for (const s of [supplier, otherSupplier]) {
      const many = await loadAgentsFacts(db, [ana, parent, sub, 999_999, ana], s);
      expect([...many.keys()].sort()).toEqual([ana, parent, sub].sort());
      for (const id of [ana, parent, sub]) expect(many.get(id)).toEqual(await loadAgentFacts(db, id, s));
    }
    // The facts differ by agent (a mix-up between the rows would show here).
    const facts = await loadAgentsFacts(db, [ana, sub], supplier);
    expect(facts.get(sub)!.link).not.toBeNull();
    expect(facts.get(ana)!.link).toBeNull();
  });
});

describe('recalculateBookings', () => {
  it('computes expected commission and lines, reports the change, and is idempotent', async () => {
    const id = await booking(ana, '333.33');
    const report = await db.transaction((tx) => recalculateBookings(tx, [id], { userId: null, reason: 'test' }));
    expect(report).toEqual({ changed: 1, difference: [{ currency_code: 'CAD', amount: '41.67' }], booking_ids: [id] });
    expect(
      await one(
        `select expected_commission::text, rate_source, commission_percentage::text from bookings where id = $1`,
        [id],
      ),
    ).toEqual({ expected_commission: '41.67', rate_source: 'tier_rule', commission_percentage: '12.5000' });
    expect(await lines(id)).toEqual([
      {
        agent_id: ana,
        role: 'primary',
        percentage: '12.5000',
        amount: '41.67',
        gst_amount: '0.00',
        status: 'pending',
        paid_amount: '0.00',
      },
    ]);
    const again = await db.transaction((tx) => recalculateBookings(tx, [id], { userId: null, reason: 'test' }));
    expect(again.changed).toBe(0);
    const audit = await q(`select action, meta from audit_logs where entity_type = 'booking' and entity_id = $1`, [
      String(id),
    ]);
    expect(audit).toEqual([{ action: 'recalculate', meta: { reason: 'test' } }]);
  });

  it('splits a sub-agent booking so the lines add up to the expected commission, with GST on top for GST agents', async () => {
    await q('update agents set has_gst = true where id = $1', [sub]);
    const id = await booking(sub, '100.00', '2026-03-02', { sub_agent_id: sub, primary_agent_id: sub });
    await db.transaction((tx) => recalculateBookings(tx, [id], { userId: null, reason: 'test' }));
    expect(
      await one(
        `select primary_agent_id, sub_agent_id, is_sub_agent, expected_commission::text from bookings where id = $1`,
        [id],
      ),
    ).toEqual({ primary_agent_id: parent, sub_agent_id: sub, is_sub_agent: true, expected_commission: '70.00' });
    expect((await lines(id)).map((l) => [l.agent_id, l.role, l.amount, l.gst_amount])).toEqual([
      [sub, 'sub_agent', '42.00', '2.10'],
      [parent, 'parent', '28.00', '0.00'],
    ]);
  });

  it('never rewrites paid money and leaves cancelled and completed bookings alone', async () => {
    const id = await booking(ana, '200.00', '2026-03-03');
    await db.transaction((tx) => recalculateBookings(tx, [id], { userId: null, reason: 'test' }));
    await q(`update actual_commissions set paid_amount = amount where booking_id = $1`, [id]); // 25.00 paid
    await q(`update commission_rules set percentage = 5 where commission_type = 'tier' and general_id = $1`, [gold]);
    const report = await db.transaction((tx) =>
      recalculateBookings(tx, [id], { userId: null, reason: 'tier rule lowered' }),
    );
    expect(report.difference).toEqual([{ currency_code: 'CAD', amount: '-15.00' }]);
    const [line] = await lines(id);
    expect(line).toMatchObject({ amount: '25.00', paid_amount: '25.00', status: 'paid' }); // held at what was paid

    const cancelled = await booking(ana, '50.00', '2026-03-04', { status: 'cancelled', expected_commission: '1.23' });
    expect(
      (await db.transaction((tx) => recalculateBookings(tx, [cancelled], { userId: null, reason: 'x' }))).changed,
    ).toBe(0);
    expect(
      (await one<{ e: string }>(`select expected_commission::text as e from bookings where id = $1`, [cancelled])).e,
    ).toBe('1.23');
    await q(`update commission_rules set percentage = 12.5 where commission_type = 'tier' and general_id = $1`, [gold]);
  });
});
