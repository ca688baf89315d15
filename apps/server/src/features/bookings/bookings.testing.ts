import { insertRule } from '../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';

export type AgentClient = TestClient & { agentId: number; userId: number };

/**
 * The people and suppliers the bookings API tests share: Ana (Gold tier, Sunwing 12.5%), Otto (Gold),
 * Pat the parent (own default 70%) and Sam, Pat's sub-agent, who books Transat only through Pat at a 60%
 * split (Sam 42% of gross, Pat 28%).
 */
export async function bookingsTestWorld() {
  const t: TestApp = await createTestApp();
  const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
  const cur = Object.fromEntries((await q('select code, id from currencies')).map((r) => [r.code, r.id]));
  const sunwing = (
    await q(
      `insert into suppliers (name, currency_id, booking_number_format) values ('Sunwing', $1, 'SW0000000') returning id`,
      [cur.CAD],
    )
  )[0].id as number;
  const transat = (
    await q(`insert into suppliers (name, currency_id) values ('Transat', $1) returning id`, [cur.CAD])
  )[0].id as number;
  const gold = (await q(`insert into commission_tiers (name) values ('Gold') returning id`))[0].id as number;
  await insertRule(t.db, 'tier', gold, '12.5', [sunwing]);

  const agent = async (name: string, tier?: string) =>
    (await t.signedIn('agent', { name, ...(tier ? { tier } : {}) })) as AgentClient;
  const admin = await t.signedIn('admin');
  const ana = await agent('Ana Agent', 'Gold');
  const otto = await agent('Otto Other', 'Gold');
  const pat = await agent('Pat Parent');
  await q(`update agents set commission_percentage = 70 where id = $1`, [pat.agentId]);
  const sam = await agent('Sam Sub');
  const link = (
    await q(
      `insert into sub_agent_links (parent_agent_id, sub_agent_id, split_percentage) values ($1, $2, 60) returning id`,
      [pat.agentId, sam.agentId],
    )
  )[0].id;
  await q(`insert into sub_agent_link_suppliers values ($1, $2)`, [link, transat]);
  return { t, q, admin, ana, otto, pat, sam, sunwing, transat };
}

/** The booking form's fields, as an outside client following the spec sends them. */
export const bookingForm = (over: Record<string, unknown> = {}) => ({
  booking_reference: 'SW1234567',
  booking_date: '2026-03-01',
  customer_name: 'Jean Client',
  booking_amount: '100.00',
  status: 'pending',
  ...over,
});

/** The audit rows of one booking, oldest first, with their meta. */
export async function bookingAudits(t: TestApp, id: number) {
  const { rows } = await t.db.$client.query(
    `select action, before, after, meta from audit_logs where entity_type = 'booking' and entity_id = $1 order by id`,
    [String(id)],
  );
  return rows as { action: string; before: unknown; after: unknown; meta: Record<string, unknown> | null }[];
}
